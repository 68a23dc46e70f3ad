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

pub mod audience;
pub mod budget;
mod cascade;
mod endpoint;
pub mod prices;
pub mod probe;
pub mod providers;
mod repo;
pub mod wire;

/// What a call asks a provider to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Capability {
    Text,
    Image,
    Speech,
}

impl Capability {
    /// As recorded in `llm_calls.capability`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Text => "text",
            Self::Image => "image",
            Self::Speech => "speech",
        }
    }
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
    let ran = cascade::run(
        core,
        user_id,
        Capability::Text,
        None,
        prices::text_ceiling(request),
        |ep| async move { wire::chat(&ep, request).await.map(|r| (r.text, r.usage)) },
    )
    .await?;
    Ok(ran.result)
}

/// Whether `user_id`'s cascade holds a provider that may be asked for `capability` now
/// (enabled, with its key, budget left, able to do it). A page asks before it offers a
/// generating button, so an offline instance offers its offline path instead of an error
/// after the click. A provider may still fail when called; the call then says so.
pub async fn can_generate(
    core: &crate::Core,
    user_id: &str,
    capability: Capability,
) -> crate::CoreResult<bool> {
    Ok(!cascade::candidates(core, user_id, capability, None)
        .await?
        .is_empty())
}

/// A picture (PNG, JPEG or WebP bytes as the provider sent them) from the first provider of
/// `user_id`'s cascade that can draw; `None` when none can.
pub async fn generate_image(
    core: &crate::Core,
    user_id: &str,
    request: &ImageRequest,
) -> crate::CoreResult<Option<Generated<Vec<u8>>>> {
    let ran = cascade::run(
        core,
        user_id,
        Capability::Image,
        None,
        prices::image_usage(),
        |ep| async move { wire::image(&ep, request).await.map(|r| (r.bytes, r.usage)) },
    )
    .await?;
    Ok(ran.result)
}

/// Speech (audio bytes the track pipeline can probe: MP3 or WAV) in a voice of provider
/// kind `kind`, from the first provider of that kind in `user_id`'s cascade. 409 when the
/// cascade holds no usable provider of that kind (or none whose budget fits this text); 502
/// when every one that was tried failed.
pub async fn synthesize_speech(
    core: &crate::Core,
    user_id: &str,
    kind: &str,
    request: &SpeechRequest,
) -> crate::CoreResult<Generated<Vec<u8>>> {
    let ran = cascade::run(
        core,
        user_id,
        Capability::Speech,
        Some(kind),
        prices::speech_usage(request),
        |ep| async move { wire::speech(&ep, request).await.map(|r| (r.bytes, r.usage)) },
    )
    .await?;
    match ran {
        cascade::Ran {
            result: Some(generated),
            ..
        } => Ok(generated),
        cascade::Ran { candidates: 0, .. } => Err(crate::CoreError::Conflict(format!(
            "no {kind} provider with a key and budget left is configured for you"
        ))),
        cascade::Ran {
            last_failure: Some(why),
            ..
        } => Err(crate::CoreError::Unavailable(format!(
            "the {kind} provider could not speak this now: {why}"
        ))),
        cascade::Ran { .. } => Err(crate::CoreError::Conflict(format!(
            "speaking this would exceed the budget of every {kind} provider you may use"
        ))),
    }
}

/// The remote voices `user_id` may use: those of speech providers in their cascade
/// (`openai:coral`, `elevenlabs:<id>`), as `(id, name, provider kind, description)`.
pub async fn remote_voices(
    core: &crate::Core,
    user_id: &str,
) -> crate::CoreResult<Vec<cardsmith_model::tts::VoiceOut>> {
    let mut voices: Vec<cardsmith_model::tts::VoiceOut> = Vec::new();
    for row in cascade::candidates(core, user_id, Capability::Speech, None).await? {
        let ep = match endpoint::for_row(core, &row).await {
            Ok(ep) => ep,
            Err(why) => {
                tracing::warn!(provider_id = %row.id, %why, "voices not listed");
                continue;
            }
        };
        match wire::voices(&ep).await {
            Ok(list) => {
                for (voice, name, description) in list {
                    let id = format!("{}:{voice}", row.provider);
                    if !voices.iter().any(|v| v.id == id) {
                        voices.push(cardsmith_model::tts::VoiceOut {
                            id,
                            name,
                            provider: row.provider.clone(),
                            description,
                        });
                    }
                }
            }
            Err(e) => tracing::warn!(provider_id = %row.id, error = %e, "voices not listed"),
        }
    }
    Ok(voices)
}

/// What `units` calls of `capability` would cost on the first usable provider of
/// `user_id`'s cascade, in dollars; 0 when the offline path would serve them. A unit is one
/// picture, one character of speech, or one text call of up to
/// [`ESTIMATE_TEXT_TOKENS`] tokens in and as many out.
pub async fn estimate_usd(
    core: &crate::Core,
    user_id: &str,
    capability: Capability,
    units: u32,
) -> crate::CoreResult<f64> {
    let Some(row) = cascade::candidates(core, user_id, capability, None)
        .await?
        .into_iter()
        .next()
    else {
        return Ok(0.0);
    };
    let Some(price) = prices::price_for(&row.provider, &row.model, capability) else {
        return Ok(0.0);
    };
    let units_u64 = u64::from(units);
    let usage = match capability {
        Capability::Text => wire::Usage {
            input_tokens: ESTIMATE_TEXT_TOKENS * units_u64,
            output_tokens: ESTIMATE_TEXT_TOKENS * units_u64,
            ..Default::default()
        },
        Capability::Image => wire::Usage {
            images: units,
            ..Default::default()
        },
        Capability::Speech => wire::Usage {
            characters: units_u64,
            ..Default::default()
        },
    };
    Ok(price.cost(&usage) as f64 / 1_000_000.0)
}

/// Tokens each way a text unit of [`estimate_usd`] assumes (an icon grid or a palette
/// suggestion is well under it).
pub const ESTIMATE_TEXT_TOKENS: u64 = 1000;
