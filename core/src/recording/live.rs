//! Live encoders: while a take arrives, its bytes are piped into one ffmpeg per session that
//! writes the lossless FLAC and the player's M4A as it goes, so finishing a long take only waits
//! for its last seconds.
//!
//! An encoder is a convenience, never the truth: the stored chunks are. An encoder runs in the
//! instance that received the take's first chunk; chunks another instance counted meanwhile are
//! read back from the store and fed before the next one ([`catch_up`]). An encoder that fails,
//! or sits idle for `recording_idle` (a phone put away mid-story), is simply stopped, and the
//! take is converted from its stored chunks when it is finished. That bounds what a user can
//! keep running: at most `max_open_recordings` sessions, each with at most one encoder per
//! instance, and none of them idle for long. Its outputs live in a scratch folder of
//! `DATA_DIR/tmp/` that goes with it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::AsyncWriteExt;
use tokio::process::{Child, ChildStdin};

use super::take;
use crate::media::audio::{ffmpeg, guarded_input};
use crate::{Core, CoreError, CoreResult};

/// The sessions recording in this process, one lock per session so chunks of one take are
/// written in order. Only sessions that exist in the database get an entry.
#[derive(Clone, Default)]
pub struct Recorders {
    sessions: Arc<Mutex<HashMap<String, SessionSlot>>>,
}

/// One session's lock, holding its live encoder while there is one.
pub(super) type SessionSlot = Arc<tokio::sync::Mutex<Slot>>;

#[derive(Default)]
pub(super) struct Slot {
    pub(super) encoder: Option<LiveEncoder>,
    last_chunk: Option<Instant>,
}

impl Slot {
    /// Notes that a chunk was just stored (the idle clock restarts).
    pub(super) fn touched(&mut self) {
        self.last_chunk = Some(Instant::now());
    }
}

impl Recorders {
    pub(super) fn slot(&self, id: &str) -> SessionSlot {
        self.sessions
            .lock()
            .expect("recorders")
            .entry(id.to_owned())
            .or_default()
            .clone()
    }

    pub(super) fn forget(&self, id: &str) {
        self.sessions.lock().expect("recorders").remove(id);
    }

    /// How many sessions this process keeps a lock for (only existing sessions get one).
    pub fn tracked_sessions(&self) -> usize {
        self.sessions.lock().expect("recorders").len()
    }

    /// How many live encoders run now (what `stop_idle` bounds; tests and metrics read it).
    pub fn live_encoders(&self) -> usize {
        self.sessions
            .lock()
            .expect("recorders")
            .values()
            .filter(|slot| slot.try_lock().map_or(true, |s| s.encoder.is_some()))
            .count()
    }

    /// Stops the encoders of sessions that received nothing for `idle` (their takes stay on
    /// disk, so the sessions go on), and forgets idle entries nobody is using. Returns how many
    /// encoders were stopped.
    pub fn stop_idle(&self, idle: Duration) -> usize {
        let mut sessions = self.sessions.lock().expect("recorders");
        let mut stopped = Vec::new();
        sessions.retain(|id, slot| {
            // a slot in use (a chunk being written) is not idle
            let Ok(mut state) = slot.try_lock() else {
                return true;
            };
            let quiet = state.last_chunk.is_none_or(|t| t.elapsed() >= idle);
            if quiet {
                if let Some(encoder) = state.encoder.take() {
                    tracing::info!(session_id = %id, "stopped an idle live encoder");
                    stopped.push(encoder);
                }
            }
            drop(state);
            !quiet || Arc::strong_count(slot) > 1
        });
        drop(sessions);
        // their scratch folders are deleted here, after the lock every chunk needs is free
        stopped.len()
    }
}

pub(super) struct LiveEncoder {
    child: Child,
    stdin: Option<ChildStdin>,
    /// The number of the next chunk it needs.
    fed: i64,
    scratch: Scratch,
}

/// A live encoder's folder under `tmp/`, deleted with it.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What a finished live encoder wrote; the files go when this is dropped (after they were
/// adopted into the store).
pub(super) struct LiveOutput {
    pub(super) flac: PathBuf,
    pub(super) m4a: PathBuf,
    _scratch: Scratch,
}

/// Starts an encoder for session `id`, expecting chunk 0. It reads our pipe only, with the
/// accepted demuxers only (the first chunk was also checked before it got here).
pub(super) fn start(data_dir: &Path, id: &str) -> std::io::Result<LiveEncoder> {
    let scratch = Scratch(
        data_dir
            .join("tmp")
            .join(format!("live-{id}-{}", crate::new_id())),
    );
    std::fs::create_dir_all(&scratch.0)?;
    let mut child = tokio::process::Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-y"])
        .args(guarded_input("pipe", "pipe:0"))
        .args(["-vn", "-map_metadata", "-1"])
        .args(["-map", "0:a", "-c:a", "flac", "-f", "flac"])
        .arg(scratch.0.join("live.flac"))
        .args(["-map", "0:a"])
        .args(ffmpeg::player_output_args())
        .arg(scratch.0.join("live.m4a"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()?;
    let stdin = child.stdin.take();
    Ok(LiveEncoder {
        child,
        stdin,
        fed: 0,
        scratch,
    })
}

/// Passes chunk `seq` to the live encoder (one that needs an earlier chunk first was caught up
/// by [`catch_up`], or is dropped here); if it cannot take the bytes it is dropped (and
/// killed), and finishing converts the stored chunks instead.
pub(super) async fn feed(slot: &mut Slot, seq: i64, bytes: &[u8]) {
    let Some(encoder) = slot.encoder.as_mut() else {
        return;
    };
    let ok = encoder.fed == seq
        && match encoder.stdin.as_mut() {
            Some(stdin) => stdin.write_all(bytes).await.is_ok(),
            None => false,
        };
    if ok {
        encoder.fed += 1;
    } else {
        slot.encoder = None;
    }
}

/// Feeds the live encoder the chunks before `to` that other instances counted, read back from
/// the store; an encoder that cannot be brought up to date is dropped.
pub(super) async fn catch_up(core: &Core, id: &str, slot: &mut Slot, to: i64) {
    let Some(from) = slot.encoder.as_ref().map(|e| e.fed) else {
        return;
    };
    if from >= to {
        return;
    }
    let names = match take::chunk_names(core, id, from, to).await {
        Ok(names) => names,
        Err(e) => {
            tracing::warn!(session_id = %id, error = %e, "could not catch the live encoder up");
            slot.encoder = None;
            return;
        }
    };
    for (seq, name) in (from..).zip(names) {
        match core.media().read_named(&name).await {
            Ok(bytes) => feed(slot, seq, &bytes).await,
            Err(e) => {
                tracing::warn!(session_id = %id, error = %e, "could not catch the live encoder up");
                slot.encoder = None;
            }
        }
        if slot.encoder.is_none() {
            return;
        }
    }
}

/// Closes the encoder's input and waits for it: the FLAC and M4A it wrote, which must hold
/// `chunks` chunks.
pub(super) async fn finish(mut encoder: LiveEncoder, chunks: i64) -> CoreResult<LiveOutput> {
    if encoder.fed != chunks {
        return Err(CoreError::Internal(format!(
            "the live encoder has {} of {chunks} chunks",
            encoder.fed
        )));
    }
    drop(encoder.stdin.take());
    // the tail takes seconds; a stuck encoder must not hold the finish forever
    let limit = crate::media::audio::time_limit(None);
    let status = tokio::time::timeout(limit, encoder.child.wait())
        .await
        .map_err(|_| CoreError::Internal("the live encoder did not finish in time".into()))?
        .map_err(|e| CoreError::internal("waiting for the live encoder", e))?;
    if !status.success() {
        return Err(CoreError::Internal(format!(
            "the live encoder failed: {status}"
        )));
    }
    let dir = encoder.scratch.0.clone();
    Ok(LiveOutput {
        flac: dir.join("live.flac"),
        m4a: dir.join("live.m4a"),
        _scratch: encoder.scratch,
    })
}
