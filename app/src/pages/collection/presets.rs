//! Story presets: one-tap starting points for new stories (a name, a prompt, a length).
//! Everybody sees them; editors add, change and delete them.

use cardsmith_model::collection::{PresetInput, PresetOut};
use cardsmith_model::validate::CollectionRole;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use super::Shown;
use crate::api::{list_presets, CreatePreset, DeletePreset, UiError, UpdatePreset};
use crate::components::form::{
    all_errors, field_error, general_error, whole_number, ErrorAlert, SubmitButton, TextArea,
    TextField,
};
use crate::components::layout::{refresh, EmptyBox, Panel, BUTTON};
use crate::components::voice_picker::{shared_menu, voice_words, VoicePicker};

#[component]
pub fn PresetsPanel(initial: Vec<PresetOut>) -> impl IntoView {
    let shown = expect_context::<Shown>();
    let editor = shown.role >= CollectionRole::Editor;
    let presets = RwSignal::new(initial);
    // `Some(None)`: the form is open for a new preset; `Some(Some(p))`: editing `p`.
    let open = RwSignal::new(None::<Option<PresetOut>>);
    let done = Callback::new(move |()| {
        open.set(None);
        refresh(presets, list_presets(shown.id()));
    });
    let edit = Callback::new(move |preset: Option<PresetOut>| open.set(Some(preset)));
    let empty_body = if editor {
        tr!("coll-presets-empty-editor")
    } else {
        tr!("coll-presets-empty-viewer")
    };
    let empty_heading = tr!("coll-presets-empty-heading");
    view! {
        <Panel id="presets" title=tr!("coll-presets-title")>
            {move || {
                let list = presets.get();
                if list.is_empty() {
                    view! { <EmptyBox heading=empty_heading.clone() body=empty_body.clone() next=None/> }.into_any()
                } else {
                    view! {
                        <ul aria-label=tr!("coll-presets-title") class="divide-y divide-slate-100">
                            {list.into_iter().map(|preset| view! { <PresetRow preset editor edit reload=done/> }).collect_view()}
                        </ul>
                    }
                    .into_any()
                }
            }}
            {editor.then(|| view! {
                {move || match open.get() {
                    Some(editing) => view! { <PresetForm editing done cancel=Callback::new(move |()| open.set(None))/> }.into_any(),
                    None => view! {
                        <button type="button" class=BUTTON on:click=move |_| edit.run(None)>{tr!("coll-preset-add")}</button>
                    }
                    .into_any(),
                }}
            })}
        </Panel>
    }
}

#[component]
fn PresetRow(
    preset: PresetOut,
    editor: bool,
    edit: Callback<Option<PresetOut>>,
    reload: Callback<()>,
) -> impl IntoView {
    let shown = expect_context::<Shown>();
    let delete = ServerAction::<DeletePreset>::new();
    Effect::new(move |_| {
        if let Some(Ok(())) = delete.value().get() {
            reload.run(());
        }
    });
    // the voice in words once the page's voices are here, its id until then
    let menu = shared_menu(None);
    let (minutes, vocab, voice_id) = (
        preset.duration_min,
        preset.vocab_level.clone(),
        preset.voice_id.clone(),
    );
    let details = move || {
        let voice = menu.with(|m| match m {
            Some(Ok(m)) => voice_words(&m.voices, &voice_id),
            _ => None,
        });
        [
            (minutes > 0).then(|| tr!("coll-preset-minutes", minutes = minutes)),
            (!vocab.is_empty()).then(|| tr!("coll-preset-vocabulary", vocabulary = &vocab)),
            (!voice_id.is_empty()).then(|| {
                tr!(
                    "coll-preset-voice",
                    voice = voice.unwrap_or(voice_id.clone())
                )
            }),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" · ")
    };
    let controls = editor.then(|| {
        let name = preset.name.clone();
        let preset_id = StoredValue::new(preset.id.clone());
        let this = preset.clone();
        view! {
            <div class="flex gap-3">
                <button type="button" class="text-sm font-medium text-indigo-700 hover:underline"
                    aria-label=tr!("coll-preset-edit-named", name = &name) on:click=move |_| edit.run(Some(this.clone()))>
                    {tr!("coll-preset-edit")}
                </button>
                <button type="button" class="text-sm font-medium text-rose-700 hover:underline"
                    aria-label=tr!("coll-preset-delete-named", name = &name)
                    on:click=move |_| { delete.dispatch(DeletePreset { id: shown.id(), preset_id: preset_id.get_value() }); }>
                    {tr!("coll-preset-delete")}
                </button>
            </div>
        }
    });
    view! {
        <li class="space-y-1 py-3">
            <div class="flex flex-wrap items-start justify-between gap-2">
                <p class="font-medium">{preset.emoji.clone()}" "{preset.name.clone()}</p>
                {controls}
            </div>
            <p class="text-sm text-slate-600">{details}</p>
            <p class="line-clamp-3 whitespace-pre-line text-sm text-slate-700">{preset.prompt_template.clone()}</p>
            <ErrorAlert message=general_error(move || delete.value().get())/>
        </li>
    }
}

/// One form for adding and editing, so there is exactly one set of preset fields on the page.
#[component]
fn PresetForm(
    editing: Option<PresetOut>,
    done: Callback<()>,
    cancel: Callback<()>,
) -> impl IntoView {
    let shown = expect_context::<Shown>();
    let start = editing.clone().unwrap_or(PresetOut {
        id: String::new(),
        collection_id: String::new(),
        name: String::new(),
        emoji: String::new(),
        prompt_template: String::new(),
        vocab_level: String::new(),
        voice_id: String::new(),
        duration_min: 10,
        sort_order: 0,
        created_at: String::new(),
    });
    let preset_id = editing.map(|p| p.id);
    let is_new = preset_id.is_none();
    let name = RwSignal::new(start.name);
    let emoji = RwSignal::new(start.emoji);
    let prompt = RwSignal::new(start.prompt_template);
    let vocab = RwSignal::new(start.vocab_level);
    let voice = RwSignal::new(start.voice_id);
    let duration = RwSignal::new(start.duration_min.to_string());
    let order = RwSignal::new(start.sort_order.to_string());
    let local = RwSignal::new(Vec::new());
    let create = ServerAction::<CreatePreset>::new();
    let update = ServerAction::<UpdatePreset>::new();
    let outcome = move || -> Option<Result<(), UiError>> {
        match create.value().get() {
            Some(r) => Some(r.map(|_| ())),
            None => update.value().get(),
        }
    };
    Effect::new(move |_| {
        if let Some(Ok(())) = outcome() {
            done.run(());
        }
    });
    let preset_id = StoredValue::new(preset_id);
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let mut parsed = Vec::new();
        let input = PresetInput {
            name: name.get_untracked(),
            emoji: emoji.get_untracked(),
            prompt_template: prompt.get_untracked(),
            vocab_level: vocab.get_untracked(),
            voice_id: voice.get_untracked(),
            duration_min: whole_number("duration_min", &duration.get_untracked(), 0, &mut parsed),
            sort_order: whole_number("sort_order", &order.get_untracked(), 0, &mut parsed),
        };
        match all_errors(parsed, input.validate()) {
            Ok(()) => {
                local.set(Vec::new());
                let id = shown.id();
                match preset_id.get_value() {
                    Some(preset_id) => update.dispatch(UpdatePreset {
                        id,
                        preset_id,
                        preset: input,
                    }),
                    None => create.dispatch(CreatePreset { id, preset: input }),
                };
            }
            Err(errors) => local.set(errors),
        }
    };
    let busy = Signal::derive(move || create.pending().get() || update.pending().get());
    view! {
        <form class="space-y-4 border-t border-slate-100 pt-4" aria-labelledby="preset-form-heading" novalidate on:submit=on_submit
            on:keydown=crate::components::keys::escape_cancels(move || cancel.run(()))>
            <h3 id="preset-form-heading" class="font-semibold">{if is_new { tr!("coll-preset-new") } else { tr!("coll-preset-edit-heading") }}</h3>
            <ErrorAlert message=general_error(outcome)/>
            <div class="grid gap-4 sm:grid-cols-[1fr_8rem]">
                <TextField id="preset_name" label=tr!("coll-preset-name") value=name error=field_error(local, outcome, "name")/>
                <TextField id="preset_emoji" label=tr!("coll-preset-emoji") value=emoji error=field_error(local, outcome, "emoji")/>
            </div>
            <TextArea id="preset_prompt" label=tr!("coll-preset-prompt") value=prompt rows=4
                error=field_error(local, outcome, "prompt_template")
                hint=tr!("coll-preset-prompt-hint")/>
            <div class="grid gap-4 sm:grid-cols-2">
                <TextField id="preset_vocab" label=tr!("coll-vocabulary-level") value=vocab hint=tr!("coll-preset-vocabulary-hint")/>
                <TextField id="preset_duration" label=tr!("coll-preset-length") kind="number" value=duration
                    error=field_error(local, outcome, "duration_min")/>
                <TextField id="preset_order" label=tr!("coll-preset-position") kind="number" value=order
                    error=field_error(local, outcome, "sort_order") hint=tr!("coll-preset-position-hint")/>
            </div>
            <VoicePicker id="preset_voice" voice menu=shared_menu(None) sample=String::new()
                collection_voice=shown.voice()
                none_label=tr!("coll-preset-voice-none")/>
            <div class="flex flex-wrap gap-3">
                <SubmitButton label=tr!("coll-preset-save") busy_label=tr!("saving") busy/>
                <button type="button" class=BUTTON on:click=move |_| cancel.run(())>{tr!("coll-cancel")}</button>
            </div>
        </form>
    }
}
