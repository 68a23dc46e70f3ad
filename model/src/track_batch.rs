//! One action over many tracks of a card (`POST /cards/{slug}/tracks/batch`): delete, move or
//! copy to another card, reorder, rename by pattern, set the icon, make the audio again.
//!
//! A batch is all or nothing: every track it names must still be on the card, or nothing
//! changes and the answer says which ones are gone. `preview` answers what the batch would do
//! without doing it (the rename dialog's live preview). The card keeps the last batch so an
//! editor can undo it (`POST /cards/{slug}/tracks/batch/undo`) while the tracks it touched are
//! as it left them.

use serde::{Deserialize, Serialize};

use crate::validate::{check_references, reference_problem, Checker};
use crate::FieldError;

/// Most tracks one batch names.
pub const BATCH_MAX_TRACKS: usize = 500;
/// Longest slug or id a batch names.
pub const REFERENCE_MAX_CHARS: usize = 200;
/// Longest find or replace text of a rename.
pub const PATTERN_MAX_CHARS: usize = 200;

/// What to do with the tracks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum TrackBatchAction {
    /// Delete them (undo brings them back, audio and icons included).
    Delete,
    /// Move them to the end of card `to_card`.
    Move,
    /// Copy them to the end of card `to_card` (the audio is shared, not stored twice).
    Copy,
    /// Put them first, in their present order.
    MoveToTop,
    /// Put them last, in their present order.
    MoveToBottom,
    /// Sort them by title ("2 - …" before "10 - …"), in the places they hold.
    SortByTitle,
    /// Sort them by the track number in their audio's tags (disc first), in the places they
    /// hold; tracks without one keep their order after the numbered ones.
    SortByTagNumber,
    /// Reverse their order, in the places they hold.
    Reverse,
    /// Rename them by `rename`'s pattern.
    Rename,
    /// Set their icon as `icon` says.
    SetIcon,
    /// Make their player audio again from the kept originals (loudness-normalised anew).
    Loudness,
}

impl TrackBatchAction {
    pub const ALL: [Self; 11] = [
        Self::Delete,
        Self::Move,
        Self::Copy,
        Self::MoveToTop,
        Self::MoveToBottom,
        Self::SortByTitle,
        Self::SortByTagNumber,
        Self::Reverse,
        Self::Rename,
        Self::SetIcon,
        Self::Loudness,
    ];

    /// The wire name (`move-to-top`), for logs and audit rows.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Delete => "delete",
            Self::Move => "move",
            Self::Copy => "copy",
            Self::MoveToTop => "move-to-top",
            Self::MoveToBottom => "move-to-bottom",
            Self::SortByTitle => "sort-by-title",
            Self::SortByTagNumber => "sort-by-tag-number",
            Self::Reverse => "reverse",
            Self::Rename => "rename",
            Self::SetIcon => "set-icon",
            Self::Loudness => "loudness",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.as_str() == name)
    }

    /// Whether undo can take it back: everything but making the audio again (the originals
    /// are kept, so there is nothing lost to restore).
    pub fn undoable(self) -> bool {
        self != Self::Loudness
    }
}

/// How a rename changes each title, in this order: leading numbers stripped, `find` replaced,
/// title case applied. The result is trimmed and must not be empty.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RenamePattern {
    /// Text to find (a regular expression when `regex`); empty: nothing is replaced.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_length = 200))]
    pub find: String,
    /// What replaces it; with `regex`, `$1` or `${name}` insert a group.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_length = 200))]
    pub replace: String,
    /// `find` is a regular expression (Rust syntax, matched in linear time).
    #[serde(default)]
    pub regex: bool,
    /// `find` matches regardless of case.
    #[serde(default)]
    pub ignore_case: bool,
    /// Removes numbers and separators at the start ("01 - ", "3. ", "12_").
    #[serde(default)]
    pub strip_leading_numbers: bool,
    /// Capitalises each word ("the owl and the pussycat" → "The Owl and the Pussycat").
    #[serde(default)]
    pub title_case: bool,
}

/// Which icon a `set-icon` batch gives the tracks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum BatchIcon {
    /// Each track's own, drawn offline from the icon library by the words of its title
    /// (tracks no glyph matches get the drawn default).
    Matched,
    /// The drawn default: the chapter's number.
    Default,
    /// The icon of track `icon_from` of the same card, on every one.
    SameAs,
}

/// `POST /cards/{slug}/tracks/batch`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TrackBatchInput {
    /// The tracks (slug or id), each once.
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::batch_tracks))]
    pub tracks: Vec<String>,
    pub action: TrackBatchAction,
    /// `move` and `copy`: the card (slug) the tracks go to; the caller must edit it.
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(min_length = 1, max_length = 200, pattern = r"\S")
    )]
    pub to_card: Option<String>,
    /// `rename`: how the titles change.
    #[serde(default)]
    pub rename: Option<RenamePattern>,
    /// `set-icon`: which icon.
    #[serde(default)]
    pub icon: Option<BatchIcon>,
    /// `set-icon` with `same-as`: the track (slug or id) whose icon the others get.
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(min_length = 1, max_length = 200, pattern = r"\S")
    )]
    pub icon_from: Option<String>,
    /// Answer what would change without changing anything.
    #[serde(default)]
    pub preview: bool,
}

impl TrackBatchInput {
    /// `action` on `tracks`, with nothing else set.
    pub fn new(tracks: Vec<String>, action: TrackBatchAction) -> Self {
        Self {
            tracks,
            action,
            to_card: None,
            rename: None,
            icon: None,
            icon_from: None,
            preview: false,
        }
    }

    /// The shape alone: which tracks exist is the card's to say.
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut check = Checker::default();
        if self.tracks.is_empty() {
            check.check("tracks", Some("must name at least one track"));
        } else if self.tracks.len() > BATCH_MAX_TRACKS {
            check.check(
                "tracks",
                Some(format!("must name at most {BATCH_MAX_TRACKS} tracks")),
            );
        }
        check_references(&mut check, "tracks", &self.tracks);
        // what is given is checked whatever the action, as the schema says
        for (field, value) in [("to_card", &self.to_card), ("icon_from", &self.icon_from)] {
            check.check(field, value.as_deref().and_then(reference_problem));
        }
        if let Some(r) = &self.rename {
            let long = |text: &str| {
                (text.chars().count() > PATTERN_MAX_CHARS)
                    .then(|| format!("must be at most {PATTERN_MAX_CHARS} characters"))
            };
            check
                .check("rename/find", long(&r.find))
                .check("rename/replace", long(&r.replace));
        }
        let needs = |present: bool, what: &str| {
            (!present).then(|| format!("is required when the action is {what}"))
        };
        let action = self.action.as_str();
        if matches!(self.action, TrackBatchAction::Move | TrackBatchAction::Copy) {
            check.check("to_card", needs(self.to_card.is_some(), action));
        }
        if self.action == TrackBatchAction::Rename {
            check.check("rename", needs(self.rename.is_some(), action));
        }
        if self.action == TrackBatchAction::SetIcon {
            check.check("icon", needs(self.icon.is_some(), action));
            if self.icon == Some(BatchIcon::SameAs) {
                check.check("icon_from", needs(self.icon_from.is_some(), "same-as"));
            }
        }
        check.finish()
    }
}

/// One track as a batch left it (or, with `preview`, would leave it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TrackBatchChange {
    /// The track's id (a copy's own, new id).
    pub id: String,
    /// The card it is on now.
    pub card_slug: String,
    pub slug: String,
    pub title: String,
    /// Its chapter number now; 0 once deleted.
    pub position: i64,
    pub before_title: String,
    pub before_position: i64,
}

/// What a batch did, or would do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TrackBatchOut {
    pub action: TrackBatchAction,
    /// Whether this only says what would happen.
    pub preview: bool,
    /// Whether `POST …/tracks/batch/undo` can take it back.
    pub undoable: bool,
    /// One entry per named track, in the order they were named.
    pub changes: Vec<TrackBatchChange>,
}

/// The batch a card's undo would take back, if any.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TrackBatchUndoOut {
    /// Whether there is a batch to undo. It stays only while the tracks it touched are as it
    /// left them.
    pub available: bool,
    pub action: Option<TrackBatchAction>,
    /// How many tracks it named.
    pub tracks: i64,
    /// When it ran (RFC 3339).
    pub at: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(action: TrackBatchAction) -> TrackBatchInput {
        TrackBatchInput::new(vec!["a".into(), "b".into()], action)
    }

    #[test]
    fn every_action_has_a_name_that_parses_back() {
        for action in TrackBatchAction::ALL {
            assert_eq!(TrackBatchAction::parse(action.as_str()), Some(action));
            let json = serde_json::to_string(&action).unwrap();
            assert_eq!(json, format!("\"{}\"", action.as_str()));
        }
    }

    #[test]
    fn the_shape_is_checked_field_by_field() {
        assert!(input(TrackBatchAction::Delete).validate().is_ok());
        let errors = input(TrackBatchAction::Move).validate().unwrap_err();
        assert_eq!(errors[0].pointer, "/to_card");
        let mut twice = input(TrackBatchAction::Reverse);
        twice.tracks.push("a".into());
        assert_eq!(twice.validate().unwrap_err()[0].pointer, "/tracks/2");
        let mut none = input(TrackBatchAction::Reverse);
        none.tracks.clear();
        assert_eq!(none.validate().unwrap_err()[0].pointer, "/tracks");
        let mut icon = input(TrackBatchAction::SetIcon);
        icon.icon = Some(BatchIcon::SameAs);
        assert_eq!(icon.validate().unwrap_err()[0].pointer, "/icon_from");
        let mut long = input(TrackBatchAction::Rename);
        long.rename = Some(RenamePattern {
            find: "x".repeat(201),
            ..Default::default()
        });
        assert_eq!(long.validate().unwrap_err()[0].pointer, "/rename/find");
    }
}
