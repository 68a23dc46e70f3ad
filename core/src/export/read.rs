//! Importing a Cardsmith ZIP into a collection: everything is checked before anything is
//! made, and a card that fails half-way takes the cards made before it along, so an import
//! makes all of its cards or none.
//!
//! Every byte is distrusted: the archive's directory is read without decompressing anything
//! (entry count, declared sizes, compression ratio, names); names are never used as paths
//! (files are extracted to scratch files Cardsmith names, and only files a `card.yaml` lists
//! are read at all); each file is read no further than its declared size and must hash to
//! what its `card.yaml` says; `card.yaml` itself is bounded and read into typed fields that
//! refuse anything else; audio is probed and pictures decoded as any upload is.

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use cardsmith_model::card::{CardOut, CoverSide, CreateCardInput};
use cardsmith_model::export::{CardFile, FileRef, ImportZipOut, CARD_FILE_FORMAT};
use cardsmith_model::interactive::{StoryGraph, StoryIn};
use cardsmith_model::track::source_type;
use cardsmith_model::validate::{name_problem, CollectionRole};

use crate::archive::{self, damaged, shown, Entry};
use crate::auth::Actor;
use crate::collections::access::require_collection;
use crate::media::store::tmp_path;
use crate::tracks::upload::{self, NewStored, StoredAudio};
use crate::{cards, Core, CoreError, CoreResult};

/// Largest `card.yaml` read.
const MAX_CARD_FILE_BYTES: u64 = 1024 * 1024;

/// A card of the archive, checked: its folder, its file, and where its files are.
struct PlannedCard {
    folder: String,
    file: CardFile,
}

/// Imports the archive at `zip_path` into collection `collection_id` (editor).
pub async fn import_zip(
    core: &Core,
    actor: &Actor,
    collection_id: &str,
    zip_path: &Path,
) -> CoreResult<ImportZipOut> {
    let pool = core.db.pool();
    require_collection(pool, actor, collection_id, CollectionRole::Editor).await?;
    let limit = max_total(core);
    let path = zip_path.to_owned();
    let max_tracks = core.settings.max_tracks_per_card;
    let (entries, planned) = blocking(move || read_plan(&path, limit, max_tracks)).await?;

    // cards the collection already holds (same title, same audio) are not made again
    let existing = existing_cards(core, actor, collection_id).await?;
    let mut out = ImportZipOut::default();
    let mut to_make = Vec::new();
    for card in planned {
        let audio: Vec<&str> = card
            .file
            .tracks
            .iter()
            .map(|t| t.audio.sha256.as_str())
            .collect();
        let seen = existing
            .iter()
            .any(|(title, hashes)| *title == card.file.title && *hashes == audio);
        if seen {
            out.already_there.push(card.file.title.clone());
        } else {
            to_make.push(card);
        }
    }

    // every file out and checked, every audio file probed, before any card is made
    let scratch = Scratch::new(core)?;
    let files = extract_all(zip_path, &entries, &to_make, &scratch).await?;
    let mut audio = HashMap::new();
    for card in &to_make {
        for track in &card.file.tracks {
            if audio.contains_key(&track.audio.sha256) {
                continue;
            }
            let path = &files[&(card.folder.clone(), track.audio.file.clone())];
            let named = format!("{}/{}", card.folder, track.audio.file);
            let stored = upload::probe_checked(core, path)
                .await
                .map_err(|e| named_error(&named, e))?;
            audio.insert(track.audio.sha256.clone(), stored);
        }
    }

    let mut made: Vec<CardOut> = Vec::new();
    for card in &to_make {
        match make_card(core, actor, collection_id, card, &files, &audio).await {
            Ok(created) => {
                out.tracks += card.file.tracks.len() as u64;
                made.push(created);
            }
            Err(e) => {
                for created in &made {
                    let _ = cards::service::delete_card(core, actor, &created.slug).await;
                }
                return Err(named_error(&format!("{}/card.yaml", card.folder), e));
            }
        }
    }
    out.created = made.into_iter().map(|c| c.slug).collect();
    core.jobs.wake();
    Ok(out)
}

/// The largest archive accepted: four times the largest audio upload.
pub fn max_total(core: &Core) -> u64 {
    core.settings.max_audio_bytes.saturating_mul(4)
}

/// Makes one card of the archive with its cover, tracks, icons and story.
async fn make_card(
    core: &Core,
    actor: &Actor,
    collection_id: &str,
    card: &PlannedCard,
    files: &HashMap<(String, String), PathBuf>,
    audio: &HashMap<String, StoredAudio>,
) -> CoreResult<CardOut> {
    let file = &card.file;
    let created = cards::service::create_card(
        core,
        actor,
        collection_id,
        CreateCardInput {
            title: file.title.clone(),
            description: file.description.clone(),
            author: Some(file.author.clone()).filter(|a| !a.is_empty()),
            slug: None,
        },
    )
    .await?;
    let made = async {
        cards::service::set_playback(core, actor, &created.slug, file.playback.clone()).await?;
        let path = |f: &FileRef| files[&(card.folder.clone(), f.file.clone())].clone();
        if let Some(cover) = &file.cover {
            let bytes = read(&path(cover)).await?;
            cards::cover::upload_cover(core, actor, &created.slug, CoverSide::Front, bytes).await?;
        }
        let row = cards::require_card(core.db.pool(), actor, &created.slug, CollectionRole::Editor)
            .await?;
        let mut ids = Vec::with_capacity(file.tracks.len());
        for track in &file.tracks {
            let stored = audio[&track.audio.sha256].clone();
            upload::place(core, &path(&track.audio), &stored).await?;
            let new = NewStored {
                title: &track.title,
                source_type: source_type::UPLOAD,
                audio: stored,
                player: None,
            };
            let mut tx = core.db.begin().await?;
            let added = upload::insert_stored(&mut tx, core, actor, &row, new).await?;
            sqlx::query("UPDATE tracks SET description = $1 WHERE id = $2")
                .bind(&track.description)
                .bind(&added.id)
                .execute(&mut *tx)
                .await?;
            upload::commit_added(core, tx, actor, &row, &added, None).await?;
            let tx = match (&track.icon, &track.icon_picture) {
                (Some(icon), Some(picture)) => Some(
                    crate::tracks::icons::attach_exact_icon(
                        core,
                        &row.id,
                        &added.id,
                        read(&path(icon)).await?,
                        read(&path(picture)).await?,
                    )
                    .await?,
                ),
                (Some(only), None) | (None, Some(only)) => Some(
                    crate::tracks::icons::attach_icon(
                        core,
                        &row.id,
                        &added.id,
                        read(&path(only)).await?,
                    )
                    .await?,
                ),
                (None, None) => None,
            };
            if let Some(tx) = tx {
                tx.commit().await?;
            }
            ids.push(added.id);
        }
        if let Some(story) = &file.story {
            let mut text = story.clone();
            // the highest number first, so `track:1` never eats the start of `track:10`
            for (n, id) in ids.iter().enumerate().rev() {
                text = text.replace(&format!("\"track:{}\"", n + 1), &format!("\"{id}\""));
            }
            let story: StoryGraph = serde_json::from_str(&text)
                .map_err(|e| CoreError::invalid("story", format!("is not a story: {e}")))?;
            let input = StoryIn {
                playback_type: file.playback_type.clone(),
                story,
            };
            cards::story::put_story(core, actor, &created.slug, input).await?;
        }
        Ok::<_, CoreError>(())
    }
    .await;
    match made {
        Ok(()) => Ok(created),
        Err(e) => {
            let _ = cards::service::delete_card(core, actor, &created.slug).await;
            Err(e)
        }
    }
}

/// Each card of collection `collection_id` the caller sees: its title and its tracks'
/// original audio hashes, in play order.
async fn existing_cards(
    core: &Core,
    actor: &Actor,
    collection_id: &str,
) -> CoreResult<Vec<(String, Vec<String>)>> {
    let pool = core.db.pool();
    let mut out = Vec::new();
    for card in cards::repo::list_in_collection(pool, actor.id(), collection_id).await? {
        let hashes = crate::tracks::repo::list_playable(pool, &card.id)
            .await?
            .into_iter()
            .filter_map(|t| t.original_hash)
            .collect();
        out.push((card.title, hashes));
    }
    Ok(out)
}

/// Reads the archive's directory and every `card.yaml`, checking them (blocking).
fn read_plan(
    path: &Path,
    limit: u64,
    max_tracks: i64,
) -> CoreResult<(HashMap<String, Entry>, Vec<PlannedCard>)> {
    let entries = archive::checked_entries(path, limit)?;
    let file = std::fs::File::open(path).map_err(|e| CoreError::internal("opening the ZIP", e))?;
    let mut zip = zip::ZipArchive::new(file).map_err(|_| damaged())?;
    let mut folders: Vec<String> = entries
        .keys()
        .filter_map(|n| n.strip_suffix("/card.yaml"))
        .filter(|f| !f.contains('/'))
        .map(str::to_owned)
        .collect();
    folders.sort();
    if folders.is_empty() {
        return Err(CoreError::invalid(
            "file",
            "holds no card (a folder with a card.yaml, as Cardsmith exports them)",
        ));
    }
    let mut planned = Vec::with_capacity(folders.len());
    for folder in folders {
        let index = entries[&format!("{folder}/card.yaml")].index;
        let mut text = Vec::new();
        zip.by_index(index)
            .map_err(|_| damaged())?
            .take(MAX_CARD_FILE_BYTES + 1)
            .read_to_end(&mut text)
            .map_err(|_| damaged())?;
        let where_ = format!("{}/card.yaml", shown(&folder));
        if text.len() as u64 > MAX_CARD_FILE_BYTES {
            return Err(CoreError::invalid(
                "file",
                format!("{where_} is larger than 1 MiB"),
            ));
        }
        let file: CardFile = serde_norway::from_slice(&text)
            .map_err(|e| CoreError::invalid("file", format!("{where_}: {e}")))?;
        check_card(&file, &folder, &entries, max_tracks)
            .map_err(|why| CoreError::invalid("file", format!("{where_}: {why}")))?;
        planned.push(PlannedCard { folder, file });
    }
    Ok((entries, planned))
}

/// What a `card.yaml` must hold to be imported.
fn check_card(
    file: &CardFile,
    folder: &str,
    entries: &HashMap<String, Entry>,
    max_tracks: i64,
) -> Result<(), String> {
    if file.format != CARD_FILE_FORMAT {
        return Err(format!(
            "is format {}; this Cardsmith reads format {CARD_FILE_FORMAT}",
            file.format
        ));
    }
    if let Some(problem) = name_problem(&file.title) {
        return Err(format!("title {problem}"));
    }
    if file.tracks.len() as i64 > max_tracks {
        return Err(format!(
            "has {} tracks; a card holds at most {max_tracks}",
            file.tracks.len()
        ));
    }
    for (n, track) in file.tracks.iter().enumerate() {
        if let Some(problem) = name_problem(&track.title) {
            return Err(format!("track {} title {problem}", n + 1));
        }
    }
    for r in files_of(file) {
        let valid_hash = r.sha256.len() == 64 && r.sha256.bytes().all(|b| b.is_ascii_hexdigit());
        let simple = !r.file.is_empty()
            && !r.file.starts_with('/')
            && r.file
                .split('/')
                .all(|p| !p.is_empty() && p != "." && p != "..");
        if !valid_hash || !simple {
            return Err(format!("names a file it may not: {}", shown(&r.file)));
        }
        let name = format!("{folder}/{}", r.file);
        let Some(entry) = entries.get(&name) else {
            return Err(format!(
                "names {} but the archive does not hold it",
                shown(&r.file)
            ));
        };
        let size = entry.size;
        if size != r.size {
            return Err(format!(
                "{} is {size} bytes, not {} as it says",
                shown(&r.file),
                r.size
            ));
        }
    }
    Ok(())
}

/// Every file a `card.yaml` names: the cover, each track's audio, icon and icon picture.
fn files_of(file: &CardFile) -> impl Iterator<Item = &FileRef> {
    file.cover.iter().chain(file.tracks.iter().flat_map(|t| {
        std::iter::once(&t.audio)
            .chain(t.icon.as_ref())
            .chain(t.icon_picture.as_ref())
    }))
}

/// Extracts every file the cards name, each checked against its hash (blocking, in one go).
async fn extract_all(
    zip_path: &Path,
    entries: &HashMap<String, Entry>,
    cards: &[PlannedCard],
    scratch: &Scratch,
) -> CoreResult<HashMap<(String, String), PathBuf>> {
    let mut wanted = Vec::new();
    let mut out = HashMap::new();
    for card in cards {
        let file = &card.file;
        for r in files_of(file) {
            let key = (card.folder.clone(), r.file.clone());
            if out.contains_key(&key) {
                continue;
            }
            let to = scratch.next();
            let entry = entries[&format!("{}/{}", card.folder, r.file)].clone();
            wanted.push((entry, to.clone(), r.clone()));
            out.insert(key, to);
        }
    }
    let path = zip_path.to_owned();
    blocking(move || {
        let file =
            std::fs::File::open(&path).map_err(|e| CoreError::internal("opening the ZIP", e))?;
        let mut zip = zip::ZipArchive::new(file).map_err(|_| damaged())?;
        for (entry, to, r) in wanted {
            let mut target =
                std::fs::File::create(&to).map_err(|e| CoreError::internal("extracting", e))?;
            // bounded by the directory's size, which `check_card` matched to card.yaml's
            let hash = archive::extract(&mut zip, &entry, &mut target)?;
            if hash != r.sha256 {
                return Err(CoreError::invalid(
                    "file",
                    format!(
                        "{} does not match the hash its card.yaml gives",
                        shown(&entry.name)
                    ),
                ));
            }
        }
        Ok(())
    })
    .await?;
    Ok(out)
}

/// A scratch folder under `DATA_DIR/tmp` for one import, removed when it ends either way.
struct Scratch {
    dir: PathBuf,
    next: std::sync::atomic::AtomicU32,
}

impl Scratch {
    fn new(core: &Core) -> CoreResult<Self> {
        let dir = tmp_path(&core.settings.data_dir, "import");
        std::fs::create_dir_all(&dir).map_err(|e| CoreError::internal("import scratch", e))?;
        Ok(Self {
            dir,
            next: std::sync::atomic::AtomicU32::new(0),
        })
    }

    fn next(&self) -> PathBuf {
        let n = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.dir.join(format!("{n}"))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

async fn read(path: &Path) -> CoreResult<Vec<u8>> {
    tokio::fs::read(path)
        .await
        .map_err(|e| CoreError::internal("reading an extracted file", e))
}

async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> CoreResult<T> + Send + 'static,
) -> CoreResult<T> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| CoreError::internal("ZIP task", e))?
}

/// An error of one file, naming it (refusals keep their status; internal errors stay
/// internal).
fn named_error(name: &str, e: CoreError) -> CoreError {
    match e {
        CoreError::Invalid(mut fields) => {
            for f in &mut fields {
                f.detail = format!("{}: {}", shown(name), f.detail);
            }
            CoreError::Invalid(fields)
        }
        CoreError::UnsupportedMedia(m) => {
            CoreError::UnsupportedMedia(format!("{}: {m}", shown(name)))
        }
        CoreError::TooLarge(m) => CoreError::TooLarge(format!("{}: {m}", shown(name))),
        other => other,
    }
}
