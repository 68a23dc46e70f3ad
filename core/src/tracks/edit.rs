//! Trim, split, merge and fade as they are asked for: validated, the tracks marked as being
//! worked on and the job queued in one transaction (202 + job id). What the worker does with
//! the job is in [`super::edit_job`]; the two share only the payload ([`EditPayload`]).

use cardsmith_model::track::{transcode_status, FadeInput, MergeInput, SplitInput, TrimInput};
use cardsmith_model::validate::CollectionRole;
use serde::{Deserialize, Serialize};

use super::repo::{self, TrackRow};
use super::require_track;
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::cards::require_card;
use crate::db::DbTx;
use crate::jobs::requeue::RetriedJob;
use crate::jobs::{self, kind, JobPayload};
use crate::{time, Core, CoreError, CoreResult};

/// What an edit job was asked to do.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "edit", rename_all = "snake_case")]
pub(super) enum Edit {
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

/// An edit job's payload: the (first) track edited, and what to do with it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct EditPayload {
    pub(super) track_id: String,
    pub(super) card_slug: String,
    #[serde(flatten)]
    pub(super) edit: Edit,
}

/// The four edits are four kinds of job with one runner ([`super::edit_job`]).
impl JobPayload for EditPayload {
    fn kind(&self) -> &'static str {
        match self.edit {
            Edit::Trim { .. } => kind::TRIM,
            Edit::Split { .. } => kind::SPLIT,
            Edit::Fade { .. } => kind::FADE,
            Edit::Merge { .. } => kind::MERGE,
        }
    }
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
    edit: Edit,
) -> CoreResult<String> {
    let payload = EditPayload {
        track_id: tracks[0].id.clone(),
        card_slug: card_slug.to_owned(),
        edit,
    };
    let mut tx = core.db.begin().await?;
    let job_id = claiming(&mut tx, Some(actor.id()), &payload, tracks).await?;
    audit::record(
        &mut *tx,
        AuditEvent::own(
            actor,
            "track.edit_queued",
            format!("{} {card_slug}/{}", payload.kind(), tracks[0].slug),
        ),
    )
    .await?;
    tx.commit().await?;
    core.jobs.wake();
    Ok(job_id)
}

/// Enqueues `payload` and marks `tracks` as worked on by it; a track another job holds is a
/// conflict (and the caller's transaction is dropped, queuing nothing).
async fn claiming(
    tx: &mut DbTx<'static>,
    user_id: Option<&str>,
    payload: &EditPayload,
    tracks: &[TrackRow],
) -> CoreResult<String> {
    let job_id = jobs::enqueue(&mut **tx, user_id, payload).await?;
    for track in tracks {
        let claimed = sqlx::query(
            "UPDATE tracks SET processing_job_id = $1, updated_at = $2 WHERE id = $3 AND processing_job_id IS NULL",
        )
        .bind(&job_id)
        .bind(time::now_str())
        .bind(&track.id)
        .execute(&mut **tx)
        .await?
        .rows_affected();
        if claimed == 0 {
            return Err(CoreError::Conflict(format!(
                "{} is already being processed",
                track.slug
            )));
        }
    }
    Ok(job_id)
}

/// An administrator's retry of a failed or cancelled edit: asked again as its user would ask
/// it now. That user must still edit the card, and every track must still be there and
/// editable (not edited since, not a source, not being worked on), since an edit is applied
/// to the track as it is; then the tracks are claimed exactly as by the first request.
pub async fn requeue(core: &Core, tx: &mut DbTx<'static>, job: &RetriedJob) -> CoreResult<String> {
    let payload: EditPayload = job.payload()?;
    let user_id = job
        .user_id
        .as_deref()
        .ok_or_else(|| CoreError::Conflict("the edit belongs to a deleted account".into()))?;
    let user = crate::auth::session::background_actor(core, user_id).await?;
    let card = require_card(
        core.db.pool(),
        &user,
        &payload.card_slug,
        CollectionRole::Editor,
    )
    .await?;
    let mut ids = vec![payload.track_id.clone()];
    if let Edit::Merge { others, .. } = &payload.edit {
        ids.extend(others.iter().cloned());
    }
    let mut tracks = Vec::with_capacity(ids.len());
    for id in &ids {
        let track = repo::find_by_id(&mut **tx, id)
            .await?
            .filter(|t| t.card_id == card.id)
            .ok_or_else(|| {
                CoreError::Conflict(
                    "a track of this edit was deleted since; nothing to retry".into(),
                )
            })?;
        editable(&track)?;
        tracks.push(track);
    }
    claiming(tx, Some(user_id), &payload, &tracks).await
}
