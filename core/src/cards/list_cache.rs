//! `GET /cards` without building the list again when nothing in it changed.
//!
//! The database keeps one number, `list_version`, that triggers raise on every change to
//! cards, collections, memberships and links (migration `0030_list_version.sql`): whatever
//! writes, in whichever process. A user's list is kept here as the JSON the endpoint answers,
//! under the version read *before* the list was queried, so a kept answer is never older
//! than its version (a write that lands in between raises the version, and the next request
//! builds afresh). Its entity tag names the version and the user, so a client revalidating
//! (`If-None-Match`) gets `304` and a tag never matches another user's list.
//!
//! Bounded: at most [`MAX_BYTES`] of answers are kept, the oldest dropped first.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use sha2::{Digest, Sha256};

use crate::auth::Actor;
use crate::{Core, CoreError, CoreResult};

/// The most bytes of answers kept, all users together.
pub const MAX_BYTES: usize = 32 * 1024 * 1024;

/// A user's list as the endpoint answers it.
#[derive(Debug, Clone)]
pub struct CardList {
    /// JSON: an array of `CardOut`. Shared, not copied: each answer sends these bytes as
    /// they are (a 1,000-card list is half a megabyte).
    pub body: Bytes,
    /// Strong entity tag, quoted.
    pub etag: String,
}

#[derive(Default)]
struct Kept {
    by_user: HashMap<String, (i64, CardList)>,
    /// Users in the order their answers were kept, oldest first.
    order: VecDeque<String>,
    bytes: usize,
}

/// The kept answers of this process.
#[derive(Default, Clone)]
pub struct ListCache {
    kept: Arc<Mutex<Kept>>,
}

impl ListCache {
    fn get(&self, user_id: &str, version: i64) -> Option<CardList> {
        let kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.by_user
            .get(user_id)
            .filter(|(v, _)| *v == version)
            .map(|(_, list)| list.clone())
    }

    fn put(&self, user_id: &str, version: i64, list: CardList) {
        if list.body.len() > MAX_BYTES {
            return;
        }
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, old)) = kept.by_user.remove(user_id) {
            kept.bytes -= old.body.len();
            kept.order.retain(|u| u != user_id);
        }
        while kept.bytes + list.body.len() > MAX_BYTES {
            let Some(oldest) = kept.order.pop_front() else {
                break;
            };
            if let Some((_, old)) = kept.by_user.remove(&oldest) {
                kept.bytes -= old.body.len();
            }
        }
        kept.bytes += list.body.len();
        kept.order.push_back(user_id.to_owned());
        kept.by_user.insert(user_id.to_owned(), (version, list));
    }

    /// Bytes kept now (for tests and metrics).
    pub fn bytes(&self) -> usize {
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).bytes
    }
}

/// The current number of `list_version`.
async fn version(core: &Core) -> CoreResult<i64> {
    Ok(
        sqlx::query_scalar("SELECT version FROM list_version WHERE id = 1")
            .fetch_one(core.db.pool())
            .await?,
    )
}

/// Every card `actor` can reach, as the JSON of `GET /cards`: the kept answer when nothing
/// changed since it was made, else built (one query) and kept.
pub async fn cards_json(core: &Core, actor: &Actor) -> CoreResult<CardList> {
    let version = version(core).await?;
    if let Some(list) = core.card_lists.get(actor.id(), version) {
        return Ok(list);
    }
    let cards = super::service::list_cards(core, actor).await?;
    let body = serde_json::to_vec(&cards).map_err(|e| CoreError::internal("card list", e))?;
    let user = hex::encode(&Sha256::digest(actor.id().as_bytes())[..6]);
    let list = CardList {
        body: Bytes::from(body),
        etag: format!("\"cards-{version}-{user}\""),
    };
    core.card_lists.put(actor.id(), version, list.clone());
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(bytes: usize) -> CardList {
        CardList {
            body: Bytes::from(vec![b' '; bytes]),
            etag: String::new(),
        }
    }

    #[test]
    fn answers_are_kept_per_user_and_version_within_the_bound() {
        let cache = ListCache::default();
        cache.put("a", 1, list(10));
        assert!(cache.get("a", 1).is_some());
        assert!(
            cache.get("a", 2).is_none(),
            "another version is built afresh"
        );
        assert!(cache.get("b", 1).is_none());
        cache.put("a", 2, list(20));
        assert_eq!(cache.bytes(), 20, "a user's older answer is replaced");
        cache.put("b", 2, list(MAX_BYTES - 10));
        assert!(
            cache.get("a", 2).is_none(),
            "the oldest goes when the bound is reached"
        );
        assert_eq!(cache.bytes(), MAX_BYTES - 10);
        cache.put("c", 2, list(MAX_BYTES + 1));
        assert!(
            cache.get("c", 2).is_none(),
            "an answer over the bound is not kept"
        );
    }
}
