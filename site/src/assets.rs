//! The files served as they are (`public/`: icons, the manifest, robots.txt, …), copied to the
//! site's root.

use std::path::Path;

use anyhow::{Context, Result};

/// Copies the tree under `from` into `to`, replacing files of the same name (and dropping
/// their compressed variants from an earlier release build, which would be served instead).
pub fn copy(from: &Path, to: &Path) -> Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from).with_context(|| format!("reading {}", from.display()))? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), &target)
                .with_context(|| format!("copying {}", entry.path().display()))?;
            for variant in crate::compress::variants(&target) {
                if variant.exists() {
                    std::fs::remove_file(variant)?;
                }
            }
        }
    }
    Ok(())
}
