//! What the recorder says about the upload, in words a parent understands: whether the take is
//! safe on the server, or how much of it waits for the connection and that it will follow.
//! The counts themselves stay on the element as data attributes for the browser tests.

use super::phase::Phase;

/// The upload as the page last heard of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Upload {
    /// Chunks the server has stored.
    pub saved: u32,
    /// Chunks recorded but not stored yet.
    pub waiting: u32,
    /// The last send got no answer: the phone has no signal (or the server is unreachable).
    pub offline: bool,
}

impl Upload {
    /// The sentence shown beside the clock in `phase`.
    pub fn words(self, phase: Phase) -> String {
        let Upload {
            saved,
            waiting,
            offline,
        } = self;
        match phase {
            Phase::Starting => return tr!("rec-upload-asking"),
            Phase::Finishing => return tr!("rec-upload-saving"),
            Phase::Unsaved => return tr!("rec-upload-unsaved"),
            _ => {}
        }
        if offline && waiting > 0 {
            return match phase {
                Phase::Recording | Phase::Paused => {
                    tr!("rec-upload-offline-recording", count = waiting)
                }
                Phase::Saving => tr!("rec-upload-offline-saving", count = waiting),
                _ => tr!("rec-upload-offline", count = waiting),
            };
        }
        match (phase, waiting) {
            (Phase::Saving, 0) => tr!("rec-upload-saving"),
            (Phase::Saving, n) => tr!("rec-upload-saving-left", count = n),
            (_, 0) if saved == 0 => tr!("rec-upload-fresh"),
            (_, 0) => tr!("rec-upload-all-saved"),
            _ => tr!("rec-upload-saving"),
        }
    }
}

#[cfg(test)]
mod tests;
