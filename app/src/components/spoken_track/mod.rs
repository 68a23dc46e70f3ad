//! "Add a spoken track": text, a voice (the shared picker: by language, the card's
//! collection's first, with a preview that plays at once), instructions for voices that
//! follow them, a title, and Add, which shows the new track's progress until it is
//! converted for the player. Phones first: one column, large controls.

use cardsmith_model::card::TrackOut;
use cardsmith_model::track::{transcode_status, TrackDetailOut};
use cardsmith_model::tts::{
    provider_of, takes_instructions, title_from_text, TtsTrackInput, MAX_INSTRUCTIONS_CHARS,
    MAX_TEXT_CHARS,
};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::rest::{self, Verb};
use crate::components::form::{ErrorAlert, StatusNote, INPUT};
use crate::components::layout::Panel;
use crate::components::voice_picker::{shared_menu, VoicePicker};

/// The position picker: like every input, without the top margin.
const SELECT: &str = "block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-3 \
    text-base shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 \
    focus:ring-indigo-200";

#[component]
pub fn SpokenTrack(
    card: String,
    /// The card's chapters in play order: the new track may go before any of them.
    #[prop(into)]
    tracks: Signal<Vec<TrackOut>>,
    on_added: Callback<String>,
) -> impl IntoView {
    let menu = shared_menu(Some(card.clone()));
    let collection_voice = Signal::derive(move || {
        menu.with(|m| match m {
            Some(Ok(menu)) => menu.collection_voice.clone(),
            _ => String::new(),
        })
    });
    let card = StoredValue::new(card);
    // "" = at the end; otherwise the 1-based chapter the new track takes the place of.
    let position = RwSignal::new(String::new());
    let text = RwSignal::new(String::new());
    let voice = RwSignal::new(String::new());
    let instructions = RwSignal::new(String::new());
    let title = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let note = RwSignal::new(None::<String>);
    let adding = RwSignal::new(false);
    let converting = RwSignal::new(None::<String>);

    let count = move || text.with(|t| t.chars().count());
    let too_long = move || count() > MAX_TEXT_CHARS;
    let instructable = move || takes_instructions(provider_of(&voice.get()));
    let instructions_sent = Signal::derive(move || {
        let i = instructions.get();
        (instructable() && !i.trim().is_empty()).then_some(i)
    });

    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        error.set(None);
        note.set(None);
        let input = TtsTrackInput {
            text: text.get_untracked(),
            voice: voice.get_untracked(),
            instructions: instructions_sent.get_untracked(),
            position: position.get_untracked().parse().ok(),
            title: Some(title.get_untracked()).filter(|t| !t.trim().is_empty()),
        };
        if let Err(errors) = input.validate() {
            let words: Vec<String> = errors
                .iter()
                .map(|e| format!("{}: {}", e.field(), e.detail))
                .collect();
            error.set(Some(words.join("; ")));
            return;
        }
        adding.set(true);
        let card = card.get_value();
        spawn_local(async move {
            let url = format!("/api/cards/{card}/tracks/tts");
            match rest::send::<_, TrackOut>(Verb::Post, &url, &input).await {
                Ok(track) => {
                    text.set(String::new());
                    title.set(String::new());
                    position.set(String::new());
                    on_added.run(track.slug.clone());
                    converting.set(Some(track.title.clone()));
                    let outcome = wait_converted(&card, &track.slug).await;
                    converting.set(None);
                    match outcome {
                        Ok(()) => note.set(Some(tr!("rec-spoken-ready", title = &track.title))),
                        Err(e) => error.set(Some(e)),
                    }
                    on_added.run(track.slug);
                }
                Err(e) => error.set(Some(e)),
            }
            adding.set(false);
        });
    };

    let busy = Signal::derive(move || adding.get());
    view! {
        <Panel id="spoken" title=tr!("rec-spoken-heading") intro=tr!("rec-spoken-intro")>
            <form class="space-y-4" aria-label=tr!("rec-spoken-heading") novalidate on:submit=add>
                <ErrorAlert message=error/>
                <StatusNote message=note/>
                <div>
                    <label for="spoken_text" class="block text-sm font-medium text-slate-700">{tr!("rec-spoken-text")}</label>
                    <textarea id="spoken_text" name="text" rows="6" class=INPUT bind:value=text
                        placeholder=tr!("rec-spoken-text-placeholder") aria-describedby="spoken_text-count"
                        aria-invalid=move || too_long().to_string()></textarea>
                    <p id="spoken_text-count"
                        class=move || if too_long() { "mt-1 text-xs tabular-nums text-rose-600" } else { "mt-1 text-xs tabular-nums text-slate-500" }>
                        {move || tr!("rec-spoken-count", count = count().to_string(), max = MAX_TEXT_CHARS.to_string())}
                    </p>
                </div>
                <VoicePicker id="spoken_voice" voice menu collection_voice sample=text
                    instructions=instructions_sent/>
                <Show when=instructable>
                    <div>
                        <label for="spoken_instructions" class="block text-sm font-medium text-slate-700">{tr!("rec-spoken-instructions")}</label>
                        <textarea id="spoken_instructions" name="instructions" rows="2" class=INPUT bind:value=instructions
                            maxlength=MAX_INSTRUCTIONS_CHARS placeholder=tr!("rec-spoken-instructions-placeholder")
                            aria-describedby="spoken_instructions-hint"></textarea>
                        <p id="spoken_instructions-hint" class="mt-1 text-xs text-slate-500">{tr!("rec-spoken-instructions-hint")}</p>
                    </div>
                </Show>
                <div>
                    <label for="spoken_title" class="block text-sm font-medium text-slate-700">{tr!("rec-spoken-title")}</label>
                    <input id="spoken_title" name="title" class=INPUT bind:value=title
                        placeholder=move || text.with(|t| if t.trim().is_empty() { tr!("rec-spoken-title-placeholder") } else { title_from_text(t) })/>
                </div>
                <div>
                    <label for="spoken_position" class="block text-sm font-medium text-slate-700">{tr!("rec-spoken-position")}</label>
                    <select id="spoken_position" name="position" class=SELECT
                        on:change=move |ev| position.set(event_target_value(&ev))>
                        <option value="" selected=move || position.with(String::is_empty)>{tr!("rec-spoken-at-end")}</option>
                        {move || tracks.get().into_iter().map(|t| {
                            let value = t.position.to_string();
                            let selected = value.clone();
                            view! {
                                <option value=value selected=move || position.with(|p| *p == selected)>
                                    {tr!("rec-spoken-before", position = t.position.to_string(), title = &t.title)}
                                </option>
                            }
                        }).collect_view()}
                    </select>
                </div>
                <button type="submit" disabled=move || adding.get() || too_long()
                    class="w-full rounded-xl bg-indigo-600 px-4 py-4 text-lg font-semibold text-white hover:bg-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-300 disabled:cursor-wait disabled:opacity-60">
                    {move || if busy.get() { tr!("rec-spoken-adding") } else { tr!("rec-spoken-add") }}
                </button>
                {move || converting.get().map(|name| view! {
                    <div role="status" class="space-y-2" data-testid="spoken-progress">
                        <p class="text-sm text-slate-700">{tr!("rec-spoken-converting", title = name)}</p>
                        <div class="h-2 w-full overflow-hidden rounded-full bg-slate-200">
                            <div class="h-full w-1/3 animate-pulse rounded-full bg-indigo-500"></div>
                        </div>
                    </div>
                })}
            </form>
        </Panel>
    }
}

/// Polls the track until its conversion settles: `Ok` when ready, else why it failed.
async fn wait_converted(card: &str, slug: &str) -> Result<(), String> {
    let url = rest::track_url(card, slug, "");
    let mut misses = 0;
    loop {
        match rest::get::<TrackDetailOut>(&url).await {
            Ok(detail) => match detail.track.transcode_status.as_str() {
                transcode_status::READY => return Ok(()),
                transcode_status::FAILED => {
                    return Err(detail.error.unwrap_or_else(|| tr!("rec-spoken-failed")))
                }
                _ => misses = 0,
            },
            Err(e) if misses >= 5 => return Err(e),
            Err(_) => misses += 1,
        }
        rest::sleep(700).await;
    }
}
