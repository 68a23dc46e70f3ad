//! Speech: the voices a user may choose and the requests that speak text.

use serde::{Deserialize, Serialize};

use crate::validate::{name_problem, Checker};
use crate::FieldError;

/// Longest text one spoken track is made from, in characters: a few minutes of speech,
/// enough for a chapter of a bedtime story, small enough that one request cannot keep a
/// speech engine busy for long.
pub const MAX_TEXT_CHARS: usize = 5_000;
/// Longest text a preview speaks: a sentence or two is enough to hear a voice.
pub const MAX_PREVIEW_CHARS: usize = 500;
/// Longest `instructions` (how to speak: tone, pace, accent).
pub const MAX_INSTRUCTIONS_CHARS: usize = 1_000;
/// Longest voice id (`provider:voice`).
pub const MAX_VOICE_CHARS: usize = 100;

/// One voice of `GET /tts/voices`. Offline voices are always listed; a remote provider's
/// voices appear when the user's cascade holds a usable provider of that kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VoiceOut {
    /// `engine:voice`, e.g. `flite:slt`, `espeak:en-us+f3`, `openai:coral`; what `voice`
    /// takes in the speech requests.
    pub id: String,
    /// A name for people, e.g. "SLT (flite)".
    pub name: String,
    /// Who speaks it: `flite`, `espeak`, `openai`, `elevenlabs`, …
    pub provider: String,
    /// Language and character of the voice, in words, e.g. "English (US), female, clear".
    pub description: String,
}

/// Whether voices of `provider` follow `instructions` (OpenAI's `gpt-4o-mini-tts` does; the
/// offline engines and ElevenLabs do not), so a form shows the field only where it works.
pub fn takes_instructions(provider: &str) -> bool {
    provider == "openai" || provider == "openai-compatible"
}

/// The provider part of a voice id (`openai` of `openai:coral`).
pub fn provider_of(voice: &str) -> &str {
    voice.split_once(':').map_or("", |(p, _)| p)
}

/// Body of `POST /tts/preview`: a short text spoken once to hear a voice.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TtsPreviewInput {
    /// What to say (not blank).
    #[cfg_attr(
        feature = "openapi",
        schema(min_length = 1, max_length = 500, pattern = "\\S")
    )]
    pub text: String,
    /// A voice id of `GET /tts/voices`.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 100))]
    pub voice: String,
    /// How to speak (tone, pace); only for voices whose provider follows instructions
    /// (`openai`), 422 for others.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_length = 1000))]
    pub instructions: Option<String>,
}

impl TtsPreviewInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check("text", text_problem(&self.text, MAX_PREVIEW_CHARS))
            .check("voice", voice_problem(&self.voice))
            .check(
                "instructions",
                instructions_problem(&self.voice, self.instructions.as_deref()),
            )
            .finish()
    }
}

/// Body of `POST /cards/{slug}/tracks/tts`: a track spoken from text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TtsTrackInput {
    /// What the track says (not blank).
    #[cfg_attr(
        feature = "openapi",
        schema(min_length = 1, max_length = 5000, pattern = "\\S")
    )]
    pub text: String,
    /// A voice id of `GET /tts/voices`.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 100))]
    pub voice: String,
    /// How to speak (tone, pace); only for voices whose provider follows instructions
    /// (`openai`), 422 for others.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_length = 1000))]
    pub instructions: Option<String>,
    /// The chapter number (1-based) the track takes; later tracks move down one. Absent or
    /// past the end: the track is added last.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 10000))]
    pub position: Option<i64>,
    /// Absent or blank: the text's first words.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_length = 120))]
    pub title: Option<String>,
}

impl TtsTrackInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let title = self.title.as_deref().filter(|t| !t.trim().is_empty());
        Checker::default()
            .check("text", text_problem(&self.text, MAX_TEXT_CHARS))
            .check("voice", voice_problem(&self.voice))
            .check(
                "instructions",
                instructions_problem(&self.voice, self.instructions.as_deref()),
            )
            .check(
                "position",
                self.position
                    .is_some_and(|p| !(1..=10_000).contains(&p))
                    .then_some("must be between 1 and 10000"),
            )
            .check("title", title.and_then(name_problem))
            .finish()
    }

    /// The title to use: the given one, else the text's first words.
    pub fn title_or_default(&self) -> String {
        match self.title.as_deref().map(str::trim) {
            Some(t) if !t.is_empty() => t.to_owned(),
            _ => title_from_text(&self.text),
        }
    }
}

/// Up to six words of `text` (at most 60 characters, ending at a word), without trailing
/// punctuation: "Once upon a time there was…" → "Once upon a time there was".
pub fn title_from_text(text: &str) -> String {
    let mut title = String::new();
    for word in text.split_whitespace().take(6) {
        let word: String = word.chars().filter(|c| !c.is_control()).collect();
        if title.chars().count() + word.chars().count() + 1 > 60 {
            break;
        }
        if !title.is_empty() {
            title.push(' ');
        }
        title.push_str(&word);
    }
    let title = title.trim_end_matches(|c: char| !c.is_alphanumeric());
    if title.is_empty() {
        "Spoken track".to_owned()
    } else {
        title.to_owned()
    }
}

fn text_problem(text: &str, max: usize) -> Option<String> {
    let count = text.chars().count();
    if text.trim().is_empty() {
        Some("is required".into())
    } else if count > max {
        Some(format!("may be at most {max} characters (it has {count})"))
    } else {
        None
    }
}

fn voice_problem(voice: &str) -> Option<String> {
    if voice.trim().is_empty() {
        Some("is required (a voice id of GET /tts/voices)".into())
    } else if voice.chars().count() > MAX_VOICE_CHARS {
        Some(format!("may be at most {MAX_VOICE_CHARS} characters"))
    } else {
        None
    }
}

fn instructions_problem(voice: &str, instructions: Option<&str>) -> Option<String> {
    let instructions = instructions.filter(|i| !i.trim().is_empty())?;
    let count = instructions.chars().count();
    if count > MAX_INSTRUCTIONS_CHARS {
        Some(format!(
            "may be at most {MAX_INSTRUCTIONS_CHARS} characters (it has {count})"
        ))
    } else if !takes_instructions(provider_of(voice)) {
        Some("this voice does not follow instructions; leave them out".into())
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_are_the_first_words() {
        assert_eq!(
            title_from_text("Once upon a time, there was a bear who..."),
            "Once upon a time, there was"
        );
        assert_eq!(title_from_text("  Hello!  "), "Hello");
        assert_eq!(title_from_text("..."), "Spoken track");
        let long = "Supercalifragilisticexpialidocious ".repeat(3);
        assert!(title_from_text(&long).chars().count() <= 60);
    }

    #[test]
    fn inputs_are_checked() {
        let ok = TtsTrackInput {
            text: "Hello".into(),
            voice: "flite:slt".into(),
            ..Default::default()
        };
        assert!(ok.validate().is_ok());
        let bad = TtsTrackInput {
            text: "a".repeat(MAX_TEXT_CHARS + 1),
            voice: String::new(),
            instructions: Some("Speak softly".into()),
            position: Some(0),
            title: Some("   ".into()),
        };
        let fields: Vec<String> = bad
            .validate()
            .unwrap_err()
            .into_iter()
            .map(|e| e.pointer)
            .collect();
        assert_eq!(fields, ["/text", "/voice", "/instructions", "/position"]);
        let openai = TtsPreviewInput {
            text: "Hi".into(),
            voice: "openai:coral".into(),
            instructions: Some("Cheerful".into()),
        };
        assert!(openai.validate().is_ok());
    }
}
