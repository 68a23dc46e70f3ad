//! What a compiler would check if the messages were code: every language has every message,
//! with no variable the English does not pass; every key the code names exists; every message
//! is used. Part of `make test` (the workspace's unit tests).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fluent_templates::fluent_bundle::FluentResource;

use crate::Locale;

/// The sources that name message keys.
const CODE: [&str; 4] = ["../app/src", "../core/src", "../server/src", "src"];

pub(super) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub(super) fn files(dir: &Path, extension: &str, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, extension, out);
        } else if path.extension().is_some_and(|e| e == extension) {
            out.push(path);
        }
    }
}

/// Each message of a language and the variables it uses.
pub(crate) fn messages(locale: Locale) -> BTreeMap<String, BTreeSet<String>> {
    let mut paths = Vec::new();
    files(
        &root().join("locales").join(locale.code()),
        "ftl",
        &mut paths,
    );
    let mut out = BTreeMap::new();
    for path in paths {
        let source = std::fs::read_to_string(&path).unwrap();
        if let Err((_, errors)) = FluentResource::try_new(source.clone()) {
            panic!("{} does not parse: {errors:?}", path.display());
        }
        let mut current: Option<String> = None;
        for line in source.lines() {
            if let Some((id, _)) = line.split_once(" =").filter(|(id, _)| is_id(id)) {
                let fresh = out.insert(id.to_owned(), BTreeSet::new()).is_none();
                assert!(fresh, "{id} is written twice in {}", locale.code());
                current = Some(id.to_owned());
            }
            if let Some(id) = &current {
                out.get_mut(id).unwrap().extend(variables(line));
            }
        }
    }
    out
}

fn is_id(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_lowercase())
        && s.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

fn variables(line: &str) -> impl Iterator<Item = String> + '_ {
    line.split('$').skip(1).map(|rest| {
        rest.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    })
}

/// The keys the code names: the first string literal of every `tr!(…)`, and the one after
/// the locale in every `t!(locale, …)`.
fn keys_in_code() -> BTreeMap<String, PathBuf> {
    let mut paths = Vec::new();
    for dir in CODE {
        files(&root().join(dir), "rs", &mut paths);
    }
    let mut out = BTreeMap::new();
    for path in paths
        .into_iter()
        .filter(|p| !p.starts_with(root().join("src/checks")))
    {
        let source = std::fs::read_to_string(&path).unwrap();
        let ident = |c: char| c.is_alphanumeric() || c == '_';
        for (i, _) in source.match_indices("!(") {
            let call = &source[i + 2..];
            let before = &source[..i];
            let name_start = before.trim_end_matches(ident).len();
            let literal = match &before[name_start..] {
                // tr!("key" …)
                "tr" => call.trim_start().strip_prefix('"'),
                // t!(locale, "key" …): skip the locale expression
                "t" => call
                    .split_once(',')
                    .and_then(|(_, rest)| rest.trim_start().strip_prefix('"')),
                _ => continue,
            };
            if let Some(key) = literal.and_then(|l| l.split_once('"')).map(|(k, _)| k) {
                if is_id(key) {
                    out.entry(key.to_owned()).or_insert(path.clone());
                }
            }
        }
    }
    out
}

mod views;

#[test]
fn every_language_has_every_message_with_the_same_variables() {
    let english = messages(Locale::En);
    assert!(!english.is_empty(), "English messages found");
    for locale in Locale::ALL {
        let translated = messages(locale);
        let missing: Vec<_> = english
            .keys()
            .filter(|k| !translated.contains_key(*k))
            .collect();
        let extra: Vec<_> = translated
            .keys()
            .filter(|k| !english.contains_key(*k))
            .collect();
        assert!(missing.is_empty(), "{locale} lacks {missing:?}");
        assert!(
            extra.is_empty(),
            "{locale} has messages English does not: {extra:?}"
        );
        for (key, vars) in &translated {
            let unknown: Vec<_> = vars.difference(&english[key]).collect();
            assert!(
                unknown.is_empty(),
                "{locale} {key} uses {unknown:?}, which no caller passes"
            );
        }
    }
}

#[test]
fn every_key_the_code_names_exists() {
    let english = messages(Locale::En);
    let unknown: Vec<_> = keys_in_code()
        .into_iter()
        .filter(|(key, _)| !english.contains_key(key))
        .map(|(key, path)| format!("{key} ({})", path.display()))
        .collect();
    assert!(unknown.is_empty(), "no such message: {unknown:?}");
}

#[test]
fn every_message_is_used() {
    let mut sources = String::new();
    let mut paths = Vec::new();
    for dir in CODE {
        files(&root().join(dir), "rs", &mut paths);
    }
    files(&root().join("locales/en"), "ftl", &mut paths);
    for path in paths {
        sources.push_str(&std::fs::read_to_string(path).unwrap());
    }
    let unused: Vec<_> = messages(Locale::En)
        .into_keys()
        .filter(|key| {
            !sources.contains(&format!("\"{key}\"")) && !sources.contains(&format!("{{ {key} }}"))
        })
        .collect();
    assert!(unused.is_empty(), "messages nothing shows: {unused:?}");
}

#[test]
fn plurals_follow_each_language() {
    assert_eq!(t!(Locale::En, "count-chapters", count = 1), "1 chapter");
    assert_eq!(t!(Locale::En, "count-chapters", count = 0), "0 chapters");
    assert_eq!(t!(Locale::Fr, "count-chapters", count = 0), "0 chapitre");
    assert_eq!(t!(Locale::Fr, "count-cards", count = 2), "2 cartes");
    assert_eq!(t!(Locale::De, "count-cards", count = 1), "1 Karte");
    assert_eq!(t!(Locale::Es, "count-cards", count = 5), "5 tarjetas");
}
