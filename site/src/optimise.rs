//! Release-only size work, by the npm tools `scripts/bootstrap` installs: binaryen's optimiser
//! (`wasm-opt -O1`, through `site/wasm-opt.mjs`, which says why not `-Oz`) on every module,
//! `esbuild --minify` on the bindings (on the `PATH` through `scripts/env.sh`).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, Context, Result};

/// The script that optimises modules in one process (npm's binaryen is itself WebAssembly and
/// takes about a second to start: once per core, not once per module).
const WASM_OPT: &str = "site/wasm-opt.mjs";

/// Optimises every module in place: one `node site/wasm-opt.mjs` per core, each given an
/// equal share of the bytes, the largest modules first.
pub fn wasm(modules: &[PathBuf]) -> Result<()> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut sized = modules
        .iter()
        .map(|module| Ok((std::fs::metadata(module)?.len(), module)))
        .collect::<Result<Vec<_>>>()?;
    sized.sort_by_key(|(len, _)| std::cmp::Reverse(*len));
    let mut shares: Vec<(u64, Vec<&PathBuf>)> = vec![(0, Vec::new()); cores.min(modules.len())];
    for (len, module) in sized {
        let lightest = shares
            .iter_mut()
            .min_by_key(|(total, _)| *total)
            .expect("a share");
        lightest.0 += len;
        lightest.1.push(module);
    }
    std::thread::scope(|scope| {
        let runs: Vec<_> = shares
            .iter()
            .map(|(_, share)| {
                scope.spawn(move || run(Command::new("node").arg(WASM_OPT).args(share)))
            })
            .collect();
        runs.into_iter()
            .try_for_each(|run| run.join().expect("wasm-opt thread"))
    })
}

/// Minifies the bindings (an ES module) in place.
pub fn js(file: &Path) -> Result<()> {
    run(Command::new("esbuild")
        .arg(file)
        .args([
            "--minify",
            "--format=esm",
            "--log-level=warning",
            "--allow-overwrite",
        ])
        .arg(format!("--outfile={}", file.display())))
}

/// Runs a tool, failing with what it printed.
pub fn run(command: &mut Command) -> Result<()> {
    let program = command.get_program().to_string_lossy().into_owned();
    let output = command
        .output()
        .with_context(|| format!("running {program} (scripts/bootstrap installs it)"))?;
    if !output.status.success() {
        bail!(
            "{program} failed ({}): {}",
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    Ok(())
}
