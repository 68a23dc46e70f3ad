//! Collection settings. Editors rename it and make it their default; owners also change its
//! slug and delete it. Each control is shown only to the roles the server allows it.

use cardsmith_model::collection::{SlugInput, UpdateCollectionInput, LANGUAGE_NAMES};
use cardsmith_model::validate::CollectionRole;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use super::Shown;
use crate::api::{ChangeCollectionSlug, DeleteCollection, SetDefaultCollection, UpdateCollection};
use crate::components::confirm::ConfirmButton;
use crate::components::form::{
    field_error, general_error, CheckField, ErrorAlert, SelectField, StatusNote, SubmitButton,
    TextArea, TextField,
};
use crate::components::layout::{Panel, BUTTON};
use crate::components::slug_form::SlugForm;

const SUBSECTION: &str = "space-y-3 border-t border-slate-100 pt-4";

#[component]
pub fn SettingsPanel() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let owner = shown.role == CollectionRole::Owner;
    view! {
        <Panel id="collection-settings" title=tr!("coll-settings-title")>
            <RenameForm/>
            <DefaultSwitch/>
            <Language/>
            {owner.then(|| view! {
                <div class=SUBSECTION>
                    <h3 class="font-semibold">{tr!("coll-settings-address")}</h3>
                    <SlugChange/>
                </div>
                <DeleteCollectionForm/>
            })}
        </Panel>
    }
}

/// The language the collection's cards speak: published cards carry it, and stories and
/// spoken tracks start with one of its voices (unless the child profile names a voice).
#[component]
fn Language() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let chosen = RwSignal::new(shown.collection.with_untracked(|c| c.language.clone()));
    let save = ServerAction::<UpdateCollection>::new();
    let saved = Signal::derive(move || {
        matches!(save.value().get(), Some(Ok(()))).then(|| tr!("coll-saved"))
    });
    Effect::new(move |_| {
        if let Some(Ok(())) = save.value().get() {
            shown
                .collection
                .update(|c| c.language = chosen.get_untracked());
        }
    });
    let options: Vec<(String, String)> = LANGUAGE_NAMES
        .iter()
        .map(|(code, name)| ((*code).to_owned(), (*name).to_owned()))
        .collect();
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let (name, description) = shown
            .collection
            .with_untracked(|c| (c.name.clone(), c.description.clone()));
        save.dispatch(UpdateCollection {
            id: shown.id(),
            input: UpdateCollectionInput {
                name,
                description,
                language: Some(chosen.get_untracked()),
            },
        });
    };
    view! {
        <form class=SUBSECTION aria-label=tr!("coll-settings-language") novalidate on:submit=on_submit>
            <ErrorAlert message=general_error(move || save.value().get())/>
            <SelectField id="collection_language" label=tr!("coll-settings-language") value=chosen
                options hint=tr!("coll-settings-language-hint")/>
            <div class="flex flex-wrap items-center gap-3">
                <SubmitButton label=tr!("coll-settings-language-save") busy_label=tr!("saving") busy=save.pending()/>
                <StatusNote message=saved/>
            </div>
        </form>
    }
}

#[component]
fn RenameForm() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let (start_name, start_description) = shown
        .collection
        .with_untracked(|c| (c.name.clone(), c.description.clone()));
    let name = RwSignal::new(start_name);
    let description = RwSignal::new(start_description);
    let local = RwSignal::new(Vec::new());
    let save = ServerAction::<UpdateCollection>::new();
    let saved = Signal::derive(move || {
        matches!(save.value().get(), Some(Ok(()))).then(|| tr!("coll-saved"))
    });
    Effect::new(move |_| {
        if let Some(Ok(())) = save.value().get() {
            shown.collection.update(|c| {
                c.name = name.get_untracked().trim().to_owned();
                c.description = description.get_untracked();
            });
        }
    });
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = UpdateCollectionInput {
            name: name.get_untracked(),
            description: description.get_untracked(),
            language: None,
        };
        match input.validate() {
            Ok(()) => {
                local.set(Vec::new());
                save.dispatch(UpdateCollection {
                    id: shown.id(),
                    input,
                });
            }
            Err(errors) => local.set(errors),
        }
    };
    view! {
        <form class="space-y-3" aria-label=tr!("coll-rename") novalidate on:submit=on_submit>
            <ErrorAlert message=general_error(move || save.value().get())/>
            <TextField id="rename_name" label=tr!("coll-rename-name") value=name
                error=field_error(local, move || save.value().get(), "name")/>
            <TextArea id="rename_description" label=tr!("coll-rename-description") value=description
                error=field_error(local, move || save.value().get(), "description")/>
            <div class="flex flex-wrap items-center gap-3">
                <SubmitButton label=tr!("coll-rename-save") busy_label=tr!("saving") busy=save.pending()/>
                <StatusNote message=saved/>
            </div>
        </form>
    }
}

/// The caller's default collection is where quick recordings land.
#[component]
fn DefaultSwitch() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let make = ServerAction::<SetDefaultCollection>::new();
    Effect::new(move |_| {
        if let Some(Ok(())) = make.value().get() {
            shown.collection.update(|c| c.is_default = true);
        }
    });
    view! {
        <div class=SUBSECTION>
            <h3 class="font-semibold">{tr!("coll-default-heading")}</h3>
            <ErrorAlert message=general_error(move || make.value().get())/>
            <Show
                when=move || shown.collection.with(|c| c.is_default)
                fallback=move || view! {
                    <p class="text-sm text-slate-600">{tr!("coll-default-explain")}</p>
                    <button type="button" class=BUTTON disabled=move || make.pending().get()
                        on:click=move |_| { make.dispatch(SetDefaultCollection { id: shown.id() }); }>
                        {tr!("coll-default-make")}
                    </button>
                }
            >
                <p class="text-sm text-slate-600">{tr!("coll-default-is")}</p>
            </Show>
        </div>
    }
}

/// A new slug moves the page: on success the browser follows to the new address.
#[component]
fn SlugChange() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let change = ServerAction::<ChangeCollectionSlug>::new();
    let wanted = StoredValue::new(String::new());
    Effect::new(move |_| {
        if let Some(Ok(())) = change.value().get() {
            crate::address::go(&format!("/collections/{}", wanted.get_value()));
        }
    });
    let save = Callback::new(move |slug: String| {
        wanted.set_value(slug.clone());
        change.dispatch(ChangeCollectionSlug {
            id: shown.id(),
            input: SlugInput { slug },
        });
    });
    view! {
        <SlugForm space="collections" current=shown.collection.with_untracked(|c| c.slug.clone())
            prefix="/collections/" save busy=change.pending()
            outcome=Signal::derive(move || change.value().get())/>
    }
}

#[component]
fn DeleteCollectionForm() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let cascade = RwSignal::new(false);
    let delete = ServerAction::<DeleteCollection>::new();
    Effect::new(move |_| {
        if let Some(Ok(())) = delete.value().get() {
            crate::address::go("/collections");
        }
    });
    let homed = move || shown.homed_cards.get();
    let question = Signal::derive(move || {
        let name = shown.collection.with(|c| c.name.clone());
        match (cascade.get(), homed()) {
            (true, n) if n > 0 => tr!("coll-delete-question-cascade", name = &name, count = n),
            _ => tr!("coll-delete-question", name = &name),
        }
    });
    let on_confirm = Callback::new(move |()| {
        delete.dispatch(DeleteCollection {
            id: shown.id(),
            cascade: cascade.get_untracked(),
        });
    });
    view! {
        <div class=SUBSECTION>
            <h3 class="font-semibold text-rose-800">{tr!("coll-delete")}</h3>
            <p class="text-sm text-slate-600">
                {tr!("coll-delete-explain")}
            </p>
            <CheckField id="delete_cascade" label=tr!("coll-delete-cascade") checked=cascade
                hint=tr!("coll-delete-cascade-hint")/>
            <ErrorAlert message=general_error(move || delete.value().get())/>
            <ConfirmButton label=tr!("coll-delete") question confirm_label=tr!("coll-delete-confirm")
                busy=delete.pending() on_confirm/>
        </div>
    }
}
