//! One backup: the database snapshot, every file it refers to and the store's named files,
//! each kept as the object of its hash, then the manifest, then the prune.
//!
//! Consistency while the server writes: the snapshot is taken first, and the media it refers
//! to after. Media files are never rewritten, and the sweep deletes only files nothing has
//! referred to for an hour (`media::sweep::GRACE`), so every file the snapshot names is still
//! there when it is copied. A file that is not (lost before the backup began) is named in the
//! manifest's `missing_in_source`, not silently skipped.
//!
//! Incremental: an object the store has, at a size an earlier manifest recorded, is not read
//! again. Waveforms (`peaks/<hash>.json`) are derived from the audio of that hash and never
//! change, so one already kept under its name is not read again either; label sheets and
//! takes being recorded are read each time (they are small or short-lived).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::manifest::{self, BackedUpFile, Manifest, FORMAT};
use super::retention::Retention;
use super::snapshot;
use super::store::BackupStore;
use crate::crypto::passphrase::SealedKey;
use crate::media::store::{hash_file, key_of, sha256_hex};
use crate::{Core, CoreError, CoreResult};

/// The named-file folders of the media store a backup holds (besides `media/`).
pub const NAMED_FOLDERS: [&str; 3] = ["peaks", "labels", "recordings"];

/// What a backup is asked to do.
pub struct BackupRequest<'a> {
    pub store: &'a BackupStore,
    /// Seal the encryption key into the backup with this passphrase.
    pub key_passphrase: Option<&'a str>,
    /// Prune after the backup (`None`: keep everything).
    pub retention: Option<Retention>,
}

/// What a backup did.
#[derive(Debug, serde::Serialize)]
pub struct BackupReport {
    pub id: String,
    pub files: usize,
    /// Objects copied by this backup, and their bytes.
    pub new_objects: u64,
    pub new_bytes: u64,
    /// Bytes of the whole backup as restored.
    pub total_bytes: u64,
    pub duration_ms: u64,
    pub key_included: bool,
    pub missing_in_source: Vec<String>,
    pub pruned: Option<super::prune::PruneReport>,
}

/// Takes a backup of `core`'s database and media into `request.store`. `progress` hears
/// (files done, files in all) as it goes.
pub async fn back_up(
    core: &Core,
    request: BackupRequest<'_>,
    mut progress: impl FnMut(usize, usize),
) -> CoreResult<BackupReport> {
    let started = Instant::now();
    let store = request.store;
    let _lock = super::prune::lock(store)?;
    // seal first: a passphrase that is refused stops the backup before any work
    let key = request
        .key_passphrase
        .map(|p| SealedKey::seal(&core.key, p))
        .transpose()?;
    let known = known_objects(store).await?;
    let at = chrono::Utc::now();
    let id = manifest::new_id(at);
    let scratch = Scratch::new(&core.settings.data_dir, &id)?;

    let database_path = scratch.path("database.sqlite");
    let schema_version = snapshot::take(&core.db, &database_path).await?;
    let mut copier = Copier {
        store,
        known: &known,
        new_objects: 0,
        new_bytes: 0,
    };
    let database = copier.file("database.sqlite", &database_path).await?;
    let referenced = {
        let db = snapshot::open(&database_path).await?;
        let referenced = crate::media::sweep::referenced(db.pool()).await;
        snapshot::close(db).await?;
        let mut referenced: Vec<String> = referenced?.into_iter().collect();
        referenced.sort();
        referenced
    };
    let media = core.media();
    let mut named = Vec::new();
    for folder in NAMED_FOLDERS {
        named.extend(media.names_under(folder).await?);
    }
    let total = referenced.len() + named.len();
    let mut files = Vec::with_capacity(total);
    let mut missing = Vec::new();
    for (done, hash) in referenced.iter().enumerate() {
        progress(done, total);
        let name = key_of(hash)?;
        if let Some(size) = copier.kept(hash) {
            files.push(BackedUpFile {
                name,
                sha256: hash.clone(),
                size,
            });
            continue;
        }
        let local = match media.local(hash).await {
            Ok(local) => local,
            Err(CoreError::NotFound(_)) => {
                missing.push(name);
                continue;
            }
            Err(e) => return Err(e),
        };
        if !tokio::fs::try_exists(local.path()).await.unwrap_or(false) {
            missing.push(name);
            continue;
        }
        let file = copier.file(&name, local.path()).await?;
        if file.sha256 != *hash {
            // the store holds other bytes under this name: damaged before the backup
            missing.push(file.name);
            continue;
        }
        files.push(file);
    }
    let kept_names = kept_waveforms(store).await?;
    for (i, name) in named.iter().enumerate() {
        progress(referenced.len() + i, total);
        if let Some(kept) = name
            .starts_with("peaks/")
            .then(|| kept_names.get(name.as_str()))
            .flatten()
            .filter(|f| copier.kept(&f.sha256) == Some(f.size))
        {
            files.push(kept.clone());
            continue;
        }
        let bytes = match media.read_named(name).await {
            Ok(bytes) => bytes,
            // a take finished, or a sheet was replaced, since the listing
            Err(CoreError::NotFound(_)) => continue,
            Err(e) => return Err(e),
        };
        let path = scratch.path("named");
        tokio::fs::write(&path, &bytes)
            .await
            .map_err(|e| CoreError::internal("staging a file to back up", e))?;
        files.push(copier.file(name, &path).await?);
    }
    progress(total, total);

    let manifest = Manifest {
        format: FORMAT,
        id: id.clone(),
        created_at: crate::time::format(at),
        version: env!("CARGO_PKG_VERSION").to_owned(),
        source_backend: core.db.backend().label().to_owned(),
        schema_version,
        database,
        files,
        new_objects: copier.new_objects,
        new_bytes: copier.new_bytes,
        duration_ms: started.elapsed().as_millis() as u64,
        key,
        missing_in_source: missing,
    };
    let bytes = serde_json::to_vec_pretty(&manifest)
        .map_err(|e| CoreError::internal("writing a backup manifest", e))?;
    store.put_manifest(&id, bytes).await?;
    let pruned = match request.retention {
        Some(retention) => Some(super::prune::prune(store, retention, &id).await?),
        None => None,
    };
    Ok(BackupReport {
        files: manifest.files.len(),
        total_bytes: manifest.total_bytes(),
        new_objects: manifest.new_objects,
        new_bytes: manifest.new_bytes,
        duration_ms: started.elapsed().as_millis() as u64,
        key_included: manifest.key.is_some(),
        missing_in_source: manifest.missing_in_source,
        id,
        pruned,
    })
}

/// Puts files into the store, counting what it had to copy.
struct Copier<'a> {
    store: &'a BackupStore,
    /// Objects earlier manifests hold, with their sizes.
    known: &'a HashMap<String, u64>,
    new_objects: u64,
    new_bytes: u64,
}

impl Copier<'_> {
    /// The size of `hash` when a kept backup holds it and the store still has it.
    fn kept(&self, hash: &str) -> Option<u64> {
        self.known.get(hash).copied()
    }

    async fn file(&mut self, name: &str, path: &Path) -> CoreResult<BackedUpFile> {
        let (sha256, size) = hash_file(path).await?;
        if self.kept(&sha256).is_none() && self.store.put_object(&sha256, path).await? {
            self.new_objects += 1;
            self.new_bytes += size;
        }
        Ok(BackedUpFile {
            name: name.to_owned(),
            sha256,
            size,
        })
    }
}

/// Every object the store's backups hold, with its size, as their manifests say. An object
/// a manifest names but the store lost is left out, so it is copied again.
async fn known_objects(store: &BackupStore) -> CoreResult<HashMap<String, u64>> {
    let present: std::collections::HashSet<String> = store.objects().await?.into_iter().collect();
    let mut known = HashMap::new();
    for id in store.manifest_ids().await? {
        let Ok(manifest) = super::read_manifest(store, &id).await else {
            continue;
        };
        for file in manifest.objects() {
            if present.contains(&file.sha256) {
                known.insert(file.sha256.clone(), file.size);
            }
        }
    }
    Ok(known)
}

/// The waveforms the newest backup holds, by name.
async fn kept_waveforms(store: &BackupStore) -> CoreResult<HashMap<String, BackedUpFile>> {
    let Some(newest) = store.manifest_ids().await?.pop() else {
        return Ok(HashMap::new());
    };
    let Ok(manifest) = super::read_manifest(store, &newest).await else {
        return Ok(HashMap::new());
    };
    Ok(manifest
        .files
        .into_iter()
        .filter(|f| f.name.starts_with("peaks/"))
        .map(|f| (f.name.clone(), f))
        .collect())
}

/// A backup's scratch folder under `DATA_DIR/tmp`, removed when the backup ends either way.
struct Scratch(PathBuf);

impl Scratch {
    fn new(data_dir: &Path, id: &str) -> CoreResult<Self> {
        let dir = data_dir.join("tmp").join(format!("backup-{id}"));
        std::fs::create_dir_all(&dir)
            .map_err(|e| CoreError::internal("creating the backup's scratch folder", e))?;
        Ok(Self(dir))
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(format!(
            "{name}.{}",
            &sha256_hex(crate::new_id().as_bytes())[..8]
        ))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
