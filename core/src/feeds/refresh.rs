//! What a refresh changes on a feed's card: the latest `keep` episodes of the feed are the
//! card's chapters, newest first. Episodes the card lacks are added; episodes it holds that
//! fell out of the latest `keep` are dropped; episodes it holds stay as they are (a parent's
//! new title for one is kept; one whose track the parent deleted is not brought back). A feed that answers with no episodes at all changes nothing:
//! an emptied feed is more likely broken than finished. Pure, so every rule is tested here.

use super::read::Episode;

/// An episode the card holds: the feed's id for it, and its track (`None` once the parent
/// deleted it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Held {
    pub episode_id: String,
    pub track_id: Option<String>,
}

/// What to do to the card.
#[derive(Debug, Clone, PartialEq)]
pub struct Changes {
    /// Episodes to add, newest first.
    pub add: Vec<Episode>,
    /// Episodes to forget, with their tracks.
    pub drop: Vec<Held>,
    /// The episode ids of the card's chapters after the change, newest first: the order the
    /// tracks are put in.
    pub order: Vec<String>,
}

impl Changes {
    pub fn is_empty(&self) -> bool {
        self.add.is_empty() && self.drop.is_empty()
    }
}

/// The changes that make `held` the latest `keep` of `episodes` (newest first, as
/// `read::read` answers them).
pub fn changes(held: &[Held], episodes: &[Episode], keep: usize) -> Changes {
    if episodes.is_empty() {
        return Changes {
            add: Vec::new(),
            drop: Vec::new(),
            order: held.iter().map(|h| h.episode_id.clone()).collect(),
        };
    }
    let latest: Vec<&Episode> = episodes.iter().take(keep).collect();
    let is_held = |id: &str| held.iter().any(|h| h.episode_id == id);
    let add = latest
        .iter()
        .filter(|e| !is_held(&e.id))
        .map(|e| (*e).clone())
        .collect();
    let drop = held
        .iter()
        .filter(|h| !latest.iter().any(|e| e.id == h.episode_id))
        .cloned()
        .collect();
    Changes {
        add,
        drop,
        order: latest.iter().map(|e| e.id.clone()).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::Url;

    fn episode(n: u32) -> Episode {
        Episode {
            id: format!("ep-{n}"),
            title: format!("Episode {n}"),
            published: chrono::DateTime::from_timestamp(i64::from(n) * 86_400, 0),
            audio: Url::parse(&format!("https://cdn.example/{n}.mp3")).unwrap(),
            size: None,
        }
    }

    /// Episodes `from..=to`, newest first.
    fn feed(from: u32, to: u32) -> Vec<Episode> {
        (from..=to).rev().map(episode).collect()
    }

    fn held(ids: &[u32]) -> Vec<Held> {
        ids.iter()
            .map(|n| Held {
                episode_id: format!("ep-{n}"),
                track_id: Some(format!("track-{n}")),
            })
            .collect()
    }

    #[test]
    fn a_refresh_adds_exactly_the_new_episodes_and_keeps_n() {
        // the card holds 3..=5; the feed now runs to 7; keep 3
        let c = changes(&held(&[5, 4, 3]), &feed(1, 7), 3);
        let added: Vec<&str> = c.add.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(added, ["ep-7", "ep-6"]);
        let dropped: Vec<_> = c.drop.iter().map(|h| h.track_id.as_deref()).collect();
        assert_eq!(dropped, [Some("track-4"), Some("track-3")]);
        assert_eq!(c.order, ["ep-7", "ep-6", "ep-5"]);
        // nothing new: nothing changes
        assert!(changes(&held(&[7, 6, 5]), &feed(1, 7), 3).is_empty());
    }

    #[test]
    fn a_new_card_takes_the_latest_n_and_an_emptied_feed_changes_nothing() {
        let c = changes(&[], &feed(1, 12), 10);
        assert_eq!(c.add.len(), 10);
        assert_eq!(c.add[0].id, "ep-12");
        assert!(c.drop.is_empty());
        let c = changes(&held(&[2, 1]), &[], 10);
        assert!(c.is_empty());
        assert_eq!(c.order, ["ep-2", "ep-1"]);
        // keeping more than the feed has keeps them all
        assert!(changes(&held(&[2, 1]), &feed(1, 2), 10).is_empty());
    }

    #[test]
    fn an_episode_the_parent_deleted_is_not_brought_back() {
        let mut card = held(&[3, 2]);
        card[0].track_id = None;
        assert!(changes(&card, &feed(1, 3), 2).is_empty());
        // once it falls out of the latest, it is forgotten
        let c = changes(&card, &feed(1, 5), 2);
        let added: Vec<&str> = c.add.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(added, ["ep-5", "ep-4"]);
        assert_eq!(c.drop, card);
    }
}
