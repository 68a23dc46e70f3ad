//! One action over many tracks of a card, in one transaction: all of it happens or none
//! (`cardsmith_model::track_batch` says what each action means).
//!
//! The door is the same as for one track: editor in the card's home collection (and in the
//! target card's, for move and copy), checked before anything is read. Work that reads files
//! (tags for sorting, icons to draw) is done before the transaction; inside it the named
//! tracks are looked up again, so a track another editor deleted meanwhile refuses the whole
//! batch, naming it. A preview runs the very same steps and rolls them back.

pub mod arrange;
mod icons;
pub mod rename;
mod undo;

use std::collections::HashMap;

use cardsmith_model::natural::natural_cmp;
use cardsmith_model::track::transcode_status;
use cardsmith_model::track_batch::{
    TrackBatchAction as Action, TrackBatchChange, TrackBatchInput, TrackBatchOut, TrackBatchUndoOut,
};
use cardsmith_model::validate::{name_problem, CollectionRole};
use cardsmith_model::FieldError;

use super::repo::{self, TrackRow};
use super::{limits, transcode_job};
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::cards::{repo::CardRow, require_card};
use crate::db::DbTx;
use crate::media::audio::tags;
use crate::{new_id, time, Core, CoreError, CoreResult};

use rename::Renamer;
use undo::Snapshot;

/// Applies (or, with `preview`, shows) one batch action on `card`'s tracks; `card` is what
/// [`require_editor`] answered, before the body was read.
pub async fn apply(
    core: &Core,
    actor: &Actor,
    card: CardRow,
    input: TrackBatchInput,
) -> CoreResult<TrackBatchOut> {
    input.validate()?;
    let target = match (&input.to_card, input.action) {
        (Some(slug), Action::Move | Action::Copy) => {
            let target = require_card(core.db.pool(), actor, slug, CollectionRole::Editor).await?;
            if target.id == card.id && input.action == Action::Move {
                return Err(CoreError::invalid(
                    "to_card",
                    "is the card the tracks are on; choose another",
                ));
            }
            Some(target)
        }
        _ => None,
    };
    let renamer = match &input.rename {
        Some(pattern) if input.action == Action::Rename => Some(Renamer::new(pattern)?),
        _ => None,
    };
    // read before the transaction: files and drawings take time a write lock should not
    let before = repo::list_playable(core.db.pool(), &card.id).await?;
    let prepared = prepare(core, actor, &card, &before, &input).await?;

    let mut touched = vec![card.id.as_str()];
    if let Some(t) = target.as_ref().filter(|t| t.id != card.id) {
        touched.push(&t.id);
    }
    let mut tx = core.db.begin().await?;
    lock_cards(&mut tx, &touched).await?;
    let tracks = repo::list_playable(&mut *tx, &card.id).await?;
    let selected = resolve(&tracks, &input.tracks)?;
    check_each(&selected, input.action)?;
    let undoable = input.action.undoable();
    // what undo puts back, read only when this batch will keep it
    let snapshot = match !input.preview && undoable {
        true => Some(Snapshot::take(&mut tx, &touched).await?),
        false => None,
    };
    let done = Batch {
        core,
        actor,
        card: &card,
        target: target.as_ref(),
        tracks: &tracks,
        selected: &selected,
    }
    .run(&mut tx, input.action, renamer.as_ref(), &prepared)
    .await?;
    for card_id in &touched {
        repo::settle_card(&mut tx, card_id).await?;
    }
    let changes = describe(&mut tx, &card, target.as_ref(), &selected, &done).await?;
    if input.preview {
        tx.rollback().await?;
        return Ok(TrackBatchOut {
            action: input.action,
            preview: true,
            undoable,
            changes,
        });
    }
    if let Some(snapshot) = snapshot {
        snapshot
            .keep(&mut tx, &card.id, actor.id(), input.action, selected.len())
            .await?;
    }
    let detail = format!(
        "{}: {} of {} tracks",
        card.slug,
        input.action.as_str(),
        selected.len()
    );
    audit::record(&mut *tx, AuditEvent::own(actor, "track.batch", detail)).await?;
    tx.commit().await?;
    for job in &done.cancelled_jobs {
        core.jobs.interrupt(job);
    }
    if done.queued_jobs {
        core.jobs.wake();
    }
    Ok(TrackBatchOut {
        action: input.action,
        preview: false,
        undoable,
        changes,
    })
}

/// Holds the rows of `card_ids` for the rest of `tx`, so batches on the same cards run one
/// after the other (a row lock on PostgreSQL; SQLite's write lock already does it). Locked in
/// id order, so two batches moving tracks between the same two cards cannot deadlock.
async fn lock_cards(tx: &mut DbTx<'_>, card_ids: &[&str]) -> CoreResult<()> {
    let mut ids = card_ids.to_vec();
    ids.sort_unstable();
    for id in ids {
        sqlx::query("UPDATE cards SET tracks_digest = tracks_digest WHERE id = $1")
            .bind(id)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// The card, when the caller may edit it (404 when they cannot see it), checked before the
/// batch's body is read.
pub async fn require_editor(core: &Core, actor: &Actor, card_slug: &str) -> CoreResult<CardRow> {
    require_card(core.db.pool(), actor, card_slug, CollectionRole::Editor).await
}

/// The card's last batch, when it can still be undone (any role on the card may ask).
pub async fn last(core: &Core, actor: &Actor, card_slug: &str) -> CoreResult<TrackBatchUndoOut> {
    let card = require_card(core.db.pool(), actor, card_slug, CollectionRole::Viewer).await?;
    // a read: one connection, not a transaction (on SQLite that would take the write lock)
    let mut conn = core.db.pool().acquire().await?;
    let found = undo::pending(&mut conn, &card.id).await?;
    Ok(found.map(|(out, _)| out).unwrap_or_default())
}

/// Takes the card's last batch back (editor). Nothing to undo, or tracks changed since the
/// batch, is a 409 that says so.
pub async fn undo(core: &Core, actor: &Actor, card_slug: &str) -> CoreResult<TrackBatchUndoOut> {
    let card = require_card(core.db.pool(), actor, card_slug, CollectionRole::Editor).await?;
    let mut tx = core.db.begin().await?;
    let Some((mut out, snapshot)) = undo::pending(&mut tx, &card.id).await? else {
        return Err(CoreError::Conflict(
            "there is no batch to undo on this card, or its tracks changed since the last one"
                .into(),
        ));
    };
    let jobs = undo::restore(&mut tx, &card.id, &snapshot, actor.id()).await?;
    let action = out.action.map_or("batch", |a| a.as_str());
    let detail = format!("{}: {action} of {} tracks undone", card.slug, out.tracks);
    audit::record(
        &mut *tx,
        AuditEvent::own(actor, "track.batch_undone", detail),
    )
    .await?;
    tx.commit().await?;
    if !jobs.is_empty() {
        core.jobs.wake();
    }
    out.available = false;
    Ok(out)
}

/// What an action needs that is read or made before its transaction.
#[derive(Default)]
struct Prepared {
    /// `sort-by-tag-number`: each track's place by its audio's tags.
    tag_order: HashMap<String, Option<(u32, u32)>>,
    /// `set-icon`: each track's new (16x16, full) icon hashes; `None`: the drawn default.
    icons: HashMap<String, Option<(String, String)>>,
    icon: Option<cardsmith_model::track_batch::BatchIcon>,
}

async fn prepare(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    tracks: &[TrackRow],
    input: &TrackBatchInput,
) -> CoreResult<Prepared> {
    let mut prepared = Prepared::default();
    let named = |t: &&TrackRow| input.tracks.iter().any(|k| k == &t.id || k == &t.slug);
    match input.action {
        Action::SortByTagNumber => {
            for track in tracks.iter().filter(named) {
                let order = match &track.original_hash {
                    Some(hash) => {
                        let file = core.media().local(hash).await?;
                        tags::read(file.path()).await.order_key()
                    }
                    None => None,
                };
                prepared.tag_order.insert(track.id.clone(), order);
            }
        }
        Action::SetIcon => {
            let chosen: Vec<&TrackRow> = tracks.iter().filter(named).collect();
            prepared.icons = icons::prepare(core, actor, card, tracks, &chosen, input).await?;
            prepared.icon = input.icon;
        }
        _ => {}
    }
    Ok(prepared)
}

/// The named tracks among the card's, in the order named; every one that is not there is
/// listed (`tracks/N`) and refuses the batch.
fn resolve<'a>(tracks: &'a [TrackRow], keys: &[String]) -> CoreResult<Vec<&'a TrackRow>> {
    let mut found = Vec::with_capacity(keys.len());
    let mut missing = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        match tracks.iter().find(|t| &t.id == key || &t.slug == key) {
            Some(t) => found.push(t),
            None => missing.push(FieldError::new(
                &format!("tracks/{i}"),
                "is not a track of this card (another editor may have deleted or moved it); nothing was changed",
            )),
        }
    }
    if missing.is_empty() {
        Ok(found)
    } else {
        Err(CoreError::Invalid(missing))
    }
}

/// Refuses the batch when an action cannot apply to one of the tracks, naming each.
fn check_each(selected: &[&TrackRow], action: Action) -> CoreResult<()> {
    let busy = |t: &TrackRow| t.processing_job_id.is_some() || t.awaits_transcode();
    let problems: Vec<FieldError> = selected
        .iter()
        .enumerate()
        .filter_map(|(i, t)| {
            let problem = match action {
                Action::Copy if busy(t) => "is still being processed; copy it once it is ready",
                Action::Loudness if t.original_hash.is_none() => {
                    "has no audio file of its own (it streams from a link)"
                }
                Action::Loudness if busy(t) => "is still being processed",
                _ => return None,
            };
            Some(FieldError::new(
                &format!("tracks/{i}"),
                format!("{} {problem}", quoted(&t.title)),
            ))
        })
        .collect();
    if problems.is_empty() {
        Ok(())
    } else {
        Err(CoreError::Invalid(problems))
    }
}

fn quoted(title: &str) -> String {
    format!("“{title}”")
}

/// A batch inside its transaction.
struct Batch<'a> {
    core: &'a Core,
    actor: &'a Actor,
    card: &'a CardRow,
    target: Option<&'a CardRow>,
    /// The card's playable tracks in order, as the transaction found them.
    tracks: &'a [TrackRow],
    selected: &'a [&'a TrackRow],
}

/// What a batch did that the answer and the work after the commit need.
#[derive(Default)]
struct Done {
    /// Copies made: the original's id → the copy's.
    copies: HashMap<String, String>,
    /// Jobs of deleted tracks, to stop once committed.
    cancelled_jobs: Vec<String>,
    queued_jobs: bool,
}

impl Batch<'_> {
    async fn run(
        &self,
        tx: &mut DbTx<'static>,
        action: Action,
        renamer: Option<&Renamer>,
        prepared: &Prepared,
    ) -> CoreResult<Done> {
        let mut done = Done::default();
        let ids: Vec<String> = self.selected.iter().map(|t| t.id.clone()).collect();
        let order: Vec<String> = self.tracks.iter().map(|t| t.id.clone()).collect();
        let title_of = |id: &String| {
            self.tracks
                .iter()
                .find(|t| &t.id == id)
                .map_or("", |t| t.title.as_str())
        };
        match action {
            Action::Delete => done.cancelled_jobs = self.delete(tx).await?,
            Action::Move => self.move_to_target(tx).await?,
            Action::Copy => done.copies = self.copy_to_target(tx).await?,
            Action::MoveToTop => repo::write_order(tx, &arrange::to_top(&order, &ids)).await?,
            Action::MoveToBottom => {
                repo::write_order(tx, &arrange::to_bottom(&order, &ids)).await?
            }
            Action::Reverse => repo::write_order(tx, &arrange::reversed(&order, &ids)).await?,
            Action::SortByTitle => {
                let by_title = |a: &String, b: &String| natural_cmp(title_of(a), title_of(b));
                repo::write_order(tx, &arrange::sorted(&order, &ids, by_title)).await?
            }
            Action::SortByTagNumber => {
                let place = |id: &String| prepared.tag_order.get(id).copied().flatten();
                // numbered ones first, by disc and track; the rest after, as they were
                let by_tags = |a: &String, b: &String| match (place(a), place(b)) {
                    (Some(x), Some(y)) => x.cmp(&y),
                    (Some(_), None) => std::cmp::Ordering::Less,
                    (None, Some(_)) => std::cmp::Ordering::Greater,
                    (None, None) => std::cmp::Ordering::Equal,
                };
                repo::write_order(tx, &arrange::sorted(&order, &ids, by_tags)).await?
            }
            Action::Rename => {
                let renamer = renamer.ok_or_else(|| CoreError::invalid("rename", "is required"))?;
                self.rename(tx, renamer).await?
            }
            Action::SetIcon => {
                icons::record(tx, self.selected, &prepared.icons, prepared.icon).await?
            }
            Action::Loudness => {
                self.make_audio_again(tx).await?;
                done.queued_jobs = true;
            }
        }
        Ok(done)
    }

    async fn delete(&self, tx: &mut DbTx<'static>) -> CoreResult<Vec<String>> {
        let mut jobs = Vec::new();
        for track in self.selected {
            sqlx::query("DELETE FROM tracks WHERE id = $1")
                .bind(&track.id)
                .execute(&mut **tx)
                .await?;
            if let Some(job) = &track.processing_job_id {
                crate::tracks::cancel_job_of_deleted(tx, job).await?;
                jobs.push(job.clone());
            }
        }
        // their passages leave the story (undo puts the story back as it was); the files stay
        // while the undo is kept, and the media sweep removes them once nothing names them
        self.leave_story(tx).await?;
        Ok(jobs)
    }

    async fn leave_story(&self, tx: &mut DbTx<'static>) -> CoreResult<()> {
        let gone: Vec<&str> = self.selected.iter().map(|t| t.id.as_str()).collect();
        crate::cards::story::follow_tracks(tx, &self.card.id, |story| {
            for id in gone {
                story.track_deleted(id);
            }
        })
        .await
    }

    fn target(&self) -> CoreResult<&CardRow> {
        self.target
            .ok_or_else(|| CoreError::invalid("to_card", "is required"))
    }

    async fn move_to_target(&self, tx: &mut DbTx<'static>) -> CoreResult<()> {
        let target = self.target()?;
        limits::check_room(self.core, &mut **tx, &target.id, self.selected.len() as i64).await?;
        let mut position = repo::next_position(tx, &target.id).await?;
        for track in self.in_card_order() {
            let slug = repo::free_slug(tx, &target.id, &track.slug, &track.id).await?;
            sqlx::query(
                "UPDATE tracks SET card_id = $1, slug = $2, position = $3, updated_at = $4
                 WHERE id = $5",
            )
            .bind(&target.id)
            .bind(&slug)
            .bind(position)
            .bind(time::now_str())
            .bind(&track.id)
            .execute(&mut **tx)
            .await?;
            position += 1;
        }
        self.leave_story(tx).await
    }

    async fn copy_to_target(&self, tx: &mut DbTx<'static>) -> CoreResult<HashMap<String, String>> {
        let target = self.target()?;
        limits::check_room(self.core, &mut **tx, &target.id, self.selected.len() as i64).await?;
        let bytes: i64 = self
            .selected
            .iter()
            .map(|t| t.original_size_bytes + t.transcoded_size_bytes)
            .sum();
        limits::check_storage(self.core, &mut **tx, self.actor.id(), bytes.max(0) as u64).await?;
        let mut copies = HashMap::new();
        let mut position = repo::next_position(tx, &target.id).await?;
        for track in self.in_card_order() {
            let id = new_id();
            let slug = repo::free_slug(tx, &target.id, &track.slug, &id).await?;
            let now = time::now_str();
            sqlx::query(
                "INSERT INTO tracks (id, card_id, slug, position, title, description, icon_prompt,
                     is_source, parent_track_id, source_type, original_hash, original_format,
                     original_size_bytes, audio_hash, transcoded_format, transcoded_size_bytes,
                     duration_ms, transcode_status, transcode_error, stream_url, stream_status,
                     processing_job_id, icon_hash, icon_source_hash, tts_text, tts_voice,
                     tts_provider, tts_instructions, added_by, icon_generated_hash, created_at,
                     updated_at)
                 SELECT $1, $2, $3, $4, title, description, icon_prompt, 0, NULL, source_type,
                     original_hash, original_format, original_size_bytes, audio_hash,
                     transcoded_format, transcoded_size_bytes, duration_ms, transcode_status,
                     transcode_error, stream_url, stream_status, NULL, icon_hash,
                     icon_source_hash, tts_text, tts_voice, tts_provider, tts_instructions, $5,
                     icon_generated_hash, $6, $6
                 FROM tracks WHERE id = $7",
            )
            .bind(&id)
            .bind(&target.id)
            .bind(&slug)
            .bind(position)
            .bind(self.actor.id())
            .bind(&now)
            .bind(&track.id)
            .execute(&mut **tx)
            .await?;
            copies.insert(track.id.clone(), id);
            position += 1;
        }
        Ok(copies)
    }

    async fn rename(&self, tx: &mut DbTx<'static>, renamer: &Renamer) -> CoreResult<()> {
        let mut problems = Vec::new();
        let mut renamed = Vec::new();
        for (i, track) in self.selected.iter().enumerate() {
            let title = renamer.apply(&track.title);
            match name_problem(&title) {
                Some(problem) => problems.push(FieldError::new(
                    &format!("tracks/{i}"),
                    format!("{}: the new title {problem}", quoted(&track.title)),
                )),
                None if title != track.title => renamed.push((*track, title)),
                None => {}
            }
        }
        if !problems.is_empty() {
            return Err(CoreError::Invalid(problems));
        }
        for (track, title) in renamed {
            repo::retitle(tx, &self.card.id, &track.id, &title).await?;
        }
        Ok(())
    }

    async fn make_audio_again(&self, tx: &mut DbTx<'static>) -> CoreResult<()> {
        for track in self.selected {
            let job = transcode_job::queue(
                tx,
                Some(self.actor.id()),
                &track.id,
                Some(&self.card.slug),
                None,
            )
            .await?;
            sqlx::query(
                "UPDATE tracks SET processing_job_id = $1, transcode_status = $2,
                        transcode_error = NULL, updated_at = $3
                 WHERE id = $4",
            )
            .bind(&job)
            .bind(transcode_status::PENDING)
            .bind(time::now_str())
            .bind(&track.id)
            .execute(&mut **tx)
            .await?;
        }
        Ok(())
    }

    /// The selected tracks in the card's order (moves and copies keep it).
    fn in_card_order(&self) -> impl Iterator<Item = &TrackRow> {
        self.tracks
            .iter()
            .filter(|t| self.selected.iter().any(|s| s.id == t.id))
    }
}

/// One change per named track, read back after the batch (inside its transaction): the
/// touched cards' tracks are read once each, not a track at a time.
async fn describe(
    tx: &mut DbTx<'static>,
    card: &CardRow,
    target: Option<&CardRow>,
    selected: &[&TrackRow],
    done: &Done,
) -> CoreResult<Vec<TrackBatchChange>> {
    let mut now: HashMap<String, (TrackRow, &str)> = HashMap::new();
    for on in std::iter::once(card).chain(target) {
        for row in repo::list_playable(&mut **tx, &on.id).await? {
            now.insert(row.id.clone(), (row, on.slug.as_str()));
        }
    }
    let changes = selected
        .iter()
        .map(|before| {
            let id = done.copies.get(&before.id).unwrap_or(&before.id);
            let (slug, title, position, card_slug) = match now.get(id) {
                Some((after, on)) => (&after.slug, &after.title, after.position, *on),
                // deleted: as it was, at no position
                None => (&before.slug, &before.title, 0, card.slug.as_str()),
            };
            TrackBatchChange {
                id: id.clone(),
                card_slug: card_slug.to_owned(),
                slug: slug.clone(),
                title: title.clone(),
                position,
                before_title: before.title.clone(),
                before_position: before.position,
            }
        })
        .collect();
    Ok(changes)
}
