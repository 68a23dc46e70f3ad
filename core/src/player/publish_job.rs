//! The publish job: one card to one linked account.
//!
//! Audio the account already has (known by the local M4A's hash) is not uploaded again; the
//! cover likewise (what the account holds is read through `repo`). Then the whole card
//! document (`document`) is sent (the platform replaces it on update), with stable chapter
//! keys and an icon on every chapter: the track's uploaded icon, or the default Cardsmith
//! draws for it, uploaded once per account (known by the PNG's hash). The record keeps the
//! content hash published and the fields of the document sent, which `verify` compares with
//! what the platform holds later.
//!
//! A job killed mid-way is run again: uploads already recorded are not repeated, and a card
//! the killed attempt created without recording it is found again and updated, not
//! duplicated.

use bytes::Bytes;
use cardsmith_upstream::model::content::{Card, Track};
use cardsmith_upstream::model::media::CoverType;
use cardsmith_upstream::UpstreamError;
use serde::{Deserialize, Serialize};

use super::accounts::{account_client, call_failed, upstream_error};
use super::document::{document, About, SentChapter};
use super::repo::{uploaded, Uploaded};
use super::verify::Fingerprint;
use crate::cards::repo::{self as card_repo, CardRow};
use crate::db::OptionalReal;
use crate::jobs::context::JobContext;
use crate::jobs::queue::ClaimedJob;
use crate::jobs::{kind, JobPayload};
use crate::tracks::icons::player_icon;
use crate::tracks::repo::{self as track_repo, TrackRow};
use crate::{time, Core, CoreError, CoreResult};

/// The payload of a `publish` job: one card to one linked account.
#[derive(Serialize, Deserialize)]
pub struct PublishPayload {
    pub account_id: String,
    pub card_id: String,
    /// For the admin's job list; the runner finds the card by id.
    #[serde(default)]
    pub card_slug: String,
}

impl JobPayload for PublishPayload {
    fn kind(&self) -> &'static str {
        kind::PUBLISH
    }
}

/// What a `publish` job did: the card's id on the platform.
#[derive(Serialize)]
pub struct Published {
    card_slug: String,
    player_card_id: String,
}

async fn set_status(
    core: &Core,
    card_id: &str,
    account_id: &str,
    status: &str,
    error: Option<&str>,
) -> CoreResult<()> {
    sqlx::query("UPDATE publish_records SET status = $1, error = $2, updated_at = $3 WHERE card_id = $4 AND player_account_id = $5")
        .bind(status)
        .bind(error)
        .bind(time::now_str())
        .bind(card_id)
        .bind(account_id)
        .execute(core.db.pool())
        .await?;
    Ok(())
}

/// A publish (or seed) job that gave up or was cancelled leaves the records it was working
/// on saying why.
pub async fn after_failure(core: &Core, job: &ClaimedJob, message: &str) -> CoreResult<()> {
    sqlx::query(
        "UPDATE publish_records SET status = 'failed', error = $1, updated_at = $2
         WHERE job_id = $3 AND status IN ('queued', 'publishing')",
    )
    .bind(message)
    .bind(time::now_str())
    .bind(&job.id)
    .execute(core.db.pool())
    .await?;
    Ok(())
}

pub async fn run(ctx: &JobContext) -> CoreResult<Published> {
    let core = &ctx.core;
    let p: PublishPayload = ctx.payload()?;
    let user = ctx.job.user_id.clone().unwrap_or_default();
    let card = card_repo::find_reachable_by_id_or_slug(core.db.pool(), &user, &p.card_id)
        .await?
        .ok_or_else(|| {
            CoreError::not_found("the card was deleted or is no longer yours to publish")
        })?;
    let player_card_id = publish_card(core, &card, &p.account_id, ctx.progress(0.0, 0.9)).await?;
    Ok(Published {
        card_slug: card.slug,
        player_card_id,
    })
}

/// Sends `card` to the account: missing audio, icons and cover, then the whole document.
/// Its publish record must exist (queued). Reports each track done to `report` (0..1) and
/// answers the card's id on the platform.
pub(super) async fn publish_card(
    core: &Core,
    card: &CardRow,
    account_id: &str,
    report: impl Fn(f64),
) -> CoreResult<String> {
    let before = super::repo::record(core, &card.id, account_id).await?;
    // an earlier attempt of this job got going and never finished: it may have created the
    // card on the platform without living to record it
    let resumed = before.as_ref().is_some_and(|r| r.status == "publishing");
    let existing = before.and_then(|r| r.player_card_id);
    set_status(core, &card.id, account_id, "publishing", None).await?;
    let client = account_client(core, account_id)?;
    let tracks = track_repo::list_playable(core.db.pool(), &card.id).await?;
    if tracks.is_empty() {
        return Err(CoreError::Conflict(
            "the card has no tracks to publish".into(),
        ));
    }
    let refused = super::publish::refusals(card, &tracks)?;
    if !refused.is_empty() {
        return Err(CoreError::Conflict(format!(
            "the player platform would refuse this card: {}",
            refused.join("; ")
        )));
    }
    let mut chapters = Vec::new();
    for (i, t) in tracks.iter().enumerate() {
        let sent = async {
            let track = publish_track(core, &client, account_id, t).await?;
            let icon = publish_icon(core, &client, account_id, t).await?;
            Ok::<_, Failure>(SentChapter {
                track_id: t.id.clone(),
                title: t.title.clone(),
                track,
                icon,
            })
        };
        match sent.await {
            Ok(chapter) => chapters.push(chapter),
            Err(Failure::Upstream(e)) => return Err(call_failed(core, account_id, e).await),
            Err(Failure::Local(e)) => return Err(e),
        }
        report((i + 1) as f64 / tracks.len() as f64);
    }
    let cover = match &card.cover_hash {
        Some(hash) => match publish_cover(core, &client, account_id, hash).await {
            Ok(url) => Some(url),
            Err(Failure::Upstream(e)) => return Err(call_failed(core, account_id, e).await),
            Err(Failure::Local(e)) => return Err(e),
        },
        None => None,
    };
    let language: String = sqlx::query_scalar("SELECT language FROM collections WHERE id = $1")
        .bind(&card.home_collection_id)
        .fetch_one(core.db.pool())
        .await?;
    let story = match card.published_story() {
        Some(_) => Some(crate::cards::story::story_of(card, &tracks)?),
        None => None,
    };
    let about = About {
        title: &card.title,
        description: &card.description,
        language: &language,
        cover,
        story: story.as_ref(),
    };
    let mut doc = document(about, chapters);
    doc.card_id = match existing {
        Some(id) => Some(id),
        None if resumed => match unrecorded_copy(core, &client, account_id, &doc).await {
            Ok(found) => found,
            Err(Failure::Upstream(e)) => return Err(call_failed(core, account_id, e).await),
            Err(Failure::Local(e)) => return Err(e),
        },
        None => None,
    };
    let saved = match client.save_card(&doc).await {
        Ok(saved) => saved,
        // deleted on the platform since: publish it as a new card
        Err(UpstreamError::Api {
            status: 400 | 404, ..
        }) if doc.card_id.is_some() => {
            doc.card_id = None;
            client.save_card(&doc).await.map_err(upstream_error)?
        }
        Err(e) => return Err(call_failed(core, account_id, e).await),
    };
    let player_card_id = saved
        .card_id
        .clone()
        .ok_or_else(|| CoreError::Internal("the platform returned no card id".into()))?;
    let now = time::now_str();
    sqlx::query(
        "UPDATE publish_records SET status = 'published', error = NULL, player_card_id = $1, content_hash_at_publish = $2,
                remote_digest = $3, last_published_at = $4, updated_at = $4
         WHERE card_id = $5 AND player_account_id = $6",
    )
    .bind(&player_card_id)
    .bind(card.content_hash())
    .bind(Fingerprint::of(&doc).to_stored())
    .bind(&now)
    .bind(&card.id)
    .bind(account_id)
    .execute(core.db.pool())
    .await?;
    Ok(player_card_id)
}

/// On a resumed attempt: the card an earlier attempt created but never recorded (the answer
/// to its `POST /content` was lost to a crash or the network), so that it is updated rather
/// than created twice. It holds exactly the document this attempt sends (same audio, icons,
/// cover and words), and no record of the account names it.
async fn unrecorded_copy(
    core: &Core,
    client: &cardsmith_upstream::AccountClient,
    account_id: &str,
    doc: &Card,
) -> Result<Option<String>, Failure> {
    let known: Vec<String> = sqlx::query_scalar(
        "SELECT player_card_id FROM publish_records WHERE player_account_id = $1 AND player_card_id IS NOT NULL
         UNION SELECT player_card_id FROM imports WHERE player_account_id = $1",
    )
    .bind(account_id)
    .fetch_all(core.db.pool())
    .await
    .map_err(CoreError::from)?;
    let wanted = Fingerprint::of(doc);
    for summary in client.my_cards(false).await.map_err(Failure::Upstream)? {
        let Some(id) = summary.card_id else { continue };
        if summary.title != doc.title || known.contains(&id) {
            continue;
        }
        let remote = client.card(&id).await.map_err(Failure::Upstream)?;
        if wanted.differences(&Fingerprint::of(&remote)).is_empty() {
            tracing::info!(card = %id, "adopting the card a lost attempt created");
            return Ok(Some(id));
        }
    }
    Ok(None)
}

enum Failure {
    Upstream(UpstreamError),
    Local(CoreError),
}

impl From<CoreError> for Failure {
    fn from(e: CoreError) -> Self {
        Self::Local(e)
    }
}

/// Records that the account holds the media whose local hash is `hash` (uploaded, or found
/// there by an import).
pub(super) async fn remember(
    core: &Core,
    account_id: &str,
    kind: &str,
    hash: &str,
    u: &Uploaded,
) -> CoreResult<()> {
    sqlx::query(
        "INSERT INTO uploaded_media (player_account_id, kind, local_hash, remote_ref, duration_s, file_size, format, channels, uploaded_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (player_account_id, kind, local_hash) DO UPDATE SET remote_ref = excluded.remote_ref",
    )
    .bind(account_id)
    .bind(kind)
    .bind(hash)
    .bind(&u.remote_ref)
    .bind(OptionalReal(u.duration_s))
    .bind(OptionalReal(u.file_size))
    .bind(&u.format)
    .bind(&u.channels)
    .bind(time::now_str())
    .execute(core.db.pool())
    .await?;
    Ok(())
}

/// One track as the card document needs it, uploading its audio only if the account lacks it.
async fn publish_track(
    core: &Core,
    client: &cardsmith_upstream::AccountClient,
    account_id: &str,
    t: &TrackRow,
) -> Result<Track, Failure> {
    if let Some(url) = &t.stream_url {
        return Ok(Track {
            title: t.title.clone(),
            track_url: url.clone(),
            format: Some("mp3".into()),
            kind: "stream".into(),
            ..Default::default()
        });
    }
    let hash = t.audio_hash.as_deref().ok_or_else(|| {
        CoreError::Conflict(format!(
            "track {} is not transcoded yet; publish when it is ready",
            t.slug
        ))
    })?;
    let known = match uploaded(core, account_id, "audio", hash).await? {
        Some(u) => u,
        None => {
            let bytes = core.media().get(hash).await?;
            let done = client
                .upload_audio(Bytes::from(bytes), &format!("{}.m4a", t.slug), "audio/mp4")
                .await
                .map_err(Failure::Upstream)?;
            let u = Uploaded {
                remote_ref: done.track_url(),
                duration_s: done.info.duration,
                file_size: done.info.file_size,
                format: done.info.format.clone(),
                channels: done.info.channels.map(|c| {
                    serde_json::to_value(c)
                        .ok()
                        .and_then(|v| v.as_str().map(str::to_owned))
                        .unwrap_or_default()
                }),
            };
            remember(core, account_id, "audio", hash, &u).await?;
            u
        }
    };
    Ok(Track {
        title: t.title.clone(),
        track_url: known.remote_ref,
        // the transcoder's own format: a wrong one makes players skip the track
        format: known.format,
        kind: "audio".into(),
        duration: known.duration_s,
        file_size: known.file_size,
        channels: known
            .channels
            .as_deref()
            .and_then(|c| serde_json::from_value(serde_json::json!(c)).ok()),
        ..Default::default()
    })
}

/// The chapter's icon reference (`yoto:#<mediaId>`), uploading its 16x16 PNG if the
/// account does not have it yet.
async fn publish_icon(
    core: &Core,
    client: &cardsmith_upstream::AccountClient,
    account_id: &str,
    t: &TrackRow,
) -> Result<String, Failure> {
    let icon = player_icon(core, t).await?;
    if let Some(u) = uploaded(core, account_id, "icon", &icon.hash).await? {
        return Ok(u.remote_ref);
    }
    let uploaded_icon = client
        .upload_icon(
            Bytes::from(icon.bytes),
            "image/png",
            true,
            &format!("{}.png", t.slug),
        )
        .await
        .map_err(Failure::Upstream)?;
    let u = Uploaded {
        remote_ref: format!("yoto:#{}", uploaded_icon.media_id),
        ..Uploaded::image()
    };
    remember(core, account_id, "icon", &icon.hash, &u).await?;
    Ok(u.remote_ref)
}

async fn publish_cover(
    core: &Core,
    client: &cardsmith_upstream::AccountClient,
    account_id: &str,
    hash: &str,
) -> Result<String, Failure> {
    if let Some(u) = uploaded(core, account_id, "cover", hash).await? {
        return Ok(u.remote_ref);
    }
    let (bytes, content_type) = crate::media::image::load(core, hash).await?;
    let cover = client
        .upload_cover(
            Bytes::from(bytes),
            &content_type,
            CoverType::Default,
            "cover",
        )
        .await
        .map_err(Failure::Upstream)?;
    let u = Uploaded {
        remote_ref: cover.media_url.clone(),
        ..Uploaded::image()
    };
    remember(core, account_id, "cover", hash, &u).await?;
    Ok(cover.media_url)
}
