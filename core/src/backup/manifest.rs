//! A backup's manifest: what it holds, each file with its SHA-256, so a restore and a verify
//! can check every byte, and a prune knows which objects a kept backup still needs.

use serde::{Deserialize, Serialize};

use crate::crypto::passphrase::SealedKey;

/// The manifest format this version writes (and the newest it reads).
pub const FORMAT: u32 = 1;

/// One file of the instance, kept as the object of its hash.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct BackedUpFile {
    /// Its name in the media store (`media/ab/<sha256>`, `peaks/<sha256>.json`, `labels/…`,
    /// `recordings/…`).
    pub name: String,
    pub sha256: String,
    pub size: u64,
}

/// Everything one backup holds.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Manifest {
    pub format: u32,
    /// `YYYYMMDDTHHMMSSmmmZ` plus a few random letters: sorts by time, never collides.
    pub id: String,
    /// RFC 3339, when the database snapshot was taken.
    pub created_at: String,
    /// The Cardsmith version that made it.
    pub version: String,
    /// The database it was taken from (`sqlite` or `postgres`) and its schema version (the
    /// newest migration applied).
    pub source_backend: String,
    pub schema_version: i64,
    /// The database snapshot: an SQLite file at that schema version, whatever the source
    /// backend (see `snapshot`).
    pub database: BackedUpFile,
    /// Every media file the snapshot refers to, and the store's named files.
    pub files: Vec<BackedUpFile>,
    /// Objects this backup had to copy (the rest were kept already), and their bytes.
    pub new_objects: u64,
    pub new_bytes: u64,
    pub duration_ms: u64,
    /// The instance's encryption key sealed with a passphrase, when one was given.
    pub key: Option<SealedKey>,
    /// Files the snapshot refers to that the media store did not have, or whose bytes no
    /// longer match their name: named here, not backed up (they were lost before the backup).
    pub missing_in_source: Vec<String>,
}

impl Manifest {
    /// Every object the backup needs: the snapshot and each file.
    pub fn objects(&self) -> impl Iterator<Item = &BackedUpFile> {
        std::iter::once(&self.database).chain(self.files.iter())
    }

    /// Bytes of the backup as restored (objects shared with other backups included).
    pub fn total_bytes(&self) -> u64 {
        self.objects().map(|f| f.size).sum()
    }
}

/// A new backup id for `at`.
pub fn new_id(at: chrono::DateTime<chrono::Utc>) -> String {
    use rand::Rng;
    let suffix: String = rand::thread_rng()
        .sample_iter(rand::distributions::Alphanumeric)
        .take(4)
        .map(|c| char::from(c).to_ascii_lowercase())
        .collect();
    format!("{}{suffix}", at.format("%Y%m%dT%H%M%S%3fZ"))
}

/// When backup `id` was taken, read back from its id.
pub fn taken_at(id: &str) -> Option<chrono::DateTime<chrono::Utc>> {
    let stamp = id.get(..19)?;
    chrono::NaiveDateTime::parse_from_str(stamp, "%Y%m%dT%H%M%S%3fZ")
        .ok()
        .map(|t| t.and_utc())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_sort_by_time_and_read_back() {
        let at = chrono::DateTime::parse_from_rfc3339("2026-11-30T17:50:01.042Z")
            .unwrap()
            .to_utc();
        let id = new_id(at);
        assert!(id.starts_with("20261130T175001042Z"), "{id}");
        assert_eq!(id.len(), 23);
        assert!(id.bytes().all(|b| b.is_ascii_alphanumeric()));
        assert_eq!(taken_at(&id), Some(at));
        assert!(new_id(at + chrono::Duration::milliseconds(1)) > id);
    }
}
