//! Voice ids (`engine:voice`) and the voices a server offers.

use serde::Serialize;

use crate::{CoreError, CoreResult};

/// The local engines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum EngineKind {
    /// espeak-ng: many languages, robotic; voice = `language[+variant]`.
    Espeak,
    /// flite: English only, clearer; voice = one of its built-in voices.
    Flite,
}

impl EngineKind {
    /// The prefix of this engine's voice ids.
    pub fn prefix(self) -> &'static str {
        match self {
            Self::Espeak => "espeak",
            Self::Flite => "flite",
        }
    }
}

/// Longest voice part of an id: espeak-ng's longest language plus variant is far below it.
const MAX_VOICE_CHARS: usize = 64;

/// A syntactically valid voice id. That it names a voice this server has is checked against
/// the detected engines ([`super::Engines::check`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VoiceId {
    pub engine: EngineKind,
    /// For espeak-ng the language (`en-us`), for flite the voice (`slt`).
    pub name: String,
    /// espeak-ng only: the variant after `+` (`f3`).
    pub variant: Option<String>,
}

impl VoiceId {
    /// Parses `espeak:en-us+f3` or `flite:slt`. Names are letters, digits, `-` and `_`, and
    /// start with a letter or digit, so none can be read as an option or a path.
    pub fn parse(id: &str) -> CoreResult<Self> {
        let unknown = || {
            CoreError::invalid(
                "voice",
                "is not a voice of this server (ids look like espeak:en-us+f3 or flite:slt)",
            )
        };
        let (engine, rest) = id.split_once(':').ok_or_else(unknown)?;
        let engine = match engine {
            "espeak" => EngineKind::Espeak,
            "flite" => EngineKind::Flite,
            _ => return Err(unknown()),
        };
        let (name, variant) = match (engine, rest.split_once('+')) {
            (EngineKind::Espeak, Some((name, variant))) => (name, Some(variant)),
            (_, _) => (rest, None),
        };
        if !is_plain_name(name) || !variant.is_none_or(is_plain_name) {
            return Err(unknown());
        }
        Ok(Self {
            engine,
            name: name.to_owned(),
            variant: variant.map(str::to_owned),
        })
    }

    /// The id in its canonical form.
    pub fn id(&self) -> String {
        match &self.variant {
            Some(v) => format!("{}:{}+{v}", self.engine.prefix(), self.name),
            None => format!("{}:{}", self.engine.prefix(), self.name),
        }
    }
}

/// Letters, digits, `-`, `_`; starting with a letter or digit; not too long.
pub(super) fn is_plain_name(name: &str) -> bool {
    name.len() <= MAX_VOICE_CHARS
        && name
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// A voice to offer in a list (the spec's `VoiceOut`: id, name, provider, description).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Voice {
    pub id: String,
    pub name: String,
    pub provider: String,
    pub description: String,
}

impl From<Voice> for cardsmith_model::tts::VoiceOut {
    fn from(v: Voice) -> Self {
        Self {
            id: v.id,
            name: v.name,
            provider: v.provider,
            description: v.description,
        }
    }
}
