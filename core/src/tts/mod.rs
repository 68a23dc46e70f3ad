//! Offline text-to-speech: local engines run as separate processes, one per synthesis.
//!
//! Voices are named `engine:voice`, e.g. `espeak:en-us+f3` (espeak-ng: a language, optionally
//! `+variant`) or `flite:slt` (one of flite's built-in voices). Which engines exist is
//! detected once per process ([`engines`]) by asking each binary for its voices; a voice is
//! accepted only when it is one of them, so a request can never choose a file, a path or an
//! option of the engine.
//!
//! Running an engine is bounded work with nothing of the caller's on the command line: the
//! text goes through stdin (espeak-ng) or a file we write (flite), never as an argument, so
//! text starting with `-` is spoken, not parsed; no shell is involved; the text length is
//! capped ([`MAX_TEXT_CHARS`]); each run is killed past a time limit that grows with the
//! text; the engine's stderr is logged, never shown to users.
//!
//! espeak-ng (GPL-3) and flite (BSD-style) are separate programs we call, not libraries we
//! link, which keeps their licences out of our binary.
//!
//! Above the engines: [`speak`] (the voices a user may choose, remote ones through `ai`, and
//! speaking in any of them), [`preview`] (rate-limited, cached previews) and [`track`] (a
//! card track spoken from text, through the upload pipeline).

mod engine;
pub mod preview;
pub mod speak;
pub mod track;
mod voice;

use std::path::{Path, PathBuf};
use std::time::Duration;

pub use engine::{detect, engines, Engines};
pub use preview::{preview, Preview};
pub use speak::{content_type_of, resolve, speak, voices, ResolvedVoice, Speech};
pub use track::{add_speech, add_spoken_track, Spoken};
pub use voice::{Voice, VoiceId};

use crate::{CoreError, CoreResult};

/// Longest text one synthesis accepts, in characters: a few minutes of speech, enough for a
/// chapter of a bedtime story, small enough that a request cannot keep an engine busy long.
pub const MAX_TEXT_CHARS: usize = cardsmith_model::tts::MAX_TEXT_CHARS;
/// Time limit of one run for an empty text; each character adds [`TIME_PER_CHAR`]. Both
/// engines speak far faster than real time (espeak-ng ~200x, flite ~50x on one core), so
/// reaching the limit means the engine hung.
const BASE_TIMEOUT: Duration = Duration::from_secs(10);
const TIME_PER_CHAR: Duration = Duration::from_millis(10);

/// The voice used when the caller names none: flite's `slt` when flite is installed (clearer
/// than espeak-ng), else espeak-ng's American English with a female variant.
pub async fn default_voice() -> CoreResult<String> {
    let engines = engines().await;
    ["flite:slt", "espeak:en-us+f3"]
        .into_iter()
        .find(|id| engines.knows(id))
        .map(str::to_owned)
        .ok_or_else(no_engine)
}

/// The voice a collection speaking `language` starts with: the best of
/// [`cardsmith_model::collection::language_voices`] this server has, else [`default_voice`].
pub async fn voice_for_language(language: &str) -> CoreResult<String> {
    pick_voice(cardsmith_model::collection::language_voices(language)).await
}

/// The first of `preferred` that this server can speak, else [`default_voice`].
pub async fn pick_voice(preferred: &[&str]) -> CoreResult<String> {
    let engines = engines().await;
    match preferred.iter().find(|id| engines.knows(id)) {
        Some(id) => Ok((*id).to_owned()),
        None => default_voice().await,
    }
}

pub(crate) fn no_engine() -> CoreError {
    CoreError::Conflict(
        "no offline voice is installed on this server (install espeak-ng or flite)".into(),
    )
}

/// A WAV file an engine wrote. It deletes itself when dropped, unless [`Self::keep`] took it.
#[derive(Debug)]
pub struct SpokenWav {
    path: PathBuf,
}

impl SpokenWav {
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file's bytes (a RIFF/WAVE file, 16-bit mono PCM).
    pub async fn read(&self) -> CoreResult<Vec<u8>> {
        tokio::fs::read(&self.path)
            .await
            .map_err(|e| CoreError::internal("reading synthesized speech", e))
    }

    /// Hands the file over to the caller, who now deletes it.
    pub fn keep(mut self) -> PathBuf {
        std::mem::take(&mut self.path)
    }
}

impl Drop for SpokenWav {
    fn drop(&mut self) {
        if !self.path.as_os_str().is_empty() {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Speaks `text` with `voice` (an id like `espeak:en-us+f3`) into a new WAV file in `dir`
/// (created if missing; pass `DATA_DIR/tmp` so the result can be renamed into the media
/// store). 422 for an empty or too long text or an unknown voice; 409 when the voice's
/// engine is not installed; 500 (logged with the engine's stderr) when the engine fails.
pub async fn synthesize(dir: &Path, text: &str, voice: &str) -> CoreResult<SpokenWav> {
    let text = clean_text(text)?;
    let voice = VoiceId::parse(voice)?;
    let engines = engines().await;
    engines.check(&voice)?;
    tokio::fs::create_dir_all(dir)
        .await
        .map_err(|e| CoreError::internal("creating the speech directory", e))?;
    let wav = SpokenWav {
        path: dir.join(format!("{}.tts.wav", crate::new_id())),
    };
    let limit = BASE_TIMEOUT + TIME_PER_CHAR * text.chars().count() as u32;
    engine::run(&voice, &text, &wav.path, limit).await?;
    check_wav(&wav.path).await?;
    Ok(wav)
}

/// The text as it is handed to an engine: trimmed, control characters (NUL included) turned
/// into spaces, at most [`MAX_TEXT_CHARS`] characters, not empty.
pub(crate) fn clean_text(text: &str) -> CoreResult<String> {
    let count = text.chars().count();
    if count > MAX_TEXT_CHARS {
        return Err(CoreError::invalid(
            "text",
            format!("may be at most {MAX_TEXT_CHARS} characters (it has {count})"),
        ));
    }
    let cleaned: String = text
        .chars()
        .map(|c| if c.is_control() && c != '\n' { ' ' } else { c })
        .collect();
    let cleaned = cleaned.trim();
    if cleaned.is_empty() {
        return Err(CoreError::invalid("text", "must not be empty"));
    }
    Ok(cleaned.to_owned())
}

/// An engine that exits 0 without writing audio (or writing something else) has failed too.
async fn check_wav(path: &Path) -> CoreResult<()> {
    let mut head = [0u8; 12];
    let ok = match tokio::fs::File::open(path).await {
        Ok(mut file) => {
            use tokio::io::AsyncReadExt;
            file.read_exact(&mut head).await.is_ok()
                && &head[..4] == b"RIFF"
                && &head[8..12] == b"WAVE"
        }
        Err(_) => false,
    };
    if ok {
        Ok(())
    } else {
        tracing::warn!(path = %path.display(), "speech engine wrote no WAV file");
        Err(CoreError::Internal(
            "speech synthesis produced no audio".into(),
        ))
    }
}

#[cfg(test)]
mod tests;
