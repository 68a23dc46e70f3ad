//! Renaming by pattern: a rename batch's recipe applied to one title. Pure, so the preview,
//! the batch and the tests all run the very same steps.

use cardsmith_model::titles::without_track_number;
use cardsmith_model::track_batch::RenamePattern;
use regex::{NoExpand, Regex, RegexBuilder};

use crate::{CoreError, CoreResult};

/// Most memory a compiled pattern may take: far above any sensible find text, far below
/// anything that could hurt the server (Rust's regex engine runs in linear time, so the size
/// is the only thing a hostile pattern could push).
const PATTERN_MAX_BYTES: usize = 1 << 20;

/// Words title case leaves in lower case, except at the start.
const SMALL_WORDS: &[&str] = &[
    "a", "an", "and", "as", "at", "but", "by", "for", "in", "of", "on", "or", "the", "to",
];

/// A rename recipe, checked and compiled once for all the titles of a batch.
pub struct Renamer {
    find: Option<Regex>,
    replace: String,
    literal: bool,
    strip_leading_numbers: bool,
    title_case: bool,
}

impl Renamer {
    /// Compiles `pattern`; a regular expression that does not parse is a 422 on `rename/find`.
    pub fn new(pattern: &RenamePattern) -> CoreResult<Self> {
        let find = if pattern.find.is_empty() {
            None
        } else {
            let source = if pattern.regex {
                pattern.find.clone()
            } else {
                regex::escape(&pattern.find)
            };
            let compiled = RegexBuilder::new(&source)
                .case_insensitive(pattern.ignore_case)
                .size_limit(PATTERN_MAX_BYTES)
                .dfa_size_limit(PATTERN_MAX_BYTES)
                .build()
                .map_err(|e| CoreError::invalid("rename/find", regex_problem(&e)))?;
            Some(compiled)
        };
        Ok(Self {
            find,
            replace: pattern.replace.clone(),
            literal: !pattern.regex,
            strip_leading_numbers: pattern.strip_leading_numbers,
            title_case: pattern.title_case,
        })
    }

    /// The new title for `title` (trimmed; may be empty, which the batch refuses).
    pub fn apply(&self, title: &str) -> String {
        let mut out = title.to_owned();
        if self.strip_leading_numbers {
            out = without_track_number(out.trim_start()).to_owned();
        }
        if let Some(find) = &self.find {
            out = if self.literal {
                find.replace_all(&out, NoExpand(&self.replace)).into_owned()
            } else {
                find.replace_all(&out, self.replace.as_str()).into_owned()
            };
        }
        if self.title_case {
            out = title_case(&out);
        }
        out.trim().to_owned()
    }
}

/// Why a regular expression was refused, in a sentence (the engine's own message names the
/// position; it holds nothing of ours).
fn regex_problem(e: &regex::Error) -> String {
    match e {
        regex::Error::CompiledTooBig(_) => "is too complex a regular expression".into(),
        regex::Error::Syntax(text) => {
            let last = text.lines().last().unwrap_or("").trim();
            format!("is not a valid regular expression: {last}")
        }
        _ => "is not a valid regular expression".into(),
    }
}

/// Each word capitalised but the small ones inside the title; the rest of each word is left
/// as written ("BBC" stays).
pub fn title_case(title: &str) -> String {
    let mut out = String::with_capacity(title.len());
    let mut first_word = true;
    for (i, word) in title.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let small = !first_word && SMALL_WORDS.contains(&word.to_lowercase().as_str());
        let mut chars = word.chars();
        match chars.next() {
            Some(c) if !small => {
                out.extend(c.to_uppercase());
                out.push_str(chars.as_str());
            }
            _ => out.push_str(word),
        }
        if !word.is_empty() {
            first_word = false;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn renamer(p: RenamePattern) -> Renamer {
        Renamer::new(&p).unwrap()
    }

    #[test]
    fn literal_text_is_replaced_everywhere_and_dollars_stay_dollars() {
        let r = renamer(RenamePattern {
            find: "Chapter".into(),
            replace: "Part $1".into(),
            ..Default::default()
        });
        assert_eq!(r.apply("Chapter 3: Chapter"), "Part $1 3: Part $1");
        let r = renamer(RenamePattern {
            find: "chapter".into(),
            replace: "Part".into(),
            ignore_case: true,
            ..Default::default()
        });
        assert_eq!(r.apply("CHAPTER 3"), "Part 3");
    }

    #[test]
    fn a_regular_expression_can_move_groups_around() {
        let r = renamer(RenamePattern {
            find: r"^Track (\d+) - (.*)$".into(),
            replace: "$2 ($1)".into(),
            regex: true,
            ..Default::default()
        });
        assert_eq!(r.apply("Track 07 - The Owl"), "The Owl (07)");
        assert_eq!(r.apply("Other"), "Other");
    }

    #[test]
    fn a_bad_or_huge_expression_is_refused_on_the_field() {
        for find in ["(unclosed", r"\p{NoSuchClass}", "(?:a{1000}){1000}"] {
            let e = Renamer::new(&RenamePattern {
                find: find.into(),
                regex: true,
                ..Default::default()
            })
            .err()
            .unwrap();
            let CoreError::Invalid(errors) = e else {
                panic!("{find}: {e:?}")
            };
            assert_eq!(errors[0].pointer, "/rename/find", "{find}");
        }
    }

    #[test]
    fn numbering_is_stripped_and_titles_cased_in_that_order() {
        let strip = renamer(RenamePattern {
            strip_leading_numbers: true,
            ..Default::default()
        });
        for (title, stripped) in [
            ("01 - owls", "owls"),
            ("3. Bats", "Bats"),
            ("12_Moths", "Moths"),
            ("1984", "1984"),
            ("Owls 3", "Owls 3"),
        ] {
            assert_eq!(strip.apply(title), stripped);
        }
        let r = renamer(RenamePattern {
            strip_leading_numbers: true,
            title_case: true,
            ..Default::default()
        });
        assert_eq!(
            r.apply("02 - the owl and the pussycat"),
            "The Owl and the Pussycat"
        );
        assert_eq!(
            title_case("a BBC story of  the sea"),
            "A BBC Story of  the Sea"
        );
    }
}
