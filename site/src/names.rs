//! Content names: every file of `pkg` gets a digest of its content in its name
//! (`cardsmith.<digest>.wasm`), so the server can let browsers keep it for good
//! (`server/src/static_files.rs`), and the digests go to `hash.txt` beside the server binary,
//! where Leptos' hydration scripts read the names from (keys `js`, `wasm`, `css`, `manifest`,
//! `split`).
//!
//! The code files name each other in a circle: the bindings import the split loader, the
//! loader imports the bindings and fetches the split modules, and those import the loader. So
//! they share one digest, of all of them together: whatever changes, every name changes, and
//! no name ever stands for two contents. The stylesheet names nothing and has its own digest.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{bail, Context, Result};
use base64::Engine;
use sha2::{Digest, Sha256};

use crate::split::{LOADER, MANIFEST};
use crate::OUTPUT_NAME;

/// Names the files of `pkg` by content and writes the digests to `hash_file`.
pub fn apply(pkg: &Path, hash_file: &Path) -> Result<()> {
    let css_name = format!("{OUTPUT_NAME}.css");
    let css = std::fs::read(pkg.join(&css_name)).context("the stylesheet")?;
    let css_digest = digest([(css_name.as_str(), css.as_slice())]);
    std::fs::rename(
        pkg.join(&css_name),
        pkg.join(with_digest(&css_name, &css_digest)),
    )?;

    let code = code_files(pkg)?;
    let code_digest = digest(
        code.iter()
            .map(|(name, bytes)| (name.as_str(), bytes.as_slice())),
    );
    let renamed: BTreeMap<&str, String> = code
        .keys()
        .map(|name| (name.as_str(), with_digest(name, &code_digest)))
        .collect();
    for (name, content) in &code {
        let new = &renamed[name.as_str()];
        let rewritten = rewrite(name, content, &renamed)?;
        std::fs::write(pkg.join(new), rewritten)?;
        std::fs::remove_file(pkg.join(name))?;
    }
    if let Some(parent) = hash_file.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let d = &code_digest;
    std::fs::write(
        hash_file,
        format!("js: {d}\nwasm: {d}\ncss: {css_digest}\nmanifest: {d}\nsplit: {d}\n"),
    )
    .with_context(|| format!("writing {}", hash_file.display()))
}

/// The files of `pkg` but the stylesheet, by name. Folders (wasm-bindgen's `snippets/`, named
/// by wasm-bindgen) keep their names and are served revalidated.
fn code_files(pkg: &Path) -> Result<BTreeMap<String, Vec<u8>>> {
    let mut files = BTreeMap::new();
    for entry in std::fs::read_dir(pkg)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.file_type()?.is_file() && !name.ends_with(".css") {
            files.insert(name, std::fs::read(entry.path())?);
        }
    }
    Ok(files)
}

/// `name` with the digest before its extension; the loader's placeholder becomes the digest.
fn with_digest(name: &str, digest: &str) -> String {
    if name == LOADER {
        return LOADER.replace("______________________", digest);
    }
    match name.rsplit_once('.') {
        Some((stem, extension)) => format!("{stem}.{digest}.{extension}"),
        None => format!("{name}.{digest}"),
    }
}

/// `content` of `name` with every other file named by its new name.
fn rewrite(name: &str, content: &[u8], renamed: &BTreeMap<&str, String>) -> Result<Vec<u8>> {
    let loader = renamed.get(LOADER).map(String::as_str);
    if name.ends_with(".wasm") {
        // a module imports the loader by name; the new name is as long as the old one
        return Ok(match loader {
            Some(new) => replace_bytes(content, LOADER.as_bytes(), new.as_bytes())?,
            None => content.to_vec(),
        });
    }
    let text = std::str::from_utf8(content).with_context(|| format!("{name} is not UTF-8"))?;
    if name == MANIFEST {
        return manifest(text, renamed);
    }
    let mut text = text.to_owned();
    for (old, new) in renamed {
        text = text.replace(&format!("./{old}"), &format!("./{new}"));
    }
    Ok(text.into_bytes())
}

/// The manifest lists split modules by stem (`chunk_3`): the stems of their new names.
fn manifest(text: &str, renamed: &BTreeMap<&str, String>) -> Result<Vec<u8>> {
    let stems: BTreeMap<&str, &str> = renamed
        .iter()
        .filter_map(|(old, new)| Some((old.strip_suffix(".wasm")?, new.strip_suffix(".wasm")?)))
        .collect();
    let entries: BTreeMap<String, Vec<String>> = serde_json::from_str(text)?;
    let entries: BTreeMap<String, Vec<&str>> = entries
        .into_iter()
        .map(|(entry, modules)| {
            let modules = modules
                .iter()
                .map(|stem| {
                    stems
                        .get(stem.as_str())
                        .copied()
                        .context("an unknown module")
                })
                .collect::<Result<_>>()?;
            Ok((entry, modules))
        })
        .collect::<Result<_>>()?;
    Ok(serde_json::to_vec(&entries)?)
}

/// `haystack` with every `old` replaced by `new`, both of the same length.
fn replace_bytes(haystack: &[u8], old: &[u8], new: &[u8]) -> Result<Vec<u8>> {
    if old.len() != new.len() {
        bail!("a name inside a WASM module can only be replaced by one as long");
    }
    let mut out = haystack.to_vec();
    let mut at = 0;
    while let Some(found) = out[at..].windows(old.len()).position(|w| w == old) {
        out[at + found..at + found + old.len()].copy_from_slice(new);
        at += found + old.len();
    }
    Ok(out)
}

/// 22 characters of URL-safe base64: 128 bits of SHA-256 over the files, names included.
fn digest<'a>(files: impl IntoIterator<Item = (&'a str, &'a [u8])>) -> String {
    let mut hasher = Sha256::new();
    for (name, content) in files {
        hasher.update((name.len() as u64).to_le_bytes());
        hasher.update(name.as_bytes());
        hasher.update((content.len() as u64).to_le_bytes());
        hasher.update(content);
    }
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&hasher.finalize()[..16])
}

#[cfg(test)]
mod tests;
