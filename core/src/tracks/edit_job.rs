//! The edit job: what a worker does with a trim, split, merge or fade queued by
//! [`super::edit`]. It decodes the track's original, cuts on exact sample numbers, writes FLAC
//! (the new track's lossless original) and encodes the player's M4A from it; the edited track
//! becomes a source of the new one(s) ([`super::sources::demote`]), so the edit can be undone.

use cardsmith_model::job::EditJobResult;
use cardsmith_model::track::transcode_status;
use cardsmith_model::validate::slugify;

use super::edit::{Edit, EditPayload};
use super::repo::{self, NewTrack, TrackRow};
use super::sources::demote;
use super::transcode_job::{
    adopt_measured, adopt_summarized, encode_player_audio, ensure_parent, Encoded,
};
use crate::jobs::context::JobContext;
use crate::jobs::queue::ClaimedJob;
use crate::media::audio::{ffmpeg, probe};
use crate::media::store::{self, LocalMedia};
use crate::{new_id, Core, CoreError, CoreResult};

/// One finished piece of an edit: lossless original and player audio.
struct Piece {
    title: String,
    flac: Encoded,
    m4a: Encoded,
}

/// Runs an edit job.
pub async fn run(ctx: &JobContext) -> CoreResult<EditJobResult> {
    let core = &ctx.core;
    let p: EditPayload = ctx.payload()?;
    let track = repo::find_by_id(core.db.pool(), &p.track_id)
        .await?
        .ok_or_else(|| CoreError::not_found("the track was deleted"))?;
    // a local copy with object storage, deleted when the edit ends however it ends
    let original = original_media(core, &track).await?;
    let input = original.path();
    let duration = track.duration_ms;
    let pieces = match &p.edit {
        Edit::Trim { start, end, title } => {
            let source = source_of(input).await?;
            let filter = cut(source.sample_rate, *start, Some(*end));
            let title = title.clone().unwrap_or_else(|| track.title.clone());
            vec![piece(ctx, input, source, &filter, title, duration, 0.0, 1.0).await?]
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
                    input,
                    source_of(input).await?,
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
            let source = source_of(input).await?;
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
                        input,
                        source,
                        &cut(source.sample_rate, bounds[i], end),
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
            let mut inputs = vec![input.to_path_buf()];
            let mut copies = Vec::with_capacity(others.len());
            let mut total = duration.unwrap_or(0);
            for id in others {
                let other = repo::find_by_id(core.db.pool(), id)
                    .await?
                    .ok_or_else(|| CoreError::not_found("a track to merge was deleted"))?;
                total += other.duration_ms.unwrap_or(0);
                let copy = original_media(core, &other).await?;
                inputs.push(copy.path().to_path_buf());
                copies.push(copy);
            }
            let out = store::tmp_path(&core.settings.data_dir, "flac");
            ensure_parent(&out).await?;
            let progress = ctx.progress(0.0, 0.5);
            let result = ffmpeg::concat_to_flac(&inputs, &out, Some(total), &progress).await;
            drop(copies);
            let flac = adopt_measured(core, result, out).await?;
            let flac_file = core.media().local(&flac.hash).await?;
            let length = Some(flac.duration_ms);
            let m4a =
                encode_player_audio(ctx, flac_file.path(), length, Default::default(), 0.5, 1.0)
                    .await?;
            let title = title.clone().unwrap_or_else(|| track.title.clone());
            vec![Piece { title, flac, m4a }]
        }
    };
    let replaced = match &p.edit {
        Edit::Merge { others, .. } => others.clone(),
        _ => Vec::new(),
    };
    let made = replace(core, &track, &replaced, pieces).await?;
    Ok(EditJobResult {
        source_track_id: track.id.clone(),
        track_ids: made.iter().map(|(id, _)| id.clone()).collect(),
        track_slugs: made.into_iter().map(|(_, slug)| slug).collect(),
    })
}

/// An edit gave up or was cancelled: it leaves its tracks as they were, playable.
pub async fn after_failure(core: &Core, job: &ClaimedJob, message: &str) -> CoreResult<()> {
    super::transcode_job::release(core, job, transcode_status::READY, message).await
}

async fn original_media(core: &Core, track: &TrackRow) -> CoreResult<LocalMedia> {
    let hash = track
        .original_hash
        .as_deref()
        .ok_or_else(|| CoreError::Internal("the track has no stored audio".into()))?;
    core.media().local(hash).await
}

/// The sample rate and channels of the audio at `path`: what a sample-exact cut and the
/// measuring of its pieces need.
async fn source_of(path: &std::path::Path) -> CoreResult<ffmpeg::SourceAudio> {
    let probed = probe::probe(path).await?;
    let sample_rate = probed
        .sample_rate
        .ok_or_else(|| CoreError::Internal("the audio has no sample rate".into()))?;
    let channels = probed.channels.unwrap_or(1).max(1) as usize;
    Ok(ffmpeg::SourceAudio {
        sample_rate,
        channels,
    })
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

/// Filters `input` (of `source`'s rate and channels) into a stored FLAC, measured in the same
/// pass, then encodes the player's M4A from it: two decodes of the audio in all.
#[allow(clippy::too_many_arguments)]
async fn piece(
    ctx: &JobContext,
    input: &std::path::Path,
    source: ffmpeg::SourceAudio,
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
    let measured =
        ffmpeg::filter_to_flac_measured(input, filter, &out, source, duration_ms, &progress).await;
    let (summary, known) = match measured {
        Ok((summary, known)) => (Ok(summary), known),
        Err(e) => (Err(e), Default::default()),
    };
    let flac = adopt_summarized(core, summary, out).await?;
    let flac_file = core.media().local(&flac.hash).await?;
    let length = Some(flac.duration_ms);
    let m4a = encode_player_audio(ctx, flac_file.path(), length, known, middle, to).await?;
    Ok(Piece { title, flac, m4a })
}

/// Puts the pieces where `track` was; `track` (and merged `others`) become sources. Returns
/// the new tracks' ids and slugs, in play order.
async fn replace(
    core: &Core,
    track: &TrackRow,
    others: &[String],
    pieces: Vec<Piece>,
) -> CoreResult<Vec<(String, String)>> {
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
    let mut made = Vec::new();
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
        made.push((id, slug));
    }
    // the story follows: a trim or fade keeps its passage, a split passes it on piece by
    // piece, a merge makes one passage of several (`StoryGraph::track_replaced` says how)
    let pieces: Vec<String> = made.iter().map(|(id, _)| id.clone()).collect();
    crate::cards::story::follow_tracks(&mut tx, &track.card_id, |story| {
        if others.is_empty() {
            story.track_replaced(&track.id, &pieces);
        } else {
            let merged: Vec<String> = std::iter::once(track.id.clone())
                .chain(others.iter().cloned())
                .collect();
            story.tracks_merged(&merged, &pieces[0]);
        }
    })
    .await?;
    repo::settle_card(&mut tx, &track.card_id).await?;
    tx.commit().await?;
    Ok(made)
}
