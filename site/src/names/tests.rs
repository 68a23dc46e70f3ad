//! Content names on a small site shaped like wasm-split's output.

use super::*;
use serde_json::Value;

const BINDINGS: &str = "import * as split from \"./__wasm_split.______________________.js\";";
const LOADER_JS: &str = "import { initSync } from \"./cardsmith.js\";\n\
    fetch(new URL(\"./chunk_1.wasm\", import.meta.url));\n\
    fetch(new URL(\"./chunk_10.wasm\", import.meta.url));";

fn site(chunk_1: &[u8]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let pkg = dir.path();
    let module = |tail: &[u8]| [b"\0asm".as_slice(), b"./", LOADER.as_bytes(), tail].concat();
    std::fs::write(pkg.join("cardsmith.js"), BINDINGS).unwrap();
    std::fs::write(pkg.join("cardsmith.wasm"), module(b"main")).unwrap();
    std::fs::write(pkg.join("cardsmith.css"), "body{}").unwrap();
    std::fs::write(pkg.join(LOADER), LOADER_JS).unwrap();
    std::fs::write(pkg.join("chunk_1.wasm"), module(chunk_1)).unwrap();
    std::fs::write(pkg.join("chunk_10.wasm"), module(b"ten")).unwrap();
    std::fs::write(
        pkg.join(MANIFEST),
        r#"{"card_view_loader_1": ["chunk_1", "chunk_10"]}"#,
    )
    .unwrap();
    dir
}

fn hashes(hash_file: &Path) -> BTreeMap<String, String> {
    std::fs::read_to_string(hash_file)
        .unwrap()
        .lines()
        .map(|line| {
            let (key, value) = line.split_once(": ").unwrap();
            (key.to_owned(), value.to_owned())
        })
        .collect()
}

#[test]
fn every_file_is_named_by_content_and_names_the_others_by_their_new_names() {
    let dir = site(b"one");
    let hash_file = dir.path().join("bin/hash.txt");
    apply(dir.path(), &hash_file).unwrap();
    let h = hashes(&hash_file);
    let (code, css) = (&h["js"], &h["css"]);
    assert_eq!(code.len(), 22);
    assert_ne!(code, css);
    for key in ["wasm", "manifest", "split"] {
        assert_eq!(&h[key], code, "{key}");
    }
    let read = |name: String| std::fs::read(dir.path().join(name)).unwrap();
    let loader = format!("__wasm_split.{code}.js");
    let bindings = String::from_utf8(read(format!("cardsmith.{code}.js"))).unwrap();
    assert!(bindings.contains(&format!("\"./{loader}\"")), "{bindings}");
    let loader_js = String::from_utf8(read(loader.clone())).unwrap();
    assert!(loader_js.contains(&format!("\"./cardsmith.{code}.js\"")));
    assert!(loader_js.contains(&format!("\"./chunk_1.{code}.wasm\"")));
    assert!(loader_js.contains(&format!("\"./chunk_10.{code}.wasm\"")));
    for module in ["cardsmith", "chunk_1", "chunk_10"] {
        let bytes = read(format!("{module}.{code}.wasm"));
        let at = bytes
            .windows(loader.len())
            .position(|w| w == loader.as_bytes());
        assert!(at.is_some(), "{module} imports the renamed loader");
    }
    let manifest: Value =
        serde_json::from_slice(&read(format!("__wasm_split_manifest.{code}.json"))).unwrap();
    assert_eq!(
        manifest["card_view_loader_1"],
        serde_json::json!([format!("chunk_1.{code}"), format!("chunk_10.{code}")])
    );
    assert_eq!(read(format!("cardsmith.{css}.css")), b"body{}");
    let mut left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| !name.contains(code.as_str()) && !name.contains(css.as_str()))
        .collect();
    left.sort();
    assert_eq!(left, ["bin"], "no file keeps its old name");
}

#[test]
fn a_change_in_any_split_module_renames_every_code_file() {
    let names = |chunk: &[u8]| {
        let dir = site(chunk);
        let hash_file = dir.path().join("hash.txt");
        apply(dir.path(), &hash_file).unwrap();
        let mut h = hashes(&hash_file);
        h.remove("css");
        h
    };
    let before = names(b"one");
    assert_ne!(before, names(b"uno"));
    assert_eq!(names(b"one"), before, "the same content, the same names");
}

#[test]
fn the_loader_name_inside_a_module_is_replaced_in_place() {
    let new = LOADER.replace("______________________", "abcdefghijklmnopqrstuv");
    let module = [b"x".as_slice(), LOADER.as_bytes(), b"y", LOADER.as_bytes()].concat();
    let out = replace_bytes(&module, LOADER.as_bytes(), new.as_bytes()).unwrap();
    assert_eq!(
        out,
        [b"x".as_slice(), new.as_bytes(), b"y", new.as_bytes()].concat()
    );
    assert!(replace_bytes(&module, LOADER.as_bytes(), b"short").is_err());
}
