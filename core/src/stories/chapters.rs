//! A story's text cut into chapters: one track each, each short enough for one synthesis.
//!
//! A parent (or a model) may mark chapters with headings (`Chapter 2: The Boat`, `# The
//! Boat`); those are kept, with their titles. Unmarked text is cut at paragraph ends into
//! chapters of about [`TARGET_WORDS`] words (a few minutes of listening, so the player's
//! chapter buttons are useful), and a paragraph too long for one synthesis at sentence ends.

use crate::tts::MAX_TEXT_CHARS;

/// Words an unmarked chapter aims for: about two and a half minutes at a storyteller's pace.
pub const TARGET_WORDS: usize = 350;

/// One chapter: its title and the text to speak.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chapter {
    pub title: String,
    pub text: String,
}

/// The chapters of `text`, none longer than [`MAX_TEXT_CHARS`]; empty for blank text.
pub fn split(text: &str) -> Vec<Chapter> {
    let marked = marked_sections(text);
    let sections = if marked.iter().any(|(title, _)| title.is_some()) {
        marked
    } else {
        vec![(None, text.to_owned())]
    };
    let mut chapters = Vec::new();
    for (title, body) in sections {
        let pieces = if title.is_some() {
            fit(&paragraphs(&body), usize::MAX)
        } else {
            fit(&paragraphs(&body), TARGET_WORDS)
        };
        let single = pieces.len() == 1;
        for (i, piece) in pieces.into_iter().enumerate() {
            let title = match &title {
                Some(t) if single => t.clone(),
                Some(t) => format!("{t} ({})", i + 1),
                None => String::new(),
            };
            chapters.push(Chapter { title, text: piece });
        }
    }
    for (n, chapter) in chapters.iter_mut().enumerate() {
        if chapter.title.is_empty() {
            chapter.title = format!("Chapter {}", n + 1);
        }
    }
    chapters
}

/// The text cut at heading lines: `(heading, body)` in order; text before the first heading
/// has no heading.
fn marked_sections(text: &str) -> Vec<(Option<String>, String)> {
    let mut sections: Vec<(Option<String>, String)> = vec![(None, String::new())];
    for line in text.lines() {
        if let Some(title) = heading(line) {
            sections.push((Some(title), String::new()));
        } else {
            let body = &mut sections.last_mut().expect("never empty").1;
            body.push_str(line);
            body.push('\n');
        }
    }
    sections.retain(|(title, body)| title.is_some() || !body.trim().is_empty());
    // a heading with nothing under it is not a chapter
    sections.retain(|(_, body)| !body.trim().is_empty());
    sections
}

/// The title a heading line gives its chapter: `# Title`, `Chapter 3`, `Chapter 3: Title`,
/// `Chapter Three - Title`.
fn heading(line: &str) -> Option<String> {
    let line = line.trim();
    if let Some(rest) = line.strip_prefix('#') {
        let title = rest.trim_start_matches('#').trim();
        return (!title.is_empty() && title.chars().count() <= 120).then(|| title.to_owned());
    }
    let lower = line.to_lowercase();
    let rest = lower.strip_prefix("chapter ")?;
    let number_len = rest.find([':', '-', '.', '—']).unwrap_or(rest.len());
    let number = rest[..number_len].trim();
    if number.is_empty() || number.split_whitespace().count() > 2 || line.chars().count() > 120 {
        return None;
    }
    let after = line
        .get("chapter ".len() + number_len..)
        .unwrap_or_default()
        .trim_start_matches([':', '-', '.', '—'])
        .trim();
    Some(if after.is_empty() {
        line.trim_end_matches([':', '.']).to_owned()
    } else {
        after.to_owned()
    })
}

/// Paragraphs: runs of non-blank lines joined with spaces.
fn paragraphs(text: &str) -> Vec<String> {
    text.split("\n\n")
        .flat_map(|block| block.split("\r\n\r\n"))
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty())
        .collect()
}

/// Paragraphs grouped into pieces of about `target_words` (never more than fits one
/// synthesis); a paragraph longer than that is cut at sentence ends first.
fn fit(paragraphs: &[String], target_words: usize) -> Vec<String> {
    let units: Vec<String> = paragraphs
        .iter()
        .flat_map(|p| {
            if p.chars().count() <= MAX_TEXT_CHARS {
                vec![p.clone()]
            } else {
                sentences_within(p, MAX_TEXT_CHARS)
            }
        })
        .collect();
    let mut pieces: Vec<String> = Vec::new();
    let mut current = String::new();
    for unit in units {
        let words = |s: &str| s.split_whitespace().count();
        let joined = current.chars().count() + 2 + unit.chars().count();
        if !current.is_empty() && (joined > MAX_TEXT_CHARS || words(&current) >= target_words) {
            pieces.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push_str("\n\n");
        }
        current.push_str(&unit);
    }
    if !current.is_empty() {
        pieces.push(current);
    }
    pieces
}

/// `text` cut after sentence ends into pieces of at most `max` characters (a sentence longer
/// than that is cut at a space, or anywhere as a last resort).
fn sentences_within(text: &str, max: usize) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut current = String::new();
    for sentence in text.split_inclusive(['.', '!', '?']) {
        let mut sentence = sentence.trim().to_owned();
        if sentence.is_empty() {
            continue;
        }
        while sentence.chars().count() > max {
            let cut: String = sentence.chars().take(max).collect();
            let at = cut.rfind(' ').filter(|i| *i > 0).unwrap_or(cut.len());
            if !current.is_empty() {
                pieces.push(std::mem::take(&mut current));
            }
            pieces.push(sentence[..at].trim().to_owned());
            sentence = sentence[at..].trim().to_owned();
        }
        if current.chars().count() + 1 + sentence.chars().count() > max && !current.is_empty() {
            pieces.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(&sentence);
    }
    if !current.trim().is_empty() {
        pieces.push(current);
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_make_chapters_with_their_titles() {
        let text = "Once upon a time.\n\nChapter 1: The Boat\nMia found a boat.\n\n\
                    It was blue.\n# The Island\nThey sailed away.\nChapter Three\nHome again.";
        let chapters = split(text);
        let titles: Vec<_> = chapters.iter().map(|c| c.title.as_str()).collect();
        assert_eq!(
            titles,
            ["Chapter 1", "The Boat", "The Island", "Chapter Three"]
        );
        assert_eq!(chapters[1].text, "Mia found a boat.\n\nIt was blue.");
        assert_eq!(chapters[0].text, "Once upon a time.");
    }

    #[test]
    fn unmarked_text_is_cut_at_paragraphs_into_chapters_of_a_few_minutes() {
        let paragraph = "word ".repeat(200);
        let text = [paragraph.trim(); 5].join("\n\n");
        let chapters = split(&text);
        assert_eq!(chapters.len(), 3, "200+200 | 200+200 | 200");
        assert_eq!(chapters[2].title, "Chapter 3");
        assert!(chapters
            .iter()
            .all(|c| c.text.chars().count() <= MAX_TEXT_CHARS));
    }

    #[test]
    fn a_paragraph_too_long_for_one_synthesis_is_cut_at_sentences() {
        let text = "The fox ran far. ".repeat(800); // ~13,600 characters, one paragraph
        let chapters = split(&text);
        assert!(chapters.len() >= 3);
        for c in &chapters {
            assert!(c.text.chars().count() <= MAX_TEXT_CHARS);
            assert!(c.text.ends_with('.'), "cut at a sentence end");
        }
        let words: usize = chapters
            .iter()
            .map(|c| c.text.split_whitespace().count())
            .sum();
        assert_eq!(words, 800 * 4, "nothing lost");
    }

    #[test]
    fn blank_text_has_no_chapters_and_a_bare_heading_is_not_one() {
        assert!(split("  \n\n ").is_empty());
        assert_eq!(split("# Empty\n\nChapter 2\nText.").len(), 1);
    }
}
