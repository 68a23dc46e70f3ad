//! How the player plays the card. Viewers see the settings disabled, without a Save button.

use cardsmith_model::card::PlaybackConfigOut;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use super::publish::CardPublish;
use super::Shown;
use crate::api::SetCardPlayback;
use crate::components::form::{
    all_errors, choices, field_error, general_error, whole_number, ErrorAlert, SelectField,
    StatusNote, SubmitButton, TextField,
};
use crate::components::layout::Panel;

const AUTOADVANCE: &[(&str, &str)] = &[
    ("next", "Play the next chapter"),
    ("none", "Stop after each chapter"),
    ("repeat", "Repeat the chapter"),
];
const SHUFFLE: &[(&str, &str)] = &[("off", "Off: play in order"), ("on", "On: random order")];

#[component]
pub fn PlaybackPanel(config: PlaybackConfigOut) -> impl IntoView {
    view! {
        <Panel id="playback" title="Playback">
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
        matches!(outcome(), Some(Ok(()))).then(|| "Playback saved".to_owned())
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
        <form class="space-y-4" aria-label="Playback settings" novalidate on:submit=on_submit>
            <ErrorAlert message=general_error(outcome)/>
            <fieldset class="grid gap-4 sm:grid-cols-2" disabled=!shown.editor>
                <legend class="sr-only">"Playback settings"</legend>
                <SelectField id="autoadvance" label="After each chapter" value=autoadvance options=choices(AUTOADVANCE)/>
                <SelectField id="shuffle" label="Shuffle" value=shuffle options=choices(SHUFFLE)/>
                <TextField id="overlay_timeout" label="Chapter overlay (seconds)" kind="number" value=overlay
                    error=field_error(local, outcome, "overlay_timeout") hint="How long the chapter name stays on screen, 0 to 3600."/>
                <TextField id="resume_timeout" label="Resume within (seconds)" kind="number" value=resume
                    error=field_error(local, outcome, "resume_timeout") hint="Re-inserting the card this soon resumes where it stopped, 0 to 86400."/>
            </fieldset>
            {shown.editor.then(|| view! {
                <div class="flex flex-wrap items-center gap-3">
                    <SubmitButton label="Save playback" busy_label="Saving…" busy=save.pending()/>
                    <StatusNote message=saved/>
                </div>
            })}
        </form>
    }
}
