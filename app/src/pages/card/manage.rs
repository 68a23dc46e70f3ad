//! Editors' card management: its address, its home collection, where it is linked, deleting
//! it.

use cardsmith_model::card::{CardLinkOut, MoveCardInput};
use cardsmith_model::collection::{CollectionOut, SlugInput};
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use super::Shown;
use crate::api::{ChangeCardSlug, DeleteCard, MoveCard, UnlinkCard};
use crate::components::confirm::ConfirmButton;
use crate::components::form::{general_error, ErrorAlert, SelectField, StatusNote, SubmitButton};
use crate::components::layout::{can_edit, Panel};
use crate::components::slug_form::SlugForm;

const SUBSECTION: &str = "space-y-3 border-t border-slate-100 pt-4 first:border-0 first:pt-0";

#[component]
pub fn ManagePanel(collections: Vec<CollectionOut>, links: Vec<CardLinkOut>) -> impl IntoView {
    let owner = expect_context::<Shown>()
        .card
        .with_untracked(|c| c.viewer_role.as_deref() == Some("owner"));
    view! {
        <Panel id="manage" title=tr!("card-manage-title")>
            <div class=SUBSECTION>
                <h3 class="font-semibold">{tr!("card-address")}</h3>
                <SlugChange/>
            </div>
            <div class=SUBSECTION>
                <h3 class="font-semibold">{tr!("card-home-collection")}</h3>
                <MoveForm collections/>
            </div>
            {owner.then(|| view! {
                <div class=SUBSECTION>
                    <h3 class="font-semibold">{tr!("card-also-shown-in")}</h3>
                    <LinkList links/>
                </div>
            })}
            <DeleteCardForm/>
        </Panel>
    }
}

#[component]
fn SlugChange() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let change = ServerAction::<ChangeCardSlug>::new();
    let wanted = StoredValue::new(String::new());
    Effect::new(move |_| {
        if let Some(Ok(())) = change.value().get() {
            crate::address::go(&format!("/cards/{}", wanted.get_value()));
        }
    });
    let save = Callback::new(move |new_slug: String| {
        wanted.set_value(new_slug.clone());
        change.dispatch(ChangeCardSlug {
            slug: shown.slug(),
            input: SlugInput { slug: new_slug },
        });
    });
    view! {
        <SlugForm space="cards" current=shown.slug() prefix="/cards/" save busy=change.pending()
            outcome=Signal::derive(move || change.value().get())/>
    }
}

/// Moving changes who owns the card: it then belongs to (and is edited by) the new home's
/// members, so only the home's owners may move it. Only collections where the caller is at
/// least editor are offered, never the current home; the choices follow the card after each
/// move.
#[component]
fn MoveForm(collections: Vec<CollectionOut>) -> impl IntoView {
    let shown = expect_context::<Shown>();
    let owner = shown
        .card
        .with_untracked(|c| c.viewer_role.as_deref() == Some("owner"));
    if !owner {
        return view! {
            <p class="text-sm text-slate-600">
                {tr!("card-move-owners-only")}
            </p>
        }
        .into_any();
    }
    let editable = StoredValue::new(
        collections
            .into_iter()
            .filter(|c| can_edit(c.viewer_role.as_deref()))
            .collect::<Vec<_>>(),
    );
    let target = RwSignal::new(String::new());
    let moving = ServerAction::<MoveCard>::new();
    let moved = RwSignal::new(None::<String>);
    Effect::new(move |_| {
        if let Some(Ok(())) = moving.value().get() {
            let id = target.get_untracked();
            if let Some(to) = editable.with_value(|all| all.iter().find(|c| c.id == id).cloned()) {
                moved.set(Some(tr!("card-moved", collection = &to.name)));
                shown.card.update(|c| {
                    c.collection_id = to.id;
                    c.collection_name = to.name;
                    c.collection_slug = to.slug;
                });
            }
        }
    });
    let home = Memo::new(move |_| shown.card.with(|c| c.collection_id.clone()));
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        moved.set(None);
        moving.dispatch(MoveCard {
            slug: shown.slug(),
            input: MoveCardInput {
                collection_id: target.get_untracked(),
            },
        });
    };
    let choices = move || {
        let home = home.get();
        let options: Vec<(String, String)> = editable.with_value(|all| {
            all.iter()
                .filter(|c| c.id != home)
                .map(|c| (c.id.clone(), c.name.clone()))
                .collect()
        });
        let Some((first, _)) = options.first() else {
            let (before, link, after) = with_link(&tr!("card-move-nowhere"));
            return view! {
                <p class="text-sm text-slate-600">
                    {before}
                    <a href="/collections" class="font-medium text-indigo-700 hover:underline">{link}</a>{after}
                </p>
            }
            .into_any();
        };
        target.set(first.clone());
        view! {
            <form class="space-y-3" aria-label=tr!("card-move") novalidate on:submit=on_submit>
                <SelectField id="move_target" label=tr!("card-move-to") value=target options
                    hint=tr!("card-move-to-hint")/>
                <SubmitButton label=tr!("card-move") busy_label=tr!("card-moving") busy=moving.pending()/>
            </form>
        }
        .into_any()
    };
    view! {
        <ErrorAlert message=general_error(move || moving.value().get())/>
        {choices}
        <StatusNote message=moved/>
    }
    .into_any()
}

/// The other collections the card is linked into (its owners see every one, even those they
/// are not a member of, and may take the card out of each).
#[component]
fn LinkList(links: Vec<CardLinkOut>) -> impl IntoView {
    let shown = expect_context::<Shown>();
    let links = RwSignal::new(links);
    let unlink = ServerAction::<UnlinkCard>::new();
    let removing = RwSignal::new(String::new());
    Effect::new(move |_| {
        if let Some(Ok(())) = unlink.value().get() {
            let gone = removing.get_untracked();
            links.update(|all| all.retain(|l| l.collection_id != gone));
        }
    });
    let rows = move || {
        links.with(|all| {
            all.iter()
                .map(|link| {
                    let id = link.collection_id.clone();
                    let name = link.collection_name.clone();
                    let by = match &link.linked_by {
                        Some(who) => tr!("card-linked-by", name = who),
                        None => tr!("card-linked-by-deleted"),
                    };
                    let label = tr!("card-unlink-label", collection = &name);
                    view! {
                        <li class="flex items-center justify-between gap-3 py-2">
                            <span class="min-w-0">
                                <span class="font-medium">{name}</span>
                                <span class="block text-xs text-slate-500">{by}</span>
                            </span>
                            <button type="button" aria-label=label
                                class="rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 disabled:opacity-50"
                                disabled=move || unlink.pending().get()
                                on:click=move |_| {
                                    removing.set(id.clone());
                                    unlink.dispatch(UnlinkCard { collection_id: id.clone(), slug: shown.slug() });
                                }>
                                {tr!("card-unlink")}
                            </button>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <ErrorAlert message=general_error(move || unlink.value().get())/>
        <Show when=move || links.with(|l| !l.is_empty())
            fallback=|| view! { <p class="text-sm text-slate-600">{tr!("card-not-linked")}</p> }>
            <ul class="divide-y divide-slate-100" aria-label=tr!("card-links-list")>{rows}</ul>
        </Show>
    }
}

#[component]
fn DeleteCardForm() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let delete = ServerAction::<DeleteCard>::new();
    Effect::new(move |_| {
        if let Some(Ok(())) = delete.value().get() {
            let home = shown.card.with_untracked(|c| c.collection_slug.clone());
            crate::address::go(&format!("/collections/{home}"));
        }
    });
    let question = Signal::derive(move || {
        let title = shown.card.with(|c| c.title.clone());
        tr!("card-delete-question", title = &title)
    });
    let on_confirm = Callback::new(move |()| {
        delete.dispatch(DeleteCard { slug: shown.slug() });
    });
    view! {
        <div class=SUBSECTION>
            <h3 class="font-semibold text-rose-800">{tr!("card-delete")}</h3>
            <ErrorAlert message=general_error(move || delete.value().get())/>
            <ConfirmButton label=tr!("card-delete") question confirm_label=tr!("card-delete-confirm") busy=delete.pending() on_confirm/>
        </div>
    }
}

/// The words before a message's `<a>…</a>`, the link's words and the words after it, so a
/// sentence with a link stays one message.
fn with_link(text: &str) -> (String, String, String) {
    const OPEN: &str = "<a>";
    const CLOSE: &str = "</a>";
    let Some((before, rest)) = text.split_once(OPEN) else {
        return (text.to_owned(), String::new(), String::new());
    };
    let (link, after) = rest.split_once(CLOSE).unwrap_or((rest, ""));
    (before.to_owned(), link.to_owned(), after.to_owned())
}
