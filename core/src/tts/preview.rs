//! `POST /tts/preview`: a short text spoken once so a person can hear a voice before using it.
//!
//! Previews are rate-limited per user (and per client address), and cached on disk by a
//! hash of (voice, text, instructions) under `DATA_DIR/cache/tts/`, so pressing Preview again
//! costs no engine run and no paid call. The cache is bounded by count and size; the least
//! recently used previews go first (a hit refreshes the file's modification time).

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use cardsmith_model::tts::TtsPreviewInput;
use sha2::{Digest, Sha256};

use super::speak::{content_type_of, resolve, speak};
use crate::auth::Actor;
use crate::{Core, CoreResult};

/// Speech requests (previews and spoken tracks) a minute for one user from one address.
pub const SPEECH_PER_USER: u32 = 20;
/// Speech requests a minute from one client address, whoever asks.
pub const SPEECH_PER_ADDRESS: u32 = 60;
/// The cache keeps at most this many previews…
const CACHE_MAX_FILES: usize = 500;
/// …of at most this many bytes together (a 500-character preview is ~1 MB of 16 kHz WAV).
const CACHE_MAX_BYTES: u64 = 128 * 1024 * 1024;

/// Audio to send back, with its media type.
#[derive(Debug, Clone)]
pub struct Preview {
    pub audio: Vec<u8>,
    pub content_type: &'static str,
}

/// Speaks `input.text` in `input.voice`, from the cache when it was spoken before. 422 for
/// bad input or a voice the caller cannot use, 409 when its engine or provider is missing,
/// 429 past the rate limit.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), voice = %input.voice))]
pub async fn preview(core: &Core, actor: &Actor, input: TtsPreviewInput) -> CoreResult<Preview> {
    input.validate()?;
    admit(core, actor)?;
    let voice = resolve(core, actor.id(), &input.voice).await?;
    let instructions = input
        .instructions
        .as_deref()
        .map(str::trim)
        .filter(|i| !i.is_empty());
    let dir = core.settings.data_dir.join("cache").join("tts");
    let key = cache_key(&input.voice, input.text.trim(), instructions);
    if let Some(audio) = cached(&dir, &key).await {
        return Ok(Preview {
            content_type: content_type_of(&audio),
            audio,
        });
    }
    let speech = speak(core, actor.id(), &voice, &input.text, instructions).await?;
    if let Err(e) = remember(&dir, &key, &speech.audio).await {
        tracing::warn!(error = %e, "a speech preview could not be cached");
    }
    Ok(Preview {
        content_type: content_type_of(&speech.audio),
        audio: speech.audio,
    })
}

/// Admits one speech request of `actor`, or answers 429 with `Retry-After`.
pub(crate) fn admit(core: &Core, actor: &Actor) -> CoreResult<()> {
    core.throttles.speech.admit_actor(actor)
}

/// Hex SHA-256 of the parts, each preceded by its length so no two combinations collide.
fn cache_key(voice: &str, text: &str, instructions: Option<&str>) -> String {
    let mut digest = Sha256::new();
    for part in [voice, text, instructions.unwrap_or("")] {
        digest.update((part.len() as u64).to_le_bytes());
        digest.update(part.as_bytes());
    }
    hex::encode(digest.finalize())
}

fn entry(dir: &Path, key: &str) -> PathBuf {
    dir.join(format!("{key}.audio"))
}

/// The cached audio for `key`, marking it recently used.
async fn cached(dir: &Path, key: &str) -> Option<Vec<u8>> {
    let path = entry(dir, key);
    let audio = tokio::fs::read(&path).await.ok()?;
    let _ = tokio::task::spawn_blocking(move || {
        std::fs::File::options()
            .append(true)
            .open(&path)
            .and_then(|f| f.set_modified(SystemTime::now()))
    })
    .await;
    Some(audio)
}

/// Stores `audio` under `key` (written aside, then renamed, so a reader never sees half a
/// file), then trims the cache to its bounds.
async fn remember(dir: &Path, key: &str, audio: &[u8]) -> std::io::Result<()> {
    tokio::fs::create_dir_all(dir).await?;
    let tmp = dir.join(format!(".{}.tmp", crate::new_id()));
    tokio::fs::write(&tmp, audio).await?;
    if let Err(e) = tokio::fs::rename(&tmp, entry(dir, key)).await {
        let _ = tokio::fs::remove_file(&tmp).await;
        return Err(e);
    }
    let dir = dir.to_owned();
    tokio::task::spawn_blocking(move || trim(&dir, CACHE_MAX_FILES, CACHE_MAX_BYTES))
        .await
        .map_err(std::io::Error::other)?
}

/// Deletes the least recently used entries until at most `max_files` of at most `max_bytes`
/// together are left.
fn trim(dir: &Path, max_files: usize, max_bytes: u64) -> std::io::Result<()> {
    let mut entries = Vec::new();
    for item in std::fs::read_dir(dir)? {
        let item = item?;
        let meta = item.metadata()?;
        if meta.is_file() && item.file_name().to_string_lossy().ends_with(".audio") {
            let used = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
            entries.push((used, meta.len(), item.path()));
        }
    }
    let mut total: u64 = entries.iter().map(|(_, len, _)| len).sum();
    let mut count = entries.len();
    entries.sort_by_key(|(used, _, _)| *used);
    for (_, len, path) in entries {
        if count <= max_files && total <= max_bytes {
            break;
        }
        std::fs::remove_file(&path)?;
        count -= 1;
        total = total.saturating_sub(len);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_by_every_part() {
        let a = cache_key("flite:slt", "Hello", None);
        assert_eq!(a.len(), 64);
        assert_eq!(a, cache_key("flite:slt", "Hello", None));
        assert_ne!(a, cache_key("flite:rms", "Hello", None));
        assert_ne!(a, cache_key("flite:slt", "Hello!", None));
        assert_ne!(
            cache_key("openai:coral", "Hi", Some("calm")),
            cache_key("openai:coral", "Hi", None)
        );
        assert_ne!(cache_key("a", "b\0c", None), cache_key("a\0b", "c", None));
    }

    #[tokio::test]
    async fn the_cache_keeps_recently_used_entries_within_its_bounds() {
        let dir = tempfile::tempdir().unwrap();
        for (i, key) in ["a", "b", "c"].iter().enumerate() {
            remember(dir.path(), key, &[0u8; 10]).await.unwrap();
            // distinct modification times, oldest first
            let t = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000 + i as u64);
            std::fs::File::options()
                .append(true)
                .open(entry(dir.path(), key))
                .unwrap()
                .set_modified(t)
                .unwrap();
        }
        // a hit makes "a" the most recently used
        assert_eq!(cached(dir.path(), "a").await.unwrap(), vec![0u8; 10]);
        trim(dir.path(), 2, 1_000).unwrap();
        assert!(cached(dir.path(), "b").await.is_none(), "the oldest went");
        assert!(cached(dir.path(), "a").await.is_some());
        assert!(cached(dir.path(), "c").await.is_some());
        trim(dir.path(), 10, 15).unwrap();
        let left = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(left, 1, "the size bound holds too");
    }
}
