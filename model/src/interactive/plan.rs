//! A story to be made into an interactive card: its passages as text to speak, and its
//! ways by passage number (the tracks, and so their ids, do not exist yet). A Twine story
//! becomes one here, the way the platform's converter reads it; a generated story is one.
//! What cannot be made is an error naming the passage; what is made differently from the
//! file (a link to nowhere dropped, a long name shortened) is a warning.

use serde::{Deserialize, Serialize};

use super::twee::TweeStory;
use super::{Choice, Ending, Passage, StoryGraph, MAX_LABEL_CHARS, MAX_PASSAGES};

/// The longest passage name kept as a track title.
pub const MAX_PASSAGE_NAME_CHARS: usize = 100;
/// The longest text spoken for one passage.
pub const MAX_PASSAGE_TEXT_CHARS: usize = 20_000;

/// A story ready to be spoken.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoryPlan {
    pub title: String,
    /// The passage it starts at (an index of `passages`).
    pub start: usize,
    pub passages: Vec<PlannedPassage>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlannedPassage {
    pub title: String,
    /// What the voice says.
    pub text: String,
    pub left: Option<PlannedChoice>,
    pub right: Option<PlannedChoice>,
    /// `None`: the story stops here; else the passage it goes on to (itself: it repeats).
    pub next: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlannedChoice {
    pub label: String,
    pub target: usize,
}

/// What importing a story file found: `code` is stable (`too_many_passages`,
/// `too_many_links`, `unknown_link`, `name_shortened`, `text_shortened`, `empty_passage`,
/// `duplicate_name`), `passage` the passage's name as the file has it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ImportNote {
    pub code: String,
    pub passage: Option<String>,
    pub message: String,
}

/// What to do with a passage of more than three links (a card has two buttons and one way
/// on by itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExtraLinks {
    /// An error naming each such passage: the parent edits the story.
    Refuse,
    /// The first three are kept, each passage's others dropped with a warning.
    KeepFirst,
}

/// Words a storyteller says in a second (130 a minute): how long a passage will be once
/// spoken, before it is.
pub const WORDS_PER_SECOND: f64 = 130.0 / 60.0;

impl StoryPlan {
    /// What the check will say of this story once spoken, each passage's length estimated
    /// from its words (passages named by their number).
    pub fn problems(&self) -> Vec<super::check::StoryProblem> {
        let ids: Vec<String> = (0..self.passages.len()).map(|i| i.to_string()).collect();
        let facts: Vec<super::check::TrackFacts> = self
            .passages
            .iter()
            .zip(&ids)
            .map(|(p, id)| super::check::TrackFacts {
                id,
                title: &p.title,
                seconds: Some(p.text.split_whitespace().count() as f64 / WORDS_PER_SECOND),
            })
            .collect();
        super::check::check(&self.graph(&ids), &facts)
    }

    /// The story graph once passage `i` is the track `ids[i]`.
    pub fn graph(&self, ids: &[String]) -> StoryGraph {
        let id = |i: usize| ids.get(i).cloned().unwrap_or_default();
        StoryGraph {
            start: id(self.start),
            passages: self
                .passages
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let choice = |c: &Option<PlannedChoice>| {
                        c.as_ref().map(|c| Choice {
                            label: c.label.clone(),
                            target: id(c.target),
                        })
                    };
                    Passage {
                        track_id: id(i),
                        left: choice(&p.left),
                        right: choice(&p.right),
                        ending: match p.next {
                            Some(n) if n == i => Ending::Repeat,
                            Some(n) => Ending::Goto { target: id(n) },
                            None => Ending::Stop,
                        },
                    }
                })
                .collect(),
        }
    }
}

/// A Twine story as the platform's converter reads it: each passage one passage, its first
/// link the left button, its second the right, its third the way on by itself, and with no
/// third the story stops at the passage's end. Errors (nothing is made) or the plan and its
/// warnings.
pub fn from_twee(
    story: &TweeStory,
    extra: ExtraLinks,
) -> Result<(StoryPlan, Vec<ImportNote>), Vec<ImportNote>> {
    let mut errors = Vec::new();
    let mut notes = Vec::new();
    let note = |code: &str, passage: Option<&str>, message: String| ImportNote {
        code: code.into(),
        passage: passage.map(|p| short(p, MAX_PASSAGE_NAME_CHARS)),
        message,
    };
    if story.passages.len() > MAX_PASSAGES {
        errors.push(note(
            "too_many_passages",
            None,
            format!(
                "the story has {} passages and a card holds at most {MAX_PASSAGES}",
                story.passages.len()
            ),
        ));
        return Err(errors);
    }
    let index = |name: &str| story.passages.iter().position(|p| p.name == name);
    let mut passages = Vec::with_capacity(story.passages.len());
    for (i, p) in story.passages.iter().enumerate() {
        let shown = short(&p.name, 60);
        if index(&p.name) != Some(i) {
            notes.push(note(
                "duplicate_name",
                Some(&p.name),
                format!("“{shown}” is in the story twice: links go to the first"),
            ));
        }
        let mut title = p.name.trim().to_owned();
        if title.chars().count() > MAX_PASSAGE_NAME_CHARS {
            title = short(&title, MAX_PASSAGE_NAME_CHARS);
            notes.push(note(
                "name_shortened",
                Some(&p.name),
                format!("“{shown}” is named in its first {MAX_PASSAGE_NAME_CHARS} characters"),
            ));
        }
        if title.is_empty() {
            title = format!("Passage {}", i + 1);
        }
        let mut ways = Vec::new();
        for link in &p.links {
            match index(&link.target) {
                Some(target) => ways.push((link.label.clone(), target)),
                None => notes.push(note(
                    "unknown_link",
                    Some(&p.name),
                    format!(
                        "“{shown}” links to “{}”, which the story does not have: the link is left out",
                        short(&link.target, 60)
                    ),
                )),
            }
        }
        if ways.len() > 3 {
            let message = format!(
                "“{shown}” has {} links and a player offers two buttons and one way on by itself",
                ways.len()
            );
            match extra {
                ExtraLinks::Refuse => errors.push(note("too_many_links", Some(&p.name), message)),
                ExtraLinks::KeepFirst => {
                    notes.push(note(
                        "too_many_links",
                        Some(&p.name),
                        format!("{message}: the first three are kept"),
                    ));
                    ways.truncate(3);
                }
            }
        }
        let mut text = p.spoken_text();
        if text.is_empty() {
            notes.push(note(
                "empty_passage",
                Some(&p.name),
                format!("“{shown}” has no text: its name is spoken"),
            ));
            text = title.clone();
        }
        if text.chars().count() > MAX_PASSAGE_TEXT_CHARS {
            text = short(&text, MAX_PASSAGE_TEXT_CHARS);
            notes.push(note(
                "text_shortened",
                Some(&p.name),
                format!("“{shown}” is spoken in its first {MAX_PASSAGE_TEXT_CHARS} characters"),
            ));
        }
        let choice = |way: Option<&(String, usize)>| {
            way.map(|(label, target)| PlannedChoice {
                label: {
                    let label = short(label.trim(), MAX_LABEL_CHARS);
                    if label.is_empty() {
                        short(&story.passages[*target].name, MAX_LABEL_CHARS)
                    } else {
                        label
                    }
                },
                target: *target,
            })
        };
        passages.push(PlannedPassage {
            title,
            text,
            left: choice(ways.first()),
            right: choice(ways.get(1)),
            next: ways.get(2).map(|(_, t)| *t),
        });
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let start = story.start.as_deref().and_then(index).unwrap_or_default();
    let title = story
        .title
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map_or_else(|| "Interactive story".to_owned(), |t| short(t, 100));
    Ok((
        StoryPlan {
            title,
            start,
            passages,
        },
        notes,
    ))
}

fn short(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

#[cfg(test)]
mod tests;
