//! The one voice picker every form uses (a card's spoken track, a story card, the child
//! profile, a story preset): some 150 voices grouped by language with the collection's
//! language first, a box that narrows them, the best offline voice chosen to start with, and
//! a Preview that plays the chosen voice at once. The order and labels live in `order`
//! (pure, tested natively), language names in `languages`, the shared fetch in `menu`, the
//! preview's binary fetch in `browser`.

mod browser;
mod languages;
mod menu;
mod order;

use cardsmith_model::tts::{TtsPreviewInput, MAX_PREVIEW_CHARS};
use leptos::prelude::*;
use leptos::task::spawn_local;

pub use menu::{shared_menu, MenuState};
pub use order::{first_choice, groups, language_name, preferences, voice_words};

use crate::components::form::{ErrorAlert, INPUT};

/// The list: as wide as its box and never wider, however long a voice's label (a `<select>`
/// is otherwise as wide as its longest option and pushes the panel past a phone's edge).
const SELECT: &str = "block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-3 \
    text-base shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 \
    focus:ring-indigo-200 @md:flex-1";

const PREVIEW: &str =
    "shrink-0 rounded-lg border border-indigo-300 bg-white px-4 py-3 font-semibold \
    text-indigo-700 hover:bg-indigo-50 focus:outline-none focus:ring-2 focus:ring-indigo-300 \
    disabled:cursor-wait disabled:opacity-60";

/// Lists longer than this get a box to narrow them.
const FILTER_FROM: usize = 12;

/// Spoken when there is no text yet and Preview is pressed, in the page's language.
fn sample() -> String {
    tr!("rec-voice-sample")
}

/// The preview text: the start of `text` (cut at a word), or a sample sentence.
pub fn preview_text(text: &str) -> String {
    let text = text.trim();
    if text.is_empty() {
        return sample();
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

/// A labelled voice list with its filter, description and Preview. `voice` holds the chosen
/// id; once the list is here an empty or unknown choice becomes the first choice
/// ([`first_choice`]) unless `none_label` offers "no voice of its own" (`""`).
#[component]
pub fn VoicePicker(
    /// Id of the `<select>`; its filter, description and preview take it as a prefix.
    id: &'static str,
    voice: RwSignal<String>,
    /// The page's voices, from [`shared_menu`].
    menu: Signal<MenuState>,
    /// The collection's voice: its language is listed first, and it is chosen first.
    #[prop(into)]
    collection_voice: Signal<String>,
    /// What a preview speaks: the start of this text, or a sample sentence.
    #[prop(into)]
    sample: Signal<String>,
    /// How to speak, for voices that follow instructions.
    #[prop(into, default = Signal::stored(None))]
    instructions: Signal<Option<String>>,
    /// A first option meaning "no voice of its own", e.g. "The child profile's voice".
    #[prop(optional, into)]
    none_label: Option<String>,
    /// The list's label; "Voice" (in the page's language) unless told.
    #[prop(optional, into)]
    label: Option<String>,
) -> impl IntoView {
    let label = label.unwrap_or_else(|| tr!("rec-voice-label"));
    let none_label = StoredValue::new(none_label);
    let offers_none = none_label.with_value(Option::is_some);
    let query = RwSignal::new(String::new());
    let previewing = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let audio_url = RwSignal::new(None::<String>);
    let browser_languages = RwSignal::new(Vec::<String>::new());
    Effect::new(move |_| browser_languages.set(browser::languages()));

    let voices = Memo::new(move |_| {
        menu.with(|m| match m {
            Some(Ok(menu)) => menu.voices.clone(),
            _ => Vec::new(),
        })
    });
    let all_groups = Memo::new(move |_| {
        let prefs = browser_languages.with(|b| preferences(&collection_voice.get(), b));
        voices.with(|v| groups(v, &prefs))
    });
    let shown_groups =
        Memo::new(move |_| all_groups.with(|g| order::filtered(g, &query.get(), &voice.get())));
    let listed =
        move |id: &str| all_groups.with(|g| g.iter().any(|g| g.choices.iter().any(|c| c.id == id)));
    // the first choice, once the voices are here: an empty choice only where "none" is offered
    Effect::new(move |_| {
        if voices.with(Vec::is_empty) {
            return;
        }
        let now = voice.get();
        // a form that may hold no voice keeps what it was given, even a voice gone since
        let keep = offers_none || (!now.is_empty() && listed(&now));
        if !keep {
            let wanted = collection_voice.get();
            voice.set(all_groups.with(|g| first_choice(g, &[&wanted])));
        }
    });

    let count = move || voices.with(Vec::len);
    let about = move || {
        let id = voice.get();
        match menu.get() {
            None => tr!("rec-voice-loading"),
            Some(Err(_)) => String::new(),
            Some(Ok(_)) if id.is_empty() => none_label.get_value().unwrap_or_default(),
            Some(Ok(_)) => all_groups.with(|g| {
                g.iter()
                    .flat_map(|g| &g.choices)
                    .find(|c| c.id == id)
                    .map(|c| c.about.clone())
                    .unwrap_or_else(|| tr!("rec-voice-unknown", voice = &id))
            }),
        }
    };
    let first_language = move || {
        let cv = collection_voice.get();
        voices.with(|v| language_name(&cv, v))
    };
    Effect::new(move |_| {
        if let Some(Err(e)) = menu.get() {
            error.set(Some(e));
        }
    });

    let preview = move |_| {
        error.set(None);
        let input = TtsPreviewInput {
            text: preview_text(&sample.get_untracked()),
            voice: voice.get_untracked(),
            instructions: instructions.get_untracked(),
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

    view! {
        // a container: in a narrow side column (a laptop's collection page) Preview goes
        // under the list as on a phone, beside it only where the picker itself is wide
        <div class="@container min-w-0">
            <label for=id class="block text-sm font-medium text-slate-700">{label}</label>
            <Show when=move || { count() > FILTER_FROM }>
                <input id=format!("{id}-filter") type="search" class=INPUT bind:value=query
                    autocomplete="off" aria-label=tr!("rec-voice-find") aria-controls=id
                    placeholder=tr!("rec-voice-find-placeholder")/>
            </Show>
            <div class="mt-2 flex min-w-0 flex-col gap-2 @md:flex-row">
                <select id=id name=id class=SELECT aria-describedby=format!("{id}-about")
                    on:change=move |ev| voice.set(event_target_value(&ev))>
                    {none_label.get_value().map(|none| view! {
                        <option value="" selected=move || voice.with(String::is_empty)>{none}</option>
                    })}
                    {move || {
                        let now = voice.get();
                        (!now.is_empty() && !voices.with(Vec::is_empty) && !listed(&now)).then(|| {
                            let missing = tr!("rec-voice-missing", voice = &now);
                            view! { <option value=now.clone() selected=true>{missing}</option> }
                        })
                    }}
                    {move || shown_groups.get().into_iter().map(|group| view! {
                        <optgroup label=group.label>
                            {group.choices.into_iter().map(|c| {
                                let id = c.id.clone();
                                view! { <option value=c.id selected=move || voice.with(|v| *v == id)>{c.label}</option> }
                            }).collect_view()}
                        </optgroup>
                    }).collect_view()}
                </select>
                <button type="button" class=PREVIEW on:click=preview
                    disabled=move || previewing.get() || voice.with(String::is_empty)>
                    {move || if previewing.get() { tr!("rec-voice-speaking") } else { tr!("rec-voice-preview") }}
                </button>
            </div>
            <p id=format!("{id}-about") class="mt-1 text-xs text-slate-500">{about}</p>
            {move || first_language().map(|language| view! {
                <p class="mt-1 text-xs text-slate-500" data-testid="voice-language">
                    {tr!("rec-voice-listed-first", language = language)}
                </p>
            })}
            <ErrorAlert message=error inline=true/>
            {move || audio_url.get().map(|src| view! {
                <audio class="mt-2 w-full" controls autoplay src=src aria-label=tr!("rec-voice-preview-player") data-testid="voice-preview"></audio>
            })}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn previews_speak_the_start_of_the_text() {
        assert_eq!(preview_text("  "), sample());
        let long = "word ".repeat(200);
        let cut = preview_text(&long);
        assert!(cut.chars().count() <= MAX_PREVIEW_CHARS);
        assert!(cut.ends_with("word"));
    }
}
