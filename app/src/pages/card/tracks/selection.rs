//! Which tracks are selected for a batch action: a click toggles one, a shift-click selects
//! the run from the last one clicked, "Select all" takes every one. Pure, so it is tested
//! natively; the list keeps it in a signal.

/// The selected track ids, in the card's order, and the one a shift-click extends from.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Selection {
    ids: Vec<String>,
    anchor: Option<String>,
}

impl Selection {
    pub fn ids(&self) -> &[String] {
        &self.ids
    }

    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    pub fn contains(&self, id: &str) -> bool {
        self.ids.iter().any(|s| s == id)
    }

    /// A click on `id`'s box: toggles it; with `shift`, selects every track from the last one
    /// clicked to this one (`order` is the card's, first to last).
    pub fn click(&mut self, id: &str, shift: bool, order: &[String]) {
        let range = shift
            .then(|| {
                let from = order.iter().position(|x| Some(x) == self.anchor.as_ref())?;
                let to = order.iter().position(|x| x == id)?;
                Some(if from <= to { from..=to } else { to..=from })
            })
            .flatten();
        match range {
            Some(range) => {
                for x in &order[range] {
                    if !self.contains(x) {
                        self.ids.push(x.clone());
                    }
                }
            }
            None if self.contains(id) => self.ids.retain(|x| x != id),
            None => self.ids.push(id.to_owned()),
        }
        self.anchor = Some(id.to_owned());
        self.follow(order);
    }

    /// Every track, or none when every one is selected already.
    pub fn toggle_all(&mut self, order: &[String]) {
        if self.ids.len() == order.len() {
            self.ids.clear();
        } else {
            self.ids = order.to_vec();
        }
        self.anchor = None;
    }

    pub fn clear(&mut self) {
        *self = Self::default();
    }

    /// Keeps the selection in the card's order, without tracks no longer on it.
    pub fn follow(&mut self, order: &[String]) {
        let selected = std::mem::take(&mut self.ids);
        self.ids = order
            .iter()
            .filter(|id| selected.contains(id))
            .cloned()
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order() -> Vec<String> {
        ["a", "b", "c", "d", "e"].map(String::from).to_vec()
    }

    #[test]
    fn clicks_toggle_and_shift_clicks_select_a_run_either_way() {
        let mut s = Selection::default();
        s.click("b", false, &order());
        s.click("d", true, &order());
        assert_eq!(s.ids(), ["b", "c", "d"]);
        s.click("c", false, &order());
        assert_eq!(s.ids(), ["b", "d"]);
        s.click("a", true, &order());
        assert_eq!(s.ids(), ["a", "b", "c", "d"]);
    }

    #[test]
    fn select_all_toggles_and_the_card_order_wins() {
        let mut s = Selection::default();
        s.toggle_all(&order());
        assert_eq!(s.len(), 5);
        s.toggle_all(&order());
        assert!(s.is_empty());
        s.click("e", false, &order());
        s.click("a", false, &order());
        assert_eq!(s.ids(), ["a", "e"]);
        s.follow(&["e".into(), "b".into()]);
        assert_eq!(s.ids(), ["e"]);
    }
}
