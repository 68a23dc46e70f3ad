//! "New interactive story": a card the child steers with the player's buttons, made in one
//! step, either written for the collection's child (by the caller's AI providers, else the
//! offline branching templates) from an idea, a size and a number of choices, or imported
//! from a Twine story file. Each passage is spoken in the chosen voice by one job, with a
//! progress bar; the card's page then shows the story, its map and its preview.

use cardsmith_model::story::{InteractiveStoryOut, MakeInteractiveStoryInput};
use leptos::ev::SubmitEvent;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::super::Shown;
use super::made_in_words;
use crate::api::rest::{self, Verb};
use crate::components::form::{ErrorAlert, TextField};
use crate::components::layout::{Panel, ProgressBar, BUTTON};
use crate::components::voice_picker::{shared_menu, VoicePicker};

const NUMBER: &str = "mt-1 block min-h-11 w-24 rounded-lg border border-slate-300 px-3 text-sm";

/// Where a made card is and what was said about it.
#[derive(Clone)]
struct Made {
    slug: String,
    words: String,
    notes: Vec<String>,
}

#[component]
pub fn InteractiveStoryPanel() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let idea = RwSignal::new(String::new());
    let passages = RwSignal::new("7".to_owned());
    let choices = RwSignal::new("2".to_owned());
    let voice = RwSignal::new(String::new());
    let keep_first = RwSignal::new(false);
    let busy = RwSignal::new(false);
    let progress = RwSignal::new(None::<f64>);
    let error = RwSignal::new(None::<String>);
    let made = RwSignal::new(None::<Made>);
    let menu = shared_menu(None);
    let optional = |s: String| (!s.trim().is_empty()).then_some(s);
    // the job that speaks the passages, followed to its end
    let follow = move |out: InteractiveStoryOut| {
        spawn_local(async move {
            let done = rest::wait_for_job(&out.job_id, progress).await;
            busy.set(false);
            progress.set(None);
            match done {
                Ok(job) => made.set(Some(Made {
                    slug: out.card_slug.clone(),
                    words: made_in_words(&out.title, out.passages, job.result.as_deref()),
                    notes: out.notes.iter().map(|n| n.message.clone()).collect(),
                })),
                Err(e) => error.set(Some(e)),
            }
        });
    };
    let start = move || {
        busy.set(true);
        error.set(None);
        made.set(None);
        progress.set(Some(0.0));
    };
    let write = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = MakeInteractiveStoryInput {
            idea: idea.get_untracked(),
            passages: passages.get_untracked().trim().parse().unwrap_or(0),
            choice_points: choices.get_untracked().trim().parse().unwrap_or(0),
            preset_id: None,
            voice: optional(voice.get_untracked()),
        };
        if let Err(errors) = input.validate() {
            let why: Vec<String> = errors
                .iter()
                .map(|e| format!("{}: {}", e.pointer.trim_start_matches('/'), e.detail))
                .collect();
            return error.set(Some(why.join(" ")));
        }
        start();
        let url = format!("/api/collections/{}/stories/interactive", shown.id());
        spawn_local(async move {
            match rest::send::<_, InteractiveStoryOut>(Verb::Post, &url, &input).await {
                Ok(out) => follow(out),
                Err(e) => {
                    busy.set(false);
                    progress.set(None);
                    error.set(Some(e));
                }
            }
        });
    };
    let file_input = NodeRef::<leptos::html::Input>::new();
    let import = move |ev: SubmitEvent| {
        ev.prevent_default();
        let url = format!("/api/collections/{}/stories/twine", shown.id());
        let (voice, keep) = (optional(voice.get_untracked()), keep_first.get_untracked());
        #[cfg(feature = "hydrate")]
        {
            let Some(file) = rest::chosen_file(file_input) else {
                return error.set(Some(tr!("coll-interactive-choose-file")));
            };
            start();
            spawn_local(async move {
                match browser::post_story(&url, &file, voice.as_deref(), keep).await {
                    Ok(out) => follow(out),
                    Err(e) => {
                        busy.set(false);
                        progress.set(None);
                        error.set(Some(e));
                    }
                }
            });
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (url, voice, keep, file_input);
    };
    view! {
        <Panel id="interactive-story" title=tr!("coll-interactive-title") intro=tr!("coll-interactive-intro")>
            <div class="space-y-6">
                <form class="space-y-3" aria-labelledby="interactive-write-heading" novalidate on:submit=write>
                    <h3 id="interactive-write-heading" class="font-semibold">{tr!("coll-interactive-write-heading")}</h3>
                    <TextField id="interactive_idea" label=tr!("coll-story-idea") value=idea hint=tr!("coll-story-idea-hint")/>
                    <div class="flex flex-wrap gap-4">
                        <div>
                            <label for="interactive_passages" class="block text-sm font-medium text-slate-700">{tr!("coll-interactive-passages")}</label>
                            <input id="interactive_passages" type="number" min="4" max="40" class=NUMBER
                                prop:value=move || passages.get() on:input=move |ev| passages.set(event_target_value(&ev))/>
                        </div>
                        <div>
                            <label for="interactive_choices" class="block text-sm font-medium text-slate-700">{tr!("coll-interactive-choices")}</label>
                            <input id="interactive_choices" type="number" min="1" max="13" class=NUMBER
                                prop:value=move || choices.get() on:input=move |ev| choices.set(event_target_value(&ev))/>
                        </div>
                    </div>
                    <p class="text-xs text-slate-500">{tr!("coll-interactive-size-hint")}</p>
                    <VoicePicker id="interactive_voice" voice menu sample=idea collection_voice=shown.voice()/>
                    <button type="submit" class=BUTTON disabled=move || busy.get()>{tr!("coll-interactive-make")}</button>
                </form>
                <form class="space-y-3 border-t border-slate-100 pt-4" aria-labelledby="interactive-twine-heading" novalidate on:submit=import>
                    <h3 id="interactive-twine-heading" class="font-semibold">{tr!("coll-interactive-twine-heading")}</h3>
                    <p class="text-sm text-slate-600">{tr!("coll-interactive-twine-intro")}</p>
                    <label for="interactive_file" class="flex min-h-11 items-center text-sm font-medium text-slate-700">{tr!("coll-interactive-file")}</label>
                    <input id="interactive_file" type="file" accept=".twee,.tw,.txt,.html,.htm" node_ref=file_input
                        class="block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:font-medium file:text-indigo-700"/>
                    <label class="flex min-h-11 items-center gap-3 text-sm">
                        <input type="checkbox" class="h-5 w-5 rounded border-slate-300" prop:checked=move || keep_first.get()
                            on:change=move |ev| keep_first.set(event_target_checked(&ev))/>
                        {tr!("coll-interactive-keep-first")}
                    </label>
                    <button type="submit" class=BUTTON disabled=move || busy.get()>{tr!("coll-interactive-import")}</button>
                </form>
                {move || progress.get().map(|p| view! { <ProgressBar fraction=p label=tr!("coll-interactive-making")/> })}
                <ErrorAlert message=Signal::derive(move || error.get())/>
                {move || made.get().map(|m| view! {
                    <div role="status" class="space-y-1 rounded-lg bg-green-50 p-3 text-sm">
                        <p>{m.words}</p>
                        <ul class="list-disc pl-5 text-amber-800">{m.notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ul>
                        <a href=format!("/cards/{}", m.slug) class="font-medium text-indigo-700 hover:underline">{tr!("coll-interactive-open")}</a>
                    </div>
                })}
            </div>
        </Panel>
    }
}

#[cfg(feature = "hydrate")]
mod browser {
    use cardsmith_model::story::InteractiveStoryOut;

    /// Posts the story file (and the voice and the choice about extra links) as a form.
    pub async fn post_story(
        url: &str,
        file: &web_sys::File,
        voice: Option<&str>,
        keep_first: bool,
    ) -> Result<InteractiveStoryOut, String> {
        let cannot = |_| tr!("library-browser-cannot-send");
        let form = crate::api::rest::file_form(file)?;
        if let Some(voice) = voice {
            form.append_with_str("voice", voice).map_err(cannot)?;
        }
        let extra = if keep_first { "keep_first" } else { "refuse" };
        form.append_with_str("extra_links", extra).map_err(cannot)?;
        let (status, text) = crate::api::rest::post_form(url, form).await?;
        if (200..300).contains(&status) {
            serde_json::from_str(&text).map_err(|e| e.to_string())
        } else {
            Err(crate::api::rest::problem_text(status, &text))
        }
    }
}
