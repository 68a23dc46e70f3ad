//! How the player plays the card. Viewers see the settings disabled, without a Save button.

use cardsmith_model::card::PlaybackConfigOut;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use super::publish::CardPublish;
use super::Shown;
use crate::api::SetCardPlayback;
use crate::components::form::{
    all_errors, field_error, general_error, whole_number, ErrorAlert, SelectField, StatusNote,
    SubmitButton, TextField,
};
use crate::components::layout::Panel;

/// What the player does after a chapter: (value, its words).
fn autoadvance_choices() -> Vec<(String, String)> {
    vec![
        ("next".to_owned(), tr!("card-autoadvance-next")),
        ("none".to_owned(), tr!("card-autoadvance-none")),
        ("repeat".to_owned(), tr!("card-autoadvance-repeat")),
    ]
}

fn shuffle_choices() -> Vec<(String, String)> {
    vec![
        ("off".to_owned(), tr!("card-shuffle-off")),
        ("on".to_owned(), tr!("card-shuffle-on")),
    ]
}

#[component]
pub fn PlaybackPanel(config: PlaybackConfigOut) -> impl IntoView {
    view! {
        <Panel id="playback" title=tr!("card-playback-title")>
            <PlaybackForm config/>
        </Panel>
    }
}

#[component]
fn PlaybackForm(config: PlaybackConfigOut) -> impl IntoView {
    let shown = expect_context::<Shown>();
    let autoadvance = RwSignal::new(config.autoadvance);
    let shuffle = RwSignal::new(config.shuffle);
    let overlay = RwSignal::new(config.overlay_timeout.to_string());
    let resume = RwSignal::new(config.resume_timeout.to_string());
    let local = RwSignal::new(Vec::new());
    let save = ServerAction::<SetCardPlayback>::new();
    let outcome = move || save.value().get();
    let saved = Signal::derive(move || {
        matches!(outcome(), Some(Ok(()))).then(|| tr!("card-playback-saved"))
    });
    // playback is published too: the publish badge may change
    let publish = expect_context::<CardPublish>();
    Effect::new(move |_| {
        if let Some(Ok(())) = save.value().get() {
            publish.card_changed(shown.slug());
        }
    });
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let mut parsed = Vec::new();
        let input = PlaybackConfigOut {
            autoadvance: autoadvance.get_untracked(),
            shuffle: shuffle.get_untracked(),
            overlay_timeout: whole_number(
                "overlay_timeout",
                &overlay.get_untracked(),
                0,
                &mut parsed,
            ),
            resume_timeout: whole_number("resume_timeout", &resume.get_untracked(), 0, &mut parsed),
        };
        match all_errors(parsed, input.validate()) {
            Ok(()) => {
                local.set(Vec::new());
                save.dispatch(SetCardPlayback {
                    slug: shown.slug(),
                    input,
                });
            }
            Err(errors) => local.set(errors),
        }
    };
    view! {
        <form class="space-y-4" aria-label=tr!("card-playback-settings") novalidate on:submit=on_submit>
            <ErrorAlert message=general_error(outcome)/>
            <fieldset class="grid gap-4 sm:grid-cols-2" disabled=!shown.editor>
                <legend class="sr-only">{tr!("card-playback-settings")}</legend>
                <SelectField id="autoadvance" label=tr!("card-autoadvance") value=autoadvance options=autoadvance_choices()/>
                <SelectField id="shuffle" label=tr!("card-shuffle") value=shuffle options=shuffle_choices()/>
                <TextField id="overlay_timeout" label=tr!("card-overlay-timeout") kind="number" value=overlay
                    error=field_error(local, outcome, "overlay_timeout") hint=tr!("card-overlay-timeout-hint")/>
                <TextField id="resume_timeout" label=tr!("card-resume-timeout") kind="number" value=resume
                    error=field_error(local, outcome, "resume_timeout") hint=tr!("card-resume-timeout-hint")/>
            </fieldset>
            {shown.editor.then(|| view! {
                <div class="flex flex-wrap items-center gap-3">
                    <SubmitButton label=tr!("card-save-playback") busy_label=tr!("saving") busy=save.pending()/>
                    <StatusNote message=saved/>
                </div>
            })}
        </form>
    }
}
