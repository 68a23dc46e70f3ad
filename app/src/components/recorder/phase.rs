//! Where a take stands, as a pure state machine, and the clock that stops while it is paused;
//! no browser in sight, so both are tested natively.
//!
//! A take records (⇄ paused), then stops into review: the parent listens to it before anything
//! becomes a track. Keeping it saves it (every chunk stored, then the session finished);
//! discarding it ("Record again", or "Abandon" at any time) deletes it. Every change of phase
//! goes through [`Phase::on`], so a late or doubled event (a second tap on Stop, the recorder's
//! last chunk arriving after Keep, an answer after the take was discarded) changes nothing.

// Only the browser's take drives the machine (and the tests); the server never records.
#![cfg_attr(not(feature = "hydrate"), allow(dead_code))]

/// Where the recorder, and the take it holds, stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// No take: the start button (and an offer to finish an interrupted take, if any).
    Idle,
    /// Opening the session and asking for the microphone.
    Starting,
    Recording,
    /// The microphone stays open, the recorder and the clock stand still; the uploader goes on
    /// sending what was recorded.
    Paused,
    /// Recording stopped: the parent listens to the take and keeps it or records it again.
    /// The chunks left are sent meanwhile, so keeping is quick.
    Review,
    /// Kept (or an interrupted take is being finished): the chunks left are sent, then the take
    /// is finished.
    Saving,
    /// The finish request is on its way.
    Finishing,
    /// Every chunk is stored but finishing failed: it can be tried again.
    Unsaved,
    /// The take became a track.
    Done,
    /// The take was discarded: nothing of it is kept.
    Abandoned,
}

/// What can happen to a take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    Pause,
    Resume,
    /// The parent pressed Stop: on to listening back.
    Stop,
    /// The parent keeps the take he listened to.
    Keep,
    /// "Record again" after listening, or "Abandon" at any time before the take is a track.
    Discard,
    /// The recorder delivered its last chunk and the server stored every one.
    AllStored,
    /// The server refused a chunk for good, or finishing failed.
    Failed,
    /// "Try saving again" after finishing failed.
    Retry,
    /// The server finished the take into a track.
    Saved,
}

impl Phase {
    /// The phase after `event`, or `None` when the event means nothing now (it is then ignored).
    pub fn on(self, event: Event) -> Option<Phase> {
        use Event as E;
        use Phase as P;
        Some(match (self, event) {
            (P::Recording, E::Pause) => P::Paused,
            (P::Paused, E::Resume) => P::Recording,
            (P::Recording | P::Paused, E::Stop) => P::Review,
            (P::Review, E::Keep) => P::Saving,
            (P::Saving, E::AllStored) | (P::Unsaved, E::Retry) => P::Finishing,
            (P::Saving | P::Finishing, E::Failed) => P::Unsaved,
            (P::Finishing, E::Saved) => P::Done,
            (P::Done | P::Abandoned, E::Discard) => return None,
            (_, E::Discard) => P::Abandoned,
            _ => return None,
        })
    }

    /// What the page shows for a take in this phase: a take that ended leaves the recorder
    /// ready for the next one.
    pub fn shown(self) -> Phase {
        match self {
            Phase::Done | Phase::Abandoned => Phase::Idle,
            other => other,
        }
    }

    /// The microphone is open: recording or paused.
    pub fn live(self) -> bool {
        matches!(self, Phase::Recording | Phase::Paused)
    }

    /// The uploader may send chunks (it finishes the take only once it is `Saving`).
    pub fn sends(self) -> bool {
        matches!(
            self,
            Phase::Recording | Phase::Paused | Phase::Review | Phase::Saving
        )
    }

    /// The title may be edited: before a take, and while listening back (Keep saves the title
    /// the field then holds).
    pub fn title_editable(self) -> bool {
        matches!(self, Phase::Idle | Phase::Review)
    }
}

/// The elapsed recording time: it runs while recording and stands still while paused. Times
/// are milliseconds from any fixed origin (the browser's `Date.now()`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Clock {
    /// Time recorded before the current run.
    banked_ms: f64,
    /// When the current run started; `None` while paused.
    since: Option<f64>,
}

impl Clock {
    /// A clock that starts running at `now`.
    pub fn started(now: f64) -> Self {
        Self {
            banked_ms: 0.0,
            since: Some(now),
        }
    }

    pub fn pause(&mut self, now: f64) {
        if let Some(since) = self.since.take() {
            self.banked_ms += (now - since).max(0.0);
        }
    }

    pub fn resume(&mut self, now: f64) {
        self.since.get_or_insert(now);
    }

    /// Whole seconds recorded by `now`.
    pub fn elapsed_s(&self, now: f64) -> u32 {
        let running = self.since.map_or(0.0, |since| (now - since).max(0.0));
        ((self.banked_ms + running) / 1000.0) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Event as E;
    use Phase as P;

    /// Runs `events` from `from`, ignoring the ones that mean nothing, like the take does.
    fn after(from: Phase, events: &[Event]) -> Phase {
        events.iter().fold(from, |p, e| p.on(*e).unwrap_or(p))
    }

    #[test]
    fn a_take_records_pauses_resumes_and_is_listened_to_before_it_is_kept() {
        assert_eq!(P::Recording.on(E::Pause), Some(P::Paused));
        assert_eq!(P::Paused.on(E::Resume), Some(P::Recording));
        assert_eq!(P::Paused.on(E::Stop), Some(P::Review));
        assert_eq!(P::Recording.on(E::Stop), Some(P::Review));
        // stopping does not save: only Keep does
        assert_eq!(P::Review.on(E::AllStored), None);
        assert_eq!(P::Review.on(E::Keep), Some(P::Saving));
        assert_eq!(
            after(P::Recording, &[E::Stop, E::Keep, E::AllStored, E::Saved]),
            P::Done
        );
        assert_eq!(P::Done.shown(), P::Idle);
    }

    #[test]
    fn record_again_discards_the_take_and_leaves_the_recorder_ready() {
        let p = after(P::Recording, &[E::Pause, E::Stop, E::Discard]);
        assert_eq!(p, P::Abandoned);
        assert_eq!(p.shown(), P::Idle);
        // an answer arriving for the discarded take changes nothing
        for e in [E::AllStored, E::Failed, E::Saved, E::Keep, E::Resume] {
            assert_eq!(p.on(e), None, "{e:?}");
        }
    }

    #[test]
    fn late_and_doubled_taps_change_nothing() {
        assert_eq!(P::Review.on(E::Stop), None, "a second tap on Stop");
        assert_eq!(P::Saving.on(E::Keep), None, "a second tap on Keep");
        assert_eq!(P::Recording.on(E::Resume), None);
        assert_eq!(P::Paused.on(E::Pause), None);
        assert_eq!(P::Review.on(E::Pause), None, "pausing a stopped take");
        assert_eq!(P::Recording.on(E::Keep), None, "keeping before listening");
        assert_eq!(P::Done.on(E::Discard), None, "a track is not abandoned");
    }

    #[test]
    fn a_failed_finish_can_be_tried_again_or_abandoned() {
        let p = after(P::Review, &[E::Keep, E::AllStored, E::Failed]);
        assert_eq!(p, P::Unsaved);
        assert_eq!(p.on(E::Retry), Some(P::Finishing));
        assert_eq!(p.on(E::Discard), Some(P::Abandoned));
        // a chunk refused for good while saving
        assert_eq!(P::Saving.on(E::Failed), Some(P::Unsaved));
        // while recording a refusal is only shown: Keep sends again
        assert_eq!(P::Recording.on(E::Failed), None);
    }

    #[test]
    fn the_microphone_is_live_and_chunks_are_sent_where_they_should_be() {
        let live: Vec<Phase> = [P::Recording, P::Paused, P::Review, P::Saving]
            .into_iter()
            .filter(|p| p.live())
            .collect();
        assert_eq!(live, [P::Recording, P::Paused]);
        for p in [P::Recording, P::Paused, P::Review, P::Saving] {
            assert!(p.sends(), "{p:?}");
        }
        for p in [P::Idle, P::Finishing, P::Unsaved, P::Done, P::Abandoned] {
            assert!(!p.sends(), "{p:?}");
        }
        assert!(P::Review.title_editable() && P::Idle.title_editable());
        assert!(!P::Recording.title_editable() && !P::Saving.title_editable());
    }

    #[test]
    fn the_clock_stands_still_while_paused() {
        let mut c = Clock::started(10_000.0);
        assert_eq!(c.elapsed_s(12_500.0), 2);
        c.pause(13_400.0);
        assert_eq!(c.elapsed_s(13_400.0), 3);
        assert_eq!(c.elapsed_s(60_000.0), 3, "paused: no time passes");
        // pausing twice does not count the pause
        c.pause(61_000.0);
        c.resume(70_000.0);
        assert_eq!(c.elapsed_s(70_000.0), 3);
        assert_eq!(c.elapsed_s(71_700.0), 5);
        // resuming twice does not restart the run
        c.resume(71_000.0);
        assert_eq!(c.elapsed_s(71_700.0), 5);
    }

    #[test]
    fn a_clock_that_goes_back_never_counts_backwards() {
        let mut c = Clock::started(5_000.0);
        assert_eq!(c.elapsed_s(4_000.0), 0);
        c.pause(4_000.0);
        assert_eq!(c.elapsed_s(9_000.0), 0);
    }
}
