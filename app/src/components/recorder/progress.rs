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

fn parts(n: u32) -> String {
    if n == 1 {
        "1 part".to_owned()
    } else {
        format!("{n} parts")
    }
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
            Phase::Starting => return "Asking for the microphone…".to_owned(),
            Phase::Finishing => return "Saving…".to_owned(),
            Phase::Unsaved => return "Recorded, not saved yet".to_owned(),
            _ => {}
        }
        if offline && waiting > 0 {
            let then = match phase {
                Phase::Recording | Phase::Paused => "keep recording, they will follow",
                Phase::Saving => "saving goes on when it is back",
                _ => "they will follow when it is back",
            };
            return format!("{} waiting for signal — {then}", parts(waiting));
        }
        match (phase, waiting) {
            (Phase::Saving, 0) => "Saving…".to_owned(),
            (Phase::Saving, n) => format!("Saving… {} left", parts(n)),
            (_, 0) if saved == 0 => "Saved to the server every few seconds".to_owned(),
            (_, 0) => "Everything is saved on the server".to_owned(),
            _ => "Saving…".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn up(saved: u32, waiting: u32, offline: bool) -> Upload {
        Upload {
            saved,
            waiting,
            offline,
        }
    }

    #[test]
    fn a_fresh_take_does_not_say_zero_saved_zero_waiting() {
        let words = up(0, 0, false).words(Phase::Recording);
        assert_eq!(words, "Saved to the server every few seconds");
        assert!(!words.contains('0'));
    }

    #[test]
    fn everything_stored_says_so_and_sending_says_saving() {
        assert_eq!(
            up(4, 0, false).words(Phase::Recording),
            "Everything is saved on the server"
        );
        assert_eq!(
            up(4, 0, false).words(Phase::Review),
            "Everything is saved on the server"
        );
        assert_eq!(up(4, 1, false).words(Phase::Paused), "Saving…");
    }

    #[test]
    fn without_signal_the_parent_is_told_to_go_on() {
        assert_eq!(
            up(2, 3, true).words(Phase::Recording),
            "3 parts waiting for signal — keep recording, they will follow"
        );
        assert_eq!(
            up(2, 1, true).words(Phase::Paused),
            "1 part waiting for signal — keep recording, they will follow"
        );
        assert_eq!(
            up(2, 2, true).words(Phase::Review),
            "2 parts waiting for signal — they will follow when it is back"
        );
        assert_eq!(
            up(2, 2, true).words(Phase::Saving),
            "2 parts waiting for signal — saving goes on when it is back"
        );
        // no signal but nothing waiting: nothing to worry about
        assert_eq!(
            up(2, 0, true).words(Phase::Recording),
            "Everything is saved on the server"
        );
    }

    #[test]
    fn saving_counts_down_and_the_other_phases_have_their_own_words() {
        assert_eq!(up(3, 2, false).words(Phase::Saving), "Saving… 2 parts left");
        assert_eq!(up(3, 0, false).words(Phase::Saving), "Saving…");
        assert_eq!(up(3, 0, false).words(Phase::Finishing), "Saving…");
        assert_eq!(
            up(0, 0, false).words(Phase::Starting),
            "Asking for the microphone…"
        );
        assert_eq!(
            up(3, 0, false).words(Phase::Unsaved),
            "Recorded, not saved yet"
        );
    }
}
