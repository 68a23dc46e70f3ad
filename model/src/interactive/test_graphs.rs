//! Builders the interactive modules' tests share, so a test reads as the story it sets up.

use super::{Choice, Ending, Passage};

pub fn choice(label: &str, target: &str) -> Option<Choice> {
    Some(Choice {
        label: label.into(),
        target: target.into(),
    })
}

pub fn goto(target: &str) -> Ending {
    Ending::Goto {
        target: target.into(),
    }
}

pub fn passage(id: &str, left: Option<Choice>, right: Option<Choice>, ending: Ending) -> Passage {
    Passage {
        track_id: id.into(),
        left,
        right,
        ending,
    }
}
