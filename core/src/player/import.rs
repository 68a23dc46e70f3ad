//! Importing user-made cards from a linked account (the page's listing is `library`).
//!
//! An import creates the local card at once (in the collection the caller chose, else their
//! default collection) and a job downloads the audio promptly from the playable answer's
//! signed URLs (an expired URL is asked for again), keeping it as already transcoded, and the
//! cover. A finished import counts as published to the account (`origin`): publishing it back
//! updates that very card.

use cardsmith_model::card::CreateCardInput;
use cardsmith_model::import::{ImportFromPlayerInput, ImportFromPlayerOutputBody};
use cardsmith_model::interactive::playback_type;
use cardsmith_model::track::transcode_status;
use cardsmith_model::validate::{slugify, CollectionRole};
use cardsmith_upstream::model::content::Card;
use cardsmith_upstream::{AccountClient, UpstreamError};
use serde::{Deserialize, Serialize};

use super::accounts::{self, account_client, call_failed};
use super::fetch::{self, Failure, Fetched};
use super::origin::{remember_import, ImportedTrack};
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::collections::access::require_collection;
use crate::jobs::context::JobContext;
use crate::jobs::{self, kind, JobPayload, Priority};
use crate::media::audio::{decode, probe};
use crate::tracks::repo::{self as track_repo, NewTrack};
use crate::{new_id, time, Core, CoreError, CoreResult};

/// Creates the local card and queues the job that fills it.
pub async fn start(
    core: &Core,
    actor: &Actor,
    input: ImportFromPlayerInput,
) -> CoreResult<ImportFromPlayerOutputBody> {
    super::client(core)?;
    accounts::get(core, actor, &input.account_id)
        .await
        .map_err(|_| CoreError::invalid("account_id", "is not one of your linked accounts"))?;
    // a chosen collection is checked before the platform is asked anything
    let chosen = match input.collection_id.as_deref().map(str::trim) {
        Some(id) if !id.is_empty() => Some(editable(core, actor, id).await?),
        _ => None,
    };
    let client = account_client(core, &input.account_id)?;
    let remote = match client.card(&input.player_card_id).await {
        Ok(card) => card,
        Err(UpstreamError::Api { status: 404, .. }) => {
            return Err(CoreError::invalid(
                "player_card_id",
                "is not a card of this account",
            ))
        }
        Err(e) => return Err(call_failed(core, &input.account_id, e).await),
    };
    let collection_id = match chosen {
        Some(id) => id,
        None => {
            crate::collections::service::default_collection(core, actor)
                .await?
                .id
        }
    };
    let title = if remote.title.trim().is_empty() {
        "Imported card".to_owned()
    } else {
        remote.title.chars().take(100).collect()
    };
    let card = crate::cards::service::create_card(
        core,
        actor,
        &collection_id,
        CreateCardInput {
            title,
            description: remote.metadata.description.clone().unwrap_or_default(),
            author: None,
            slug: None,
        },
    )
    .await?;
    let card_id: String = sqlx::query_scalar("SELECT id FROM cards WHERE slug = $1")
        .bind(&card.slug)
        .fetch_one(core.db.pool())
        .await?;
    let mut tx = core.db.begin().await?;
    let payload = ImportPayload {
        account_id: input.account_id.clone(),
        card_id: card_id.clone(),
        player_card_id: input.player_card_id.clone(),
    };
    let job_id = jobs::enqueue(&mut *tx, Some(actor.id()), &payload).await?;
    sqlx::query("INSERT INTO imports (card_id, player_account_id, player_card_id, created_at) VALUES ($1, $2, $3, $4)")
        .bind(&card_id)
        .bind(&input.account_id)
        .bind(&input.player_card_id)
        .bind(time::now_str())
        .execute(&mut *tx)
        .await?;
    let detail = format!("{} from player card {}", card.slug, input.player_card_id);
    audit::commit(tx, AuditEvent::own(actor, "card.import_queued", detail)).await?;
    core.jobs.wake();
    Ok(ImportFromPlayerOutputBody {
        card_slug: card.slug,
        job_id,
    })
}

/// `id` when the caller can edit that collection; any other (unknown, someone else's, one
/// they only view) is the same 422, so the answer tells nothing about collections of others.
async fn editable(core: &Core, actor: &Actor, id: &str) -> CoreResult<String> {
    require_collection(core.db.pool(), actor, id, CollectionRole::Editor)
        .await
        .map_err(|_| CoreError::invalid("collection_id", "is not a collection you can edit"))?;
    Ok(id.to_owned())
}

/// The payload of an `import` job: the platform card to bring into the local card.
#[derive(Serialize, Deserialize)]
pub struct ImportPayload {
    account_id: String,
    card_id: String,
    player_card_id: String,
}

impl JobPayload for ImportPayload {
    fn kind(&self) -> &'static str {
        kind::IMPORT
    }

    fn priority(&self) -> Priority {
        Priority::Bulk
    }
}

/// What an `import` job did: how many tracks it brought in.
#[derive(Serialize)]
pub struct Imported {
    tracks: usize,
}

/// The import job: every track's audio (as already transcoded), its icon and the cover.
pub async fn run(ctx: &JobContext) -> CoreResult<Imported> {
    let core = &ctx.core;
    let p: ImportPayload = ctx.payload()?;
    let client = account_client(core, &p.account_id)?;
    let mut remote = playable(core, &client, &p).await?;
    let report = ctx.progress(0.0, 0.95);
    let total = remote.tracks().count().max(1);
    let mut done = 0;
    let mut imported = Vec::new();
    let chapters = remote.content.chapters.clone().unwrap_or_default();
    for chapter in &chapters {
        for (t, track) in chapter.tracks.iter().enumerate() {
            if track.kind == "stream" {
                continue;
            }
            let file = match fetch::audio(core, &client, &track.track_url).await {
                Ok(file) => file,
                // a signed URL that expired meanwhile: ask for fresh ones and try once more
                Err(Failure::Upstream(UpstreamError::Api { status: 403, .. })) => {
                    remote = playable(core, &client, &p).await?;
                    let fresh = remote
                        .content
                        .chapters
                        .iter()
                        .flatten()
                        .find(|c| c.key == chapter.key)
                        .and_then(|c| c.tracks.get(t))
                        .map(|t| t.track_url.clone())
                        .unwrap_or_default();
                    match fetch::audio(core, &client, &fresh).await {
                        Ok(file) => file,
                        Err(Failure::Upstream(e)) => return Err(accounts::upstream_error(e)),
                        Err(Failure::Local(e)) => return Err(e),
                    }
                }
                Err(Failure::Upstream(e)) => return Err(call_failed(core, &p.account_id, e).await),
                Err(Failure::Local(e)) => return Err(e),
            };
            let title = if chapter.tracks.len() > 1 {
                track.title.clone()
            } else {
                chapter.title.clone()
            };
            let track_id = add_track(core, &p.card_id, &title, file).await?;
            let icon = track
                .display
                .as_ref()
                .and_then(|d| d.icon16x16.clone())
                .or_else(|| chapter.display.icon16x16.clone());
            if let Some(url) = icon.filter(|u| u.starts_with("http")) {
                import_icon(core, &client, &p.card_id, &track_id, &url).await?;
            }
            imported.push(ImportedTrack {
                track_id,
                chapter_key: chapter.key.clone(),
                index: t,
            });
            done += 1;
            report(done as f64 / total as f64);
        }
    }
    if let Some(url) = remote
        .metadata
        .cover
        .as_ref()
        .and_then(|c| c.image_l.clone())
    {
        // a cover that cannot be fetched or read does not fail the import (the audio is in)
        let bytes = match fetch::image(core, &client, &url).await {
            Ok(bytes) => Some(bytes),
            Err(e) => {
                tracing::warn!(error = %e, "cover not imported");
                None
            }
        };
        if let Some(bytes) = bytes {
            if let Ok(image) = crate::media::image::store_upload(core, bytes).await {
                sqlx::query("UPDATE cards SET cover_hash = $1 WHERE id = $2")
                    .bind(&image.hash)
                    .bind(&p.card_id)
                    .execute(core.db.pool())
                    .await?;
            }
        }
    }
    let mut tx = core.db.begin().await?;
    if remote.content.playback_type.as_deref() == Some(playback_type::INTERACTIVE) {
        // an interactive card comes back with its story (a linear one stays linear)
        let keys: Vec<(String, String)> = imported
            .iter()
            .filter(|t| t.index == 0)
            .map(|t| (t.chapter_key.clone(), t.track_id.clone()))
            .collect();
        let story = super::story_events::story_from(&chapters, &keys);
        let json = serde_json::to_string(&story)
            .map_err(|e| CoreError::internal("writing an imported story", e))?;
        sqlx::query("UPDATE cards SET playback_type = $1, story = $2 WHERE id = $3")
            .bind(playback_type::INTERACTIVE)
            .bind(json)
            .bind(&p.card_id)
            .execute(&mut *tx)
            .await?;
    }
    track_repo::settle_card(&mut tx, &p.card_id).await?;
    tx.commit().await?;
    let user = ctx.job.user_id.clone().unwrap_or_default();
    if let Some(card) =
        crate::cards::repo::find_reachable_by_id_or_slug(core.db.pool(), &user, &p.card_id).await?
    {
        sqlx::query("UPDATE imports SET content_hash_at_import = $1 WHERE card_id = $2")
            .bind(card.content_hash())
            .bind(&p.card_id)
            .execute(core.db.pool())
            .await?;
        remember_import(
            core,
            &client,
            &p.account_id,
            &p.player_card_id,
            &card,
            &imported,
        )
        .await?;
    }
    Ok(Imported { tracks: done })
}

async fn playable(core: &Core, client: &AccountClient, p: &ImportPayload) -> CoreResult<Card> {
    match client.playable_card(&p.player_card_id).await {
        Ok(card) => Ok(card),
        Err(e) => Err(call_failed(core, &p.account_id, e).await),
    }
}

/// Brings a chapter's icon along. An icon that cannot be fetched or read does not fail the
/// import: the track keeps its drawn default, and the audio (what matters) is already saved.
async fn import_icon(
    core: &Core,
    client: &AccountClient,
    card_id: &str,
    track_id: &str,
    url: &str,
) -> CoreResult<()> {
    // the URL is not logged: a signed URL's query is a credential
    let bytes = match fetch::image(core, client, url).await {
        Ok(bytes) => bytes,
        Err(e) => {
            tracing::warn!(error = %e, "chapter icon not imported");
            return Ok(());
        }
    };
    match crate::tracks::icons::attach_icon(core, card_id, track_id, bytes).await {
        Ok(tx) => Ok(tx.commit().await?),
        Err(CoreError::Invalid(_) | CoreError::UnsupportedMedia(_) | CoreError::TooLarge(_)) => {
            tracing::warn!("chapter icon is not a picture; not imported");
            Ok(())
        }
        Err(e) => Err(e),
    }
}

/// Stores downloaded audio and appends it to the card as a ready (already transcoded) track;
/// answers its id.
async fn add_track(core: &Core, card_id: &str, title: &str, file: Fetched) -> CoreResult<String> {
    let Fetched {
        path: tmp,
        hash,
        size,
    } = file;
    let probed = probe::probe(&tmp).await;
    let probed = match probed {
        Ok(p) => p,
        Err(e) => {
            let _ = tokio::fs::remove_file(&tmp).await;
            return Err(e);
        }
    };
    let duration = decode::summarize(&tmp)
        .await
        .map(|s| s.duration_ms())
        .ok()
        .or(probed.duration_ms);
    core.media().adopt(&tmp, &hash).await?;
    let id = new_id();
    let title = if title.trim().is_empty() {
        "Chapter".to_owned()
    } else {
        title.chars().take(100).collect()
    };
    let mut tx = core.db.begin().await?;
    let position = track_repo::next_position(&mut tx, card_id).await?;
    let slug = track_repo::free_slug(&mut tx, card_id, &slugify(&title), &id).await?;
    track_repo::insert(
        &mut tx,
        &NewTrack {
            id: id.clone(),
            card_id: card_id.to_owned(),
            slug,
            title,
            position,
            source_type: "import".into(),
            original_hash: Some(hash.clone()),
            original_format: probed.format.to_owned(),
            original_size_bytes: size as i64,
            duration_ms: duration,
            transcode_status: transcode_status::READY.into(),
            ..Default::default()
        },
    )
    .await?;
    sqlx::query("UPDATE tracks SET audio_hash = $1, transcoded_format = $2, transcoded_size_bytes = $3 WHERE id = $4")
        .bind(&hash)
        .bind(probed.format)
        .bind(size as i64)
        .bind(&id)
        .execute(&mut *tx)
        .await?;
    track_repo::settle_card(&mut tx, card_id).await?;
    tx.commit().await?;
    Ok(id)
}
