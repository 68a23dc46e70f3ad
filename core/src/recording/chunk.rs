//! Receiving one chunk of a take: the request's checks (sequence number, empty or oversized
//! chunk), the ordering rules, the store and the live encoder's feed, answered as one
//! [`ChunkOutcome`] so the REST door only shapes it.

use cardsmith_model::recording::RecordChunkOutputBody;

use super::take::{self, Counted};
use super::{live, locked_session, session};
use crate::auth::Actor;
use crate::media::audio::probe;
use crate::{Core, CoreError, CoreResult};

/// Largest single chunk accepted.
pub const MAX_CHUNK_BYTES: usize = 16 * 1024 * 1024;

/// How often an unnumbered chunk is tried again under the next number when other instances
/// keep counting chunks of the same take first.
const APPEND_ATTEMPTS: usize = 3;

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
    let asked = seq.map(parse_seq).transpose()?;
    check_size(bytes.len())?;
    let slot = locked_session(core, actor, id).await?;
    let mut live = slot.lock().await;
    for _ in 0..APPEND_ATTEMPTS {
        // read again under the lock, and after a lost race: the chunk may be stored already
        let s = session(core, actor, id).await?;
        let seq = asked.unwrap_or(s.next_seq);
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
        let Counted::Yes {
            next_seq,
            bytes: total,
        } = take::store_chunk(core, id, seq, s.bytes, content_type, bytes).await?
        else {
            continue;
        };
        live.touched();
        if seq == 0 {
            live.encoder = live::start(&core.settings.data_dir, id).ok();
        }
        live::catch_up(core, id, &mut live, seq).await;
        live::feed(&mut live, seq, bytes).await;
        return Ok(ChunkOutcome::Stored(RecordChunkOutputBody {
            next_seq,
            bytes: total,
        }));
    }
    Err(CoreError::Conflict(
        "other chunks of this recording kept arriving at the same time; send this one again".into(),
    ))
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
