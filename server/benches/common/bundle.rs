//! Sizes of the hydrate bundle that `scripts/build` wrote to the site's `pkg`
//! directory: what the first page loads, and every module of the build.
//!
//! Only islands hydrate (app/src/islands.rs): the main module (the runtime and the app bar,
//! the one island every signed-in page has) with its JS glue and the split loader, then per
//! lazy island a `split_<island>_loader_…` module and the shared `chunk_*` modules it needs,
//! which `__wasm_split_manifest.json` lists; and the page's language's messages, which the
//! server sends beside them.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

/// The app's output name: the main module is `cardsmith.<hash>.wasm`.
const OUTPUT_NAME: &str = "cardsmith";
/// The page measured as the first one: `/cards`, where signing in lands.
pub const FIRST_PAGE: &str = "/cards";
/// The lazy islands `/cards` shows (`AllCards` in app/src/pages/library.rs): their modules'
/// names start with the island's name in snake case, then `_loader_`.
const FIRST_PAGE_ISLANDS: [&str; 1] = ["all_cards_loader_"];

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
    fn of(path: PathBuf) -> Option<Self> {
        Some(Sizes {
            raw: std::fs::metadata(&path).ok()?.len(),
            gzip: gzipped_len(&path),
            brotli: std::fs::metadata(format!("{}.br", path.display()))
                .ok()
                .map(|m| m.len()),
            path,
        })
    }
}

/// Bytes of several files: raw, `gzip -9`, and brotli when every one has its `.br`.
pub struct Total {
    pub files: usize,
    pub raw: u64,
    pub gzip: u64,
    pub brotli: Option<u64>,
}

pub fn total(files: &[Sizes]) -> Total {
    Total {
        files: files.len(),
        raw: files.iter().map(|f| f.raw).sum(),
        gzip: files.iter().map(|f| f.gzip).sum(),
        brotli: files.iter().map(|f| f.brotli).sum(),
    }
}

/// The bundle of the newest build in `pkg`; `None` when there is no such directory or no
/// main module.
pub struct Bundle {
    /// What a first visit to [`FIRST_PAGE`] loads: the main module, its JS glue, the split
    /// loader, the CSS, its islands' own and shared modules, and the page's words.
    pub first_page: Vec<Sizes>,
    /// Every WASM module of the build (what a visit to every page would load).
    pub all_wasm: Vec<Sizes>,
}

pub fn measure(pkg: &Path) -> Option<Bundle> {
    let files: Vec<PathBuf> = std::fs::read_dir(pkg)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .collect();
    let main_wasm = newest(&files, &format!("{OUTPUT_NAME}."), ".wasm")?;
    let mut first_page = vec![main_wasm.clone()];
    first_page.extend(newest(&files, &format!("{OUTPUT_NAME}."), ".js"));
    first_page.extend(newest(&files, "__wasm_split.", ".js"));
    first_page.extend(newest(&files, &format!("{OUTPUT_NAME}."), ".css"));
    let mut all_wasm = vec![main_wasm];
    // Without a manifest the build was not split: the main module is all there is.
    if let Some(manifest) = newest(&files, "__wasm_split_manifest.", ".json") {
        let text = std::fs::read_to_string(&manifest).ok()?;
        let manifest: std::collections::BTreeMap<String, Vec<String>> =
            serde_json::from_str(&text).ok()?;
        let module = |name: &str| newest(&files, &format!("split_{name}."), ".wasm");
        for (name, chunks) in &manifest {
            if FIRST_PAGE_ISLANDS
                .iter()
                .any(|island| name.starts_with(island))
            {
                first_page.extend(module(name));
                first_page.extend(chunks.iter().map(|c| pkg.join(format!("{c}.wasm"))));
            }
            all_wasm.extend(module(name));
        }
        let mut chunks: Vec<&String> = manifest.values().flatten().collect();
        chunks.sort();
        chunks.dedup();
        all_wasm.extend(chunks.into_iter().map(|c| pkg.join(format!("{c}.wasm"))));
    }
    let mut first_page = once_each(first_page);
    first_page.push(page_words());
    Some(Bundle {
        first_page,
        all_wasm: once_each(all_wasm),
    })
}

/// The first page's words: `/i18n/en.<digest>.ftl`, which the page's script fetches beside
/// the WASM. It is not in `pkg` (the server sends it from memory), and it goes out gzipped
/// to every browser that takes gzip, brotli ones included: its gzip size stands in both
/// compressed columns.
fn page_words() -> Sizes {
    let dir = tempfile::tempdir().unwrap();
    let locale = cardsmith_i18n::Locale::En;
    let path = dir
        .path()
        .join(cardsmith_i18n::messages_path(locale).trim_start_matches("/i18n/"));
    std::fs::write(&path, cardsmith_i18n::messages_text(locale)).unwrap();
    let gzip = gzipped_len(&path);
    Sizes {
        raw: cardsmith_i18n::messages_text(locale).len() as u64,
        gzip,
        brotli: Some(gzip),
        path: std::path::Path::new("(server) /i18n").join(path.file_name().unwrap()),
    }
}

/// The sizes of `paths`, each file once: the manifest lists a group's own module among its
/// chunks too, and counting it twice added its size again (stop 23's figures did: 535 KB for
/// a first page of 492).
fn once_each(paths: Vec<PathBuf>) -> Vec<Sizes> {
    let mut seen = std::collections::HashSet::new();
    paths
        .into_iter()
        .filter(|path| seen.insert(path.clone()))
        .filter_map(Sizes::of)
        .collect()
}

/// The newest file named `<prefix>…<suffix>` (with hashed names, older builds' files may
/// still lie beside the newest).
fn newest(files: &[PathBuf], prefix: &str, suffix: &str) -> Option<PathBuf> {
    files
        .iter()
        .filter(|path| {
            path.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(prefix) && n.ends_with(suffix))
        })
        .filter_map(|path| Some((modified(path)?, path)))
        .max_by_key(|(time, _)| *time)
        .map(|(_, path)| path.clone())
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).ok()?.modified().ok()
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
