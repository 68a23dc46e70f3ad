//! The refresh job (`feed.sync`): reads the feed, adds the episodes the card lacks among the
//! latest it keeps (`episodes`), then lets go of those beyond the count kept (so an episode
//! that could not be added never costs an older one), puts the chapters in the card's order,
//! takes the feed's artwork as the cover of a card without one and, when the parent asked and
//! the card changed, queues its republish (`republish`). A feed that cannot be read leaves
//! the card as it was and says why on the feed (`last_error`); an episode that cannot be
//! added is listed with its reason and the others go on. The refresh runs with the rights of
//! whoever follows the feed now (who made the card, or the editor who last changed or
//! checked it); if they may no longer edit the card, the feed says so.

use std::time::Duration;

use cardsmith_model::card::CoverSide;
use cardsmith_model::feed::{FeedOrder, FeedRefusedOut};
use cardsmith_model::track::ReorderTracksInput;
use cardsmith_model::validate::CollectionRole;
use serde::{Deserialize, Serialize};

use super::fetch::{self, Caps};
use super::read::{self, FeedInfo};
use super::refresh::{self, Held};
use super::repo::{self, Checked, FeedRow};
use super::republish::{self, Waiting};
use crate::auth::session::background_actor;
use crate::auth::Actor;
use crate::cards::repo::CardRow;
use crate::jobs::context::JobContext;
use crate::jobs::{kind, JobPayload, Priority};
use crate::{cards, tracks, Core, CoreError, CoreResult};

/// Largest feed document read.
pub const FEED_MAX_BYTES: u64 = 10 * 1024 * 1024;
/// How long reading the feed may take.
pub const FEED_TIMEOUT: Duration = Duration::from_secs(30);
/// Why a refresh did not run: its follower may no longer edit the card (a field error of the
/// feed, as the card's page shows it).
pub const FOLLOWER_GONE: &str =
    "is followed by someone who may no longer edit the card: check it from the card to follow it yourself";

/// The refresh of one card's feed, or (`republish`) the republish a refresh queued.
#[derive(Serialize, Deserialize)]
pub struct FeedSyncJob {
    pub card_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub republish: Option<Waiting>,
}

impl JobPayload for FeedSyncJob {
    fn kind(&self) -> &'static str {
        kind::FEED_SYNC
    }

    fn priority(&self) -> Priority {
        Priority::Bulk
    }
}

/// What a refresh did (`JobOut.result`).
#[derive(Debug, Default, Serialize)]
pub struct FeedSynced {
    pub added: usize,
    pub dropped: usize,
    pub refused: Vec<FeedRefusedOut>,
    /// Accounts the card was published to again (by a republish job).
    pub republished: usize,
}

/// Runs a refresh, or one look of a waiting republish.
pub async fn run(ctx: &JobContext) -> CoreResult<FeedSynced> {
    let core = &ctx.core;
    let job: FeedSyncJob = ctx.payload()?;
    let Some(feed) = repo::find(core.db.pool(), &job.card_id).await? else {
        // the card stopped following its feed (or is gone) since the job was queued
        return Ok(FeedSynced::default());
    };
    let Some((actor, card)) = follower(ctx, &feed).await? else {
        return Err(CoreError::Forbidden(FOLLOWER_GONE.into()));
    };
    match &job.republish {
        Some(waiting) => Ok(FeedSynced {
            republished: republish::step(core, &actor, &card, waiting).await?,
            ..FeedSynced::default()
        }),
        None => refresh_card(ctx, &actor, &card, &feed).await,
    }
}

/// Who the refresh runs as, and the card they may edit; `None` (said on the feed) when nobody
/// may.
async fn follower(ctx: &JobContext, feed: &FeedRow) -> CoreResult<Option<(Actor, CardRow)>> {
    let core = &ctx.core;
    let user = feed.user_id.clone().or_else(|| ctx.job.user_id.clone());
    let found = match user {
        Some(user) => match background_actor(core, &user).await {
            Ok(actor) => editable(core, &actor, &feed.card_id)
                .await
                .ok()
                .map(|card| (actor, card)),
            Err(_) => None,
        },
        None => None,
    };
    if found.is_none() {
        let checked = Checked {
            read: None,
            error: Some(FOLLOWER_GONE),
            refused: &feed.refused(),
        };
        repo::record_check(core.db.pool(), &feed.card_id, checked).await?;
    }
    Ok(found)
}

async fn refresh_card(
    ctx: &JobContext,
    actor: &Actor,
    card: &CardRow,
    feed: &FeedRow,
) -> CoreResult<FeedSynced> {
    let core = &ctx.core;
    let info = match read_feed(core, &feed.url).await {
        Ok(info) => info,
        Err(why) => {
            let checked = Checked {
                read: None,
                error: Some(&why),
                refused: &feed.refused(),
            };
            repo::record_check(core.db.pool(), &feed.card_id, checked).await?;
            let message = format!("The feed could not be read ({why}); the card is as it was.");
            return Err(CoreError::Conflict(message));
        }
    };
    let mut done = FeedSynced::default();
    let report = ctx.progress(0.0, 0.95);
    let adding = refresh::to_add(&held(core, &card.id).await?, &info.episodes, feed.keep());
    for (i, episode) in adding.iter().enumerate() {
        match super::episodes::add_episode(core, actor, card, feed.stream != 0, episode).await {
            Ok(_) => done.added += 1,
            Err(reason) => done.refused.push(FeedRefusedOut {
                title: episode.title.clone(),
                reason,
            }),
        }
        report((i + 1) as f64 / adding.len() as f64);
    }
    // unfollowed meanwhile: the card keeps what it has, as promised
    let Some(feed) = repo::find(core.db.pool(), &card.id).await? else {
        return Ok(done);
    };
    let kept = refresh::to_keep(&held(core, &card.id).await?, &info.episodes, feed.keep());
    for gone in &kept.drop {
        if let Some(track) = gone.track_id.as_deref() {
            if drop_track(core, actor, card, track).await? {
                done.dropped += 1;
            }
        }
        repo::forget(core.db.pool(), &card.id, &gone.episode_id).await?;
    }
    if done.added > 0 || done.dropped > 0 {
        // a parent's reorder or delete meanwhile makes this fail: their order stands
        if let Err(e) = put_in_order(core, actor, card, &kept.keep, feed.order()).await {
            tracing::info!(error = %e, "a feed's card was not put in order");
        }
    }
    if card.cover_hash.is_none() {
        if let Some(image) = &info.image {
            take_cover(core, actor, card, image).await;
        }
    }
    let checked = Checked {
        read: Some((&info.title, info.image.as_ref().map(|u| u.as_str()))),
        error: None,
        refused: &done.refused,
    };
    repo::record_check(core.db.pool(), &card.id, checked).await?;
    if feed.republish != 0 && (done.added > 0 || done.dropped > 0) {
        republish::queue(core, actor, card).await?;
    }
    Ok(done)
}

/// The episodes the card holds, newest first.
pub async fn held(core: &Core, card_id: &str) -> CoreResult<Vec<Held>> {
    Ok(repo::held(core.db.pool(), card_id)
        .await?
        .into_iter()
        .map(|e| Held {
            episode_id: e.episode_id,
            track_id: e.track_id,
        })
        .collect())
}

/// Deletes the episode's track if it is still on the card (a parent may have moved it to
/// another card, where it is theirs); whether it did.
async fn drop_track(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    track_id: &str,
) -> CoreResult<bool> {
    let Some(track) = tracks::repo::find_by_id(core.db.pool(), track_id).await? else {
        return Ok(false);
    };
    if track.card_id != card.id {
        return Ok(false);
    }
    match tracks::service::delete(core, actor, &card.slug, &track.slug).await {
        Ok(()) => Ok(true),
        // deleted meanwhile
        Err(CoreError::NotFound(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// The card of `card_id`, if the actor may still edit it.
async fn editable(core: &Core, actor: &Actor, card_id: &str) -> CoreResult<CardRow> {
    let pool = core.db.pool();
    let found = cards::repo::find_reachable_by_id_or_slug(pool, actor.id(), card_id)
        .await?
        .ok_or_else(|| CoreError::not_found("no card with that slug"))?;
    cards::require_card(pool, actor, &found.slug, CollectionRole::Editor).await
}

/// Fetches and reads the feed at `url`; why not, as a field error of the address ("answered
/// 404", "could not be reached", "is not a feed Cardsmith can read").
pub async fn read_feed(core: &Core, url: &str) -> Result<FeedInfo, String> {
    let url = reqwest::Url::parse(url.trim()).map_err(|_| "is not a valid address".to_owned())?;
    let caps = Caps {
        max_bytes: FEED_MAX_BYTES,
        timeout: FEED_TIMEOUT,
    };
    let fetched = fetch::get(&url, &super::reach(core), caps)
        .await
        .map_err(|e| e.to_string())?;
    // a large feed is work for a CPU, not for the request's thread
    tokio::task::spawn_blocking(move || read::read(&fetched.body, &fetched.url))
        .await
        .map_err(|_| read::NOT_A_FEED.to_owned())?
}

/// Puts the feed's episodes the card keeps (`newest_first`) first, in the card's order, and
/// the parent's own tracks after them as they were; nothing is written when the order is
/// already right. Also what a new order asked for in a `PATCH` runs, at once.
pub async fn put_in_order(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    newest_first: &[Held],
    order: FeedOrder,
) -> CoreResult<()> {
    let pool = core.db.pool();
    let mut wanted: Vec<String> = newest_first
        .iter()
        .filter_map(|e| e.track_id.clone())
        .collect();
    if order == FeedOrder::OldestFirst {
        wanted.reverse();
    }
    let current: Vec<String> = tracks::repo::list_playable(pool, &card.id)
        .await?
        .into_iter()
        .map(|t| t.id)
        .collect();
    let mut positions: Vec<String> = wanted
        .iter()
        .filter(|id| current.contains(id))
        .cloned()
        .collect();
    positions.extend(
        current
            .iter()
            .filter(|id| !positions.contains(id))
            .cloned()
            .collect::<Vec<_>>(),
    );
    if positions == current || positions.is_empty() {
        return Ok(());
    }
    tracks::service::reorder(core, actor, &card.slug, ReorderTracksInput { positions }).await
}

/// Takes the feed's artwork as the card's cover; a picture that cannot be fetched or read
/// leaves the card without one (the episodes matter more).
async fn take_cover(core: &Core, actor: &Actor, card: &CardRow, image: &reqwest::Url) {
    let caps = Caps {
        max_bytes: core.settings.max_image_bytes as u64,
        timeout: FEED_TIMEOUT,
    };
    let bytes = match fetch::get(image, &super::reach(core), caps).await {
        Ok(fetched) => fetched.body,
        Err(e) => {
            tracing::info!(error = %e, "a feed's artwork was not fetched");
            return;
        }
    };
    if let Err(e) =
        cards::cover::upload_cover(core, actor, &card.slug, CoverSide::Front, bytes).await
    {
        tracing::info!(error = %e, "a feed's artwork was not used as the cover");
    }
}
