//! What happens to a story when its card's tracks change. Every track edit (trim, fade,
//! split, merge) makes new tracks and keeps the old ones as sources, and a deleted track is
//! gone: the graph, which names passages by track id, follows here. Pure, so the job that
//! edits the audio and the tests say the same thing.

use super::{Ending, Passage, StoryGraph};

impl StoryGraph {
    /// The story a linear card tells: its tracks in order, each going on to the next, the
    /// last one stopping. Turning a card interactive starts from here, so nothing is lost.
    pub fn linear<'a>(track_ids: impl IntoIterator<Item = &'a str>) -> StoryGraph {
        let ids: Vec<&str> = track_ids.into_iter().collect();
        let passages = ids
            .iter()
            .enumerate()
            .map(|(i, id)| Passage {
                track_id: (*id).to_owned(),
                left: None,
                right: None,
                ending: match ids.get(i + 1) {
                    Some(next) => Ending::Goto {
                        target: (*next).to_owned(),
                    },
                    None => Ending::Stop,
                },
            })
            .collect();
        StoryGraph {
            start: ids.first().map_or_else(String::new, |id| (*id).to_owned()),
            passages,
        }
    }

    /// The passage of track `id`, if it is in the story.
    pub fn passage(&self, id: &str) -> Option<&Passage> {
        self.passages.iter().find(|p| p.track_id == id)
    }

    /// Track `old` became `pieces`, in play order (one for a trim or a fade, several for a
    /// split). Whatever led to `old` now leads to the first piece; the passage's choices and
    /// ending belong to the last piece, since they come when the audio ends; each piece
    /// before it goes on to the next by itself.
    pub fn track_replaced(&mut self, old: &str, pieces: &[String]) {
        let (Some(first), Some(last)) = (pieces.first(), pieces.last()) else {
            return;
        };
        self.retarget(old, first);
        let Some(at) = self.passages.iter().position(|p| p.track_id == old) else {
            return;
        };
        let mut passage = self.passages.remove(at);
        // a passage that repeated itself now repeats its last piece: retarget made that a goto
        // to the first piece, which replays the whole passage, as before
        let mut made: Vec<Passage> = pieces[..pieces.len() - 1]
            .iter()
            .zip(&pieces[1..])
            .map(|(piece, next)| Passage {
                track_id: piece.clone(),
                left: None,
                right: None,
                ending: Ending::Goto {
                    target: next.clone(),
                },
            })
            .collect();
        passage.track_id = last.clone();
        if pieces.len() > 1 && passage.ending == Ending::Repeat {
            passage.ending = Ending::Goto {
                target: first.clone(),
            };
        }
        made.push(passage);
        self.passages.splice(at..at, made);
    }

    /// Tracks `merged` (in play order) became the one track `into`. Whatever led to any of
    /// them leads to `into`; it takes the place of the first of them in the story, and the
    /// choices and ending of the last of them that was a passage.
    pub fn tracks_merged(&mut self, merged: &[String], into: &str) {
        for id in merged {
            self.retarget(id, into);
        }
        let Some(at) = self
            .passages
            .iter()
            .position(|p| merged.contains(&p.track_id))
        else {
            return;
        };
        let mut last = merged
            .iter()
            .rev()
            .find_map(|id| self.passage(id))
            .cloned()
            .expect("one passage was found above");
        last.track_id = into.to_owned();
        // a way from one merged part to another is now the passage playing again
        if last.ending
            == (Ending::Goto {
                target: into.to_owned(),
            })
        {
            last.ending = Ending::Repeat;
        }
        self.passages.retain(|p| !merged.contains(&p.track_id));
        self.passages.insert(at.min(self.passages.len()), last);
    }

    /// Track `id` was deleted: its passage leaves the story. Returns the passages whose
    /// choices or ending led to it, which now lead nowhere: the check reports each
    /// (`unknown_target`) until the parent picks another way, and publishing waits for that.
    pub fn track_deleted(&mut self, id: &str) -> Vec<String> {
        self.passages.retain(|p| p.track_id != id);
        self.passages
            .iter()
            .filter(|p| p.targets().any(|t| t == id))
            .map(|p| p.track_id.clone())
            .collect()
    }

    /// Passages with a choice or an ending leading to `id`, the start included as `None`.
    pub fn leading_to(&self, id: &str) -> Vec<&Passage> {
        self.passages
            .iter()
            .filter(|p| p.track_id != id && p.targets().any(|t| t == id))
            .collect()
    }

    /// Points every way to `from` (the start, choices, endings) at `to`.
    fn retarget(&mut self, from: &str, to: &str) {
        if self.start == from {
            self.start = to.to_owned();
        }
        for passage in &mut self.passages {
            for choice in [&mut passage.left, &mut passage.right]
                .into_iter()
                .flatten()
            {
                if choice.target == from {
                    choice.target = to.to_owned();
                }
            }
            if let Ending::Goto { target } = &mut passage.ending {
                if target == from {
                    *target = to.to_owned();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
