//! The voice list as a parent reads it: voices grouped by language, the collection's language
//! first, then the browser's, then every other language alphabetically; within a language
//! the natural (remote) voices first, then flite, then espeak-ng (robotic, so last); each
//! voice labelled in words ("Female, clear — flite") rather than by its id. Pure, so the
//! order, the labels and the preselected voice are tested natively.

use cardsmith_model::tts::VoiceOut;

use super::languages::{
    language_of, normalize, same_language, same_place, sort_key, spoken_language, tag_of,
    tag_of_id, variety,
};

/// One `<option>`: the voice id, its label and the longer description shown under the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VoiceChoice {
    pub id: String,
    pub label: String,
    pub about: String,
}

/// One `<optgroup>`: a language and its voices, best first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VoiceGroup {
    pub label: String,
    pub choices: Vec<VoiceChoice>,
}

/// The group of remote voices when no language of the list is wanted: they speak any.
pub fn any_language() -> String {
    tr!("rec-voice-any-language")
}

/// The languages to list first, most wanted first: the collection's (its voice's language),
/// then the browser's (`navigator.languages`), without repeats.
pub fn preferences(collection_voice: &str, browser: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let wanted = tag_of_id(collection_voice)
        .into_iter()
        .chain(browser.iter().map(|t| normalize(t)));
    for tag in wanted {
        if !tag.is_empty() && !out.contains(&tag) {
            out.push(tag);
        }
    }
    out
}

/// The name of the collection's language, from its voice (`None` without one, or for a
/// remote voice, which speaks any language).
pub fn language_name(collection_voice: &str, voices: &[VoiceOut]) -> Option<String> {
    let tag = tag_of_id(collection_voice)?;
    let fallback = voices
        .iter()
        .find(|v| v.id == collection_voice)
        .map_or(tag.as_str(), |v| spoken_language(&v.description));
    Some(language_of(&tag, fallback).1)
}

/// Voice `id` in words for a line of text ("Deutsch, default voice — espeak-ng, robotic"),
/// `None` when it is not listed.
pub fn voice_words(voices: &[VoiceOut], id: &str) -> Option<String> {
    let voice = voices.iter().find(|v| v.id == id)?;
    Some(match tag_of(voice) {
        Some(tag) => {
            let (listed, language) = language_of(&tag, spoken_language(&voice.description));
            let label = choice_label(voice, &listed);
            // "Female, clear" reads on in lower case; a place ("Scottish") keeps its capital
            let common = ["Female", "Male", "Default", "Voice"];
            let label = match label.split_once([' ', ',']) {
                Some((word, _)) if common.contains(&word) => {
                    word.to_lowercase() + &label[word.len()..]
                }
                _ => label,
            };
            format!("{language}, {label}")
        }
        None => choice_label(voice, ""),
    })
}

/// `voices` grouped and ordered for people; `prefs` from [`preferences`].
pub fn groups(voices: &[VoiceOut], prefs: &[String]) -> Vec<VoiceGroup> {
    // (listed tag, label, voices) per language, in the server's order for now
    let mut languages: Vec<(String, String, Vec<&VoiceOut>)> = Vec::new();
    let mut remote: Vec<&VoiceOut> = Vec::new();
    for voice in voices {
        let Some(tag) = tag_of(voice) else {
            remote.push(voice);
            continue;
        };
        let (listed, label) = language_of(&tag, spoken_language(&voice.description));
        match languages.iter_mut().find(|(t, _, _)| *t == listed) {
            Some((_, _, list)) => list.push(voice),
            None => languages.push((listed, label, vec![voice])),
        }
    }
    languages.sort_by_cached_key(|(tag, label, _)| (tier(tag, prefs), sort_key(label)));
    let wanted_first = languages
        .first()
        .is_some_and(|(tag, _, _)| tier(tag, prefs) != usize::MAX);
    let mut out: Vec<VoiceGroup> = Vec::new();
    if !remote.is_empty() && !wanted_first {
        out.push(group(any_language(), "", std::mem::take(&mut remote)));
    }
    for (i, (tag, label, mut list)) in languages.into_iter().enumerate() {
        if i == 0 {
            // voices that speak any language are offered where they are most likely wanted
            list.splice(0..0, remote.drain(..));
        }
        out.push(group(label, &tag, list));
    }
    out
}

/// How much the parent wants language `tag`: `2i` when it is the `i`th preference itself,
/// `2i + 1` when it is the same language in another place, `usize::MAX` when unwanted.
fn tier(tag: &str, prefs: &[String]) -> usize {
    prefs
        .iter()
        .enumerate()
        .filter_map(|(i, wanted)| {
            if same_place(wanted, tag) {
                Some(2 * i)
            } else if same_language(wanted, tag) {
                Some(2 * i + 1)
            } else {
                None
            }
        })
        .min()
        .unwrap_or(usize::MAX)
}

/// One language's group: its voices best first, labelled, the same label never twice.
fn group(label: String, tag: &str, mut list: Vec<&VoiceOut>) -> VoiceGroup {
    list.sort_by_key(|v| rank(v));
    let mut choices: Vec<VoiceChoice> = list
        .iter()
        .map(|v| VoiceChoice {
            id: v.id.clone(),
            label: choice_label(v, tag),
            about: without_tag(&v.description),
        })
        .collect();
    let labels: Vec<String> = choices.iter().map(|c| c.label.clone()).collect();
    for (choice, voice) in choices.iter_mut().zip(&list) {
        if labels.iter().filter(|l| **l == choice.label).count() > 1 {
            choice.label = with_name(&choice.label, voice);
        }
    }
    VoiceGroup { label, choices }
}

/// Best first: natural remote voices, then flite, then espeak-ng; within an engine the clear
/// voices, then plain ones, then robotic ones, and last the voices that only say some things
/// (flite's clock-time voice). espeak-ng's own voice of a language comes before its variants.
fn rank(voice: &VoiceOut) -> (u8, u8) {
    let engine = match voice.provider.as_str() {
        "flite" => 1,
        "espeak" => 2,
        _ => 0,
    };
    let about = voice.description.to_lowercase();
    let quality = if about.contains("only") {
        4
    } else if voice.id.contains('+') {
        3
    } else if engine == 1 && about.contains("robotic") {
        2
    } else if about.contains("clear") {
        0
    } else {
        1
    };
    (engine, quality)
}

/// "Female, clear — flite", "Scotland, default voice — espeak-ng, robotic", "Coral, natural
/// — OpenAI": what it sounds like and who speaks it. A voice of another place than its
/// group's (`en-gb-scotland` in "English (UK)") starts with that place.
fn choice_label(voice: &VoiceOut, group_tag: &str) -> String {
    let engine = match voice.provider.as_str() {
        "flite" => "flite".to_owned(),
        "espeak" => tr!("rec-voice-espeak"),
        other => {
            return tr!(
                "rec-voice-natural",
                name = &voice.name,
                provider = provider_words(other)
            )
        }
    };
    let description = voice.description.trim();
    let language = spoken_language(description);
    // what follows the language: espeak-ng's "[tag], female 3, robotic", flite's ", male"
    let rest = description[language.len()..].trim_start();
    let rest = match rest.strip_prefix('[') {
        Some(tagged) => tagged.split_once(']').map_or(tagged, |(_, after)| after),
        None => rest,
    };
    let mut character = rest
        .trim_start_matches([',', ' '])
        .replace(" (the default)", "");
    if voice.provider == "espeak" {
        // every espeak-ng voice is robotic: the engine's words say it once
        character = character.trim_end_matches(", robotic").to_owned();
    }
    let place = (tag_of(voice).as_deref() != Some(group_tag))
        .then(|| variety(language))
        .flatten();
    let words: Vec<&str> = place
        .into_iter()
        .chain(Some(character.as_str()).filter(|c| !c.is_empty()))
        .collect();
    let words = if words.is_empty() {
        tr!("rec-voice-unnamed")
    } else {
        words.join(", ")
    };
    format!("{} — {engine}", capitalized(&words))
}

/// A description without the language tag espeak-ng's carry ("German [de], default voice"
/// → "German, default voice"): words for people, not codes.
fn without_tag(description: &str) -> String {
    match (description.find(" ["), description.find(']')) {
        (Some(start), Some(end)) if start < end => {
            format!("{}{}", &description[..start], &description[end + 1..])
        }
        _ => description.to_owned(),
    }
}

/// `label` with the voice's own name added, for two voices that would read alike.
fn with_name(label: &str, voice: &VoiceOut) -> String {
    let name = voice
        .name
        .trim_end_matches(&format!(" ({})", voice.provider))
        .trim_end_matches(" (espeak-ng)");
    match label.split_once(" — ") {
        Some((what, who)) => format!("{what} ({name}) — {who}"),
        None => format!("{label} ({name})"),
    }
}

/// Providers by their own names, the same in every language.
const BRANDS: [(&str, &str); 2] = [("openai", "OpenAI"), ("elevenlabs", "ElevenLabs")];

fn provider_words(kind: &str) -> String {
    if kind == "openai-compatible" {
        return tr!("rec-voice-openai-compatible");
    }
    BRANDS
        .iter()
        .find(|(k, _)| *k == kind)
        .map_or(kind, |(_, brand)| *brand)
        .to_owned()
}

fn capitalized(words: &str) -> String {
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The voice to start with: the first of `wanted` (a preset's or the collection's voice)
/// that is listed, else the best offline voice of the most wanted language (flite for
/// English, espeak-ng elsewhere), else the first voice; `""` when there is none.
pub fn first_choice(groups: &[VoiceGroup], wanted: &[&str]) -> String {
    let all = || groups.iter().flat_map(|g| &g.choices);
    let offline = |c: &&VoiceChoice| c.id.starts_with("flite:") || c.id.starts_with("espeak:");
    wanted
        .iter()
        .find(|id| !id.is_empty() && all().any(|c| c.id == **id))
        .map(|id| (*id).to_owned())
        .or_else(|| all().find(offline).map(|c| c.id.clone()))
        .or_else(|| all().next().map(|c| c.id.clone()))
        .unwrap_or_default()
}

/// The groups with only the voices whose language, label, description or id hold every word
/// of `query` (accents and case ignored); `keep` (the chosen voice) always stays, so the
/// list never changes the choice under the parent's hands. Empty groups are left out.
pub fn filtered(groups: &[VoiceGroup], query: &str, keep: &str) -> Vec<VoiceGroup> {
    let words: Vec<String> = sort_key(query)
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    if words.is_empty() {
        return groups.to_vec();
    }
    groups
        .iter()
        .filter_map(|g| {
            let choices: Vec<VoiceChoice> = g
                .choices
                .iter()
                .filter(|c| {
                    let text = sort_key(&format!("{} {} {} {}", g.label, c.label, c.about, c.id));
                    c.id == keep || words.iter().all(|w| text.contains(w.as_str()))
                })
                .cloned()
                .collect();
            (!choices.is_empty()).then(|| VoiceGroup {
                label: g.label.clone(),
                choices,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;
