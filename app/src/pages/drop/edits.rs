//! The parent's changes to a drop's plan, kept apart from the plan itself: the plan is worked
//! out again as files land (and when the grouping changes), and the changes are laid over
//! each new one — a card's title by its folder, a chapter's title, leaving out and icon by
//! its file, a card's order by its files. Pure, so it is tested natively.

use std::collections::{HashMap, HashSet};

use cardsmith_model::drop::{ConfirmDropCard, ConfirmDropInput, ConfirmDropTrack, DropPlanOut};

/// What the parent changed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Edits {
    /// Card titles by folder.
    pub card_titles: HashMap<String, String>,
    /// Cards (by folder) the parent does not want made.
    pub skipped_cards: HashSet<String>,
    /// Chapter titles by path.
    pub titles: HashMap<String, String>,
    /// Chapters (by path) left out.
    pub left_out: HashSet<String>,
    /// Chapters (by path) that keep the card's numbered icon instead of the matched one.
    pub no_icon: HashSet<String>,
    /// A card's chapters in the order the parent put them (by folder, paths).
    pub order: HashMap<String, Vec<String>>,
}

/// One chapter as the page shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct ShownTrack {
    pub path: String,
    pub title: String,
    pub icon: Option<String>,
    pub icon_confidence: Option<f32>,
    pub use_icon: bool,
    pub included: bool,
    pub duration_ms: Option<i64>,
}

/// One card as the page shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct ShownCard {
    pub folder: String,
    pub title: String,
    pub included: bool,
    pub cover: Option<String>,
    pub cover_embedded: bool,
    pub tracks: Vec<ShownTrack>,
}

impl Edits {
    /// `plan` with the changes laid over it.
    pub fn apply(&self, plan: &DropPlanOut) -> Vec<ShownCard> {
        plan.cards
            .iter()
            .map(|card| {
                let mut tracks: Vec<ShownTrack> = card
                    .tracks
                    .iter()
                    .map(|t| ShownTrack {
                        path: t.path.clone(),
                        title: self
                            .titles
                            .get(&t.path)
                            .cloned()
                            .unwrap_or_else(|| t.title.clone()),
                        icon: t.icon.clone(),
                        icon_confidence: t.icon_confidence,
                        use_icon: t.icon.is_some() && !self.no_icon.contains(&t.path),
                        included: !self.left_out.contains(&t.path),
                        duration_ms: t.duration_ms,
                    })
                    .collect();
                if let Some(order) = self.order.get(&card.folder) {
                    // the parent's order for the files they placed; new files keep the plan's
                    // order after them
                    let place =
                        |path: &str| order.iter().position(|p| p == path).unwrap_or(usize::MAX);
                    tracks.sort_by_key(|t| place(&t.path));
                }
                ShownCard {
                    folder: card.folder.clone(),
                    title: self
                        .card_titles
                        .get(&card.folder)
                        .cloned()
                        .unwrap_or_else(|| card.title.clone()),
                    included: !self.skipped_cards.contains(&card.folder),
                    cover: card.cover.as_ref().map(|c| c.path.clone()),
                    cover_embedded: card.cover.as_ref().is_some_and(|c| c.embedded),
                    tracks,
                }
            })
            .collect()
    }

    /// Moves chapter `index` of `card` (as shown) by `by` places (−1 up, +1 down).
    pub fn move_track(&mut self, card: &ShownCard, index: usize, by: isize) {
        let to = index as isize + by;
        if to < 0 || to as usize >= card.tracks.len() {
            return;
        }
        let mut paths: Vec<String> = card.tracks.iter().map(|t| t.path.clone()).collect();
        paths.swap(index, to as usize);
        self.order.insert(card.folder.clone(), paths);
    }

    /// Flips whether `path` is in or out.
    pub fn toggle_track(&mut self, path: &str) {
        if !self.left_out.remove(path) {
            self.left_out.insert(path.to_owned());
        }
    }

    /// Flips whether `path` keeps its matched icon.
    pub fn toggle_icon(&mut self, path: &str) {
        if !self.no_icon.remove(path) {
            self.no_icon.insert(path.to_owned());
        }
    }

    /// Flips whether the card of `folder` is made.
    pub fn toggle_card(&mut self, folder: &str) {
        if !self.skipped_cards.remove(folder) {
            self.skipped_cards.insert(folder.to_owned());
        }
    }
}

/// What the confirm sends for `cards`: the included cards with their included chapters (a
/// card left with none is not made).
pub fn confirm_input(cards: &[ShownCard]) -> ConfirmDropInput {
    ConfirmDropInput {
        cards: cards
            .iter()
            .filter(|c| c.included)
            .map(|c| ConfirmDropCard {
                title: c.title.trim().to_owned(),
                cover: c.cover.clone(),
                tracks: c
                    .tracks
                    .iter()
                    .filter(|t| t.included)
                    .map(|t| ConfirmDropTrack {
                        path: t.path.clone(),
                        title: t.title.trim().to_owned(),
                        icon: t.icon.clone().filter(|_| t.use_icon),
                    })
                    .collect(),
            })
            .filter(|c| !c.tracks.is_empty())
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardsmith_model::drop::{DropCardPlan, DropGrouping, DropTrackPlan};

    fn plan(paths: &[&str]) -> DropPlanOut {
        DropPlanOut {
            grouping: DropGrouping::PerFolder,
            cards: vec![DropCardPlan {
                title: "Book".into(),
                folder: "Book".into(),
                cover: None,
                tracks: paths
                    .iter()
                    .map(|p| DropTrackPlan {
                        path: (*p).into(),
                        title: p.to_uppercase(),
                        icon: Some("owl".into()),
                        icon_confidence: Some(1.0),
                        duration_ms: None,
                    })
                    .collect(),
            }],
            refused: vec![],
            left_out: vec![],
        }
    }

    #[test]
    fn changes_survive_a_new_plan_with_more_files() {
        let mut edits = Edits::default();
        let first = edits.apply(&plan(&["a", "b", "c"]));
        edits.move_track(&first[0], 2, -1);
        edits.toggle_track("a");
        edits.toggle_icon("b");
        edits.titles.insert("c".into(), "Sea".into());
        edits.card_titles.insert("Book".into(), "My book".into());

        let shown = edits.apply(&plan(&["a", "b", "c", "d"]));
        let paths: Vec<&str> = shown[0].tracks.iter().map(|t| t.path.as_str()).collect();
        assert_eq!(paths, ["a", "c", "b", "d"]);
        assert_eq!(shown[0].title, "My book");
        assert_eq!(shown[0].tracks[1].title, "Sea");

        let input = confirm_input(&shown);
        let sent: Vec<(&str, Option<&str>)> = input.cards[0]
            .tracks
            .iter()
            .map(|t| (t.path.as_str(), t.icon.as_deref()))
            .collect();
        assert_eq!(sent, [("c", Some("owl")), ("b", None), ("d", Some("owl"))]);
        assert!(input.validate().is_ok());
    }

    #[test]
    fn skipped_cards_and_empty_ones_are_not_sent() {
        let mut edits = Edits::default();
        edits.toggle_card("Book");
        assert!(confirm_input(&edits.apply(&plan(&["a"]))).cards.is_empty());
        let mut edits = Edits::default();
        edits.toggle_track("a");
        assert!(confirm_input(&edits.apply(&plan(&["a"]))).cards.is_empty());
    }
}
