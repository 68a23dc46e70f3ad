//! Reading ZIP archives someone else made (an import, a dropped folder) without trusting a
//! byte of them. The directory is read first, nothing decompressed: too many entries, a name
//! that climbs out of the archive or uses `\`, a symbolic link, a total past the caller's
//! limit or an entry claiming to grow more than [`MAX_RATIO`] times (a ZIP bomb) refuses the
//! whole archive. Entry names are never used as paths: callers extract to files they name,
//! and each entry is read no further than its declared size.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::Path;

use sha2::{Digest, Sha256};

use crate::{CoreError, CoreResult};

/// Most entries an archive may hold.
pub const MAX_ENTRIES: usize = 10_000;
/// A deflated entry that claims to grow more than this many times is refused as a bomb
/// (speech and music do not compress at all; text and pictures far less than this).
pub const MAX_RATIO: u64 = 100;

/// A file of a checked archive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its name in the archive (`/`-separated, inside it).
    pub name: String,
    /// Its index, for `ZipArchive::by_index`.
    pub index: usize,
    /// The size its directory declares; reading stops there.
    pub size: u64,
}

/// The files (not folders) of the archive at `path`, once its directory passed every check,
/// with `limit` the most bytes all of them may unpack to.
pub fn checked_entries(path: &Path, limit: u64) -> CoreResult<HashMap<String, Entry>> {
    let file = std::fs::File::open(path).map_err(|e| CoreError::internal("opening a ZIP", e))?;
    let mut zip =
        zip::ZipArchive::new(file).map_err(|_| CoreError::invalid("file", "is not a ZIP file"))?;
    if zip.len() > MAX_ENTRIES {
        return Err(CoreError::invalid(
            "file",
            format!(
                "holds {} entries; an archive may hold at most {MAX_ENTRIES}",
                zip.len()
            ),
        ));
    }
    let mut entries = HashMap::new();
    let mut sizes = Vec::new();
    let mut total = 0u64;
    for index in 0..zip.len() {
        let entry = zip.by_index_raw(index).map_err(|_| damaged())?;
        let name = entry.name().to_owned();
        if entry.enclosed_name().is_none() || name.contains('\\') {
            return Err(CoreError::invalid(
                "file",
                format!("names a path outside the archive: {}", shown(&name)),
            ));
        }
        if entry.is_symlink() {
            return Err(CoreError::invalid(
                "file",
                format!("holds a symbolic link: {}", shown(&name)),
            ));
        }
        if entry.is_dir() {
            continue;
        }
        let (size, packed) = (entry.size(), entry.compressed_size());
        total = total.saturating_add(size);
        sizes.push((name.clone(), size, packed));
        entries.insert(name.clone(), Entry { name, index, size });
    }
    // the total first: a declared size past every limit is a 413 whatever its ratio
    if total > limit {
        return Err(CoreError::TooLarge(format!(
            "the archive unpacks to {total} bytes, more than the {limit} accepted"
        )));
    }
    for (name, size, packed) in sizes {
        let ratio = size / packed.max(1);
        if size > 1024 * 1024 && ratio > MAX_RATIO {
            return Err(CoreError::invalid(
                "file",
                format!(
                    "{} claims to unpack {ratio} times larger: refused as a ZIP bomb",
                    shown(&name)
                ),
            ));
        }
    }
    Ok(entries)
}

/// Copies `entry` of `zip` into `target`, reading no more than it declares (an entry that
/// holds more is refused); answers the SHA-256 of what was written.
pub fn extract<R: Read + std::io::Seek>(
    zip: &mut zip::ZipArchive<R>,
    entry: &Entry,
    target: &mut impl Write,
) -> CoreResult<String> {
    let name = shown(&entry.name);
    let mut reader = zip.by_index(entry.index).map_err(|_| damaged())?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 256 * 1024];
    let mut read_total: u64 = 0;
    loop {
        let n = reader
            .read(&mut buffer)
            .map_err(|_| CoreError::invalid("file", format!("{name} is damaged")))?;
        if n == 0 {
            break;
        }
        read_total += n as u64;
        if read_total > entry.size {
            return Err(CoreError::invalid(
                "file",
                format!("{name} unpacks to more than it declares: refused"),
            ));
        }
        hasher.update(&buffer[..n]);
        target
            .write_all(&buffer[..n])
            .map_err(|e| CoreError::internal("extracting", e))?;
    }
    if read_total != entry.size {
        return Err(CoreError::invalid(
            "file",
            format!("{name} is shorter than it declares"),
        ));
    }
    Ok(hex::encode(hasher.finalize()))
}

pub fn damaged() -> CoreError {
    CoreError::invalid("file", "is a damaged ZIP file")
}

/// A name from an archive as an error may quote it: bounded, control characters replaced.
pub fn shown(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .take(120)
        .collect()
}
