//! Which glyphs suit a chapter: the words of its icon prompt, title and description (and a
//! variations prompt) against each glyph's keywords. Words are compared after a light
//! stemming (plurals and a few endings: "stars" → "star", "bunnies" → "bunny", "sleepy" →
//! "sleep"), and multi-word keywords ("ice cream") match as phrases. The order is fixed, so
//! the same words always pick the same glyph.

use super::library::{self, Glyph};

/// How much a hit counts, by where the word was found: what the editor asked for the icon
/// first, then the chapter's title, then its description.
#[derive(Debug, Clone, Copy)]
pub struct Weighted<'a> {
    pub text: &'a str,
    pub weight: u32,
}

/// Glyphs that match, best first (ties: library order); empty when nothing matches.
pub fn ranked(texts: &[Weighted<'_>]) -> Vec<&'static Glyph> {
    let prepared: Vec<(Vec<String>, u32)> =
        texts.iter().map(|t| (words(t.text), t.weight)).collect();
    let mut scored: Vec<(u32, usize, &'static Glyph)> = library::all()
        .enumerate()
        .filter_map(|(order, glyph)| {
            let score: u32 = prepared
                .iter()
                .map(|(words, weight)| hits(glyph, words) * weight)
                .sum();
            (score > 0).then_some((score, order, glyph))
        })
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().map(|(_, _, g)| g).collect()
}

/// Words too common to say what a title is about; a match is judged on the others.
const FILLER: &[&str] = &[
    "a", "an", "and", "at", "by", "chapter", "for", "in", "of", "on", "or", "part", "the", "to",
    "track", "with",
];

/// The glyph that suits a chapter title best and how sure the match is (0–1): the share of
/// the title's meaningful words its keywords cover ("Owl" → 1, "The Owl and the Pussycat" →
/// ½). `None` when no glyph matches.
pub fn title_match(title: &str) -> Option<(&'static Glyph, f32)> {
    let texts = [Weighted {
        text: title,
        weight: 1,
    }];
    let glyph = *ranked(&texts).first()?;
    let all = words(title);
    let meaningful = all
        .iter()
        .filter(|w| !FILLER.contains(&w.as_str()) && !w.chars().all(|c| c.is_ascii_digit()))
        .count()
        .max(1);
    Some((
        glyph,
        (hits(glyph, &all) as f32 / meaningful as f32).min(1.0),
    ))
}

/// Lower-case stemmed words of `text` (letters and digits; everything else separates).
pub fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(stem)
        .collect()
}

/// How many times `glyph`'s keywords occur in `words` (a phrase counts once per place).
fn hits(glyph: &Glyph, words: &[String]) -> u32 {
    let mut count = 0;
    for keyword in &glyph.keywords {
        let key: Vec<String> = words_of_keyword(keyword);
        if key.is_empty() || key.len() > words.len() {
            continue;
        }
        count += words
            .windows(key.len())
            .filter(|window| *window == key.as_slice())
            .count() as u32;
    }
    count
}

fn words_of_keyword(keyword: &str) -> Vec<String> {
    words(keyword)
}

/// A word without its plural or common ending, so both sides of a comparison meet in the
/// middle: "stars"/"star", "bunnies"/"bunny", "foxes"/"fox", "sleepy"/"sleep",
/// "dancing"/"dance" stays "danc" on both sides.
pub fn stem(word: &str) -> String {
    let w = word;
    let n = w.chars().count();
    if n <= 3 {
        return w.to_owned();
    }
    for (ending, replacement, shortest) in [
        ("ies", "y", 2),
        ("xes", "x", 2),
        ("ches", "ch", 2),
        ("shes", "sh", 2),
        ("sses", "ss", 2),
        ("ing", "", 3),
        ("ed", "", 3),
    ] {
        if let Some(base) = w.strip_suffix(ending) {
            if base.chars().count() >= shortest {
                return strip_y(&format!("{base}{replacement}"));
            }
        }
    }
    if let Some(base) = w.strip_suffix('s') {
        if !base.ends_with('s') && !base.ends_with('u') && base.chars().count() >= 3 {
            return strip_y(base);
        }
    }
    strip_y(w)
}

/// "sleepy" → "sleep", "starry" → "starr" (and "star"…): an adjective's final y goes.
fn strip_y(word: &str) -> String {
    match word.strip_suffix('y') {
        Some(base) if base.chars().count() >= 4 => {
            // "starry" → "star": a doubled consonant before the y goes too
            let mut chars: Vec<char> = base.chars().collect();
            let len = chars.len();
            if len >= 2 && chars[len - 1] == chars[len - 2] && !"aeiou".contains(chars[len - 1]) {
                chars.pop();
            }
            chars.into_iter().collect()
        }
        _ => word.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn best(title: &str) -> Option<&'static str> {
        ranked(&[Weighted {
            text: title,
            weight: 1,
        }])
        .first()
        .map(|g| g.name.as_str())
    }

    #[test]
    fn stems_meet_in_the_middle() {
        assert_eq!(stem("stars"), stem("star"));
        assert_eq!(stem("bunnies"), stem("bunny"));
        assert_eq!(stem("foxes"), stem("fox"));
        assert_eq!(stem("sleepy"), stem("sleep"));
        assert_eq!(stem("starry"), stem("star"));
        assert_eq!(stem("boats"), "boat");
        assert_eq!(stem("bus"), "bus");
        assert_eq!(stem("dress"), "dress");
    }

    #[test]
    fn titles_pick_their_glyph() {
        assert_eq!(best("The Moon"), Some("moon"));
        assert_eq!(best("Three little Foxes"), Some("fox"));
        assert_eq!(best("Bunnies in the garden"), Some("rabbit"));
        assert_eq!(best("We eat ice cream"), Some("icecream"));
        assert_eq!(best("A trip on the TRAIN!"), Some("train"));
        assert_eq!(best("Der Mond"), Some("moon"));
        assert_eq!(best("Chapter 3"), None);
        assert_eq!(best(""), None);
    }

    #[test]
    fn the_icon_prompt_outweighs_the_title() {
        let picked = ranked(&[
            Weighted {
                text: "a rocket",
                weight: 4,
            },
            Weighted {
                text: "The cat and the moon",
                weight: 2,
            },
        ]);
        assert_eq!(picked[0].name, "rocket");
        assert!(picked.iter().any(|g| g.name == "cat"));
        assert!(picked.iter().any(|g| g.name == "moon"));
    }
}
