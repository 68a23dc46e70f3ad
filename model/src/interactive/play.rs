//! Playing a story as a player does, without one: the preview in the browser walks the
//! graph with this. Pure, so the preview and its tests agree on what a button does.

use super::{Ending, StoryGraph};

/// The player's two buttons (the keyboard's arrow keys in the preview).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Button {
    Left,
    Right,
}

/// Where a child is in a story and the way they came.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Walk {
    /// The passage playing; `None` once the story ended.
    pub at: Option<String>,
    /// Every passage played, in order (a passage heard twice is there twice).
    pub path: Vec<String>,
}

impl Walk {
    /// The story from its start (an empty walk when the start is not a passage).
    pub fn start(story: &StoryGraph) -> Walk {
        let mut walk = Walk::default();
        if story.passage(&story.start).is_some() {
            walk.go(Some(story.start.clone()));
        }
        walk
    }

    /// A button: its choice plays at once; a button with no choice does nothing (`false`).
    pub fn press(&mut self, story: &StoryGraph, button: Button) -> bool {
        let Some(passage) = self.at.as_deref().and_then(|id| story.passage(id)) else {
            return false;
        };
        let choice = match button {
            Button::Left => &passage.left,
            Button::Right => &passage.right,
        };
        match choice {
            Some(c) if story.passage(&c.target).is_some() => {
                let target = c.target.clone();
                self.go(Some(target));
                true
            }
            _ => false,
        }
    }

    /// The passage's audio ended with no button pressed: its ending happens.
    pub fn ended(&mut self, story: &StoryGraph) {
        let Some(passage) = self.at.as_deref().and_then(|id| story.passage(id)) else {
            return;
        };
        let next = match &passage.ending {
            Ending::Goto { target } => story.passage(target).map(|p| p.track_id.clone()),
            Ending::Repeat => Some(passage.track_id.clone()),
            Ending::Stop => None,
        };
        self.go(next);
    }

    /// The passages of the story this walk never played.
    pub fn unheard<'a>(&self, story: &'a StoryGraph) -> Vec<&'a str> {
        story
            .passages
            .iter()
            .map(|p| p.track_id.as_str())
            .filter(|id| !self.path.iter().any(|p| p == id))
            .collect()
    }

    fn go(&mut self, to: Option<String>) {
        if let Some(id) = &to {
            self.path.push(id.clone());
        }
        self.at = to;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn story() -> StoryGraph {
        serde_json::from_value(serde_json::json!({
            "start": "a",
            "passages": [
                {"track_id": "a", "left": {"label": "Cave", "target": "b"},
                 "right": {"label": "Home", "target": "c"}, "ending": {"kind": "repeat"}},
                {"track_id": "b", "right": {"label": "Back", "target": "a"}, "ending": {"kind": "goto", "target": "d"}},
                {"track_id": "c", "ending": {"kind": "stop"}},
                {"track_id": "d", "ending": {"kind": "stop"}},
            ]
        }))
        .unwrap()
    }

    #[test]
    fn buttons_choose_and_endings_go_on_by_themselves() {
        let story = story();
        let mut walk = Walk::start(&story);
        assert_eq!(walk.at.as_deref(), Some("a"));
        walk.ended(&story);
        assert_eq!(
            walk.at.as_deref(),
            Some("a"),
            "a passage waiting for a choice repeats"
        );
        assert!(walk.press(&story, Button::Left));
        assert_eq!(walk.at.as_deref(), Some("b"));
        assert!(!walk.press(&story, Button::Left), "no left choice here");
        assert!(walk.press(&story, Button::Right));
        assert!(walk.press(&story, Button::Right));
        assert_eq!(walk.at.as_deref(), Some("c"));
        walk.ended(&story);
        assert_eq!(walk.at, None, "the story ended");
        assert_eq!(walk.path, ["a", "a", "b", "a", "c"]);
        assert_eq!(walk.unheard(&story), ["d"]);
        assert!(
            !walk.press(&story, Button::Left),
            "nothing plays after the end"
        );
    }

    #[test]
    fn a_story_without_its_start_does_not_play() {
        let mut story = story();
        story.start = "zz".into();
        let walk = Walk::start(&story);
        assert_eq!(walk.at, None);
        assert_eq!(walk.unheard(&story).len(), 4);
    }
}
