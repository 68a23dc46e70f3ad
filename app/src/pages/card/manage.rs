//! Editors' card management: its address, its home collection, deleting it.

use cardsmith_model::card::MoveCardInput;
use cardsmith_model::collection::{CollectionOut, SlugInput};
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use super::Shown;
use crate::api::{ChangeCardSlug, DeleteCard, MoveCard};
use crate::components::confirm::ConfirmButton;
use crate::components::form::{general_error, ErrorAlert, SelectField, StatusNote, SubmitButton};
use crate::components::layout::{can_edit, Panel};
use crate::components::slug_form::SlugForm;

const SUBSECTION: &str = "space-y-3 border-t border-slate-100 pt-4 first:border-0 first:pt-0";

#[component]
pub fn ManagePanel(collections: Vec<CollectionOut>) -> impl IntoView {
    view! {
        <Panel id="manage" title="Manage card">
            <div class=SUBSECTION>
                <h3 class="font-semibold">"Address"</h3>
                <SlugChange/>
            </div>
            <div class=SUBSECTION>
                <h3 class="font-semibold">"Home collection"</h3>
                <MoveForm collections/>
            </div>
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
/// members. Only collections where the caller is at least editor are offered, never the
/// current home; the choices follow the card after each move.
#[component]
fn MoveForm(collections: Vec<CollectionOut>) -> impl IntoView {
    let shown = expect_context::<Shown>();
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
                moved.set(Some(format!("Moved to {}", to.name)));
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
            return view! {
                <p class="text-sm text-slate-600">
                    "There is no other collection you can edit to move this card to. Create one on the "
                    <a href="/collections" class="font-medium text-indigo-700 hover:underline">"collections page"</a>"."
                </p>
            }
            .into_any();
        };
        target.set(first.clone());
        view! {
            <form class="space-y-3" aria-label="Move card" novalidate on:submit=on_submit>
                <SelectField id="move_target" label="Move to" value=target options
                    hint="The card then belongs to that collection and its members."/>
                <SubmitButton label="Move card" busy_label="Moving…" busy=moving.pending()/>
            </form>
        }
        .into_any()
    };
    view! {
        <ErrorAlert message=general_error(move || moving.value().get())/>
        {choices}
        <StatusNote message=moved/>
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
        format!("Delete “{title}”? Its covers and settings go too, and it disappears from every collection it is linked into. This cannot be undone.")
    });
    let on_confirm = Callback::new(move |()| {
        delete.dispatch(DeleteCard { slug: shown.slug() });
    });
    view! {
        <div class=SUBSECTION>
            <h3 class="font-semibold text-rose-800">"Delete card"</h3>
            <ErrorAlert message=general_error(move || delete.value().get())/>
            <ConfirmButton label="Delete card" question confirm_label="Yes, delete card" busy=delete.pending() on_confirm/>
        </div>
    }
}
