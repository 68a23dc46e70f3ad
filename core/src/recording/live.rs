//! Live encoders: while a take arrives, its bytes are piped into one ffmpeg per session that
//! writes the lossless FLAC and the player's M4A as it goes, so finishing a long take only waits
//! for its last seconds.
//!
//! An encoder is a convenience, never the truth: the take on disk is. So an encoder that fails,
//! or sits idle for `recording_idle` (a phone put away mid-story), is simply stopped, and the
//! take is converted from its saved chunks when it is finished. That bounds what a user can
//! keep running: at most `max_open_recordings` sessions, each with at most one encoder, and
//! none of them idle for long.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::AsyncWriteExt;
use tokio::process::{Child, ChildStdin};

use crate::media::audio::{ffmpeg, guarded_input};
use crate::{CoreError, CoreResult};

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
        let mut stopped = 0;
        sessions.retain(|id, slot| {
            // a slot in use (a chunk being written) is not idle
            let Ok(mut state) = slot.try_lock() else {
                return true;
            };
            let quiet = state.last_chunk.is_none_or(|t| t.elapsed() >= idle);
            if quiet && state.encoder.take().is_some() {
                tracing::info!(session_id = %id, "stopped an idle live encoder");
                stopped += 1;
            }
            drop(state);
            !quiet || Arc::strong_count(slot) > 1
        });
        stopped
    }
}

pub(super) struct LiveEncoder {
    child: Child,
    stdin: Option<ChildStdin>,
}

/// Starts an encoder writing `live.flac` and `live.m4a` into `dir`. It reads our pipe only,
/// with the accepted demuxers only (the first chunk was also checked before it got here).
pub(super) fn start(dir: &Path) -> std::io::Result<LiveEncoder> {
    let mut child = tokio::process::Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-y"])
        .args(guarded_input("pipe", "pipe:0"))
        .args(["-vn", "-map_metadata", "-1"])
        .args(["-map", "0:a", "-c:a", "flac", "-f", "flac"])
        .arg(dir.join("live.flac"))
        .args(["-map", "0:a"])
        .args(ffmpeg::player_output_args())
        .arg(dir.join("live.m4a"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()?;
    let stdin = child.stdin.take();
    Ok(LiveEncoder { child, stdin })
}

/// Passes bytes to the live encoder; if it cannot take them it is dropped (and killed), and
/// finishing falls back to converting the file.
pub(super) async fn feed(slot: &mut Slot, bytes: &[u8]) {
    let ok = match slot.encoder.as_mut().and_then(|l| l.stdin.as_mut()) {
        Some(stdin) => stdin.write_all(bytes).await.is_ok(),
        None => return,
    };
    if !ok {
        slot.encoder = None;
    }
}

/// Closes the encoder's input and waits for it: the paths of the FLAC and M4A it wrote.
pub(super) async fn finish(mut encoder: LiveEncoder, dir: &Path) -> CoreResult<(PathBuf, PathBuf)> {
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
    Ok((dir.join("live.flac"), dir.join("live.m4a")))
}
