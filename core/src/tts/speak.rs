//! Speech for one user: the voices they may choose (this server's offline engines, then the
//! remote voices of speech providers in their cascade) and speaking a text in one of them.
//!
//! A voice id is `provider:voice`. `espeak:` and `flite:` voices run here, with no network and
//! no cost; any other prefix is a remote provider kind (`openai:coral`), accepted only when
//! [`ai::remote_voices`] lists that exact id for the user, and spoken through
//! [`ai::synthesize_speech`], which applies the user's cascade, budgets and spend records.

use cardsmith_model::tts::{provider_of, VoiceOut};

use super::{clean_text, engines, synthesize, VoiceId};
use crate::ai::{self, SpeechRequest};
use crate::{Core, CoreError, CoreResult};

/// The voices `user_id` may use: every listed offline voice, then their remote ones.
pub async fn voices(core: &Core, user_id: &str) -> CoreResult<Vec<VoiceOut>> {
    let mut out: Vec<VoiceOut> = engines()
        .await
        .voices()
        .into_iter()
        .map(VoiceOut::from)
        .collect();
    out.extend(ai::remote_voices(core, user_id).await?);
    Ok(out)
}

/// A voice id checked against what the user may use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResolvedVoice {
    /// A voice of an installed engine.
    Offline(VoiceId),
    /// A remote provider's voice: the provider kind and its own voice name.
    Remote { kind: String, voice: String },
}

/// 422 (naming `voice`) unless `voice` is one `user_id` may use; 409 when it names an
/// offline engine this server does not have.
pub async fn resolve(core: &Core, user_id: &str, voice: &str) -> CoreResult<ResolvedVoice> {
    match provider_of(voice) {
        "espeak" | "flite" => {
            let parsed = VoiceId::parse(voice)?;
            engines().await.check(&parsed)?;
            Ok(ResolvedVoice::Offline(parsed))
        }
        kind => {
            let listed = ai::remote_voices(core, user_id)
                .await?
                .into_iter()
                .any(|v| v.id == voice);
            match voice.split_once(':') {
                Some((_, name)) if listed && !name.is_empty() => Ok(ResolvedVoice::Remote {
                    kind: kind.to_owned(),
                    voice: name.to_owned(),
                }),
                _ => Err(CoreError::invalid(
                    "voice",
                    "is not a voice you can use (GET /tts/voices lists them)",
                )),
            }
        }
    }
}

/// Spoken audio and who spoke it.
#[derive(Debug, Clone)]
pub struct Speech {
    pub audio: Vec<u8>,
    /// `flite`, `espeak`, or the remote provider kind that answered (`openai`, …): what
    /// a track records as `tts_provider`.
    pub provider: String,
}

/// Speaks `text` (at most [`super::MAX_TEXT_CHARS`]) in `voice` for `user_id`.
/// `instructions` reach remote providers that follow them; offline engines have none.
pub async fn speak(
    core: &Core,
    user_id: &str,
    voice: &ResolvedVoice,
    text: &str,
    instructions: Option<&str>,
) -> CoreResult<Speech> {
    let text = clean_text(text)?;
    match voice {
        ResolvedVoice::Offline(id) => {
            let wav = synthesize(&core.settings.data_dir.join("tmp"), &text, &id.id()).await?;
            Ok(Speech {
                audio: wav.read().await?,
                provider: id.engine.prefix().to_owned(),
            })
        }
        ResolvedVoice::Remote { kind, voice } => {
            let request = SpeechRequest {
                text,
                voice: voice.clone(),
                instructions: instructions.map(str::to_owned),
            };
            let made = ai::synthesize_speech(core, user_id, kind, &request).await?;
            if made.value.is_empty() {
                tracing::warn!(kind, "speech provider answered no audio");
                return Err(CoreError::Internal(
                    "the speech provider sent no audio".into(),
                ));
            }
            Ok(Speech {
                audio: made.value,
                provider: made.provider,
            })
        }
    }
}

/// The media type of audio bytes, read from their first bytes (what a provider says is not
/// trusted): WAV, MP3, Ogg, FLAC, AAC in MP4; anything else is sent as bytes.
pub fn content_type_of(audio: &[u8]) -> &'static str {
    match audio {
        [b'R', b'I', b'F', b'F', _, _, _, _, b'W', b'A', b'V', b'E', ..] => "audio/wav",
        [b'I', b'D', b'3', ..] => "audio/mpeg",
        [0xFF, b, ..] if b & 0xE0 == 0xE0 => "audio/mpeg",
        [b'O', b'g', b'g', b'S', ..] => "audio/ogg",
        [b'f', b'L', b'a', b'C', ..] => "audio/flac",
        [_, _, _, _, b'f', b't', b'y', b'p', ..] => "audio/mp4",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::content_type_of;

    #[test]
    fn audio_types_come_from_the_bytes() {
        assert_eq!(content_type_of(b"RIFF\0\0\0\0WAVEfmt "), "audio/wav");
        assert_eq!(content_type_of(b"ID3\x04"), "audio/mpeg");
        assert_eq!(content_type_of(&[0xFF, 0xFB, 0x90]), "audio/mpeg");
        assert_eq!(content_type_of(b"OggS\0"), "audio/ogg");
        assert_eq!(content_type_of(b"fLaC"), "audio/flac");
        assert_eq!(content_type_of(b"<html>"), "application/octet-stream");
    }
}
