//! Publishing a feed's card again after a refresh changed it, when the parent asked for that:
//! a follow-up `feed.sync` job that waits for the new episodes' transcodes without holding a
//! worker (each run looks; while one is still being prepared it queues itself again a little
//! later, until its deadline), then publishes the card to the accounts it is published to
//! that are the follower's own linked ones (another family member's account is theirs to
//! publish to).

use cardsmith_model::player::account_status;
use cardsmith_model::publish::PublishInput;
use serde::{Deserialize, Serialize};

use super::sync::FeedSyncJob;
use crate::auth::Actor;
use crate::cards::repo::CardRow;
use crate::jobs;
use crate::{player, time, tracks, Core, CoreError, CoreResult};

/// How long a waiting republish waits before its next look: 5 s, doubling up to 2 minutes
/// (the episodes of a small refresh are ready in seconds; a long queue is not looked at every
/// few seconds for hours).
fn next_look(looks: u32) -> chrono::Duration {
    chrono::Duration::seconds((5_i64 << looks.min(5)).min(120))
}
/// How long it waits for the episodes' transcodes at most.
const PATIENCE: chrono::Duration = chrono::Duration::hours(2);

/// A republish waiting for the card's audio to be prepared, until `until` (a stored time).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Waiting {
    pub until: String,
    /// Looks taken so far.
    #[serde(default)]
    pub looks: u32,
}

/// Queues the republish of `card` once its audio is ready, if it is published to one of
/// `actor`'s accounts (a card published nowhere yet has nothing to publish again).
pub async fn queue(core: &Core, actor: &Actor, card: &CardRow) -> CoreResult<()> {
    if own_published_accounts(core, actor, &card.id)
        .await?
        .is_empty()
    {
        return Ok(());
    }
    let payload = FeedSyncJob {
        card_id: card.id.clone(),
        republish: Some(Waiting {
            until: time::format(time::now() + PATIENCE),
            looks: 0,
        }),
    };
    jobs::enqueue(core.db.pool(), Some(actor.id()), &payload).await?;
    core.jobs.wake();
    Ok(())
}

/// One look: publishes when the card's audio is ready (answers to how many accounts), else
/// queues the next look (answers 0), or gives up past the deadline.
pub async fn step(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    waiting: &Waiting,
) -> CoreResult<usize> {
    if !transcoded(core, &card.id).await? {
        if time::parse(&waiting.until).is_none_or(|until| time::now() > until) {
            return Err(CoreError::Conflict(
                "the new episodes took too long to prepare: publish the card again by hand".into(),
            ));
        }
        let again = FeedSyncJob {
            card_id: card.id.clone(),
            republish: Some(Waiting {
                looks: waiting.looks + 1,
                ..waiting.clone()
            }),
        };
        let at = time::format(time::now() + next_look(waiting.looks));
        jobs::enqueue_at(core.db.pool(), Some(actor.id()), &again, &at).await?;
        return Ok(0);
    }
    let accounts = own_published_accounts(core, actor, &card.id).await?;
    if accounts.is_empty() {
        return Ok(0);
    }
    let input = PublishInput {
        account_ids: accounts.clone(),
        card_slugs: vec![card.slug.clone()],
        collection_id: card.home_collection_id.clone(),
        dry_run: false,
    };
    player::publish::publish(core, actor, input).await?;
    Ok(accounts.len())
}

/// The accounts the card is published to that are `actor`'s own and still linked.
async fn own_published_accounts(
    core: &Core,
    actor: &Actor,
    card_id: &str,
) -> CoreResult<Vec<String>> {
    let published: Vec<String> = sqlx::query_scalar(
        "SELECT player_account_id FROM publish_records WHERE card_id = $1 AND status = 'published'
         ORDER BY player_account_id",
    )
    .bind(card_id)
    .fetch_all(core.db.pool())
    .await?;
    let mut own = Vec::new();
    for id in published {
        let linked = player::accounts::get(core, actor, &id)
            .await
            .is_ok_and(|a| a.status == account_status::LINKED);
        if linked {
            own.push(id);
        }
    }
    Ok(own)
}

/// Whether none of the card's tracks waits for its transcode: all of them, not only the
/// episodes this refresh brought (a later refresh's may be on the card by now, and a publish
/// takes the card whole).
async fn transcoded(core: &Core, card_id: &str) -> CoreResult<bool> {
    let tracks = tracks::repo::list_playable(core.db.pool(), card_id).await?;
    Ok(!tracks.iter().any(|t| t.awaits_transcode()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_waiting_republish_looks_less_and_less_often() {
        let secs: Vec<i64> = (0..8).map(|n| next_look(n).num_seconds()).collect();
        assert_eq!(secs, [5, 10, 20, 40, 80, 120, 120, 120]);
    }
}
