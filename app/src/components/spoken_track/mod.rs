//! "Add a spoken track": text, a voice (grouped by who speaks it) with a preview that plays
//! at once, instructions for voices that follow them, a title, and Add, which shows the new
//! track's progress until it is converted for the player. Phones first: one column, large
//! controls. `browser` holds the binary preview fetch, so this file needs no `cfg`.

mod browser;

use cardsmith_model::card::TrackOut;
use cardsmith_model::track::{transcode_status, TrackDetailOut};
use cardsmith_model::tts::{
    provider_of, takes_instructions, title_from_text, TtsPreviewInput, TtsTrackInput, VoiceOut,
    MAX_INSTRUCTIONS_CHARS, MAX_PREVIEW_CHARS, MAX_TEXT_CHARS,
};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::rest::{self, Verb};
use crate::components::form::{ErrorAlert, StatusNote, INPUT};
use crate::components::layout::Panel;

/// The voice picker: like every input, without the top margin, sharing its row with Preview.
const SELECT: &str = "block w-full rounded-lg border border-slate-300 bg-white px-3 py-3 text-base \
    shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200 sm:flex-1";

/// Spoken when the text box is still empty and Preview is pressed.
const SAMPLE: &str = "Once upon a time, a little fox curled up under the moon and fell asleep.";

/// The voice chosen first: the clearest offline voice, when the server has it.
const PREFERRED: &[&str] = &["flite:slt", "espeak:en-us+f3", "espeak:en-us"];

/// Voices grouped by provider, groups in the order they first appear (offline first, as
/// the server lists them), with a label for people.
pub fn grouped(voices: &[VoiceOut]) -> Vec<(String, Vec<VoiceOut>)> {
    let mut groups: Vec<(String, Vec<VoiceOut>)> = Vec::new();
    for v in voices {
        match groups.iter_mut().find(|(p, _)| *p == v.provider) {
            Some((_, list)) => list.push(v.clone()),
            None => groups.push((v.provider.clone(), vec![v.clone()])),
        }
    }
    groups
        .into_iter()
        .map(|(provider, list)| (group_label(&provider), list))
        .collect()
}

fn group_label(provider: &str) -> String {
    match provider {
        "flite" => "flite (offline, clearer)".to_owned(),
        "espeak" => "espeak-ng (offline, many languages)".to_owned(),
        "openai" => "OpenAI (paid)".to_owned(),
        "elevenlabs" => "ElevenLabs (paid)".to_owned(),
        other => format!("{other} (remote)"),
    }
}

/// The first preferred voice on offer, else the first voice.
fn first_choice(voices: &[VoiceOut]) -> String {
    PREFERRED
        .iter()
        .find(|id| voices.iter().any(|v| v.id == **id))
        .map(|id| (*id).to_owned())
        .or_else(|| voices.first().map(|v| v.id.clone()))
        .unwrap_or_default()
}

/// The preview text: the start of what was typed (cut at a word), or a sample sentence.
fn preview_text(text: &str) -> String {
    let text = text.trim();
    if text.is_empty() {
        return SAMPLE.to_owned();
    }
    if text.chars().count() <= MAX_PREVIEW_CHARS {
        return text.to_owned();
    }
    let cut: String = text.chars().take(MAX_PREVIEW_CHARS).collect();
    match cut.rfind(char::is_whitespace) {
        Some(i) if i > 0 => cut[..i].to_owned(),
        _ => cut,
    }
}

#[component]
pub fn SpokenTrack(
    card: String,
    /// The card's chapters in play order: the new track may go before any of them.
    #[prop(into)]
    tracks: Signal<Vec<TrackOut>>,
    on_added: Callback<String>,
) -> impl IntoView {
    let card = StoredValue::new(card);
    // "" = at the end; otherwise the 1-based chapter the new track takes the place of.
    let position = RwSignal::new(String::new());
    let text = RwSignal::new(String::new());
    let voice = RwSignal::new(String::new());
    let instructions = RwSignal::new(String::new());
    let title = RwSignal::new(String::new());
    let voices = RwSignal::new(Vec::<VoiceOut>::new());
    let error = RwSignal::new(None::<String>);
    let note = RwSignal::new(None::<String>);
    let previewing = RwSignal::new(false);
    let adding = RwSignal::new(false);
    let converting = RwSignal::new(None::<String>);
    let audio_url = RwSignal::new(None::<String>);

    // The voices load in the browser (effects run only there).
    Effect::new(move |_| {
        spawn_local(async move {
            match rest::get::<Vec<VoiceOut>>("/api/tts/voices").await {
                Ok(list) => {
                    voice.set(first_choice(&list));
                    voices.set(list);
                }
                Err(e) => error.set(Some(e)),
            }
        });
    });

    let count = move || text.with(|t| t.chars().count());
    let too_long = move || count() > MAX_TEXT_CHARS;
    let chosen = move || voices.with(|vs| vs.iter().find(|v| v.id == voice.get()).cloned());
    let instructable = move || takes_instructions(provider_of(&voice.get()));
    let instructions_sent = move || {
        let i = instructions.get_untracked();
        (instructable() && !i.trim().is_empty()).then_some(i)
    };

    let preview = move |_| {
        error.set(None);
        let input = TtsPreviewInput {
            text: preview_text(&text.get_untracked()),
            voice: voice.get_untracked(),
            instructions: instructions_sent(),
        };
        if let Err(errors) = input.validate() {
            error.set(
                errors
                    .first()
                    .map(|e| format!("{}: {}", e.field(), e.detail)),
            );
            return;
        }
        previewing.set(true);
        spawn_local(async move {
            match browser::preview_url(&input).await {
                Ok(url) => {
                    if let Some(old) = audio_url.get_untracked() {
                        browser::release(&old);
                    }
                    audio_url.set(Some(url));
                }
                Err(e) => error.set(Some(e)),
            }
            previewing.set(false);
        });
    };

    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        error.set(None);
        note.set(None);
        let input = TtsTrackInput {
            text: text.get_untracked(),
            voice: voice.get_untracked(),
            instructions: instructions_sent(),
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
                        Ok(()) => note.set(Some(format!("“{}” is ready to play.", track.title))),
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
        <Panel id="spoken" title="Add a spoken track"
            intro="Type or paste a story; a voice reads it aloud and it becomes a track like an upload. Offline voices work without internet.">
            <form class="space-y-4" aria-label="Add a spoken track" novalidate on:submit=add>
                <ErrorAlert message=error/>
                <StatusNote message=note/>
                <div>
                    <label for="spoken_text" class="block text-sm font-medium text-slate-700">"Text to speak"</label>
                    <textarea id="spoken_text" name="text" rows="6" class=INPUT bind:value=text
                        placeholder="Once upon a time…" aria-describedby="spoken_text-count"
                        aria-invalid=move || too_long().to_string()></textarea>
                    <p id="spoken_text-count"
                        class=move || if too_long() { "mt-1 text-xs tabular-nums text-rose-600" } else { "mt-1 text-xs tabular-nums text-slate-500" }>
                        {move || format!("{} / {} characters", count(), MAX_TEXT_CHARS)}
                    </p>
                </div>
                <div>
                    <label for="spoken_voice" class="block text-sm font-medium text-slate-700">"Voice"</label>
                    <div class="mt-1 flex flex-col gap-2 sm:flex-row">
                        <select id="spoken_voice" name="voice" class=SELECT
                            aria-describedby="spoken_voice-about"
                            on:change=move |ev| voice.set(event_target_value(&ev))>
                            {move || grouped(&voices.get()).into_iter().map(|(label, list)| view! {
                                <optgroup label=label>
                                    {list.into_iter().map(|v| {
                                        let id = v.id.clone();
                                        view! { <option value=v.id selected=move || voice.with(|c| *c == id)>{v.name}</option> }
                                    }).collect_view()}
                                </optgroup>
                            }).collect_view()}
                        </select>
                        <button type="button" on:click=preview disabled=move || previewing.get() || voice.with(String::is_empty)
                            class="rounded-lg border border-indigo-300 bg-white px-4 py-3 font-semibold text-indigo-700 hover:bg-indigo-50 focus:outline-none focus:ring-2 focus:ring-indigo-300 disabled:cursor-wait disabled:opacity-60">
                            {move || if previewing.get() { "Speaking…" } else { "▶ Preview" }}
                        </button>
                    </div>
                    <p id="spoken_voice-about" class="mt-1 text-xs text-slate-500">
                        {move || chosen().map(|v| v.description).unwrap_or_else(|| "Loading voices…".to_owned())}
                    </p>
                    {move || audio_url.get().map(|src| view! {
                        <audio class="mt-2 w-full" controls autoplay src=src aria-label="Voice preview" data-testid="spoken-preview"></audio>
                    })}
                </div>
                <Show when=instructable>
                    <div>
                        <label for="spoken_instructions" class="block text-sm font-medium text-slate-700">"How to speak (optional)"</label>
                        <textarea id="spoken_instructions" name="instructions" rows="2" class=INPUT bind:value=instructions
                            maxlength=MAX_INSTRUCTIONS_CHARS placeholder="e.g. Calm and warm, like a bedtime story"
                            aria-describedby="spoken_instructions-hint"></textarea>
                        <p id="spoken_instructions-hint" class="mt-1 text-xs text-slate-500">"This voice follows instructions about tone and pace."</p>
                    </div>
                </Show>
                <div>
                    <label for="spoken_title" class="block text-sm font-medium text-slate-700">"Title (optional)"</label>
                    <input id="spoken_title" name="title" class=INPUT bind:value=title
                        placeholder=move || text.with(|t| if t.trim().is_empty() { "The text's first words".to_owned() } else { title_from_text(t) })/>
                </div>
                <div>
                    <label for="spoken_position" class="block text-sm font-medium text-slate-700">"Where it goes"</label>
                    <select id="spoken_position" name="position" class=SELECT
                        on:change=move |ev| position.set(event_target_value(&ev))>
                        <option value="" selected=move || position.with(String::is_empty)>"At the end"</option>
                        {move || tracks.get().into_iter().map(|t| {
                            let value = t.position.to_string();
                            let selected = value.clone();
                            view! {
                                <option value=value selected=move || position.with(|p| *p == selected)>
                                    {format!("Before {}. {}", t.position, t.title)}
                                </option>
                            }
                        }).collect_view()}
                    </select>
                </div>
                <button type="submit" disabled=move || adding.get() || too_long()
                    class="w-full rounded-xl bg-indigo-600 px-4 py-4 text-lg font-semibold text-white hover:bg-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-300 disabled:cursor-wait disabled:opacity-60">
                    {move || if busy.get() { "Adding…" } else { "Add spoken track" }}
                </button>
                {move || converting.get().map(|name| view! {
                    <div role="status" class="space-y-2" data-testid="spoken-progress">
                        <p class="text-sm text-slate-700">{format!("Speaking and converting “{name}” for the player…")}</p>
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
                    return Err(detail
                        .error
                        .unwrap_or_else(|| "The track could not be converted.".to_owned()))
                }
                _ => misses = 0,
            },
            Err(e) if misses >= 5 => return Err(e),
            Err(_) => misses += 1,
        }
        rest::sleep(700).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(id: &str, provider: &str) -> VoiceOut {
        VoiceOut {
            id: id.into(),
            name: id.into(),
            provider: provider.into(),
            description: String::new(),
        }
    }

    #[test]
    fn voices_are_grouped_by_provider_in_order() {
        let list = [
            v("flite:slt", "flite"),
            v("espeak:de", "espeak"),
            v("flite:rms", "flite"),
            v("openai:coral", "openai"),
        ];
        let groups = grouped(&list);
        let shape: Vec<(&str, usize)> = groups.iter().map(|(l, g)| (l.as_str(), g.len())).collect();
        assert_eq!(
            shape,
            [
                ("flite (offline, clearer)", 2),
                ("espeak-ng (offline, many languages)", 1),
                ("OpenAI (paid)", 1)
            ]
        );
        assert_eq!(first_choice(&list), "flite:slt");
        assert_eq!(first_choice(&list[1..2]), "espeak:de");
    }

    #[test]
    fn previews_speak_the_start_of_the_text() {
        assert_eq!(preview_text("  "), SAMPLE);
        let long = "word ".repeat(200);
        let cut = preview_text(&long);
        assert!(cut.chars().count() <= MAX_PREVIEW_CHARS);
        assert!(cut.ends_with("word"));
    }
}
