//! "New story card": pick a preset, say what the story is about, get a draft written for the
//! collection's child by the caller's AI providers, or (offline, or to start quickly) a
//! story template told about the child; edit it, pick a voice (the shared picker, the
//! collection's language first), then one job speaks, illustrates and decorates it into a
//! card. An instance with no AI provider says so calmly before anyone clicks: it is the
//! normal offline way, not an error.

mod interactive;
mod template;

pub use interactive::InteractiveStoryPanel;

use cardsmith_i18n::Locale;
use cardsmith_model::collection::PresetOut;
use cardsmith_model::story::{
    DraftStoryInput, Made, MakeStoryInput, MakeStoryOut, StoryDraftOut, StoryJobResult,
    MAX_STORY_CHARS, NO_DRAFTER,
};
use cardsmith_model::FieldError;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::Shown;
use crate::api::rest::{self, Verb};
use crate::components::form::{ErrorAlert, Outcome, StatusNote, SubmitButton, TextArea, TextField};
use crate::components::layout::{CurrentUser, Panel, BUTTON};
use crate::components::voice_picker::{shared_menu, VoicePicker};
use template::story_template;

/// A made card: where it is, once its job finished.
type MadeCard = Option<(String, String)>;

#[component]
pub fn StoryPanel(
    presets: Vec<PresetOut>,
    /// Whether an AI provider of the caller can draft (the page asked the cascade).
    can_draft: bool,
) -> impl IntoView {
    let shown = expect_context::<Shown>();
    let presets = StoredValue::new(presets);
    let can_draft = RwSignal::new(can_draft);
    let preset = RwSignal::new(String::new());
    let idea = RwSignal::new(String::new());
    let title = RwSignal::new(String::new());
    let text = RwSignal::new(String::new());
    let voice = RwSignal::new(String::new());
    let drafting = RwSignal::new(false);
    let draft_error = RwSignal::new(None::<String>);
    let draft_note = RwSignal::new(None::<String>);
    let making = RwSignal::new(false);
    let progress = RwSignal::new(None::<f64>);
    let outcome = RwSignal::new(None::<Result<String, String>>);
    let made = RwSignal::new(MadeCard::None);
    let chosen_preset = move || {
        let id = preset.get_untracked();
        presets.with_value(|list| list.iter().find(|p| p.id == id).cloned())
    };
    // a preset with a voice of its own starts the list there; otherwise the picker chooses
    Effect::watch(
        move || preset.get(),
        move |_, _, _| voice.set(chosen_preset().map(|p| p.voice_id).unwrap_or_default()),
        false,
    );
    let optional = |s: String| (!s.trim().is_empty()).then_some(s);
    let write_draft = move |_| {
        let input = DraftStoryInput {
            preset_id: optional(preset.get_untracked()),
            idea: idea.get_untracked(),
        };
        if let Err(errors) = input.validate() {
            return draft_error.set(
                errors
                    .first()
                    .map(|e| tr!("coll-story-idea-invalid", problem = &e.detail)),
            );
        }
        drafting.set(true);
        draft_error.set(None);
        draft_note.set(None);
        let url = format!("/api/collections/{}/stories/draft", shown.id());
        spawn_local(async move {
            match rest::send::<_, StoryDraftOut>(Verb::Post, &url, &input).await {
                Ok(draft) => {
                    title.set(draft.title);
                    text.set(draft.text);
                }
                // the providers went away since the page was made: the offline way, calmly
                Err(e) if e.eq_ignore_ascii_case(NO_DRAFTER) => can_draft.set(false),
                Err(e) => draft_error.set(Some(e)),
            }
            drafting.set(false);
        });
    };
    let use_template = move |_| {
        let chosen = chosen_preset();
        // told in the collection's language when Cardsmith speaks it (its words are fetched
        // first when it is not the page's)
        let wanted = shown
            .collection
            .with_untracked(|c| Locale::from_tag(&c.language))
            .unwrap_or_else(crate::i18n::locale);
        spawn_local(async move {
            let told_in = crate::i18n::ready(wanted).await;
            let (name, story) = shown.profile.with_untracked(|p| {
                story_template(p, chosen.as_ref(), &idea.get_untracked(), told_in)
            });
            title.set(name);
            text.set(story);
            draft_error.set(None);
            draft_note.set(Some(tr!("coll-story-template-note")));
        });
    };
    let make = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = MakeStoryInput {
            title: title.get_untracked(),
            text: text.get_untracked(),
            preset_id: optional(preset.get_untracked()),
            voice: optional(voice.get_untracked()),
        };
        if let Err(errors) = input.validate() {
            let why = errors
                .iter()
                .map(field_problem)
                .collect::<Vec<_>>()
                .join(" ");
            return outcome.set(Some(Err(why)));
        }
        making.set(true);
        outcome.set(None);
        made.set(None);
        progress.set(Some(0.0));
        let url = format!("/api/collections/{}/stories", shown.id());
        spawn_local(async move {
            let result = match rest::send::<_, MakeStoryOut>(Verb::Post, &url, &input).await {
                Ok(out) => rest::wait_for_job(&out.job_id, progress)
                    .await
                    .map(|job| (out, input.title, job.result)),
                Err(e) => Err(e),
            };
            making.set(false);
            progress.set(None);
            match result {
                Ok((out, name, result)) => {
                    outcome.set(Some(Ok(made_in_words(
                        &name,
                        out.chapters,
                        result.as_deref(),
                    ))));
                    made.set(Some((out.card_slug, name)));
                    title.set(String::new());
                    text.set(String::new());
                }
                Err(e) => outcome.set(Some(Err(e))),
            }
        });
    };
    let counter = move || {
        let n = text.with(|t| t.chars().count());
        tr!("coll-story-counter", count = n, max = MAX_STORY_CHARS)
    };
    let is_admin = expect_context::<CurrentUser>()
        .get()
        .is_some_and(|me| me.is_admin());
    let menu = shared_menu(None);
    view! {
        <Panel id="story" title=tr!("coll-story-title")
            intro=tr!("coll-story-intro")>
            <div class="@container space-y-4">
                <div class="grid gap-3 @md:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
                    <div class="min-w-0">
                        <label for="story_preset" class="block text-sm font-medium text-slate-700">{tr!("coll-story-preset")}</label>
                        <select id="story_preset" class="mt-1 block min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
                            on:change=move |ev| preset.set(event_target_value(&ev))>
                            <option value="">{tr!("coll-story-preset-none")}</option>
                            {presets.get_value().into_iter().map(|p| view! {
                                <option value=p.id.clone()>{format!("{} {}", p.emoji, p.name).trim().to_owned()}</option>
                            }).collect_view()}
                        </select>
                    </div>
                    <TextField id="story_idea" label=tr!("coll-story-idea") value=idea
                        hint=tr!("coll-story-idea-hint")/>
                </div>
                <Show when=move || !can_draft.get()>
                    <NoDrafter is_admin/>
                </Show>
                <div class="flex flex-wrap items-center gap-3">
                    <Show when=move || can_draft.get()>
                        <button type="button" class=BUTTON disabled=move || drafting.get() on:click=write_draft>
                            {move || if drafting.get() { tr!("coll-story-writing") } else { tr!("coll-story-write-draft") }}
                        </button>
                    </Show>
                    <button type="button" class=BUTTON on:click=use_template>{tr!("coll-story-use-template")}</button>
                    <Show when=move || drafting.get()>
                        <progress class="h-2 w-40" aria-label=tr!("coll-story-writing-progress")></progress>
                    </Show>
                </div>
                <ErrorAlert message=Signal::derive(move || draft_error.get())/>
                <StatusNote message=draft_note/>
            </div>
            <form class="mt-4 space-y-4 border-t border-slate-100 pt-4" aria-labelledby="story-text-heading" novalidate on:submit=make>
                <h3 id="story-text-heading" class="font-semibold">{tr!("coll-story-text-heading")}</h3>
                <TextField id="story_title" label=tr!("coll-story-title-field") value=title/>
                <TextArea id="story_text" label=tr!("coll-story-text") value=text rows=12
                    hint=tr!("coll-story-text-hint")/>
                <p class="text-xs text-slate-500" aria-live="polite">{counter}</p>
                <VoicePicker id="story_voice" voice menu sample=text
                    collection_voice=shown.voice()/>
                <div class="flex flex-wrap items-center gap-3">
                    <SubmitButton label=tr!("coll-story-make") busy_label=tr!("coll-story-making") busy=making/>
                    {move || progress.get().map(|p| view! {
                        <div class="h-2 w-40 overflow-hidden rounded-full bg-slate-200" role="progressbar"
                            aria-label=tr!("coll-story-making-progress") aria-valuemin="0" aria-valuemax="100"
                            aria-valuenow=(p * 100.0).round()>
                            <div class="h-full bg-indigo-600 transition-all" style=format!("width: {:.0}%", p * 100.0)></div>
                        </div>
                    })}
                </div>
                <Outcome outcome/>
                {move || made.get().map(|(slug, name)| view! {
                    <a href=format!("/cards/{slug}") class="font-medium text-indigo-700 hover:underline">{tr!("coll-story-open", name = &name)}</a>
                })}
            </form>
        </Panel>
    }
}

/// Stand for the links' words in the messages of [`NoDrafter`], so each sentence with its
/// links stays one message and its translation puts them where its grammar wants them.
const SETTINGS_LINK: char = '\u{e000}';
const ADMIN_LINK: char = '\u{e001}';

/// Why there is no "Write a draft" here, calmly, and where a provider is added: the caller's
/// Settings, and for an admin the instance's AI providers too.
#[component]
fn NoDrafter(is_admin: bool) -> impl IntoView {
    const LINK: &str = "font-medium text-indigo-700 underline hover:text-indigo-600";
    let sentence = if is_admin {
        tr!(
            "coll-story-no-drafter-admin",
            settings = String::from(SETTINGS_LINK),
            admin = String::from(ADMIN_LINK)
        )
    } else {
        tr!(
            "coll-story-no-drafter",
            settings = String::from(SETTINGS_LINK)
        )
    };
    // the sentence's words, with each link where the message has its stand-in
    let mut pieces: Vec<AnyView> = Vec::new();
    let mut words = String::new();
    for c in sentence.chars() {
        let link = match c {
            SETTINGS_LINK => (
                "/settings#ai-providers-heading",
                tr!("coll-story-no-drafter-settings"),
            ),
            ADMIN_LINK => (
                "/admin/ai-providers",
                tr!("coll-story-no-drafter-admin-link"),
            ),
            c => {
                words.push(c);
                continue;
            }
        };
        if !words.is_empty() {
            pieces.push(std::mem::take(&mut words).into_any());
        }
        let (href, label) = link;
        pieces.push(view! { <a href=href class=LINK>{label}</a> }.into_any());
    }
    if !words.is_empty() {
        pieces.push(words.into_any());
    }
    view! {
        <div role="note" data-testid="no-drafter"
            class="rounded-lg border border-indigo-100 bg-indigo-50 p-3 text-sm text-slate-700">
            <p>{pieces}</p>
            <p class="mt-1">{tr!("coll-story-offline")}</p>
        </div>
    }
}

/// What the `story.make` job did, in words: the chapters, and the cover and icons (made,
/// kept, or why not: a story card is complete without them, so their failure is told, not
/// raised). `result` is the job's result JSON ([`StoryJobResult`]).
pub fn made_in_words(name: &str, chapters: i64, result: Option<&str>) -> String {
    let parsed: Option<StoryJobResult> = result.and_then(|r| serde_json::from_str(r).ok());
    // one message per sentence, told one after the other
    let mut sentences = vec![tr!("coll-story-made", name = name, chapters = chapters)];
    if let Some(done) = parsed {
        match done.cover {
            Made::Generated(_) => sentences.push(tr!("coll-story-made-cover")),
            Made::NotMade(why) => sentences.push(tr!("coll-story-made-no-cover", why = why)),
            Made::Kept => {}
        }
        match done.icons {
            Made::NotMade(why) => sentences.push(tr!("coll-story-made-no-icons", why = why)),
            Made::Generated(Some(n)) => sentences.push(tr!("coll-story-made-icons", count = n)),
            Made::Generated(None) | Made::Kept => {}
        }
    }
    sentences.join(" ")
}

/// A problem of the story form's fields in words: "The title is required."
fn field_problem(e: &FieldError) -> String {
    let problem = &e.detail;
    match e.pointer.trim_start_matches('/') {
        "title" => tr!("coll-story-title-invalid", problem = problem),
        "text" => tr!("coll-story-text-invalid", problem = problem),
        "voice" => tr!("coll-story-voice-invalid", problem = problem),
        field => tr!("coll-story-field-invalid", field = field, problem = problem),
    }
}

#[cfg(test)]
mod tests;
