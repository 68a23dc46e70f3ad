//! Files arriving in a drop: each is probed as it lands and kept under a name Cardsmith
//! makes; a ZIP is opened and each of its files kept as if dropped one by one. A file sent
//! again under the same path replaces the first (a resumed upload), so sending is safe to
//! repeat.
//!
//! Bounds: a drop holds at most [`DROP_MAX_FILES`] files and [`max_total`] bytes, within the
//! uploader's storage limit; each file at most the largest audio upload (a larger one is
//! kept as refused, with why, and the rest go on). A dropped path is only ever a label:
//! cleaned of `..`, `\` and control characters, bounded, and never used to name a file.

use std::path::{Path, PathBuf};

use cardsmith_model::drop::{path_problem, DropFileOut, DROP_MAX_FILES};

use super::plan::{DroppedFile, FileKind};
use super::repo::{self, kind, DropFileRow, DropRow};
use super::{probe, view};
use crate::archive::{self, Entry};
use crate::{new_id, Core, CoreError, CoreResult};

/// What arrived for one path of the drop.
pub enum Arrived {
    /// The whole file, finished in `tmp/`: `(path, sha256, size)`.
    File(PathBuf, String, u64),
    /// It grew past the limit for one file and was not kept.
    TooLarge(u64),
}

/// The most bytes one drop holds: four times the largest audio upload (as an import ZIP).
pub fn max_total(core: &Core) -> u64 {
    core.settings.max_audio_bytes.saturating_mul(4)
}

/// Takes what arrived for `path` into open drop `drop` (owned and checked by the caller):
/// answers the files it made (one, or a ZIP's many).
pub async fn add(
    core: &Core,
    drop: &DropRow,
    path: &str,
    arrived: Arrived,
) -> CoreResult<Vec<DropFileOut>> {
    let path = clean_path(path)?;
    let (tmp, hash, size) = match arrived {
        Arrived::File(tmp, hash, size) => (tmp, hash, size),
        Arrived::TooLarge(size) => {
            let reason = too_large(core.settings.max_audio_bytes);
            let row = refused_row(&path, size, reason);
            keep(core, drop, row, None).await?;
            return one_file(core, drop, &path).await;
        }
    };
    let kept = async {
        check_room(core, drop, 1, size).await?;
        if is_zip(&tmp).await {
            let folder = path.rsplit_once('/').map(|(f, _)| f).unwrap_or_default();
            return add_zip(core, drop, &tmp, folder).await;
        }
        let file = probe::probe_file(&tmp, &path, core.settings.max_track_duration).await;
        keep(core, drop, row_of(&file, size, hash), Some(&tmp)).await?;
        one_file(core, drop, &path).await
    }
    .await;
    let _ = tokio::fs::remove_file(&tmp).await;
    kept
}

/// The drop's file at `path`, as the answer names it.
async fn one_file(core: &Core, drop: &DropRow, path: &str) -> CoreResult<Vec<DropFileOut>> {
    let file = repo::file_at(core.db.pool(), &drop.id, path).await?;
    Ok(file.iter().map(view::file_out).collect())
}

/// Refuses `adding` more files of `bytes` past the drop's bounds or the uploader's storage.
async fn check_room(core: &Core, drop: &DropRow, adding: usize, bytes: u64) -> CoreResult<()> {
    let (count, total) = repo::totals(core.db.pool(), &drop.id).await?;
    if count as usize + adding > DROP_MAX_FILES {
        return Err(CoreError::TooLarge(format!(
            "a drop holds at most {DROP_MAX_FILES} files"
        )));
    }
    let total = total.max(0) as u64 + bytes;
    if total > max_total(core) {
        return Err(CoreError::TooLarge(format!(
            "a drop holds at most {} MB",
            max_total(core) / 1_000_000
        )));
    }
    crate::tracks::limits::check_storage(core, core.db.pool(), &drop.user_id, total).await
}

/// Opens the ZIP at `zip` and keeps each of its files under `folder`, all checked before any
/// is kept: a hostile archive (names outside it, links, a bomb, too many entries, a size past
/// the drop's room) refuses the whole ZIP.
async fn add_zip(
    core: &Core,
    drop: &DropRow,
    zip: &Path,
    folder: &str,
) -> CoreResult<Vec<DropFileOut>> {
    let (count, total) = repo::totals(core.db.pool(), &drop.id).await?;
    let room = max_total(core).saturating_sub(total.max(0) as u64);
    let per_file = core.settings.max_audio_bytes;
    let (zip_path, dir) = (zip.to_owned(), repo::dir(&core.settings.data_dir, &drop.id));
    let unpacked = tokio::task::spawn_blocking(move || unpack(&zip_path, room, per_file, &dir))
        .await
        .map_err(|e| CoreError::internal("unpacking a ZIP", e))??;
    let cleanup = |unpacked: &[Unpacked]| {
        for u in unpacked {
            if let Some(id) = &u.file_id {
                let _ =
                    std::fs::remove_file(repo::file_path(&core.settings.data_dir, &drop.id, id));
            }
        }
    };
    if count as usize + unpacked.len() > DROP_MAX_FILES {
        cleanup(&unpacked);
        return Err(CoreError::TooLarge(format!(
            "a drop holds at most {DROP_MAX_FILES} files; this ZIP holds {}",
            unpacked.len()
        )));
    }
    let mut paths = Vec::with_capacity(unpacked.len());
    for u in &unpacked {
        let path = match clean_path(&format!("{folder}/{}", u.name)) {
            Ok(path) => path,
            Err(e) => {
                cleanup(&unpacked);
                return Err(e);
            }
        };
        let row = match &u.file_id {
            None => refused_row(&path, u.size, too_large(per_file)),
            Some(id) => {
                let staged = repo::file_path(&core.settings.data_dir, &drop.id, id);
                let probed =
                    probe::probe_file(&staged, &path, core.settings.max_track_duration).await;
                DropFileRow {
                    id: id.clone(),
                    ..row_of(&probed, u.size, u.sha256.clone())
                }
            }
        };
        keep(core, drop, row, None).await?;
        paths.push(path);
    }
    let files = repo::files(core.db.pool(), &drop.id).await?;
    Ok(files
        .iter()
        .filter(|f| paths.contains(&f.path))
        .map(view::file_out)
        .collect())
}

/// One file of a ZIP, unpacked into the drop's folder (unless larger than a file may be).
struct Unpacked {
    name: String,
    size: u64,
    /// Its name in the drop's folder; `None` when it was too large to keep.
    file_id: Option<String>,
    sha256: String,
}

/// Unpacks every file of the ZIP at `zip` into `dir` (blocking). System files (`__MACOSX/`)
/// are skipped; a file past `per_file` is listed without being unpacked.
fn unpack(zip: &Path, room: u64, per_file: u64, dir: &Path) -> CoreResult<Vec<Unpacked>> {
    let entries = archive::checked_entries(zip, room)?;
    let mut entries: Vec<Entry> = entries
        .into_values()
        .filter(|e| !e.name.starts_with("__MACOSX/"))
        .collect();
    entries.sort_by(|a, b| a.name.cmp(&b.name));
    if entries.len() > DROP_MAX_FILES {
        return Err(CoreError::TooLarge(format!(
            "a drop holds at most {DROP_MAX_FILES} files; this ZIP holds {}",
            entries.len()
        )));
    }
    std::fs::create_dir_all(dir).map_err(|e| CoreError::internal("creating a drop's folder", e))?;
    let file = std::fs::File::open(zip).map_err(|e| CoreError::internal("opening a ZIP", e))?;
    let mut archive = zip::ZipArchive::new(file).map_err(|_| archive::damaged())?;
    let mut out: Vec<Unpacked> = Vec::with_capacity(entries.len());
    for entry in entries {
        if entry.size > per_file {
            out.push(Unpacked {
                name: entry.name,
                size: entry.size,
                file_id: None,
                sha256: String::new(),
            });
            continue;
        }
        let id = new_id();
        let target_path = dir.join(&id);
        let written = std::fs::File::create(&target_path)
            .map_err(|e| CoreError::internal("unpacking a ZIP", e))
            .and_then(|mut target| archive::extract(&mut archive, &entry, &mut target));
        match written {
            Ok(sha256) => out.push(Unpacked {
                name: entry.name,
                size: entry.size,
                file_id: Some(id),
                sha256,
            }),
            Err(e) => {
                let _ = std::fs::remove_file(&target_path);
                for done in &out {
                    if let Some(id) = &done.file_id {
                        let _ = std::fs::remove_file(dir.join(id));
                    }
                }
                return Err(e);
            }
        }
    }
    Ok(out)
}

/// Records `row`, moving the file at `from` (when given) into the drop's folder first; a file
/// it replaces is removed. Only audio and pictures keep their bytes: nothing else is ever
/// read again.
async fn keep(
    core: &Core,
    drop: &DropRow,
    row: DropFileRow,
    from: Option<&Path>,
) -> CoreResult<()> {
    let data_dir = &core.settings.data_dir;
    let needed = row.kind == kind::AUDIO || row.kind == kind::IMAGE;
    if !needed {
        let staged = repo::file_path(data_dir, &drop.id, &row.id);
        let _ = tokio::fs::remove_file(from.unwrap_or(&staged)).await;
    } else if let Some(from) = from {
        let target = repo::file_path(data_dir, &drop.id, &row.id);
        tokio::fs::create_dir_all(repo::dir(data_dir, &drop.id))
            .await
            .map_err(|e| CoreError::internal("creating a drop's folder", e))?;
        tokio::fs::rename(from, &target)
            .await
            .map_err(|e| CoreError::internal("keeping a dropped file", e))?;
    }
    if let Some(replaced) = repo::put_file(core, &drop.id, &row).await? {
        let _ = tokio::fs::remove_file(repo::file_path(data_dir, &drop.id, &replaced)).await;
    }
    Ok(())
}

/// The row of a probed file of `size` bytes hashing to `sha256`.
fn row_of(file: &DroppedFile, size: u64, sha256: String) -> DropFileRow {
    let (kind, reason, facts) = match &file.kind {
        FileKind::Audio(facts) => (
            kind::AUDIO,
            None,
            Some(serde_json::to_string(facts).expect("facts serialize")),
        ),
        FileKind::Image => (kind::IMAGE, None, None),
        FileKind::Unusable(why) => (kind::UNUSABLE, Some(why.clone()), None),
        FileKind::Other => (kind::OTHER, None, None),
    };
    DropFileRow {
        id: new_id(),
        path: file.path.clone(),
        size_bytes: size as i64,
        sha256,
        kind: kind.to_owned(),
        reason,
        facts,
    }
}

fn refused_row(path: &str, size: u64, reason: String) -> DropFileRow {
    DropFileRow {
        id: new_id(),
        path: path.to_owned(),
        size_bytes: size as i64,
        sha256: String::new(),
        kind: kind::UNUSABLE.to_owned(),
        reason: Some(reason),
        facts: None,
    }
}

fn too_large(limit: u64) -> String {
    format!(
        "is larger than a file may be on this server ({} MB)",
        limit / 1_000_000
    )
}

/// Whether the file starts as a ZIP does.
async fn is_zip(path: &Path) -> bool {
    use tokio::io::AsyncReadExt;
    let mut head = [0u8; 4];
    match tokio::fs::File::open(path).await {
        Ok(mut f) => f.read_exact(&mut head).await.is_ok() && head == *b"PK\x03\x04",
        Err(_) => false,
    }
}

/// A dropped path as a label: `/`-separated, without empty, `.` or `..` parts, control
/// characters replaced; 422 when nothing is left or it is too long.
pub fn clean_path(path: &str) -> CoreResult<String> {
    let cleaned: Vec<String> = path
        .split(['/', '\\'])
        .map(|part| {
            part.chars()
                .map(|c| if c.is_control() { '?' } else { c })
                .collect::<String>()
        })
        .filter(|part| !part.trim().is_empty() && part != "." && part != "..")
        .collect();
    let cleaned = cleaned.join("/");
    if cleaned.is_empty() {
        return Err(CoreError::invalid("file", "needs a file name"));
    }
    if let Some(problem) = path_problem(&cleaned) {
        return Err(CoreError::invalid("file", format!("its path {problem}")));
    }
    Ok(cleaned)
}

#[cfg(test)]
mod tests {
    use super::clean_path;

    #[test]
    fn dropped_paths_are_labels_that_cannot_climb() {
        assert_eq!(clean_path("Book/CD 1/01.mp3").unwrap(), "Book/CD 1/01.mp3");
        assert_eq!(clean_path("../../etc/passwd").unwrap(), "etc/passwd");
        assert_eq!(clean_path("C:\\Books\\a.mp3").unwrap(), "C:/Books/a.mp3");
        assert_eq!(clean_path("/abs//x/./y\u{0}.mp3").unwrap(), "abs/x/y?.mp3");
        assert!(clean_path("../..").is_err());
        assert!(clean_path(&"a".repeat(401)).is_err());
    }
}
