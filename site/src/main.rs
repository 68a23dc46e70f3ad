//! `cardsmith-site`: turns the compiled front end (the `cardsmith-frontend` WASM) into the
//! site the server serves from `target/site`, the way the server expects it: split by route,
//! bound to JavaScript, optimised (release), styled with Tailwind, files named by their
//! content with the names written beside the server binary, precompressed (release).
//!
//! Why our own tool rather than `cargo leptos build`: cargo-leptos carries a project
//! generator (libgit2, rhai), a JS compiler and a CSS compiler we do not use, and compiling
//! it was the longest step of a fresh `make run` (about 900 CPU-seconds even unoptimised).
//! This tool links the two libraries that do the work (`wasm-bindgen-cli-support`, at the
//! version of our `wasm-bindgen`, and `wasm_split_cli_support`) and calls the npm tools
//! `scripts/bootstrap` installs (`tailwindcss`, binaryen through `site/wasm-opt.mjs`,
//! `esbuild`). Cargo builds the WASM and the server beforehand; `scripts/build` runs all of
//! it. `make dev` still uses `cargo leptos watch`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result};
use clap::Parser;

mod assets;
mod bindgen;
mod compress;
mod names;
mod optimise;
mod split;
mod style;

/// The name of the site's JS, WASM and CSS (`output-name` of the Leptos metadata).
const OUTPUT_NAME: &str = "cardsmith";

#[derive(Parser)]
#[command(about = "Builds target/site from the compiled front end (see the crate's docs)")]
struct Args {
    /// The release site: wasm-opt, minified JS and CSS, gzip and brotli variants.
    #[arg(long)]
    release: bool,
    /// Cargo's target directory (where the WASM and the server binary were built).
    #[arg(long, env = "CARGO_TARGET_DIR", default_value = "target")]
    target_dir: PathBuf,
    /// The site to write (its `pkg` folder is replaced).
    #[arg(long, default_value = "target/site")]
    site_root: PathBuf,
}

impl Args {
    /// Where cargo wrote the WASM: the front end builds in a target dir of its own
    /// (`front`), as cargo-leptos does, so its flags never invalidate the server's build.
    fn wasm(&self) -> PathBuf {
        let profile = if self.release {
            "wasm-release"
        } else {
            "debug"
        };
        self.target_dir
            .join("front/wasm32-unknown-unknown")
            .join(profile)
            .join("cardsmith_frontend.wasm")
    }

    /// Leptos reads the content names from `hash.txt` beside the server binary.
    fn hash_file(&self) -> PathBuf {
        let profile = if self.release { "release" } else { "debug" };
        self.target_dir.join(profile).join("hash.txt")
    }
}

fn main() {
    if let Err(error) = run(&Args::parse()) {
        eprintln!("[site] failed: {error:#}");
        std::process::exit(1);
    }
}

fn run(args: &Args) -> Result<()> {
    let started = Instant::now();
    let pkg = args.site_root.join("pkg");
    let wasm = args.wasm();
    let input = std::fs::read(&wasm)
        .with_context(|| format!("reading {} (build the front end first)", wasm.display()))?;
    fresh_dir(&pkg)?;
    let main = pkg.join(format!("{OUTPUT_NAME}_split.wasm"));
    let chunks = step("split by route", || split::split(&input, &pkg, &main))?;
    drop(input);
    step("wasm-bindgen", || bindgen::bind(&main, &pkg))?;
    std::fs::remove_file(&main)?;
    let mut modules = chunks;
    modules.push(pkg.join(format!("{OUTPUT_NAME}.wasm")));
    if args.release {
        step("wasm-opt -O1", || optimise::wasm(&modules))?;
        step("minify JS", || {
            optimise::js(&pkg.join(format!("{OUTPUT_NAME}.js")))
        })?;
    }
    let css = pkg.join(format!("{OUTPUT_NAME}.css"));
    step("tailwind", || style::build(&css, args.release))?;
    step("public assets", || {
        assets::copy(Path::new("public"), &args.site_root)
    })?;
    step("content names", || names::apply(&pkg, &args.hash_file()))?;
    if args.release {
        step("gzip and brotli", || compress::site(&args.site_root))?;
    }
    eprintln!(
        "[site] {} built in {:.1} s",
        args.site_root.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Runs one step, saying how long it took.
fn step<T>(name: &str, f: impl FnOnce() -> Result<T>) -> Result<T> {
    let started = Instant::now();
    let value = f().with_context(|| name.to_owned())?;
    eprintln!("[site] {name}: {:.1} s", started.elapsed().as_secs_f64());
    Ok(value)
}

/// An empty `dir`: what an earlier build left there would otherwise be served.
fn fresh_dir(dir: &Path) -> Result<()> {
    if dir.exists() {
        std::fs::remove_dir_all(dir).with_context(|| format!("clearing {}", dir.display()))?;
    }
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))
}
