//! What parents do with a feed's card: make one of a feed, see how it follows the feed,
//! change that, refresh it now, or stop following (the card and its tracks stay). Every
//! change runs as a `feed.sync` job ([`super::sync`]); scheduled refreshes are queued by
//! housekeeping ([`queue_due`]).

use cardsmith_model::card::CreateCardInput;
use cardsmith_model::feed::{
    FeedEpisodeOut, FeedInput, FeedOut, FeedRefresh, FeedRefreshOut, FeedSettingsInput,
};
use cardsmith_model::validate::{name_problem, CollectionRole, NAME_MAX_CHARS};

use super::repo::{self, FeedRow};
use super::sync::{self, FeedSyncJob};
use crate::auth::Actor;
use crate::cards::require_card;
use crate::collections::access::require_collection;
use crate::db::DbTx;
use crate::jobs::{self, kind};
use crate::{cards, time, tracks, Core, CoreError, CoreResult};

/// Makes a card of the feed at `input.url` in the collection: the feed is read first (so an
/// address that is no feed is refused at once, 422 at `url`), the card is made with its
/// title, and the episodes arrive through the first refresh, whose job `job_id` names.
pub async fn create(
    core: &Core,
    actor: &Actor,
    collection_id: &str,
    input: FeedInput,
) -> CoreResult<FeedOut> {
    require_collection(core.db.pool(), actor, collection_id, CollectionRole::Editor).await?;
    input.validate()?;
    // why, as the address's field error: "answered 404", "is not a feed Cardsmith can read"
    let info = sync::read_feed(core, &input.url)
        .await
        .map_err(|why| CoreError::invalid("url", why))?;
    if info.episodes.is_empty() {
        return Err(CoreError::invalid(
            "url",
            "is a feed without any audio episodes",
        ));
    }
    let title = input.title.clone().unwrap_or_else(|| title_of(&info.title));
    let card = cards::service::create_card(
        core,
        actor,
        collection_id,
        CreateCardInput {
            title,
            description: String::new(),
            author: None,
            slug: None,
        },
    )
    .await?;
    let card_id = cards::repo::find_reachable(core.db.pool(), actor.id(), &card.slug)
        .await?
        .map(|c| c.id)
        .ok_or_else(|| CoreError::Internal("the new card vanished".into()))?;
    let row = FeedRow {
        card_id: card_id.clone(),
        url: input.url.trim().to_owned(),
        feed_title: title_of(&info.title),
        image_url: info.image.map(String::from),
        episodes: i64::from(input.episodes),
        stream: i64::from(input.stream),
        refresh: input.refresh.as_str().to_owned(),
        episode_order: input.order.as_str().to_owned(),
        republish: i64::from(input.republish),
        user_id: Some(actor.id().to_owned()),
        last_checked_at: None,
        last_error: None,
        refused: None,
        next_refresh_at: repo::next_refresh(input.refresh),
        created_at: time::now_str(),
    };
    let mut tx = core.db.begin().await?;
    repo::insert(&mut *tx, &row).await?;
    queue(&mut tx, Some(actor.id()), &card_id).await?;
    tx.commit().await?;
    core.jobs.wake();
    get(core, actor, &card.slug).await
}

/// A feed's title as a card title: control characters out, at most a name's length, and a
/// plain "Podcast" when nothing usable is left.
fn title_of(feed_title: &str) -> String {
    let clean: String = feed_title
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(NAME_MAX_CHARS)
        .collect();
    let clean = clean.trim().to_owned();
    if name_problem(&clean).is_some() {
        "Podcast".to_owned()
    } else {
        clean
    }
}

/// `url` without what may be a key to it: the query, the fragment and any user or password.
fn without_secrets(url: &str) -> String {
    match reqwest::Url::parse(url) {
        Ok(mut url) => {
            url.set_query(None);
            url.set_fragment(None);
            let _ = url.set_username("");
            let _ = url.set_password(None);
            url.to_string()
        }
        Err(_) => String::new(),
    }
}

/// How the card follows its feed (a viewer may see it); 404 when it follows none.
pub async fn get(core: &Core, actor: &Actor, slug: &str) -> CoreResult<FeedOut> {
    let card = require_card(core.db.pool(), actor, slug, CollectionRole::Viewer).await?;
    let editor = card
        .home_role
        .as_deref()
        .and_then(CollectionRole::parse)
        .is_some_and(|role| role >= CollectionRole::Editor);
    let feed = followed(core, &card.id).await?;
    let tracks = tracks::repo::list_playable(core.db.pool(), &card.id).await?;
    let held = repo::held(core.db.pool(), &card.id)
        .await?
        .into_iter()
        .map(|e| FeedEpisodeOut {
            track_slug: e
                .track_id
                .and_then(|id| tracks.iter().find(|t| t.id == id))
                .map(|t| t.slug.clone()),
            title: e.title,
            published_at: e.published_at,
        })
        .collect();
    Ok(FeedOut {
        card_slug: card.slug,
        job_id: pending(core, &card.id).await?,
        refused: feed.refused(),
        refresh: feed.refresh(),
        order: feed.order(),
        episodes: feed.episodes as u32,
        stream: feed.stream != 0,
        republish: feed.republish != 0,
        // a private feed's address often carries its key: editors only see it whole
        url: if editor {
            feed.url
        } else {
            without_secrets(&feed.url)
        },
        feed_title: feed.feed_title,
        image_url: feed.image_url,
        last_checked_at: feed.last_checked_at,
        last_error: feed.last_error,
        next_refresh_at: feed.next_refresh_at,
        held,
    })
}

async fn followed(core: &Core, card_id: &str) -> CoreResult<FeedRow> {
    repo::find(core.db.pool(), card_id)
        .await?
        .ok_or_else(|| CoreError::not_found("the card does not follow a feed"))
}

/// Changes how the card follows its feed (an editor); a new count or order is applied by a
/// refresh queued at once.
pub async fn update(
    core: &Core,
    actor: &Actor,
    slug: &str,
    input: FeedSettingsInput,
) -> CoreResult<FeedOut> {
    let card = require_card(core.db.pool(), actor, slug, CollectionRole::Editor).await?;
    input.validate()?;
    let mut tx = core.db.begin().await?;
    let mut feed = repo::find(&mut *tx, &card.id)
        .await?
        .ok_or_else(|| CoreError::not_found("the card does not follow a feed"))?;
    let before = (feed.episodes, feed.episode_order.clone());
    if let Some(n) = input.episodes {
        feed.episodes = i64::from(n);
    }
    if let Some(order) = input.order {
        feed.episode_order = order.as_str().to_owned();
    }
    if let Some(republish) = input.republish {
        feed.republish = i64::from(republish);
    }
    if let Some(refresh) = input.refresh {
        if refresh != feed.refresh() {
            feed.refresh = refresh.as_str().to_owned();
            feed.next_refresh_at = repo::next_refresh(refresh);
        }
    }
    repo::save_settings(&mut *tx, &feed).await?;
    // whoever changes how the card follows the feed follows it from now on
    repo::set_follower(&mut *tx, &card.id, actor.id()).await?;
    if before.0 != feed.episodes {
        queue(&mut tx, Some(actor.id()), &card.id).await?;
    }
    tx.commit().await?;
    core.jobs.wake();
    if before.1 != feed.episode_order {
        // a new order needs no download: applied now
        let held = sync::held(core, &card.id).await?;
        sync::put_in_order(core, actor, &card, &held, feed.order()).await?;
    }
    get(core, actor, slug).await
}

/// The card stops following its feed; its tracks stay as they are.
pub async fn unfollow(core: &Core, actor: &Actor, slug: &str) -> CoreResult<()> {
    let card = require_card(core.db.pool(), actor, slug, CollectionRole::Editor).await?;
    if repo::delete(core.db.pool(), &card.id).await? {
        Ok(())
    } else {
        Err(CoreError::not_found("the card does not follow a feed"))
    }
}

/// Queues a refresh now (the one already waiting or running, if there is one).
pub async fn refresh_now(core: &Core, actor: &Actor, slug: &str) -> CoreResult<FeedRefreshOut> {
    let card = require_card(core.db.pool(), actor, slug, CollectionRole::Editor).await?;
    followed(core, &card.id).await?;
    let mut tx = core.db.begin().await?;
    // who asks follows the feed from now on (the card may have lost its first follower)
    repo::set_follower(&mut *tx, &card.id, actor.id()).await?;
    let job_id = queue(&mut tx, Some(actor.id()), &card.id).await?;
    tx.commit().await?;
    core.jobs.wake();
    Ok(FeedRefreshOut { job_id })
}

/// Queues the scheduled refreshes that are due (housekeeping); answers how many. Each due
/// card's next refresh moves on as it is queued, so a refresh that keeps failing is tried
/// again at its next turn, not at every pass.
pub async fn queue_due(core: &Core) -> CoreResult<usize> {
    let due = repo::due(core.db.pool()).await?;
    for (card_id, user_id, refresh) in &due {
        let mut tx = core.db.begin().await?;
        let next = repo::next_refresh(FeedRefresh::parse(refresh));
        repo::set_next_refresh(&mut *tx, card_id, next.as_deref()).await?;
        queue(&mut tx, user_id.as_deref(), card_id).await?;
        tx.commit().await?;
    }
    if !due.is_empty() {
        core.jobs.wake();
    }
    Ok(due.len())
}

/// The payload of the card's refresh as stored (what finds one already queued).
fn stored_payload(card_id: &str) -> String {
    serde_json::json!({ "card_id": card_id }).to_string()
}

/// The card's refresh waiting or running, if one is.
async fn pending(core: &Core, card_id: &str) -> CoreResult<Option<String>> {
    Ok(sqlx::query_scalar(
        "SELECT id FROM jobs WHERE kind = $1 AND payload = $2 AND status IN ('queued', 'running')
         ORDER BY created_at LIMIT 1",
    )
    .bind(kind::FEED_SYNC)
    .bind(stored_payload(card_id))
    .fetch_optional(core.db.pool())
    .await?)
}

/// Queues a refresh of the card in `tx`, unless one is already waiting (a running one may
/// have read the feed before the change that asks again); answers its id.
async fn queue(tx: &mut DbTx<'static>, user_id: Option<&str>, card_id: &str) -> CoreResult<String> {
    let waiting: Option<String> = sqlx::query_scalar(
        "SELECT id FROM jobs WHERE kind = $1 AND payload = $2 AND status = 'queued' LIMIT 1",
    )
    .bind(kind::FEED_SYNC)
    .bind(stored_payload(card_id))
    .fetch_optional(&mut **tx)
    .await?;
    if let Some(id) = waiting {
        return Ok(id);
    }
    let payload = FeedSyncJob {
        card_id: card_id.to_owned(),
        republish: None,
    };
    jobs::enqueue(&mut **tx, user_id, &payload).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_viewer_sees_no_key_in_a_feed_address() {
        assert_eq!(
            without_secrets("https://me:pw@pod.example/feed.xml?token=abc#x"),
            "https://pod.example/feed.xml"
        );
    }

    #[test]
    fn a_feed_title_becomes_a_card_title() {
        assert_eq!(title_of("  Bedtime\u{7}Stories "), "Bedtime Stories");
        assert_eq!(title_of("\u{1}\u{2}"), "Podcast");
        assert_eq!(title_of(&"a".repeat(500)).chars().count(), NAME_MAX_CHARS);
    }
}
