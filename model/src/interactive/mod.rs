//! Interactive cards: a card whose tracks are the passages of a story the child steers with
//! the player's buttons. At the end of a passage the left button takes the first choice, the
//! right button the second, and with no button pressed the passage's ending happens (go on to
//! a passage, play it again, or stop). This is what the platform's own converter writes
//! (upstream contract §2.3: `onLhb`, `onRhb`, `onEnd` on each track).
//!
//! The graph names passages by their track's id, so renaming or reordering tracks never
//! breaks it; [`check`] says what a parent must fix (errors block publishing) and what they
//! may want to (warnings beside the passage).

pub mod check;
pub mod twee;

use serde::{Deserialize, Serialize};

/// `linear` (chapters in order, as every card) or `interactive`.
pub mod playback_type {
    pub const LINEAR: &str = "linear";
    pub const INTERACTIVE: &str = "interactive";
}

/// The most passages a card may have: the platform's limit of tracks on a card.
pub const MAX_PASSAGES: usize = 100;
/// The longest choice label, as the platform's longest title.
pub const MAX_LABEL_CHARS: usize = 100;
/// A passage with choices shorter than this cannot have spoken them: the child cannot read.
pub const MIN_SPOKEN_CHOICE_SECONDS: f64 = 5.0;

/// A card's story: where it starts and every passage.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StoryGraph {
    /// The track id of the passage the card starts at.
    pub start: String,
    pub passages: Vec<Passage>,
}

/// One passage: a track, its two button choices, and what happens at its end.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Passage {
    /// The track this passage is.
    pub track_id: String,
    /// The left button's choice (the platform's `onLhb`).
    #[serde(default)]
    pub left: Option<Choice>,
    /// The right button's choice (`onRhb`).
    #[serde(default)]
    pub right: Option<Choice>,
    /// What happens when the passage ends and no button was pressed (`onEnd`).
    pub ending: Ending,
}

/// A button's choice: what the passage's audio calls it, and where it leads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Choice {
    /// As the audio speaks it ("Go into the cave"), at most 100 characters.
    pub label: String,
    /// The track id of the passage it leads to.
    pub target: String,
}

/// The end of a passage with no button pressed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Ending {
    /// Goes on to another passage by itself.
    Goto { target: String },
    /// Plays the passage again (waiting for a choice).
    Repeat,
    /// The story ends here.
    Stop,
}

impl Passage {
    /// The passages a button leads to.
    pub fn choices(&self) -> impl Iterator<Item = &Choice> {
        self.left.iter().chain(self.right.iter())
    }

    /// Every passage this one can lead to, by a button or by itself.
    pub fn targets(&self) -> impl Iterator<Item = &str> {
        let by_itself = match &self.ending {
            Ending::Goto { target } => Some(target.as_str()),
            Ending::Repeat => Some(self.track_id.as_str()),
            Ending::Stop => None,
        };
        self.choices().map(|c| c.target.as_str()).chain(by_itself)
    }
}
