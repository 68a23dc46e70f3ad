//! The stylesheet: Tailwind v4 (the npm CLI `scripts/bootstrap` installs) reads
//! `style/tailwind.css` and the classes the Rust sources use.

use std::path::Path;
use std::process::Command;

use anyhow::Result;

/// The stylesheet's source (`tailwind-input-file` of the Leptos metadata).
const INPUT: &str = "style/tailwind.css";

/// Writes the stylesheet to `output`, minified for a release.
pub fn build(output: &Path, release: bool) -> Result<()> {
    let mut tailwind = Command::new("tailwindcss");
    tailwind.args(["--input", INPUT, "--output"]).arg(output);
    if release {
        tailwind.arg("--minify");
    }
    crate::optimise::run(&mut tailwind)
}
