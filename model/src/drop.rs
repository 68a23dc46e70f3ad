//! A folder or ZIP of audio dropped on a collection (`/collections/{id}/drops`, `/drops/{id}`):
//! its files arrive first and are probed as they land, Cardsmith answers the plan of cards
//! they make (one per folder, or one for everything), and the parent confirms the plan —
//! edited as they like — to make the cards. Nothing is made before the confirm.

use serde::{Deserialize, Serialize};

use crate::validate::{name_problem, Checker};
use crate::FieldError;

/// Most files one drop holds (a ZIP's entries count one by one).
pub const DROP_MAX_FILES: usize = 1_000;
/// Longest path of a file inside a drop.
pub const DROP_PATH_MAX_CHARS: usize = 400;
/// Most cards one confirm makes.
pub const DROP_MAX_CARDS: usize = 100;
/// Most chapters one card of a confirm names (the server's own per-card cap may be lower).
pub const DROP_MAX_TRACKS: usize = 500;
/// Longest icon name of the offline library.
pub const ICON_NAME_MAX_CHARS: usize = 64;

/// `POST /collections/{id}/drops`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CreateDropInput {
    /// What was dropped (the folder's or the ZIP's name): the title of a card made of the
    /// drop's top level. "Dropped files" when absent.
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(min_length = 1, max_length = 120, pattern = r"\S")
    )]
    pub name: Option<String>,
}

impl CreateDropInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut check = Checker::default();
        check.check("name", self.name.as_deref().and_then(name_problem));
        check.finish()
    }
}

/// Whether the plan makes a card of each folder or one card of everything.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum DropGrouping {
    /// One card per folder holding audio (nested folders each make their own).
    #[default]
    PerFolder,
    /// The whole drop as one card.
    OneCard,
}

/// Where a drop is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum DropState {
    /// Taking files; the plan may be confirmed.
    Open,
    /// A confirm is making its cards.
    Making,
    /// Its cards are made (`made_cards`); its files are gone.
    Made,
}

/// What one file of a drop is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum DropFileKind {
    /// Audio Cardsmith can make a chapter of.
    Audio,
    /// A picture (a cover).
    Image,
    /// Audio that cannot be used (`reason` says why: damaged, too long, too large).
    Unusable,
    /// Anything else (notes, playlists): left out.
    Other,
}

/// One file of a drop, as probing found it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DropFileOut {
    /// Its path inside the drop ("The Hobbit/CD 1/01 Riddles.mp3").
    pub path: String,
    pub size_bytes: i64,
    pub kind: DropFileKind,
    /// Why an `unusable` file cannot be used.
    pub reason: Option<String>,
    /// An audio file's length.
    pub duration_ms: Option<i64>,
}

/// The files a `POST /drops/{id}/files` stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DropFilesOut {
    pub files: Vec<DropFileOut>,
}

/// A card's cover in a plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DropCoverOut {
    /// The picture file, or the audio file whose embedded picture it is.
    pub path: String,
    /// Whether it is the picture inside audio file `path`.
    pub embedded: bool,
}

/// One chapter of a planned card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DropTrackPlan {
    pub path: String,
    /// From the audio's title tag, else the file name without its number and extension.
    pub title: String,
    /// The offline icon library's glyph matched from the title; none: the card's default
    /// (the chapter's number).
    pub icon: Option<String>,
    /// How sure the icon match is, 0–1.
    pub icon_confidence: Option<f32>,
    pub duration_ms: Option<i64>,
}

/// One card of a plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DropCardPlan {
    /// From the tracks' common album tag, else the folder's name.
    pub title: String,
    /// The folder it comes from ("" for the drop's top level).
    pub folder: String,
    pub cover: Option<DropCoverOut>,
    /// In play order: tag disc and track numbers first, then file names in natural order.
    pub tracks: Vec<DropTrackPlan>,
}

/// A file that will not become a chapter, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DropRefusedOut {
    pub path: String,
    pub reason: String,
}

/// The cards a drop's files make, as Cardsmith proposes them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DropPlanOut {
    pub grouping: DropGrouping,
    pub cards: Vec<DropCardPlan>,
    pub refused: Vec<DropRefusedOut>,
    /// Files that are neither audio nor a cover.
    pub left_out: Vec<String>,
}

/// A drop: its files, the plan they make, and once confirmed the cards made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DropOut {
    pub id: String,
    pub collection_id: String,
    pub name: String,
    pub state: DropState,
    /// RFC 3339; a drop not made within a day is removed.
    pub created_at: String,
    /// In path order.
    pub files: Vec<DropFileOut>,
    pub plan: DropPlanOut,
    /// Slugs of the cards the confirm made.
    pub made_cards: Vec<String>,
}

/// One chapter to make.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ConfirmDropTrack {
    /// An audio file of the drop; each file makes one chapter at most.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 400))]
    pub path: String,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::name))]
    pub title: String,
    /// A glyph of the offline icon library, as a plan names it; none: the chapter's number.
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(min_length = 1, max_length = 64, pattern = r"\S")
    )]
    pub icon: Option<String>,
}

/// One card to make.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ConfirmDropCard {
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::name))]
    pub title: String,
    /// A picture of the drop, or an audio file with an embedded picture; none: no cover.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 400))]
    pub cover: Option<String>,
    /// In play order, at least one.
    #[cfg_attr(feature = "openapi", schema(min_items = 1, max_items = 500))]
    pub tracks: Vec<ConfirmDropTrack>,
}

/// `POST /drops/{id}/confirm`: the plan as the parent wants it (usually `plan.cards` from
/// `GET /drops/{id}`, edited).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ConfirmDropInput {
    #[cfg_attr(feature = "openapi", schema(min_items = 1, max_items = 100))]
    pub cards: Vec<ConfirmDropCard>,
}

impl ConfirmDropInput {
    /// The shape alone: which files exist is the drop's to say.
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut check = Checker::default();
        if self.cards.is_empty() {
            check.check("cards", Some("must name at least one card"));
        } else if self.cards.len() > DROP_MAX_CARDS {
            check.check(
                "cards",
                Some(format!("must name at most {DROP_MAX_CARDS} cards")),
            );
        }
        let mut seen: Vec<&str> = Vec::new();
        for (c, card) in self.cards.iter().enumerate() {
            let at = format!("cards/{c}");
            check.check(&format!("{at}/title"), name_problem(&card.title));
            if let Some(cover) = &card.cover {
                check.check(&format!("{at}/cover"), path_problem(cover));
            }
            if card.tracks.is_empty() {
                check.check(
                    &format!("{at}/tracks"),
                    Some("must name at least one track"),
                );
            } else if card.tracks.len() > DROP_MAX_TRACKS {
                check.check(
                    &format!("{at}/tracks"),
                    Some(format!("must name at most {DROP_MAX_TRACKS} tracks")),
                );
            }
            for (t, track) in card.tracks.iter().enumerate() {
                let at = format!("{at}/tracks/{t}");
                check.check(&format!("{at}/path"), path_problem(&track.path));
                if seen.contains(&track.path.as_str()) {
                    check.check(&format!("{at}/path"), Some("is named twice"));
                }
                seen.push(&track.path);
                check.check(&format!("{at}/title"), name_problem(&track.title));
                let icon = track.icon.as_deref().and_then(|icon| {
                    if icon.trim().is_empty() {
                        Some("must not be blank".to_owned())
                    } else {
                        (icon.chars().count() > ICON_NAME_MAX_CHARS)
                            .then(|| format!("must be at most {ICON_NAME_MAX_CHARS} characters"))
                    }
                });
                check.check(&format!("{at}/icon"), icon);
            }
        }
        check.finish()
    }
}

/// Why `path` cannot name a file of a drop: empty or longer than any.
pub fn path_problem(path: &str) -> Option<String> {
    if path.is_empty() {
        Some("must not be empty".into())
    } else if path.chars().count() > DROP_PATH_MAX_CHARS {
        Some(format!("must be at most {DROP_PATH_MAX_CHARS} characters"))
    } else {
        None
    }
}

/// A card a confirm made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DropMadeCard {
    pub slug: String,
    pub title: String,
    pub track_count: i64,
    /// Why the planned cover was not used (a picture that does not decode), if it was not:
    /// the card is made without it.
    pub cover_refused: Option<String>,
}

/// What a confirm made: the cards, whose tracks are being transcoded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DropMadeOut {
    pub cards: Vec<DropMadeCard>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn track(path: &str) -> ConfirmDropTrack {
        ConfirmDropTrack {
            path: path.into(),
            title: "Chapter".into(),
            icon: None,
        }
    }

    #[test]
    fn a_confirm_is_checked_field_by_field() {
        let card = |tracks| ConfirmDropCard {
            title: "Book".into(),
            cover: None,
            tracks,
        };
        let fine = ConfirmDropInput {
            cards: vec![card(vec![track("a.mp3"), track("b.mp3")])],
        };
        assert!(fine.validate().is_ok());
        let twice = ConfirmDropInput {
            cards: vec![card(vec![track("a.mp3")]), card(vec![track("a.mp3")])],
        };
        assert_eq!(
            twice.validate().unwrap_err()[0].pointer,
            "/cards/1/tracks/0/path"
        );
        let empty = ConfirmDropInput {
            cards: vec![card(vec![])],
        };
        assert_eq!(empty.validate().unwrap_err()[0].pointer, "/cards/0/tracks");
        let mut blank = track("c.mp3");
        blank.icon = Some(" ".into());
        blank.title = String::new();
        let errors = ConfirmDropInput {
            cards: vec![card(vec![blank])],
        }
        .validate()
        .unwrap_err();
        let pointers: Vec<&str> = errors.iter().map(|e| e.pointer.as_str()).collect();
        assert_eq!(
            pointers,
            ["/cards/0/tracks/0/title", "/cards/0/tracks/0/icon"]
        );
    }
}
