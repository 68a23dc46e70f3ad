//! Trim, split, merge and fade: asked for here (validated, queued: 202 + job id), done by a
//! worker (`run`). Each edit decodes the track's best copy, cuts on exact sample numbers,
//! writes FLAC (the new track's lossless original) and encodes the player's M4A from it; the
//! edited track becomes a source of the new one(s), so the edit can be undone.

use cardsmith_model::track::{transcode_status, FadeInput, MergeInput, SplitInput, TrimInput};
use cardsmith_model::validate::{slugify, CollectionRole};
use serde::{Deserialize, Serialize};

use super::jobs::{adopt_measured, encode_player_audio, ensure_parent, payload, Encoded};
use super::repo::{self, NewTrack, TrackRow};
use super::require_track;
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::cards::require_card;
use crate::db::DbTx;
use crate::jobs::worker::JobContext;
use crate::jobs::{self, kind};
use crate::media::audio::{ffmpeg, probe};
use crate::media::store;
use crate::{new_id, time, Core, CoreError, CoreResult};

/// What an edit job was asked to do.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "edit", rename_all = "snake_case")]
enum Edit {
    Trim {
        start: f64,
        end: f64,
        title: Option<String>,
    },
    Split {
        points: Vec<f64>,
        titles: Vec<String>,
    },
    Fade {
        fade_in_ms: i64,
        fade_out_ms: i64,
    },
    Merge {
        others: Vec<String>,
        title: Option<String>,
    },
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct EditPayload {
    track_id: String,
    card_slug: String,
    #[serde(flatten)]
    edit: Edit,
}

/// The track must be playable, transcoded and not already being worked on.
fn editable(track: &TrackRow) -> CoreResult<i64> {
    if track.is_source {
        return Err(CoreError::Conflict(
            "a source cannot be edited; restore it first".into(),
        ));
    }
    if track.processing_job_id.is_some() {
        return Err(CoreError::Conflict(
            "the track is still being processed; try again when it is ready".into(),
        ));
    }
    match (track.transcode_status.as_str(), track.duration_ms) {
        (transcode_status::READY, Some(ms)) if track.original_hash.is_some() => Ok(ms),
        _ => Err(CoreError::Conflict(
            "only transcoded audio tracks can be edited".into(),
        )),
    }
}

fn within(field: &str, seconds: f64, duration_ms: i64) -> CoreResult<()> {
    if seconds * 1000.0 > duration_ms as f64 {
        return Err(CoreError::invalid(
            field,
            format!(
                "must be within the track ({:.3} s long)",
                duration_ms as f64 / 1000.0
            ),
        ));
    }
    Ok(())
}

pub async fn trim(
    core: &Core,
    actor: &Actor,
    card: &str,
    track: &str,
    input: TrimInput,
) -> CoreResult<String> {
    input.validate()?;
    let (card, track) = require_track(core, actor, card, track, CollectionRole::Editor).await?;
    let duration = editable(&track)?;
    within("end", input.end, duration)?;
    let title = input.title.filter(|t| !t.trim().is_empty());
    queue(
        core,
        actor,
        &card.slug,
        &[track],
        kind::TRIM,
        Edit::Trim {
            start: input.start,
            end: input.end,
            title,
        },
    )
    .await
}

pub async fn split(
    core: &Core,
    actor: &Actor,
    card: &str,
    track: &str,
    input: SplitInput,
) -> CoreResult<String> {
    input.validate()?;
    let (card, track) = require_track(core, actor, card, track, CollectionRole::Editor).await?;
    let duration = editable(&track)?;
    within(
        "split_points",
        *input.split_points.last().expect("validated non-empty"),
        duration - 1,
    )?;
    // checked when the split is asked for, so the author hears it before any work is queued
    super::limits::check_room(
        core,
        core.db.pool(),
        &card.id,
        input.split_points.len() as i64,
    )
    .await?;
    let titles = input.titles.unwrap_or_default();
    queue(
        core,
        actor,
        &card.slug,
        &[track],
        kind::SPLIT,
        Edit::Split {
            points: input.split_points,
            titles,
        },
    )
    .await
}

pub async fn fade(
    core: &Core,
    actor: &Actor,
    card: &str,
    track: &str,
    input: FadeInput,
) -> CoreResult<String> {
    input.validate()?;
    let (card, track) = require_track(core, actor, card, track, CollectionRole::Editor).await?;
    let duration = editable(&track)?;
    if input.fade_in_ms + input.fade_out_ms > duration {
        return Err(CoreError::invalid(
            "fade_out_ms",
            "the fades together must fit in the track",
        ));
    }
    queue(
        core,
        actor,
        &card.slug,
        &[track],
        kind::FADE,
        Edit::Fade {
            fade_in_ms: input.fade_in_ms,
            fade_out_ms: input.fade_out_ms,
        },
    )
    .await
}

pub async fn merge(
    core: &Core,
    actor: &Actor,
    card: &str,
    input: MergeInput,
) -> CoreResult<String> {
    input.validate()?;
    let card = require_card(core.db.pool(), actor, card, CollectionRole::Editor).await?;
    let mut tracks = Vec::new();
    for (i, slug) in input.track_slugs.iter().enumerate() {
        let track = repo::find_by_slug(core.db.pool(), &card.id, slug)
            .await?
            .ok_or_else(|| {
                CoreError::invalid(&format!("track_slugs/{i}"), "is not a track of this card")
            })?;
        editable(&track)
            .map_err(|e| CoreError::invalid(&format!("track_slugs/{i}"), e.to_string()))?;
        tracks.push(track);
    }
    let others = tracks[1..].iter().map(|t| t.id.clone()).collect();
    let title = input.title.filter(|t| !t.trim().is_empty());
    queue(
        core,
        actor,
        &card.slug,
        &tracks,
        kind::MERGE,
        Edit::Merge { others, title },
    )
    .await
}

/// Queues the job and marks the tracks as being worked on, in one transaction.
async fn queue(
    core: &Core,
    actor: &Actor,
    card_slug: &str,
    tracks: &[TrackRow],
    job_kind: &str,
    edit: Edit,
) -> CoreResult<String> {
    let payload = EditPayload {
        track_id: tracks[0].id.clone(),
        card_slug: card_slug.to_owned(),
        edit,
    };
    let value =
        serde_json::to_value(&payload).map_err(|e| CoreError::internal("job payload", e))?;
    let mut tx = core.db.begin().await?;
    let job_id = jobs::enqueue(&mut *tx, Some(actor.id()), job_kind, &value).await?;
    for track in tracks {
        let claimed = sqlx::query(
            "UPDATE tracks SET processing_job_id = $1, updated_at = $2 WHERE id = $3 AND processing_job_id IS NULL",
        )
        .bind(&job_id)
        .bind(time::now_str())
        .bind(&track.id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if claimed == 0 {
            return Err(CoreError::Conflict(format!(
                "{} is already being processed",
                track.slug
            )));
        }
    }
    audit::record(
        &mut *tx,
        AuditEvent::own(
            actor,
            "track.edit_queued",
            format!("{job_kind} {card_slug}/{}", tracks[0].slug),
        ),
    )
    .await?;
    tx.commit().await?;
    core.jobs.wake();
    Ok(job_id)
}

/// One finished piece of an edit: lossless original and player audio.
struct Piece {
    title: String,
    flac: Encoded,
    m4a: Encoded,
}

/// Runs an edit job.
pub async fn run(ctx: &JobContext) -> CoreResult<String> {
    let core = &ctx.core;
    let p: EditPayload = payload(&ctx.job)?;
    let track = repo::find_by_id(core.db.pool(), &p.track_id)
        .await?
        .ok_or_else(|| CoreError::not_found("the track was deleted"))?;
    let input = original_path(core, &track)?;
    let duration = track.duration_ms;
    let pieces = match &p.edit {
        Edit::Trim { start, end, title } => {
            let rate = sample_rate(&input).await?;
            let filter = cut(rate, *start, Some(*end));
            let title = title.clone().unwrap_or_else(|| track.title.clone());
            vec![piece(ctx, &input, &filter, title, duration, 0.0, 1.0).await?]
        }
        Edit::Fade {
            fade_in_ms,
            fade_out_ms,
        } => {
            let total = duration.unwrap_or(0) as f64 / 1000.0;
            let mut filters = vec!["anull".to_owned()];
            if *fade_in_ms > 0 {
                filters.push(format!(
                    "afade=t=in:st=0:d={:.3}",
                    *fade_in_ms as f64 / 1000.0
                ));
            }
            if *fade_out_ms > 0 {
                let d = *fade_out_ms as f64 / 1000.0;
                filters.push(format!(
                    "afade=t=out:st={:.3}:d={d:.3}",
                    (total - d).max(0.0)
                ));
            }
            vec![
                piece(
                    ctx,
                    &input,
                    &filters.join(","),
                    track.title.clone(),
                    duration,
                    0.0,
                    1.0,
                )
                .await?,
            ]
        }
        Edit::Split { points, titles } => {
            let rate = sample_rate(&input).await?;
            let mut bounds = vec![0.0];
            bounds.extend(points.iter().copied());
            let n = bounds.len();
            let mut pieces = Vec::with_capacity(n);
            for i in 0..n {
                let end = bounds.get(i + 1).copied();
                let title = titles
                    .get(i)
                    .filter(|t| !t.trim().is_empty())
                    .cloned()
                    .unwrap_or_else(|| format!("{} (part {})", track.title, i + 1));
                let (from, to) = (i as f64 / n as f64, (i + 1) as f64 / n as f64);
                pieces.push(
                    piece(
                        ctx,
                        &input,
                        &cut(rate, bounds[i], end),
                        title,
                        duration,
                        from,
                        to,
                    )
                    .await?,
                );
            }
            pieces
        }
        Edit::Merge { others, title } => {
            let mut inputs = vec![input];
            let mut total = duration.unwrap_or(0);
            for id in others {
                let other = repo::find_by_id(core.db.pool(), id)
                    .await?
                    .ok_or_else(|| CoreError::not_found("a track to merge was deleted"))?;
                total += other.duration_ms.unwrap_or(0);
                inputs.push(original_path(core, &other)?);
            }
            let out = store::tmp_path(&core.settings.data_dir, "flac");
            ensure_parent(&out).await?;
            let progress = ctx.progress(0.0, 0.5);
            let result = ffmpeg::concat_to_flac(&inputs, &out, Some(total), &progress).await;
            let flac = adopt_measured(core, result, out).await?;
            let flac_path = store::path_of(&core.settings.data_dir, &flac.hash)?;
            let m4a =
                encode_player_audio(ctx, &flac_path, Some(flac.duration_ms), 0.5, 1.0).await?;
            let title = title.clone().unwrap_or_else(|| track.title.clone());
            vec![Piece { title, flac, m4a }]
        }
    };
    let replaced = match &p.edit {
        Edit::Merge { others, .. } => others.clone(),
        _ => Vec::new(),
    };
    let slugs = replace(core, &track, &replaced, pieces).await?;
    Ok(serde_json::json!({ "source_track_id": track.id, "track_slugs": slugs }).to_string())
}

fn original_path(core: &Core, track: &TrackRow) -> CoreResult<std::path::PathBuf> {
    let hash = track
        .original_hash
        .as_deref()
        .ok_or_else(|| CoreError::Internal("the track has no stored audio".into()))?;
    store::path_of(&core.settings.data_dir, hash)
}

async fn sample_rate(path: &std::path::Path) -> CoreResult<u32> {
    probe::probe(path)
        .await?
        .sample_rate
        .ok_or_else(|| CoreError::Internal("the audio has no sample rate".into()))
}

/// A sample-exact cut from `start` to `end` seconds (to the end when `None`).
fn cut(rate: u32, start: f64, end: Option<f64>) -> String {
    let sample = |s: f64| (s * f64::from(rate)).round() as i64;
    let mut filter = format!("atrim=start_sample={}", sample(start));
    if let Some(end) = end {
        filter.push_str(&format!(":end_sample={}", sample(end)));
    }
    filter.push_str(",asetpts=PTS-STARTPTS");
    filter
}

/// Filters `input` into a stored FLAC, then encodes the player's M4A from it.
async fn piece(
    ctx: &JobContext,
    input: &std::path::Path,
    filter: &str,
    title: String,
    duration_ms: Option<i64>,
    from: f64,
    to: f64,
) -> CoreResult<Piece> {
    let core = &ctx.core;
    let out = store::tmp_path(&core.settings.data_dir, "flac");
    ensure_parent(&out).await?;
    let middle = from + (to - from) / 2.0;
    let progress = ctx.progress(from, middle);
    let result = ffmpeg::filter_to_flac(input, filter, &out, duration_ms, &progress).await;
    let flac = adopt_measured(core, result, out).await?;
    let flac_path = store::path_of(&core.settings.data_dir, &flac.hash)?;
    let m4a = encode_player_audio(ctx, &flac_path, Some(flac.duration_ms), middle, to).await?;
    Ok(Piece { title, flac, m4a })
}

/// Puts the pieces where `track` was; `track` (and merged `others`) become sources.
async fn replace(
    core: &Core,
    track: &TrackRow,
    others: &[String],
    pieces: Vec<Piece>,
) -> CoreResult<Vec<String>> {
    let mut tx = core.db.begin().await?;
    let current = repo::find_by_id(&mut *tx, &track.id)
        .await?
        .ok_or_else(|| CoreError::not_found("the track was deleted during the edit"))?;
    let position = current.position;
    let old_slug = current.slug.clone();
    demote(&mut tx, &current).await?;
    for id in others {
        if let Some(other) = repo::find_by_id(&mut *tx, id).await? {
            demote(&mut tx, &other).await?;
        }
    }
    // make room after the edited track for the extra pieces of a split
    let extra = pieces.len() as i64 - 1;
    if extra > 0 {
        sqlx::query("UPDATE tracks SET position = position + $1 WHERE card_id = $2 AND is_source = 0 AND position > $3")
            .bind(extra)
            .bind(&track.card_id)
            .bind(position)
            .execute(&mut *tx)
            .await?;
    }
    let mut slugs = Vec::new();
    for (i, piece) in pieces.into_iter().enumerate() {
        let id = new_id();
        let wanted = if i == 0 {
            old_slug.clone()
        } else {
            slugify(&piece.title)
        };
        let slug = repo::free_slug(&mut tx, &track.card_id, &wanted, &id).await?;
        repo::insert(
            &mut tx,
            &NewTrack {
                id: id.clone(),
                card_id: track.card_id.clone(),
                slug: slug.clone(),
                title: piece.title,
                description: if i == 0 {
                    current.description.clone()
                } else {
                    String::new()
                },
                position: position + i as i64,
                parent_track_id: Some(track.id.clone()),
                source_type: current.source_type.clone(),
                original_hash: Some(piece.flac.hash),
                original_format: "flac".into(),
                original_size_bytes: piece.flac.size,
                // the FLAC's length is exact to the sample; AAC framing may differ by a few ms
                duration_ms: Some(piece.flac.duration_ms),
                transcode_status: transcode_status::READY.into(),
                // the piece that keeps the slug keeps the picture too
                icon_hash: current.icon_hash.clone().filter(|_| i == 0),
                icon_source_hash: current.icon_source_hash.clone().filter(|_| i == 0),
                ..Default::default()
            },
        )
        .await?;
        // the pieces count against the storage of whoever brought the edited audio in
        sqlx::query("UPDATE tracks SET audio_hash = $1, transcoded_format = 'm4a', transcoded_size_bytes = $2,
                added_by = (SELECT added_by FROM tracks WHERE id = $4) WHERE id = $3")
            .bind(&piece.m4a.hash)
            .bind(piece.m4a.size)
            .bind(&id)
            .bind(&track.id)
            .execute(&mut *tx)
            .await?;
        slugs.push(slug);
    }
    repo::settle_card(&mut tx, &track.card_id).await?;
    tx.commit().await?;
    Ok(slugs)
}

/// Turns a playable track into a source, renaming it `<slug>-source` so its slug is free for
/// what replaces it.
pub async fn demote(tx: &mut DbTx<'_>, track: &TrackRow) -> CoreResult<()> {
    let base = format!("{}-source", track.slug.trim_end_matches("-source"));
    let slug = repo::free_slug(tx, &track.card_id, &base, &track.id).await?;
    sqlx::query(
        "UPDATE tracks SET is_source = 1, slug = $1, processing_job_id = NULL, updated_at = $2 WHERE id = $3",
    )
    .bind(&slug)
    .bind(time::now_str())
    .bind(&track.id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
