//! Sizes of the hydrate bundle a first page loads: the WASM, its JS glue and the CSS that
//! `cargo leptos build` wrote to the site's `pkg` directory.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

/// The `pkg` directory to measure: `CARDSMITH_BENCH_PKG` (scripts/bench builds the release
/// WASM into a site of its own, so no other build replaces it meanwhile), else the
/// workspace's `target/site/pkg`.
pub fn pkg_dir() -> PathBuf {
    std::env::var_os("CARDSMITH_BENCH_PKG")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/site/pkg"))
}

/// One file of the bundle, in bytes.
pub struct Sizes {
    pub path: PathBuf,
    pub raw: u64,
    /// Compressed by `gzip -9`.
    pub gzip: u64,
    /// The precompressed `<file>.br` beside it, if there is one.
    pub brotli: Option<u64>,
}

impl Sizes {
    pub fn is_wasm(&self) -> bool {
        self.path.extension().is_some_and(|e| e == "wasm")
    }
}

/// The newest `.wasm`, `.js` and `.css` of `pkg` (with hashed names, older builds' files
/// may still lie beside them); `None` when there is no such directory.
pub fn first_page(pkg: &Path) -> Option<Vec<Sizes>> {
    let entries = std::fs::read_dir(pkg).ok()?;
    let mut newest: Vec<(&str, SystemTime, PathBuf)> = Vec::new();
    for path in entries.flatten().map(|e| e.path()) {
        let Some(kind) = ["wasm", "js", "css"]
            .into_iter()
            .find(|k| path.extension().is_some_and(|e| e == *k))
        else {
            continue;
        };
        let modified = std::fs::metadata(&path).ok()?.modified().ok()?;
        match newest.iter_mut().find(|(k, _, _)| *k == kind) {
            Some(kept) if kept.1 >= modified => {}
            Some(kept) => *kept = (kind, modified, path),
            None => newest.push((kind, modified, path)),
        }
    }
    Some(
        newest
            .into_iter()
            .map(|(_, _, path)| Sizes {
                raw: std::fs::metadata(&path).unwrap().len(),
                gzip: gzipped_len(&path),
                brotli: std::fs::metadata(format!("{}.br", path.display()))
                    .ok()
                    .map(|m| m.len()),
                path,
            })
            .collect(),
    )
}

/// Bytes of `file` compressed by `gzip -9`.
fn gzipped_len(file: &Path) -> u64 {
    let out = Command::new("gzip")
        .args(["-9", "-c"])
        .arg(file)
        .output()
        .unwrap();
    assert!(out.status.success(), "gzip {}", file.display());
    out.stdout.len() as u64
}
