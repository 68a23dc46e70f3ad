//! Splitting the WASM by route: what `#[lazy]` and lazy routes mark goes into modules of its
//! own that a page fetches when it needs them, so the first page loads only its share.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, Context, Result};

use crate::OUTPUT_NAME;

/// The loader the split modules import, before `names` gives it its content name: the
/// placeholder is as long as a content name, so it can be replaced inside the WASM binaries.
pub const LOADER: &str = "__wasm_split.______________________.js";
/// Which split modules each lazy entry point needs (Leptos preloads them from it).
pub const MANIFEST: &str = "__wasm_split_manifest.json";

/// Splits `input` into `main` (for wasm-bindgen) and the lazily loaded modules in `pkg`,
/// writes the loader and the manifest there, and returns the lazily loaded modules.
pub fn split(input: &[u8], pkg: &Path, main: &Path) -> Result<Vec<PathBuf>> {
    let link_name = format!("./{LOADER}");
    let main_module = format!("./{OUTPUT_NAME}.js");
    let mut options = wasm_split_cli_support::Options::new(input);
    options.output_dir = pkg;
    options.main_out_path = main;
    options.main_module = &main_module;
    options.link_name = &link_name;
    let split = wasm_split_cli_support::transform(options)
        .map_err(|error| anyhow!("{error:?}"))
        .context("was the WASM linked with --emit-relocs?")?;
    let manifest = serde_json::to_string_pretty(&split.prefetch_map)?;
    std::fs::write(pkg.join(MANIFEST), manifest)?;
    Ok(split.split_modules)
}
