//! What is wrong with a story, in words a parent can act on. Errors block publishing (the
//! player could not follow the story); warnings sit beside their passage (the child could get
//! lost or stuck, or cannot know the choices). Pure: the server checks with it before saving
//! and publishing, and the editor in the browser as the parent edits.

use std::collections::{BTreeSet, HashMap};

use serde::{Deserialize, Serialize};

use super::{Ending, StoryGraph, MAX_LABEL_CHARS, MAX_PASSAGES, MIN_SPOKEN_CHOICE_SECONDS};

/// What the check knows of one of the card's tracks.
#[derive(Debug, Clone, Copy)]
pub struct TrackFacts<'a> {
    pub id: &'a str,
    pub title: &'a str,
    /// The audio's length, once it is known.
    pub seconds: Option<f64>,
}

/// One thing to fix or to look at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StoryProblem {
    /// `error` (publishing waits until it is fixed) or `warning`.
    #[cfg_attr(feature = "openapi", schema(pattern = "^(error|warning)$"))]
    pub severity: String,
    /// The passage (its track id) it is about, when it is about one.
    pub passage: Option<String>,
    /// Stable, for apps and translations: `too_many_passages`, `not_a_track`,
    /// `duplicate_passage`, `no_start`, `unknown_target`, `empty_label`, `label_too_long`,
    /// `unreachable`, `no_way_to_end`, `stuck_loop`, `choices_not_spoken`, `not_in_story`.
    pub code: String,
    pub message: String,
}

impl StoryProblem {
    pub fn is_error(&self) -> bool {
        self.severity == "error"
    }
}

/// Every problem of `graph` on a card with `tracks`, errors first, in passage order.
pub fn check(graph: &StoryGraph, tracks: &[TrackFacts]) -> Vec<StoryProblem> {
    let mut found = Found::default();
    let by_id: HashMap<&str, &TrackFacts> = tracks.iter().map(|t| (t.id, t)).collect();
    let title = |id: &str| by_id.get(id).map_or(id, |t| t.title).to_owned();
    if graph.passages.len() > MAX_PASSAGES {
        found.error(
            None,
            "too_many_passages",
            format!("a card holds at most {MAX_PASSAGES} passages"),
        );
    }
    let mut index: HashMap<&str, usize> = HashMap::new();
    for (i, passage) in graph.passages.iter().enumerate() {
        let id = passage.track_id.as_str();
        if !by_id.contains_key(id) {
            found.error(
                Some(id),
                "not_a_track",
                "this passage's track is not on the card".into(),
            );
        }
        // the first is the passage; a later one is only reported
        if *index.entry(id).or_insert(i) != i {
            found.error(
                Some(id),
                "duplicate_passage",
                format!("“{}” is in the story twice", title(id)),
            );
        }
    }
    if !index.contains_key(graph.start.as_str()) {
        found.error(
            None,
            "no_start",
            "choose the passage the story starts with".into(),
        );
    }
    for passage in &graph.passages {
        let id = passage.track_id.as_str();
        for target in passage.targets() {
            if !index.contains_key(target) {
                found.error(
                    Some(id),
                    "unknown_target",
                    format!(
                        "“{}” leads to a passage that is not in the story",
                        title(id)
                    ),
                );
            }
        }
        for choice in passage.choices() {
            let label = choice.label.trim();
            if label.is_empty() {
                found.error(
                    Some(id),
                    "empty_label",
                    format!("a choice of “{}” has no words", title(id)),
                );
            } else if label.chars().count() > MAX_LABEL_CHARS {
                found.error(
                    Some(id),
                    "label_too_long",
                    format!(
                        "a choice of “{}” is longer than {MAX_LABEL_CHARS} characters",
                        title(id)
                    ),
                );
            }
        }
    }
    let reachable = reachable(graph, &index);
    let can_end = can_end(graph, &index);
    let stuck = stuck(graph, &index);
    for (i, passage) in graph.passages.iter().enumerate() {
        let id = passage.track_id.as_str();
        if index.get(id) != Some(&i) {
            continue; // a duplicate, already an error
        }
        if index.contains_key(graph.start.as_str()) && !reachable.contains(&i) {
            found.warning(
                Some(id),
                "unreachable",
                format!("no choice leads to “{}”: nobody will hear it", title(id)),
            );
        } else if stuck.contains(&i) {
            found.warning(Some(id), "stuck_loop", format!("“{}” goes round with no choice to leave: the child is stuck until they stop the player", title(id)));
        } else if !can_end[i] {
            found.warning(
                Some(id),
                "no_way_to_end",
                format!("from “{}” the story can never end", title(id)),
            );
        }
        let short = by_id
            .get(id)
            .and_then(|t| t.seconds)
            .is_some_and(|s| s < MIN_SPOKEN_CHOICE_SECONDS);
        if passage.choices().next().is_some() && short {
            found.warning(
                Some(id),
                "choices_not_spoken",
                format!(
                    "“{}” is too short to say its choices: the child cannot read them",
                    title(id)
                ),
            );
        }
    }
    for track in tracks {
        if !index.contains_key(track.id) {
            found.warning(
                Some(track.id),
                "not_in_story",
                format!("“{}” is on the card but not in the story", track.title),
            );
        }
    }
    found.sorted()
}

#[derive(Default)]
struct Found(Vec<StoryProblem>);

impl Found {
    fn push(&mut self, severity: &str, passage: Option<&str>, code: &str, message: String) {
        self.0.push(StoryProblem {
            severity: severity.into(),
            passage: passage.map(str::to_owned),
            code: code.into(),
            message,
        });
    }
    fn error(&mut self, passage: Option<&str>, code: &str, message: String) {
        self.push("error", passage, code, message);
    }
    fn warning(&mut self, passage: Option<&str>, code: &str, message: String) {
        self.push("warning", passage, code, message);
    }
    fn sorted(mut self) -> Vec<StoryProblem> {
        // stable: errors first, each kind in the order found
        self.0.sort_by_key(|p| !p.is_error());
        self.0
    }
}

/// The passages the start leads to, by any way.
fn reachable(graph: &StoryGraph, index: &HashMap<&str, usize>) -> BTreeSet<usize> {
    let mut seen = BTreeSet::new();
    let mut next: Vec<usize> = index
        .get(graph.start.as_str())
        .copied()
        .into_iter()
        .collect();
    while let Some(i) = next.pop() {
        if seen.insert(i) {
            next.extend(
                graph.passages[i]
                    .targets()
                    .filter_map(|t| index.get(t).copied()),
            );
        }
    }
    seen
}

/// For each passage, whether some way from it reaches an ending (`stop`).
fn can_end(graph: &StoryGraph, index: &HashMap<&str, usize>) -> Vec<bool> {
    let mut ends: Vec<bool> = graph
        .passages
        .iter()
        .map(|p| p.ending == Ending::Stop)
        .collect();
    // at most one more passage learns it each round
    loop {
        let mut changed = false;
        for (i, passage) in graph.passages.iter().enumerate() {
            if !ends[i]
                && passage
                    .targets()
                    .any(|t| index.get(t).is_some_and(|&j| ends[j]))
            {
                ends[i] = true;
                changed = true;
            }
        }
        if !changed {
            return ends;
        }
    }
}

/// Passages on a loop that goes round by itself: none of them offers a choice, and each
/// goes on (or repeats) to the next.
fn stuck(graph: &StoryGraph, index: &HashMap<&str, usize>) -> BTreeSet<usize> {
    let next_by_itself = |i: usize| -> Option<usize> {
        let passage = &graph.passages[i];
        if passage.choices().next().is_some() {
            return None;
        }
        match &passage.ending {
            Ending::Goto { target } => index.get(target.as_str()).copied(),
            Ending::Repeat => Some(i),
            Ending::Stop => None,
        }
    };
    let mut stuck = BTreeSet::new();
    for first in 0..graph.passages.len() {
        let mut walk = vec![first];
        while let Some(next) = next_by_itself(*walk.last().expect("the walk has a start")) {
            if let Some(at) = walk.iter().position(|&w| w == next) {
                stuck.extend(&walk[at..]);
                break;
            }
            walk.push(next);
        }
    }
    stuck
}

#[cfg(test)]
mod tests;
