//! Which cards of the library are selected for an action on many. The tiles and rows are
//! drawn by the server, each with a hidden checkbox carrying its card (`data-slug`,
//! `data-title`, `data-tracks`, `data-collection`); the library shows the boxes while
//! selecting and keeps the selection here, across pages and new answers. Pure, so it is
//! tested natively.

/// A selected card, as its checkbox describes it.
#[derive(Debug, Clone, PartialEq)]
pub struct Picked {
    pub slug: String,
    pub title: String,
    pub tracks: i64,
    /// Its home collection.
    pub collection: String,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Selection {
    /// In the order picked.
    pub cards: Vec<Picked>,
}

impl Selection {
    /// Picks `card` when `on`, else drops it.
    pub fn set(&mut self, card: Picked, on: bool) {
        let here = self.cards.iter().position(|c| c.slug == card.slug);
        match (here, on) {
            (None, true) => self.cards.push(card),
            (Some(i), false) => {
                self.cards.remove(i);
            }
            _ => {}
        }
    }

    /// Picks every card of `page`, unless all are picked already: then drops them.
    pub fn toggle_page(&mut self, page: Vec<Picked>) {
        let all = page.iter().all(|p| self.has(&p.slug));
        for card in page {
            self.set(card, !all);
        }
    }

    pub fn has(&self, slug: &str) -> bool {
        self.cards.iter().any(|c| c.slug == slug)
    }

    /// Tracks of the selected cards in all.
    pub fn tracks(&self) -> i64 {
        self.cards.iter().map(|c| c.tracks).sum()
    }

    pub fn slugs(&self) -> Vec<String> {
        self.cards.iter().map(|c| c.slug.clone()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(slug: &str, tracks: i64) -> Picked {
        Picked {
            slug: slug.into(),
            title: slug.to_uppercase(),
            tracks,
            collection: "c".into(),
        }
    }

    #[test]
    fn a_selection_spans_pages_and_counts_tracks() {
        let mut s = Selection::default();
        s.set(card("owl", 3), true);
        s.set(card("owl", 3), true);
        s.toggle_page(vec![card("bat", 2), card("fox", 1)]);
        assert_eq!(s.slugs(), ["owl", "bat", "fox"]);
        assert_eq!(s.tracks(), 6);
        // the page again: all of it was picked, so it is dropped
        s.toggle_page(vec![card("bat", 2), card("fox", 1)]);
        assert_eq!(s.slugs(), ["owl"]);
        s.set(card("owl", 3), false);
        assert!(s.cards.is_empty());
    }
}
