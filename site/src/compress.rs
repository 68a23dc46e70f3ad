//! The release site's precompressed variants: beside every file, `FILE.gz` (gzip at its best
//! level, what browsers get over plain http) and `FILE.br` (brotli at quality 11). The server
//! sends a variant the browser accepts as it is (`server/src/static_files.rs`).

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// The variants of `file` this module writes.
pub fn variants(file: &Path) -> [PathBuf; 2] {
    let name = file.as_os_str();
    let with = |suffix: &str| {
        let mut variant = name.to_owned();
        variant.push(suffix);
        PathBuf::from(variant)
    };
    [with(".gz"), with(".br")]
}

/// Writes both variants of every file under `root`, on every core.
pub fn site(root: &Path) -> Result<()> {
    let mut files = Vec::new();
    collect(root, &mut files)?;
    // the largest first, so no core is left with the WASM at the end
    files.sort_by_key(|(_, len)| std::cmp::Reverse(*len));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..cores)
            .map(|_| {
                scope.spawn(|| loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some((file, _)) = files.get(i) else {
                        return Ok(());
                    };
                    compress(file).with_context(|| format!("compressing {}", file.display()))?;
                })
            })
            .collect();
        workers
            .into_iter()
            .try_for_each(|worker| worker.join().expect("compression thread"))
    })
}

/// Every file under `dir` but the variants, with its length.
fn collect(dir: &Path, files: &mut Vec<(PathBuf, u64)>) -> Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            collect(&path, files)?;
        } else if !matches!(path.extension().and_then(|e| e.to_str()), Some("gz" | "br")) {
            files.push((path, entry.metadata()?.len()));
        }
    }
    Ok(())
}

fn compress(file: &Path) -> Result<()> {
    let content = std::fs::read(file)?;
    let [gz, br] = variants(file);
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    gzip.write_all(&content)?;
    std::fs::write(gz, gzip.finish()?)?;
    let mut brotli = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        lgwin: 22,
        ..Default::default()
    };
    brotli::BrotliCompress(&mut content.as_slice(), &mut brotli, &params)?;
    std::fs::write(br, brotli)?;
    Ok(())
}
