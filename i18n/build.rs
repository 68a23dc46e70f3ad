//! Joins each language's `.ftl` files into one (`$OUT_DIR/<code>.ftl`, files in name order)
//! and names it by a digest of its text (`$OUT_DIR/digests.rs`).
//!
//! Why: the browser's islands need only the page's language, so the server sends that one
//! file at `/i18n/<code>.<digest>.ftl` (cached for good: a new text is a new name) instead of
//! the WASM carrying all four. The server's own lookups still compile every file in with
//! `static_loader!`; both read these same files, so the islands hydrate with the very words
//! the server rendered. Any change under `locales/` reruns this and rebuilds the crate (which
//! `static_loader!` needs too: it reads the files while compiling).

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let locales = Path::new("locales");
    println!("cargo:rerun-if-changed=locales");
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let mut digests = String::new();
    let mut codes: Vec<String> = std::fs::read_dir(locales)
        .expect("i18n/locales")
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    codes.sort();
    for code in codes {
        let dir = locales.join(&code);
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("a locale's directory")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
            .collect();
        files.sort();
        let mut text = String::new();
        for file in files {
            println!("cargo:rerun-if-changed={}", file.display());
            text.push_str(&std::fs::read_to_string(&file).expect("a readable .ftl file"));
            text.push('\n');
        }
        std::fs::write(Path::new(&out).join(format!("{code}.ftl")), &text).expect("OUT_DIR");
        writeln!(
            digests,
            "({code:?}, {:?}),",
            format!("{:016x}", fnv1a(text.as_bytes()))
        )
        .unwrap();
    }
    std::fs::write(
        Path::new(&out).join("digests.rs"),
        format!("/// Each language's code and the digest of its joined text.\npub const DIGESTS: &[(&str, &str)] = &[\n{digests}];\n"),
    )
    .expect("OUT_DIR");
}

/// FNV-1a, 64 bits: enough to tell one text from the next in a file name.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf29ce484222325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x100000001b3)
    })
}
