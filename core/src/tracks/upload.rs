//! New audio tracks from bytes: a multipart upload, a finished recording, speech. The
//! insertion ([`insert_stored`]) commits nothing, so each caller adds the track in the same
//! transaction as what else it changes.

use cardsmith_model::card::TrackOut;
use cardsmith_model::titles::title_from_filename;
use cardsmith_model::track::{source_type, transcode_status};
use cardsmith_model::validate::{name_problem, slugify, CollectionRole};

use super::repo::{self, NewTrack};
use super::transcode_job::Encoded;
use crate::audit::{self, AuditEvent};
use crate::auth::Actor;
use crate::cards::repo::CardRow;
use crate::cards::require_card;
use crate::db::DbTx;
use crate::media::audio::probe;
use crate::media::store::IncomingFile;
use crate::{new_id, Core, CoreError, CoreResult};

/// Adds an uploaded file as the card's last track and queues its transcode. The title is the
/// given one, else the file name without its extension.
#[tracing::instrument(skip_all, fields(actor_id = %actor.id(), card = %card_slug))]
pub async fn add_upload(
    core: &Core,
    actor: &Actor,
    card_slug: &str,
    file: IncomingFile,
    title: Option<String>,
    filename: Option<String>,
) -> CoreResult<TrackOut> {
    let card = require_card(core.db.pool(), actor, card_slug, CollectionRole::Editor).await?;
    if file.size() == 0 {
        return Err(CoreError::invalid("file", "is empty"));
    }
    let title = title
        .filter(|t| !t.trim().is_empty())
        .or_else(|| filename.as_deref().map(title_from_filename))
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| "Untitled track".to_owned());
    if let Some(problem) = name_problem(&title) {
        return Err(CoreError::invalid("title", problem));
    }
    let track = add_file(core, actor, &card, file, &title, source_type::UPLOAD).await?;
    Ok(track.into_out(&card.slug))
}

/// Adds a finished file (an upload, synthesized speech) as the last track of `card`, recorded
/// as `source_type`, and queues its transcode: the file is probed (415 unless accepted
/// audio; 422 beyond the length cap), moved into the media store and appended. The caller
/// has checked the role and the title.
pub async fn add_file(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    file: IncomingFile,
    title: &str,
    source_type: &str,
) -> CoreResult<repo::TrackRow> {
    let audio = store_file(core, file).await?;
    let hash = audio.hash.clone();
    let new = NewStored {
        title,
        source_type,
        audio,
        player: None,
    };
    let added = add_stored(core, actor, card, new).await;
    if added.is_err() {
        forget_unused(core, &hash).await?;
    }
    added
}

/// Probes a finished file (415 unless accepted audio; 422 beyond the length cap) and moves
/// it into the media store as an original.
pub async fn store_file(core: &Core, file: IncomingFile) -> CoreResult<StoredAudio> {
    let (tmp, hash, size) = file.finish().await?;
    let probed = match checked(core, &tmp).await {
        Ok(p) => p,
        Err(e) => {
            let _ = tokio::fs::remove_file(&tmp).await;
            return Err(e);
        }
    };
    core.media().adopt(&tmp, &hash).await?;
    Ok(StoredAudio::probed(hash, size, &probed))
}

/// Probes a file on disk as an upload is probed (415 unless accepted audio; 422 beyond the
/// length cap), without storing it: what an import checks of every file before it makes
/// anything.
pub async fn probe_checked(core: &Core, path: &std::path::Path) -> CoreResult<StoredAudio> {
    let (hash, size) = crate::media::store::hash_file(path).await?;
    let probed = checked(core, path).await?;
    Ok(StoredAudio::probed(hash, size, &probed))
}

/// Puts a copy of the file at `path`, probed by [`probe_checked`], into the media store.
pub async fn place(core: &Core, path: &std::path::Path, audio: &StoredAudio) -> CoreResult<()> {
    let copy = crate::media::store::tmp_path(&core.settings.data_dir, "import");
    tokio::fs::copy(path, &copy)
        .await
        .map_err(|e| CoreError::internal("copying an imported file", e))?;
    core.media().adopt(&copy, &audio.hash).await
}

/// A stored original whose track was refused (by a cap, a race) is nobody's, unless it was
/// already someone's: removed then.
pub async fn forget_unused(core: &Core, hash: &str) -> CoreResult<()> {
    super::service::remove_unused_files(core, &[Some(hash.to_owned())]).await
}

/// What the uploaded file is, if it is accepted audio within the length cap.
async fn checked(core: &Core, tmp: &std::path::Path) -> CoreResult<probe::Probe> {
    let probed = probe::probe(tmp).await?;
    if let Some(ms) = probed.duration_ms {
        super::limits::check_duration(core, ms)?;
    }
    Ok(probed)
}

/// An original already in the media store.
#[derive(Debug, Clone)]
pub struct StoredAudio {
    pub hash: String,
    pub size: i64,
    pub format: String,
    pub duration_ms: Option<i64>,
    /// Its channels, when a probe said (the transcode then need not probe again).
    pub channels: Option<u32>,
}

impl StoredAudio {
    /// The original of `hash` (`size` bytes), as `probe` found it.
    fn probed(hash: String, size: u64, probe: &probe::Probe) -> Self {
        Self {
            hash,
            size: size as i64,
            format: probe.format.to_owned(),
            duration_ms: probe.duration_ms,
            channels: probe.channels,
        }
    }
}

/// A track to add for audio already in the store.
pub struct NewStored<'a> {
    pub title: &'a str,
    pub source_type: &'a str,
    pub audio: StoredAudio,
    /// The player's M4A when it is already made (a live-encoded recording).
    pub player: Option<Encoded>,
}

/// A track inserted by [`insert_stored`], not yet committed.
pub struct Inserted {
    pub id: String,
    pub slug: String,
}

/// Appends a track for stored audio, in one transaction: with the player's M4A when it is
/// already made, else with its transcode queued.
pub async fn add_stored(
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    new: NewStored<'_>,
) -> CoreResult<repo::TrackRow> {
    let mut tx = core.db.begin().await?;
    let added = insert_stored(&mut tx, core, actor, card, new).await?;
    commit_added(core, tx, actor, card, &added, None).await
}

/// Appends a track for stored audio inside the caller's transaction `tx`, which commits it
/// (with [`commit_added`], or with what else it changes): the card's track and storage caps
/// are checked in it, so concurrent additions see each other, and the transcode is queued in
/// it unless the player's M4A is already made. A recording ends its session, a spoken track
/// records its text and takes its place, in the same transaction.
pub async fn insert_stored(
    tx: &mut DbTx<'_>,
    core: &Core,
    actor: &Actor,
    card: &CardRow,
    new: NewStored<'_>,
) -> CoreResult<Inserted> {
    let NewStored {
        title,
        source_type,
        audio,
        player,
    } = new;
    let id = new_id();
    super::limits::check_room(core, &mut **tx, &card.id, 1).await?;
    let player_size = player.as_ref().map_or(0, |p| p.size);
    let adding = (audio.size + player_size).max(0) as u64;
    super::limits::check_storage(core, &mut **tx, actor.id(), adding).await?;
    let position = repo::next_position(tx, &card.id).await?;
    let slug = repo::free_slug(tx, &card.id, &slugify(title), &id).await?;
    let job_id = match &player {
        Some(_) => None,
        None => Some(
            super::transcode_job::queue(
                tx,
                Some(actor.id()),
                &id,
                Some(&card.slug),
                audio.channels,
            )
            .await?,
        ),
    };
    repo::insert(
        tx,
        &NewTrack {
            id: id.clone(),
            card_id: card.id.clone(),
            slug: slug.clone(),
            title: title.trim().to_owned(),
            position,
            source_type: source_type.to_owned(),
            original_hash: Some(audio.hash),
            original_format: audio.format,
            original_size_bytes: audio.size,
            duration_ms: player.as_ref().map(|p| p.duration_ms).or(audio.duration_ms),
            transcode_status: match player {
                Some(_) => transcode_status::READY,
                None => transcode_status::PENDING,
            }
            .to_owned(),
            processing_job_id: job_id,
            added_by: Some(actor.id().to_owned()),
            ..Default::default()
        },
    )
    .await?;
    if let Some(player) = &player {
        sqlx::query(
            "UPDATE tracks SET audio_hash = $1, transcoded_format = 'm4a', transcoded_size_bytes = $2
             WHERE id = $3",
        )
        .bind(&player.hash)
        .bind(player.size)
        .bind(&id)
        .execute(&mut **tx)
        .await?;
    }
    Ok(Inserted { id, slug })
}

/// Commits `tx` holding the track [`insert_stored`] added, with the `track.added` audit event
/// and then `also` (what else the caller did in it), wakes the transcode workers and answers
/// the track.
pub async fn commit_added(
    core: &Core,
    mut tx: DbTx<'_>,
    actor: &Actor,
    card: &CardRow,
    added: &Inserted,
    also: Option<AuditEvent<'_>>,
) -> CoreResult<repo::TrackRow> {
    let detail = format!("{}/{}", card.slug, added.slug);
    let event = AuditEvent::own(actor, "track.added", detail);
    match also {
        Some(also) => {
            audit::record(&mut *tx, event).await?;
            super::commit_change(tx, &card.id, also).await?;
        }
        None => super::commit_change(tx, &card.id, event).await?,
    }
    core.jobs.wake();
    repo::find_by_id(core.db.pool(), &added.id)
        .await?
        .ok_or_else(|| CoreError::Internal("the new track vanished".into()))
}
