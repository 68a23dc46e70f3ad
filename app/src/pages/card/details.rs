//! The card's words: the read-only description for viewers, the details form for editors.

use cardsmith_model::card::UpdateCardInput;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use super::Shown;
use crate::api::UpdateCard;
use crate::components::card_fields::CardFields;
use crate::components::form::general_error;
use crate::components::form::{ErrorAlert, StatusNote, SubmitButton};
use crate::components::layout::Panel;

/// The read-only text of a card, for viewers.
#[component]
pub fn Description() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let text = shown.card.with_untracked(|c| c.description.clone());
    view! {
        <Panel id="details" title=tr!("card-about-title")>
            {if text.is_empty() {
                view! { <p class="text-slate-500">{tr!("card-no-description")}</p> }.into_any()
            } else {
                view! { <p class="whitespace-pre-line text-slate-700">{text}</p> }.into_any()
            }}
        </Panel>
    }
}

#[component]
pub fn DetailsForm() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let start = shown.card.get_untracked();
    let title = RwSignal::new(start.title);
    let description = RwSignal::new(start.description);
    let author = RwSignal::new(start.author);
    let local = RwSignal::new(Vec::new());
    let save = ServerAction::<UpdateCard>::new();
    let outcome = Signal::derive(move || save.value().get());
    let saved = Signal::derive(move || {
        matches!(save.value().get(), Some(Ok(()))).then(|| tr!("card-saved"))
    });
    Effect::new(move |_| {
        if let Some(Ok(())) = save.value().get() {
            shown.card.update(|c| {
                c.title = title.get_untracked().trim().to_owned();
                c.description = description.get_untracked();
                c.author = author.get_untracked().trim().to_owned();
            });
        }
    });
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = UpdateCardInput {
            title: title.get_untracked(),
            description: description.get_untracked(),
            author: Some(author.get_untracked()),
        };
        match input.validate() {
            Ok(()) => {
                local.set(Vec::new());
                save.dispatch(UpdateCard {
                    slug: shown.slug(),
                    input,
                });
            }
            Err(errors) => local.set(errors),
        }
    };
    view! {
        <Panel id="details" title=tr!("card-details-title")>
            <form class="space-y-4" aria-label=tr!("card-details-form") novalidate on:submit=on_submit>
                <ErrorAlert message=general_error(move || save.value().get())/>
                <CardFields title description author local outcome/>
                <div class="flex flex-wrap items-center gap-3">
                    <SubmitButton label=tr!("card-save") busy_label=tr!("saving") busy=save.pending()/>
                    <StatusNote message=saved/>
                </div>
            </form>
        </Panel>
    }
}
