//! Where the story map draws each passage: in rows by how many steps the start is away
//! (the start alone on top, what it leads to below), passages nobody reaches in a last row,
//! and an arrow for every way from one passage to another. Pure, tested natively.

use std::collections::{HashMap, VecDeque};

use cardsmith_model::interactive::{Ending, StoryGraph};

pub const NODE_W: f64 = 150.0;
pub const NODE_H: f64 = 44.0;
const GAP_X: f64 = 24.0;
const GAP_Y: f64 = 56.0;
const MARGIN: f64 = 12.0;

/// One passage on the map: its track id and its box's top-left corner.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub id: String,
    pub x: f64,
    pub y: f64,
}

/// How an arrow leaves its passage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Way {
    Left,
    Right,
    ByItself,
}

/// An arrow between two passages' boxes (a passage that repeats gets none: its box says so).
#[derive(Debug, Clone, PartialEq)]
pub struct Arrow {
    pub from: String,
    pub to: String,
    pub way: Way,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Map {
    pub nodes: Vec<Node>,
    pub arrows: Vec<Arrow>,
    pub width: f64,
    pub height: f64,
}

impl Map {
    pub fn node(&self, id: &str) -> Option<&Node> {
        self.nodes.iter().find(|n| n.id == id)
    }

    /// An arrow's path (SVG `d`): down to a lower row straight, to the same or a higher row
    /// bowed out to the side, so going back is told apart from going on.
    pub fn path(&self, arrow: &Arrow) -> Option<String> {
        let (a, b) = (self.node(&arrow.from)?, self.node(&arrow.to)?);
        let start = (a.x + NODE_W / 2.0, a.y + NODE_H);
        if b.y > a.y {
            let end = (b.x + NODE_W / 2.0, b.y);
            return Some(format!(
                "M{:.0},{:.0} L{:.0},{:.0}",
                start.0, start.1, end.0, end.1
            ));
        }
        let start = (a.x + NODE_W, a.y + NODE_H / 2.0);
        let end = (b.x + NODE_W, b.y + NODE_H / 2.0);
        let bow = start.0.max(end.0) + GAP_X + (a.y - b.y).abs() / 6.0;
        Some(format!(
            "M{:.0},{:.0} C{:.0},{:.0} {:.0},{:.0} {:.0},{:.0}",
            start.0, start.1, bow, start.1, bow, end.1, end.0, end.1
        ))
    }
}

/// Lays the story out (passages not in `story.passages` are not drawn).
pub fn layout(story: &StoryGraph) -> Map {
    let index: HashMap<&str, usize> = story
        .passages
        .iter()
        .enumerate()
        .map(|(i, p)| (p.track_id.as_str(), i))
        .collect();
    // steps from the start, breadth first
    let mut depth: Vec<Option<usize>> = vec![None; story.passages.len()];
    let mut queue = VecDeque::new();
    if let Some(&s) = index.get(story.start.as_str()) {
        depth[s] = Some(0);
        queue.push_back(s);
    }
    while let Some(i) = queue.pop_front() {
        let d = depth[i].unwrap_or(0);
        for t in story.passages[i].targets() {
            if let Some(&j) = index.get(t) {
                if depth[j].is_none() {
                    depth[j] = Some(d + 1);
                    queue.push_back(j);
                }
            }
        }
    }
    let deepest = depth.iter().flatten().max().map_or(0, |d| d + 1);
    let row_of = |i: usize| depth[i].unwrap_or(deepest);
    let rows = story.passages.len().min(deepest + 1);
    let mut in_row = vec![0usize; rows.max(1) + 1];
    let mut nodes = Vec::with_capacity(story.passages.len());
    for (i, p) in story.passages.iter().enumerate() {
        let row = row_of(i);
        let slot = in_row[row];
        in_row[row] += 1;
        nodes.push(Node {
            id: p.track_id.clone(),
            x: MARGIN + slot as f64 * (NODE_W + GAP_X),
            y: MARGIN + row as f64 * (NODE_H + GAP_Y),
        });
    }
    let widest = in_row.iter().copied().max().unwrap_or(0).max(1) as f64;
    let used_rows = nodes
        .iter()
        .map(|n| ((n.y - MARGIN) / (NODE_H + GAP_Y)).round() as usize + 1)
        .max()
        .unwrap_or(1) as f64;
    let mut arrows = Vec::new();
    for p in &story.passages {
        let mut add = |to: &str, way| {
            if to != p.track_id && index.contains_key(to) {
                arrows.push(Arrow {
                    from: p.track_id.clone(),
                    to: to.to_owned(),
                    way,
                });
            }
        };
        if let Some(c) = &p.left {
            add(&c.target, Way::Left);
        }
        if let Some(c) = &p.right {
            add(&c.target, Way::Right);
        }
        if let Ending::Goto { target } = &p.ending {
            add(target, Way::ByItself);
        }
    }
    Map {
        nodes,
        arrows,
        // room on the right for arrows bowing back up
        width: MARGIN * 2.0 + widest * (NODE_W + GAP_X) + 60.0,
        height: MARGIN * 2.0 + used_rows * (NODE_H + GAP_Y) - GAP_Y,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn story() -> StoryGraph {
        serde_json::from_value(serde_json::json!({
            "start": "a",
            "passages": [
                {"track_id": "lost", "ending": {"kind": "stop"}},
                {"track_id": "a", "left": {"label": "Cave", "target": "b"},
                 "right": {"label": "Home", "target": "c"}, "ending": {"kind": "repeat"}},
                {"track_id": "b", "ending": {"kind": "goto", "target": "a"}},
                {"track_id": "c", "ending": {"kind": "stop"}},
            ]
        }))
        .unwrap()
    }

    #[test]
    fn rows_follow_the_steps_from_the_start_and_the_unreached_come_last() {
        let map = layout(&story());
        let y = |id: &str| map.node(id).unwrap().y;
        assert!(y("a") < y("b"));
        assert_eq!(y("b"), y("c"), "both choices one step away");
        assert!(y("lost") > y("b"), "nobody reaches it: below the rest");
        assert!(map.node("b").unwrap().x < map.node("c").unwrap().x);
        assert!(map.height >= y("lost") + NODE_H);
    }

    #[test]
    fn every_way_is_an_arrow_and_going_back_bows_out() {
        let map = layout(&story());
        let ways: Vec<(&str, &str, Way)> = map
            .arrows
            .iter()
            .map(|a| (a.from.as_str(), a.to.as_str(), a.way))
            .collect();
        assert_eq!(
            ways,
            [
                ("a", "b", Way::Left),
                ("a", "c", Way::Right),
                // a repeat draws no arrow
                ("b", "a", Way::ByItself)
            ],
        );
        assert!(map.path(&map.arrows[0]).unwrap().contains(" L"));
        // going back up: a curve
        assert!(map.path(&map.arrows[2]).unwrap().contains(" C"));
    }

    #[test]
    fn an_empty_story_is_an_empty_map() {
        let map = layout(&StoryGraph::default());
        assert!(map.nodes.is_empty() && map.arrows.is_empty());
    }
}
