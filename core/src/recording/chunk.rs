//! Receiving one chunk of a take: the request's checks (sequence number, empty or oversized
//! chunk), the ordering rules, the write and the live encoder's feed, answered as one
//! [`ChunkOutcome`] so the REST door only shapes it.

use std::path::Path;

use cardsmith_model::recording::RecordChunkOutputBody;
use tokio::io::{AsyncSeekExt, AsyncWriteExt};

use super::{dir_of, live, locked_session, session};
use crate::auth::Actor;
use crate::media::audio::probe;
use crate::{time, Core, CoreError, CoreResult};

/// Largest single chunk accepted.
pub const MAX_CHUNK_BYTES: usize = 16 * 1024 * 1024;

/// What became of a chunk that was well-formed and reached the caller's session.
#[derive(Debug)]
pub enum ChunkOutcome {
    /// Stored now, or already stored before (a retry after a lost answer).
    Stored(RecordChunkOutputBody),
    /// A numbered chunk ahead of the one expected: nothing stored; the client sends
    /// `next_seq` first. `detail` says so in words.
    OutOfOrder { next_seq: i64, detail: String },
}

/// Stores one chunk. `seq` is the query parameter as sent: absent, the chunk is appended as
/// the next one; present, it must be a whole number from 0 (a re-sent chunk is recognised and
/// not stored twice, one ahead of the next expected is [`ChunkOutcome::OutOfOrder`]).
pub async fn chunk(
    core: &Core,
    actor: &Actor,
    id: &str,
    seq: Option<&str>,
    content_type: &str,
    bytes: &[u8],
) -> CoreResult<ChunkOutcome> {
    let seq = seq.map(parse_seq).transpose()?;
    check_size(bytes.len())?;
    let slot = locked_session(core, actor, id).await?;
    let mut live = slot.lock().await;
    // read again under the lock: another chunk of this take may just have been stored
    let s = session(core, actor, id).await?;
    let seq = seq.unwrap_or(s.next_seq);
    if seq < s.next_seq {
        return Ok(ChunkOutcome::Stored(RecordChunkOutputBody {
            next_seq: s.next_seq,
            bytes: s.bytes,
        }));
    }
    if seq > s.next_seq {
        return Ok(ChunkOutcome::OutOfOrder {
            next_seq: s.next_seq,
            detail: format!(
                "chunk {seq} arrived before chunk {}; send that one first",
                s.next_seq
            ),
        });
    }
    if seq == 0 && !probe::starts_like_audio(bytes) {
        return Err(CoreError::UnsupportedMedia(
            "the recording does not start like WebM, Ogg, MP4, WAV, FLAC or MP3 audio".into(),
        ));
    }
    if s.bytes as u64 + bytes.len() as u64 > core.settings.max_audio_bytes {
        return Err(CoreError::TooLarge(format!(
            "the recording is larger than the upload limit of {} bytes",
            core.settings.max_audio_bytes
        )));
    }
    let dir = dir_of(core, id);
    write_at(&dir.join("take"), s.bytes as u64, bytes).await?;
    let next = s.next_seq + 1;
    let total = s.bytes + bytes.len() as i64;
    sqlx::query("UPDATE recording_sessions SET next_seq = $1, bytes = $2, content_type = CASE WHEN content_type = '' THEN $3 ELSE content_type END, updated_at = $4 WHERE id = $5")
        .bind(next)
        .bind(total)
        .bind(content_type)
        .bind(time::now_str())
        .bind(id)
        .execute(core.db.pool())
        .await?;
    live.touched();
    if seq == 0 {
        live.encoder = live::start(&dir).ok();
    }
    live::feed(&mut live, bytes).await;
    Ok(ChunkOutcome::Stored(RecordChunkOutputBody {
        next_seq: next,
        bytes: total,
    }))
}

/// The `seq` parameter: a whole number from 0.
fn parse_seq(raw: &str) -> CoreResult<i64> {
    let seq: i64 = raw.parse().map_err(|_| {
        CoreError::invalid(
            "seq",
            "must be a whole number: the chunk's sequence number, from 0",
        )
    })?;
    if seq < 0 {
        return Err(CoreError::invalid("seq", "must be 0 or more"));
    }
    Ok(seq)
}

/// A chunk holds something and at most [`MAX_CHUNK_BYTES`].
fn check_size(len: usize) -> CoreResult<()> {
    if len == 0 {
        return Err(CoreError::invalid("body", "the chunk is empty"));
    }
    if len > MAX_CHUNK_BYTES {
        return Err(CoreError::TooLarge(format!(
            "a chunk may hold at most {MAX_CHUNK_BYTES} bytes"
        )));
    }
    Ok(())
}

/// Writes `bytes` at `offset` of the take, cutting off whatever lies beyond it first: bytes past
/// the committed length are a chunk whose answer never went out (a crash, a failed write), and
/// the client sends that chunk again. Synced before returning.
async fn write_at(path: &Path, offset: u64, bytes: &[u8]) -> CoreResult<()> {
    let io = |e| CoreError::internal("writing the take", e);
    let mut file = tokio::fs::OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(false)
        .open(path)
        .await
        .map_err(io)?;
    file.set_len(offset).await.map_err(io)?;
    file.seek(std::io::SeekFrom::Start(offset))
        .await
        .map_err(io)?;
    file.write_all(bytes).await.map_err(io)?;
    file.sync_data().await.map_err(io)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field_of(e: CoreError) -> String {
        e.to_problem().errors[0].pointer.clone()
    }

    #[test]
    fn seq_is_a_whole_number_from_zero() {
        assert_eq!(parse_seq("0").unwrap(), 0);
        assert_eq!(parse_seq("41").unwrap(), 41);
        assert_eq!(field_of(parse_seq("first").unwrap_err()), "/seq");
        assert_eq!(field_of(parse_seq("1.5").unwrap_err()), "/seq");
        let negative = parse_seq("-1").unwrap_err();
        assert_eq!(negative.to_problem().errors[0].detail, "must be 0 or more");
    }

    #[test]
    fn a_chunk_is_neither_empty_nor_too_large() {
        assert!(check_size(1).is_ok());
        assert!(check_size(MAX_CHUNK_BYTES).is_ok());
        assert_eq!(field_of(check_size(0).unwrap_err()), "/body");
        assert!(matches!(
            check_size(MAX_CHUNK_BYTES + 1),
            Err(CoreError::TooLarge(_))
        ));
    }
}
