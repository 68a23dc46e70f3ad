//! The upload's words, in English (the page's language when none is set).

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
    assert_eq!(up(3, 1, false).words(Phase::Saving), "Saving… 1 part left");
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
