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
mod edit;
pub mod plan;
pub mod play;
#[cfg(test)]
mod test_graphs;
pub mod twee;
pub mod twine_html;

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
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct StoryGraph {
    /// The track id of the passage the card starts at.
    #[cfg_attr(feature = "openapi", schema(max_length = 64))]
    pub start: String,
    #[cfg_attr(feature = "openapi", schema(max_items = 100))]
    pub passages: Vec<Passage>,
}

/// One passage: a track, its two button choices, and what happens at its end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct Passage {
    /// The track this passage is.
    #[cfg_attr(feature = "openapi", schema(max_length = 64))]
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
#[serde(deny_unknown_fields)]
pub struct Choice {
    /// As the audio speaks it ("Go into the cave"), at most 100 characters.
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 100))]
    pub label: String,
    /// The track id of the passage it leads to.
    #[cfg_attr(feature = "openapi", schema(max_length = 64))]
    pub target: String,
}

/// The end of a passage with no button pressed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", try_from = "EndingWire")]
pub enum Ending {
    /// Goes on to another passage by itself.
    Goto { target: String },
    /// Plays the passage again (waiting for a choice).
    Repeat,
    /// The story ends here.
    Stop,
}

/// An ending as sent: `kind`, and `target` with `goto` alone; any other member is refused
/// (serde's tagged enums would ignore members beside a `repeat` or a `stop`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EndingWire {
    kind: String,
    #[serde(default)]
    target: Option<String>,
}

impl TryFrom<EndingWire> for Ending {
    type Error = String;

    fn try_from(wire: EndingWire) -> Result<Self, Self::Error> {
        match (wire.kind.as_str(), wire.target) {
            ("goto", Some(target)) => Ok(Ending::Goto { target }),
            ("goto", None) => Err("a goto ending needs its target".into()),
            ("repeat", None) => Ok(Ending::Repeat),
            ("stop", None) => Ok(Ending::Stop),
            ("repeat" | "stop", Some(_)) => Err(format!("a {} ending has no target", wire.kind)),
            (other, _) => Err(format!("unknown ending `{other}`: goto, repeat or stop")),
        }
    }
}

/// One flat object in the document (`kind`, and `target` for `goto`) rather than a `oneOf`
/// per kind: the same JSON, and a schema every client generator reads the same way.
#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for Ending {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new()
            .schema_type(Type::Object)
            .description(Some(
                "`goto` (on to `target` by itself), `repeat` (the passage again) or `stop`",
            ))
            .property(
                "kind",
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .enum_values(Some(["goto", "repeat", "stop"])),
            )
            .required("kind")
            .property(
                "target",
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .max_length(Some(64))
                    .description(Some("The track id of the passage a `goto` goes on to")),
            )
            .additional_properties(Some(utoipa::openapi::schema::AdditionalProperties::<
                utoipa::openapi::schema::Schema,
            >::FreeForm(false)))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for Ending {}

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

/// `GET /cards/{slug}/story`: how the card plays, its story, and what the check says of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StoryOut {
    /// `linear` or `interactive`.
    #[cfg_attr(feature = "openapi", schema(pattern = "^(linear|interactive)$"))]
    pub playback_type: String,
    /// The stored story; for a card that never had one, its tracks in order (each going on
    /// to the next), which is where an interactive version starts from.
    pub story: StoryGraph,
    /// Errors first (publishing an interactive card waits for them), then warnings.
    pub problems: Vec<check::StoryProblem>,
}

/// `PUT /cards/{slug}/story`: the whole story, replaced as one document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct StoryIn {
    /// `linear` keeps the story for later and publishes the tracks in order; `interactive`
    /// publishes the story.
    #[cfg_attr(feature = "openapi", schema(pattern = "^(linear|interactive)$"))]
    pub playback_type: String,
    pub story: StoryGraph,
}

/// The platform's chapter key of each passage, as its converter writes them: the passage's
/// name, here the track's title; a title the card has twice gets its place after the
/// first ("Home (2)"), so every key is one passage's.
pub fn chapter_keys(titles: &[&str]) -> Vec<String> {
    let mut keys: Vec<String> = Vec::with_capacity(titles.len());
    for title in titles {
        let title = title.trim();
        let base = if title.is_empty() { "Passage" } else { title };
        let mut key = base.to_owned();
        let mut n = 1;
        // a made-up key must not be some other passage's own title either
        while keys.contains(&key) || (n > 1 && titles.iter().any(|t| t.trim() == key)) {
            n += 1;
            key = format!("{base} ({n})");
        }
        keys.push(key);
    }
    keys
}
