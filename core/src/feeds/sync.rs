//! The refresh job (`feed.sync`): reads the feed, adds the episodes the card lacks among the
//! latest it keeps (each downloaded into the media store and transcoded as an upload is, or
//! added as a stream track), drops the ones that fell out, puts the chapters in the card's
//! order, takes the feed's artwork as the cover of a card without one, and — when the parent
//! asked — publishes the changed card again to the accounts it is published to. A feed that
//! cannot be read leaves the card as it was and says why on the feed (`last_error`); an
//! episode that cannot be added is listed with its reason and the others go on.

use std::time::Duration;

use cardsmith_model::card::CoverSide;
use cardsmith_model::feed::{FeedOrder, FeedRefusedOut};
use cardsmith_model::publish::PublishInput;
use cardsmith_model::track::{source_type, stream_status, transcode_status, ReorderTracksInput};
use cardsmith_model::validate::{CollectionRole, NAME_MAX_CHARS};
use serde::{Deserialize, Serialize};

use super::fetch::{self, Caps, FetchError};
use super::read::{self, Episode, FeedInfo};
use super::refresh::{self, Held};
use super::repo::{self, Checked, FeedRow};
use crate::audit::AuditEvent;
use crate::auth::session::background_actor;
use crate::auth::Actor;
use crate::cards::repo::CardRow;
use crate::jobs::context::JobContext;
use crate::jobs::{kind, JobPayload, Priority};
use crate::media::store::IncomingFile;
use crate::tracks::upload::{self, NewStored};
use crate::{cards, player, tracks, Core, CoreError, CoreResult};

/// Largest feed document read.
pub const FEED_MAX_BYTES: u64 = 10 * 1024 * 1024;
/// How long reading the feed may take.
pub const FEED_TIMEOUT: Duration = Duration::from_secs(30);
/// How long one episode's download may take.
const EPISODE_TIMEOUT: Duration = Duration::from_secs(30 * 60);
/// How long a stream episode has to answer its first byte.
const STREAM_CHECK_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a refresh that republishes waits for its episodes' transcodes.
const TRANSCODES_WAIT: Duration = Duration::from_secs(2 * 3600);

/// The refresh of one card's feed; the job's user is whose rights it runs with.
#[derive(Serialize, Deserialize)]
pub struct FeedSyncJob {
    pub card_id: String,
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
    /// Accounts the card was published to again.
    pub republished: usize,
}

/// Runs a refresh.
pub async fn run(ctx: &JobContext) -> CoreResult<FeedSynced> {
    let core = &ctx.core;
    let job: FeedSyncJob = ctx.payload()?;
    let Some(feed) = repo::find(core.db.pool(), &job.card_id).await? else {
        // the card stopped following its feed (or is gone) since the job was queued
        return Ok(FeedSynced::default());
    };
    let user = ctx
        .job
        .user_id
        .clone()
        .or_else(|| feed.user_id.clone())
        .ok_or_else(|| CoreError::Forbidden("nobody's rights to refresh the feed with".into()))?;
    let actor = background_actor(core, &user).await?;
    let card = editable(core, &actor, &feed.card_id).await?;
    let next_refresh_at = repo::next_refresh(feed.refresh());
    let info = match read_feed(core, &feed.url).await {
        Ok(info) => info,
        Err(why) => {
            let checked = Checked {
                read: None,
                error: Some(&why),
                refused: &feed.refused(),
                next_refresh_at,
            };
            repo::record_check(core.db.pool(), &feed.card_id, checked).await?;
            let message = format!("The feed could not be read ({why}); the card is as it was.");
            return Err(CoreError::Conflict(message));
        }
    };
    let held: Vec<Held> = repo::held(core.db.pool(), &feed.card_id)
        .await?
        .into_iter()
        .map(|e| Held {
            episode_id: e.episode_id,
            track_id: e.track_id,
        })
        .collect();
    let changes = refresh::changes(&held, &info.episodes, feed.keep());
    let mut done = FeedSynced::default();
    let report = ctx.progress(0.0, 0.95);
    let mut downloads = Vec::new();
    for (i, episode) in changes.add.iter().enumerate() {
        match add_episode(core, &actor, &card, &feed, episode).await {
            Ok(track_id) => {
                done.added += 1;
                if feed.stream == 0 {
                    downloads.push(track_id);
                }
            }
            Err(reason) => done.refused.push(FeedRefusedOut {
                title: episode.title.clone(),
                reason,
            }),
        }
        report((i + 1) as f64 / changes.add.len() as f64);
    }
    for gone in &changes.drop {
        let track = match &gone.track_id {
            Some(id) => tracks::repo::find_by_id(core.db.pool(), id).await?,
            None => None,
        };
        if let Some(track) = track {
            match tracks::service::delete(core, &actor, &card.slug, &track.slug).await {
                Ok(()) => done.dropped += 1,
                // deleted meanwhile
                Err(CoreError::NotFound(_)) => {}
                Err(e) => return Err(e),
            }
        }
        repo::forget(core.db.pool(), &feed.card_id, &gone.episode_id).await?;
    }
    put_in_order(core, &actor, &card, &changes.order, feed.order()).await?;
    if card.cover_hash.is_none() {
        if let Some(image) = &info.image {
            take_cover(core, &actor, &card, image).await;
        }
    }
    let checked = Checked {
        read: Some((&info.title, info.image.as_ref().map(|u| u.as_str()))),
        error: None,
        refused: &done.refused,
        next_refresh_at,
    };
    repo::record_check(core.db.pool(), &feed.card_id, checked).await?;
    if feed.republish != 0 && (done.added > 0 || done.dropped > 0) {
        done.republished = republish(core, &actor, &card, &downloads).await?;
    }
    Ok(done)
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
    read::read(&fetched.body, &fetched.url)
}

/// Adds `episode` as the card's last track and remembers it; why not, in words for the parent.
async fn add_episode(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    feed: &FeedRow,
    episode: &Episode,
) -> Result<String, String> {
    let title: String = episode.title.trim().chars().take(NAME_MAX_CHARS).collect();
    let added = if feed.stream != 0 {
        add_stream(core, actor, card, &title, episode).await
    } else {
        add_download(core, actor, card, &title, episode).await
    };
    added.map_err(|e| match e {
        Failure::Fetch(e) => e.to_string(),
        Failure::Core(CoreError::Invalid(errors)) => errors
            .iter()
            .map(|e| e.detail.as_str())
            .collect::<Vec<_>>()
            .join("; "),
        Failure::Core(e) => {
            tracing::info!(error = %e, "a feed episode was not added");
            e.user_message()
        }
    })
}

enum Failure {
    Fetch(FetchError),
    Core(CoreError),
}

impl From<CoreError> for Failure {
    fn from(e: CoreError) -> Self {
        Self::Core(e)
    }
}

impl From<sqlx::Error> for Failure {
    fn from(e: sqlx::Error) -> Self {
        Self::Core(e.into())
    }
}

/// Downloads the episode's audio (within the upload size cap, streamed to disk), stores it as
/// an upload is stored and appends its track, its transcode queued.
async fn add_download(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    title: &str,
    episode: &Episode,
) -> Result<String, Failure> {
    let limit = core.settings.max_audio_bytes;
    let mut file = IncomingFile::create(&core.settings.data_dir, limit).await?;
    let caps = Caps {
        max_bytes: limit,
        timeout: EPISODE_TIMEOUT,
    };
    fetch::fetch_into(&episode.audio, &super::reach(core), caps, &mut file)
        .await
        .map_err(Failure::Fetch)?;
    let audio = upload::store_file(core, file).await?;
    let hash = audio.hash.clone();
    let new = NewStored {
        title,
        source_type: source_type::FEED,
        audio,
        player: None,
    };
    let added = async {
        let mut tx = core.db.begin().await?;
        let added = upload::insert_stored(&mut tx, core, actor, card, new).await?;
        repo::remember(&mut *tx, &card.id, episode, &added.id).await?;
        upload::commit_added(core, tx, actor, card, &added, None).await?;
        Ok::<_, CoreError>(added.id)
    }
    .await;
    if added.is_err() {
        upload::forget_unused(core, &hash).await?;
    }
    Ok(added?)
}

/// Appends the episode as a stream track: its address is checked by the guard (and asked for
/// its first byte, to say whether it answers), never downloaded.
async fn add_stream(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    title: &str,
    episode: &Episode,
) -> Result<String, Failure> {
    let status = match fetch::answers(&episode.audio, &super::reach(core), STREAM_CHECK_TIMEOUT)
        .await
    {
        Ok(()) => stream_status::REACHABLE,
        Err(e @ (FetchError::Refused(_) | FetchError::NotHttp)) => return Err(Failure::Fetch(e)),
        Err(_) => stream_status::UNREACHABLE,
    };
    let mut tx = core.db.begin().await?;
    let (id, slug) =
        tracks::stream::insert(&mut tx, core, card, title, &episode.audio, status).await?;
    repo::remember(&mut *tx, &card.id, episode, &id).await?;
    let event = AuditEvent::own(actor, "track.stream_added", format!("{}/{slug}", card.slug));
    tracks::commit_change(tx, &card.id, event).await?;
    Ok(id)
}

/// Puts the feed's episodes first, in the card's order, and the parent's own tracks after
/// them as they were; nothing is written when the order is already right.
async fn put_in_order(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    newest_first: &[String],
    order: FeedOrder,
) -> CoreResult<()> {
    let pool = core.db.pool();
    let episodes = repo::held(pool, &card.id).await?;
    let mut wanted: Vec<String> = newest_first
        .iter()
        .filter_map(|id| episodes.iter().find(|e| &e.episode_id == id))
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

/// Publishes the card again to every account it is published to, once the downloaded
/// episodes are transcoded (a publish takes only playable tracks); answers how many.
async fn republish(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    downloads: &[String],
) -> CoreResult<usize> {
    let accounts: Vec<String> = sqlx::query_scalar(
        "SELECT player_account_id FROM publish_records WHERE card_id = $1 AND status = 'published'
         ORDER BY player_account_id",
    )
    .bind(&card.id)
    .fetch_all(core.db.pool())
    .await?;
    if accounts.is_empty() {
        return Ok(0);
    }
    let started = std::time::Instant::now();
    while !transcoded(core, downloads).await? {
        if started.elapsed() > TRANSCODES_WAIT {
            return Err(CoreError::Conflict(
                "the new episodes took too long to prepare: publish the card again by hand".into(),
            ));
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
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

/// Whether none of `tracks` waits for its transcode any more.
async fn transcoded(core: &Core, track_ids: &[String]) -> CoreResult<bool> {
    for id in track_ids {
        if let Some(track) = tracks::repo::find_by_id(core.db.pool(), id).await? {
            if matches!(
                track.transcode_status.as_str(),
                transcode_status::PENDING | transcode_status::PROCESSING
            ) {
                return Ok(false);
            }
        }
    }
    Ok(true)
}
