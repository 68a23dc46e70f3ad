//! No words written straight into the UI's code: every sentence a person reads goes through
//! a message. The check reads the UI's sources (`app/src`) for the places words are written
//! in a view: a text node (`"Save"` alone on its line or after a tag's `>`), and the
//! attributes people read or hear (`aria-label`, `title`, `placeholder`, `alt`, and the
//! components' `label`, `busy_label`, `hint`, `intro`, `text`). Names that are the same in
//! every language (`Cardsmith`) and text without letters (`▾`, `·`) are not words to translate.
//!
//! The interface is translated module by module: `untranslated.txt` (next to `locales/`)
//! lists the modules that still hold English. A listed module that no longer does fails too,
//! so the list only shrinks.

use std::collections::BTreeMap;
use std::path::Path;

use super::{files, root};

/// Words that are names, the same in every language.
const NAMES: [&str; 3] = ["Cardsmith", "OpenAI", "Ollama"];

/// Attributes and props whose value a person reads or hears.
const READ: [&str; 9] = [
    "aria-label",
    "title",
    "placeholder",
    "alt",
    "label",
    "busy_label",
    "hint",
    "intro",
    "text",
];

/// The words written into views in `source`, with their line numbers.
fn written_words(source: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (number, line) in source.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with("//") || trimmed.starts_with("#[") {
            continue;
        }
        let mut literals = Vec::new();
        // a text node alone on its line: "Save"
        if trimmed.len() > 1 && trimmed.starts_with('"') && trimmed.ends_with('"') {
            literals.push(&trimmed[1..trimmed.len() - 1]);
        }
        // a text node after a tag: <h1>"Save"</h1>, or an attribute: label="Save"
        for (i, _) in line.match_indices("=\"").chain(line.match_indices(">\"")) {
            let before = &line[..i];
            let is_text_node = line[i..].starts_with('>');
            let attribute = before.rsplit([' ', '<', '{']).next().unwrap_or("");
            if is_text_node || READ.contains(&attribute) {
                if let Some((literal, _)) = line[i + 2..].split_once('"') {
                    literals.push(literal);
                }
            }
        }
        // words chosen in code: `=> "Owner"`, `format!("Signed in as {}")`
        for opener in ["=> \"", "format!(\""] {
            for (i, _) in line.match_indices(opener) {
                let rest = &line[i + opener.len()..];
                if rest.starts_with(|c: char| c.is_uppercase()) {
                    if let Some((literal, _)) = rest.split_once('"') {
                        literals.push(literal);
                    }
                }
            }
        }
        for literal in literals {
            if is_words(literal) {
                found.push((number + 1, literal.to_owned()));
            }
        }
    }
    found
}

/// Whether `literal` holds words to translate: letters, not only a name, not a list of
/// Tailwind classes (`sr-only`, `text-base font-semibold`).
fn is_words(literal: &str) -> bool {
    let letters = literal.chars().filter(|c| c.is_alphabetic()).count();
    let classes = literal.split_whitespace().all(|token| {
        token.contains(['-', ':', '/', '[']) && !token.contains(|c: char| c.is_ascii_uppercase())
            || [
                "flex",
                "grid",
                "hidden",
                "block",
                "inline",
                "relative",
                "absolute",
                "truncate",
                "italic",
                "underline",
            ]
            .contains(&token)
    });
    letters >= 2 && !classes && !NAMES.contains(&literal.trim())
}

/// The modules allowed to hold English still; `CARDSMITH_I18N_SHOW_ALL=1` lists none, so the
/// check prints every word left (what a translator works through).
fn untranslated_list() -> Vec<String> {
    if std::env::var_os("CARDSMITH_I18N_SHOW_ALL").is_some() {
        return Vec::new();
    }
    std::fs::read_to_string(root().join("untranslated.txt"))
        .unwrap()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

#[test]
fn views_hold_no_words_of_their_own() {
    let app = root().join("../app/src");
    let mut paths = Vec::new();
    files(&app, "rs", &mut paths);
    let listed = untranslated_list();
    let mut offenders: BTreeMap<String, Vec<(usize, String)>> = BTreeMap::new();
    let mut done = Vec::new();
    // tests assert what the code says; they are not a view
    paths.retain(|p| !p.ends_with("tests.rs") && !p.components().any(|c| c.as_os_str() == "tests"));
    for path in paths {
        let name = relative(&app, &path);
        let words = written_words(&std::fs::read_to_string(&path).unwrap());
        match (listed.contains(&name), words.is_empty()) {
            (false, false) => {
                offenders.insert(name, words);
            }
            (true, true) => done.push(name),
            _ => {}
        }
    }
    assert!(
        offenders.is_empty(),
        "words written into views (use tr!, add the message to every language):\n{offenders:#?}"
    );
    assert!(
        done.is_empty(),
        "translated now; take them off i18n/untranslated.txt: {done:?}"
    );
}

fn relative(base: &Path, path: &Path) -> String {
    path.strip_prefix(base)
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

#[test]
fn the_check_sees_words_and_leaves_the_rest() {
    let view = r#"
        <h1 class="text-xl font-semibold">"Sign in"</h1>
        <TextField id="email" label="Email" kind="email"/>
        <a href="/cards" aria-label=tr!("nav-cards")>{tr!("nav-cards")}</a>
        <span aria-hidden="true">"▾"</span>
        "Skip to content"
        <img src="/favicon.svg" alt=""/>
        // "a comment"
        <span>"Cardsmith"</span>
        "sr-only"
        "text-base font-semibold"
        Role::Owner => "Owner",
        Role::Other => "other",
        format!("Signed in as {email}")
        format!("{n} MB")
    "#;
    let words: Vec<String> = written_words(view).into_iter().map(|(_, w)| w).collect();
    assert_eq!(
        words,
        [
            "Sign in",
            "Email",
            "Skip to content",
            "Owner",
            "Signed in as {email}"
        ]
    );
}
