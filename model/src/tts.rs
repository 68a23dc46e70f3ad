//! Speech: the voices a user may choose and the requests that speak text.

use serde::{Deserialize, Serialize};

/// One voice of `GET /tts/voices`. Offline voices are always listed; a remote provider's
/// voices appear when the user's cascade holds a usable provider of that kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VoiceOut {
    /// `engine:voice`, e.g. `flite:slt`, `espeak:en-us+f3`, `openai:coral`; what `voice`
    /// takes in the speech requests.
    pub id: String,
    /// A name for people, e.g. "SLT (US English, female)".
    pub name: String,
    /// Who speaks it: `flite`, `espeak`, `openai`, `elevenlabs`, …
    pub provider: String,
    /// Language and character of the voice, in words.
    pub description: String,
}
