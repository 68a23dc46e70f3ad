//! The child profile: who the collection's stories are for. Editors change it; viewers see the
//! same fields disabled and no Save button.

use cardsmith_model::collection::CollectionProfileOut;
use cardsmith_model::validate::CollectionRole;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use super::Shown;
use crate::api::SaveCollectionProfile;
use crate::components::form::{
    all_errors, field_error, general_error, optional_number, whole_number, ErrorAlert, StatusNote,
    SubmitButton, TextArea, TextField,
};
use crate::components::layout::Panel;
use crate::components::voice_picker::{shared_menu, VoicePicker};

#[component]
pub fn ProfilePanel(profile: CollectionProfileOut) -> impl IntoView {
    view! {
        <Panel id="profile" title=tr!("coll-profile-title")
            intro=tr!("coll-profile-intro")>
            <ProfileForm profile/>
        </Panel>
    }
}

#[component]
fn ProfileForm(profile: CollectionProfileOut) -> impl IntoView {
    let shown = expect_context::<Shown>();
    let editor = shown.role >= CollectionRole::Editor;
    let child_name = RwSignal::new(profile.child_name);
    let child_age = RwSignal::new(profile.child_age.map(|a| a.to_string()).unwrap_or_default());
    let friends = RwSignal::new(profile.friends);
    let interests = RwSignal::new(profile.interests);
    let pets = RwSignal::new(profile.pets);
    let avoid = RwSignal::new(profile.avoid_themes);
    let notes = RwSignal::new(profile.notes);
    let prompt = RwSignal::new(profile.prompt_template);
    let vocab = RwSignal::new(profile.vocab_level);
    let voice = RwSignal::new(profile.voice_id);
    let duration = RwSignal::new(profile.duration_min.to_string());
    let local = RwSignal::new(Vec::new());
    let save = ServerAction::<SaveCollectionProfile>::new();
    let outcome = move || save.value().get();
    let saved = Signal::derive(move || {
        matches!(outcome(), Some(Ok(()))).then(|| tr!("coll-profile-saved"))
    });
    // the page's other panels (story templates, voice lists) follow what was saved
    let sent = StoredValue::new(None::<CollectionProfileOut>);
    Effect::new(move |_| {
        if let Some(Ok(())) = outcome() {
            if let Some(profile) = sent.get_value() {
                shown.profile.set(profile);
            }
        }
    });
    let menu = shared_menu(None);
    let saved_voice = Signal::derive(move || shown.profile.with(|p| p.voice_id.clone()));
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let mut parsed = Vec::new();
        let input = CollectionProfileOut {
            child_name: child_name.get_untracked(),
            child_age: optional_number("child_age", &child_age.get_untracked(), &mut parsed),
            friends: friends.get_untracked(),
            interests: interests.get_untracked(),
            notes: notes.get_untracked(),
            pets: pets.get_untracked(),
            avoid_themes: avoid.get_untracked(),
            prompt_template: prompt.get_untracked(),
            vocab_level: vocab.get_untracked(),
            voice_id: voice.get_untracked(),
            duration_min: whole_number("duration_min", &duration.get_untracked(), 0, &mut parsed),
        };
        match all_errors(parsed, input.validate()) {
            Ok(()) => {
                local.set(Vec::new());
                sent.set_value(Some(input.clone()));
                save.dispatch(SaveCollectionProfile {
                    id: shown.id(),
                    profile: input,
                });
            }
            Err(errors) => local.set(errors),
        }
    };
    let error = move |field: &'static str| field_error(local, outcome, field);
    view! {
        <form class="space-y-4" aria-label=tr!("coll-profile-title") novalidate on:submit=on_submit>
            <ErrorAlert message=general_error(outcome)/>
            // A disabled fieldset makes every field read-only for viewers in one place.
            <fieldset class="space-y-4 disabled:opacity-80" disabled=!editor>
                <legend class="sr-only">{tr!("coll-profile-title")}</legend>
                <div class="grid gap-4 sm:grid-cols-[1fr_8rem]">
                    <TextField id="profile_child_name" label=tr!("coll-profile-child-name") value=child_name error=error("child_name")/>
                    <TextField id="profile_child_age" label=tr!("coll-profile-age") kind="number" value=child_age error=error("child_age")
                        hint=tr!("coll-profile-age-hint")/>
                </div>
                <div class="grid gap-4 sm:grid-cols-2">
                    <TextArea id="profile_friends" label=tr!("coll-profile-friends") value=friends error=error("friends")/>
                    <TextArea id="profile_interests" label=tr!("coll-profile-interests") value=interests error=error("interests")/>
                    <TextArea id="profile_pets" label=tr!("coll-profile-pets") value=pets error=error("pets")/>
                    <TextArea id="profile_avoid" label=tr!("coll-profile-avoid") value=avoid error=error("avoid_themes")
                        hint=tr!("coll-profile-avoid-hint")/>
                </div>
                <TextArea id="profile_notes" label=tr!("coll-profile-notes") value=notes error=error("notes")/>
                <TextArea id="profile_prompt" label=tr!("coll-profile-prompt") value=prompt rows=4
                    error=error("prompt_template")/>
                <div class="grid gap-4 sm:grid-cols-2">
                    <TextField id="profile_vocab" label=tr!("coll-vocabulary-level") value=vocab error=error("vocab_level")/>
                    <TextField id="profile_duration" label=tr!("coll-profile-length") kind="number" value=duration
                        error=error("duration_min")/>
                </div>
                <VoicePicker id="profile_voice" label=tr!("coll-profile-voice") voice menu
                    collection_voice=saved_voice sample=String::new()
                    none_label=tr!("coll-profile-voice-none")/>
            </fieldset>
            {editor.then(|| view! {
                <div class="flex flex-wrap items-center gap-3">
                    <SubmitButton label=tr!("coll-profile-save") busy_label=tr!("saving") busy=save.pending()/>
                    <StatusNote message=saved/>
                </div>
            })}
        </form>
    }
}
