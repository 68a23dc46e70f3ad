//! A story card in one step: a story drafted for the collection's child (or written by the
//! parent), then spoken, illustrated and given chapter icons by one job.

use serde::{Deserialize, Serialize};

use crate::validate::Checker;
use crate::FieldError;

/// Longest idea a parent types for a story, in characters.
pub const MAX_IDEA_CHARS: usize = 500;
/// Longest story text one card is made from, in characters: about 3,500 words, some 25
/// minutes read aloud (a draft asks for at most 3,000 words). Every character is spoken by
/// the one generation worker, so this bounds how long one story can hold it.
pub const MAX_STORY_CHARS: usize = 20_000;

/// Why a draft was not written when no AI provider of the caller can write (the 409 of
/// `POST /collections/{id}/stories/draft`); the story panel recognises it and offers a
/// template instead of showing an error.
pub const NO_DRAFTER: &str = "no AI provider can write stories for you: write or paste the \
    story yourself, or add a provider under Settings → AI providers";

/// Body of `POST /collections/{id}/stories/draft`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DraftStoryInput {
    /// The preset whose length, vocabulary and voice to use; absent: the collection profile's.
    #[serde(default)]
    pub preset_id: Option<String>,
    /// What the story is about, in a sentence.
    #[cfg_attr(
        feature = "openapi",
        schema(min_length = 1, max_length = 500, pattern = "\\S")
    )]
    pub idea: String,
}

impl DraftStoryInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let len = self.idea.trim().chars().count();
        Checker::default()
            .check(
                "idea",
                (len == 0 || len > MAX_IDEA_CHARS)
                    .then_some("must be between 1 and 500 characters"),
            )
            .finish()
    }
}

/// A drafted story, for the parent to read and edit before it is spoken.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StoryDraftOut {
    pub title: String,
    /// The story, chapters marked with `Chapter N: Title` lines.
    pub text: String,
    /// The provider kind that wrote it (`openai`, `anthropic`, …).
    pub provider: String,
}

/// Body of `POST /collections/{id}/stories`: the (edited) story to make into a card.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MakeStoryInput {
    /// The card's title.
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::name))]
    pub title: String,
    /// The story; `Chapter N: Title` or `# Title` lines start chapters, otherwise it is cut
    /// at paragraphs into chapters of a few minutes.
    #[cfg_attr(
        feature = "openapi",
        schema(min_length = 1, max_length = 20000, pattern = "\\S")
    )]
    pub text: String,
    #[serde(default)]
    pub preset_id: Option<String>,
    /// The voice (`GET /tts/voices`); absent: the preset's, else the profile's, else the
    /// server's default offline voice.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 100))]
    pub voice: Option<String>,
}

impl MakeStoryInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let text = self.text.trim().chars().count();
        Checker::default()
            .check("title", crate::validate::name_problem(&self.title))
            .check(
                "text",
                (text == 0 || self.text.chars().count() > MAX_STORY_CHARS)
                    .then_some("must be between 1 and 20,000 characters"),
            )
            .check("voice", voice_problem(self.voice.as_deref()))
            .finish()
    }
}

/// The answer of `POST /collections/{id}/stories`: the card exists at once (empty); the job
/// fills it with spoken chapters, a cover and icons.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MakeStoryOut {
    pub job_id: String,
    pub card_slug: String,
    /// How many chapters the text was cut into.
    pub chapters: i64,
}

/// What became of a story card's extra: its cover or its chapter icons. A story card is
/// complete without them, so a failure is told (`NotMade`), not raised. In JSON it is one
/// string: `kept`, `generated`, `3 generated` (icons, with their count) or
/// `not made: <why>`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", from = "String")]
pub enum Made {
    /// The card already had one.
    Kept,
    /// Drawn now; for icons, how many.
    Generated(Option<usize>),
    /// Not drawn, and why.
    NotMade(String),
}

impl From<Made> for String {
    fn from(made: Made) -> Self {
        match made {
            Made::Kept => "kept".into(),
            Made::Generated(None) => "generated".into(),
            Made::Generated(Some(n)) => format!("{n} generated"),
            Made::NotMade(why) => format!("not made: {why}"),
        }
    }
}

impl From<String> for Made {
    fn from(text: String) -> Self {
        if let Some(why) = text.strip_prefix("not made: ") {
            return Made::NotMade(why.to_owned());
        }
        match text.as_str() {
            "kept" => Made::Kept,
            "generated" => Made::Generated(None),
            other => match other.strip_suffix(" generated").map(str::parse) {
                Some(Ok(n)) => Made::Generated(Some(n)),
                _ => Made::NotMade(text),
            },
        }
    }
}

/// The result of a `story.make` job (`JobOut.result`, JSON text): the card, its chapters,
/// and what became of its cover and icons.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoryJobResult {
    pub card_slug: String,
    pub chapters: usize,
    pub cover: Made,
    pub icons: Made,
}

#[cfg(test)]
mod made_tests {
    use super::*;

    #[test]
    fn what_was_made_reads_back_as_written() {
        for made in [
            Made::Kept,
            Made::Generated(None),
            Made::Generated(Some(3)),
            Made::NotMade("the image service is busy".into()),
        ] {
            let text = serde_json::to_string(&made).unwrap();
            assert_eq!(serde_json::from_str::<Made>(&text).unwrap(), made, "{text}");
        }
        assert_eq!(
            serde_json::to_string(&Made::Generated(Some(3))).unwrap(),
            r#""3 generated""#
        );
    }
}

/// Fewest and most passages of a generated interactive story.
pub const MIN_INTERACTIVE_PASSAGES: i64 = 4;
pub const MAX_INTERACTIVE_PASSAGES: i64 = 40;

/// Body of `POST /collections/{id}/stories/interactive`: a branching story written for the
/// collection's child, spoken and wired into an interactive card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct MakeInteractiveStoryInput {
    /// What the story is about, in a sentence.
    #[cfg_attr(
        feature = "openapi",
        schema(min_length = 1, max_length = 500, pattern = "\\S")
    )]
    pub idea: String,
    /// How many passages (4 to 40; 7 when absent).
    #[serde(default = "default_passages")]
    #[cfg_attr(feature = "openapi", schema(minimum = 4, maximum = 40))]
    pub passages: i64,
    /// How many times the child chooses with the buttons (2 when absent): each choice takes
    /// three passages (the question and its two ways) and the story one more to begin, so
    /// at most (passages − 1) / 3.
    #[serde(default = "default_choice_points")]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 13))]
    pub choice_points: i64,
    /// The preset whose vocabulary and voice to use; absent: the collection profile's.
    #[serde(default)]
    pub preset_id: Option<String>,
    /// The voice (`GET /tts/voices`); absent: the preset's, the profile's, or the default.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 100))]
    pub voice: Option<String>,
}

fn default_passages() -> i64 {
    7
}

fn default_choice_points() -> i64 {
    2
}

impl MakeInteractiveStoryInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let idea = self.idea.trim().chars().count();
        Checker::default()
            .check(
                "idea",
                (idea == 0 || idea > MAX_IDEA_CHARS)
                    .then_some("must be between 1 and 500 characters"),
            )
            .check(
                "passages",
                (!(MIN_INTERACTIVE_PASSAGES..=MAX_INTERACTIVE_PASSAGES).contains(&self.passages))
                    .then_some("must be between 4 and 40"),
            )
            .check(
                "choice_points",
                (self.choice_points < 1 || 3 * self.choice_points + 1 > self.passages.max(4)).then(
                    || {
                        format!(
                            "must be between 1 and {}: each choice takes three passages and the \
                             story one more to begin",
                            (self.passages.max(4) - 1) / 3
                        )
                    },
                ),
            )
            .check("voice", voice_problem(self.voice.as_deref()))
            .finish()
    }
}

/// The answer of the interactive story endpoints: the card exists at once (empty); the job
/// (`GET /jobs/{id}`) speaks every passage, wires the story, and adds a cover and icons.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct InteractiveStoryOut {
    pub job_id: String,
    pub card_slug: String,
    /// The card's title: the story's (a Twine story's `StoryTitle`).
    pub title: String,
    pub passages: i64,
    /// Who wrote it: a provider kind (`openai`, …), `offline` (the built-in branching
    /// templates) or `twine` (an imported story file).
    pub written_by: String,
    /// What importing a story file changed from the file (a link to a missing passage left
    /// out, a long name shortened), each naming its passage.
    pub notes: Vec<crate::interactive::plan::ImportNote>,
}

/// A story request's voice, when one is named: 1 to 100 characters.
pub fn voice_problem(voice: Option<&str>) -> Option<&'static str> {
    voice
        .is_some_and(|v| v.is_empty() || v.chars().count() > 100)
        .then_some("must be between 1 and 100 characters")
}
