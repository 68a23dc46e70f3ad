//! What a refresh changes on a feed's card, in two steps. First the episodes to add: those
//! of the feed's latest `keep` the card does not hold ([`to_add`]). Then, once the adds are
//! done (some may have failed), what the card keeps: everything it holds ranked as the feed
//! ranks it, newest first, the first `keep` kept and the rest dropped ([`to_keep`]). So an
//! episode that could not be downloaded never costs the card an older one, and the card holds
//! `keep` episodes whenever it can. Episodes the card holds stay as they are (a parent's new
//! title for one is kept; one whose track the parent deleted is not brought back). A feed that
//! lists no episodes at all drops nothing: an emptied feed is more likely broken than
//! finished. Pure, so every rule is tested here.

use std::collections::HashMap;

use super::read::Episode;

/// An episode the card holds: the feed's id for it, and its track (`None` once the parent
/// deleted it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Held {
    pub episode_id: String,
    pub track_id: Option<String>,
}

/// The episodes of the latest `keep` of `episodes` (newest first, as `read::read` answers
/// them) that the card does not hold, newest first.
pub fn to_add(held: &[Held], episodes: &[Episode], keep: usize) -> Vec<Episode> {
    episodes
        .iter()
        .take(keep)
        .filter(|e| !held.iter().any(|h| h.episode_id == e.id))
        .cloned()
        .collect()
}

/// What the card keeps of what it holds (the adds done), in the card's order, newest first;
/// and what it lets go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    pub keep: Vec<Held>,
    pub drop: Vec<Held>,
}

/// Ranks `held` as `episodes` ranks them (episodes the feed no longer lists come last, as the
/// oldest, in the order held) and keeps the first `keep`.
pub fn to_keep(held: &[Held], episodes: &[Episode], keep: usize) -> Kept {
    if episodes.is_empty() {
        return Kept {
            keep: held.to_vec(),
            drop: Vec::new(),
        };
    }
    let rank: HashMap<&str, usize> = episodes
        .iter()
        .enumerate()
        .map(|(i, e)| (e.id.as_str(), i))
        .collect();
    let mut ranked = held.to_vec();
    // stable: episodes the feed dropped keep the order the card held them in
    ranked.sort_by_key(|h| {
        rank.get(h.episode_id.as_str())
            .copied()
            .unwrap_or(usize::MAX)
    });
    let drop = ranked.split_off(keep.min(ranked.len()));
    Kept { keep: ranked, drop }
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

    fn ids(list: &[Held]) -> Vec<&str> {
        list.iter().map(|h| h.episode_id.as_str()).collect()
    }

    #[test]
    fn a_refresh_adds_exactly_the_new_episodes_and_keeps_n() {
        // the card holds 3..=5; the feed now runs to 7; keep 3
        let added: Vec<String> = to_add(&held(&[5, 4, 3]), &feed(1, 7), 3)
            .into_iter()
            .map(|e| e.id)
            .collect();
        assert_eq!(added, ["ep-7", "ep-6"]);
        let kept = to_keep(&held(&[7, 6, 5, 4, 3]), &feed(1, 7), 3);
        assert_eq!(ids(&kept.keep), ["ep-7", "ep-6", "ep-5"]);
        assert_eq!(ids(&kept.drop), ["ep-4", "ep-3"]);
        // nothing new: nothing changes
        assert!(to_add(&held(&[7, 6, 5]), &feed(1, 7), 3).is_empty());
        assert!(to_keep(&held(&[7, 6, 5]), &feed(1, 7), 3).drop.is_empty());
    }

    #[test]
    fn an_episode_that_could_not_be_added_costs_no_older_one() {
        // 7 and 6 are new, but only 6 came in: the card still holds three
        let kept = to_keep(&held(&[6, 5, 4, 3]), &feed(1, 7), 3);
        assert_eq!(ids(&kept.keep), ["ep-6", "ep-5", "ep-4"]);
        assert_eq!(ids(&kept.drop), ["ep-3"]);
    }

    #[test]
    fn a_new_card_takes_the_latest_n_and_an_emptied_feed_changes_nothing() {
        let add = to_add(&[], &feed(1, 12), 10);
        assert_eq!(add.len(), 10);
        assert_eq!(add[0].id, "ep-12");
        let kept = to_keep(&held(&[2, 1]), &[], 10);
        assert!(kept.drop.is_empty());
        assert_eq!(ids(&kept.keep), ["ep-2", "ep-1"]);
        assert!(to_add(&held(&[2, 1]), &[], 10).is_empty());
        // keeping more than the feed has keeps them all
        assert!(to_add(&held(&[2, 1]), &feed(1, 2), 10).is_empty());
        assert!(to_keep(&held(&[2, 1]), &feed(1, 2), 10).drop.is_empty());
        // episodes the feed no longer lists are the oldest
        let kept = to_keep(&held(&[9, 2, 1]), &feed(1, 2), 2);
        assert_eq!(ids(&kept.drop), ["ep-9"]);
    }

    #[test]
    fn an_episode_the_parent_deleted_is_not_brought_back() {
        let mut card = held(&[3, 2]);
        card[0].track_id = None;
        assert!(to_add(&card, &feed(1, 3), 2).is_empty());
        // once it falls out of the latest, it is forgotten
        let added: Vec<String> = to_add(&card, &feed(1, 5), 2)
            .into_iter()
            .map(|e| e.id)
            .collect();
        assert_eq!(added, ["ep-5", "ep-4"]);
        let mut after = held(&[5, 4]);
        after.extend(card.clone());
        assert_eq!(to_keep(&after, &feed(1, 5), 2).drop, card);
    }
}
