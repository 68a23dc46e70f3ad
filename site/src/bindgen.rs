//! Binding the main module to JavaScript with wasm-bindgen (the web target: an ES module the
//! page imports), linked as a library at exactly our `wasm-bindgen` version, so the bindings
//! always match what the WASM was compiled against.

use std::path::Path;

use anyhow::Result;
use wasm_bindgen_cli_support::Bindgen;

use crate::OUTPUT_NAME;

/// Writes `<pkg>/cardsmith.js` and `<pkg>/cardsmith.wasm` from the split `main` module.
pub fn bind(main: &Path, pkg: &Path) -> Result<()> {
    Bindgen::new()
        .input_path(main)
        .out_name(OUTPUT_NAME)
        .web(true)?
        // the split modules call the main module's functions by their linker names
        .keep_lld_exports(true)
        .demangle(false)
        .typescript(false)
        .generate(pkg)?;
    // Leptos' hydration script names the module `<name>.wasm`
    std::fs::rename(
        pkg.join(format!("{OUTPUT_NAME}_bg.wasm")),
        pkg.join(format!("{OUTPUT_NAME}.wasm")),
    )?;
    Ok(())
}
