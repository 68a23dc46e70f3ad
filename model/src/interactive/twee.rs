//! Reading a Twine story in Twee 3, the text form the platform's own converter reads
//! (`yotoplay/twine-to-yoto`): `:: Name [tags] {metadata}` starts a passage, `[[…]]` are its
//! links, `StoryTitle` names the story and `StoryData` (JSON) says where it starts.
//!
//! Links in every form Twine writes: `[[Target]]`, `[[Words|Target]]`, `[[Words->Target]]`,
//! `[[Target<-Words]]`, with a story format's setter (`][$x to 1]`) dropped. As the
//! converter does, a passage's first link becomes the left button, the second the right,
//! and a third the way on by itself.
//!
//! Hostile input is bounded: at most [`MAX_TWEE_BYTES`] and [`MAX_TWEE_PASSAGES`]; names and
//! words are plain text here and are checked again where they are used.

/// The largest Twee file read (a long story is a few hundred KB).
pub const MAX_TWEE_BYTES: usize = 2 * 1024 * 1024;
/// The most passages read; a card then holds at most [`super::MAX_PASSAGES`].
pub const MAX_TWEE_PASSAGES: usize = 1000;

/// A story as Twee wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TweeStory {
    pub title: Option<String>,
    /// The passage it starts at: `StoryData`'s `start`, else a passage named `Start`, else
    /// the first.
    pub start: Option<String>,
    pub passages: Vec<TweePassage>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TweePassage {
    pub name: String,
    pub tags: Vec<String>,
    /// The passage as written, links included.
    pub text: String,
    pub links: Vec<TweeLink>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TweeLink {
    /// The words the story shows (and a voice reads) for it.
    pub label: String,
    pub target: String,
}

/// Why a file is not a story.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TweeError {
    TooLarge,
    TooManyPassages,
    NoPassages,
}

impl std::fmt::Display for TweeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::TooLarge => "the story file is larger than 2 MiB",
            Self::TooManyPassages => "the story has more than 1,000 passages",
            Self::NoPassages => "no passage found: a Twee story starts each with “:: Name”",
        })
    }
}

impl TweePassage {
    /// The text as a voice reads it: each link as its words, no markup around them.
    pub fn spoken_text(&self) -> String {
        let spoken: String = segments(&self.text)
            .into_iter()
            .map(|segment| match segment {
                Segment::Text(text) => text,
                Segment::Link(link) => link.map_or("", |l| l.label),
            })
            .collect();
        spoken.trim().to_owned()
    }
}

/// Reads a Twee 3 story. Passages tagged `script` or `stylesheet` (code, not story) and the
/// special `StoryTitle` / `StoryData` passages are not passages of the story.
pub fn parse(source: &str) -> Result<TweeStory, TweeError> {
    if source.len() > MAX_TWEE_BYTES {
        return Err(TweeError::TooLarge);
    }
    let mut title = None;
    let mut data_start = None;
    let mut passages: Vec<TweePassage> = Vec::new();
    let mut current: Option<(String, Vec<String>, Vec<&str>)> = None;
    let mut finish = |current: Option<(String, Vec<String>, Vec<&str>)>,
                      passages: &mut Vec<TweePassage>|
     -> Result<(), TweeError> {
        let Some((name, tags, lines)) = current else {
            return Ok(());
        };
        let text = lines.join("\n").trim().to_owned();
        match name.as_str() {
            "StoryTitle" => title = Some(text).filter(|t| !t.is_empty()),
            "StoryData" => {
                data_start = serde_json::from_str::<serde_json::Value>(&text)
                    .ok()
                    .and_then(|d| d.get("start")?.as_str().map(str::to_owned));
            }
            _ if tags.iter().any(|t| t == "script" || t == "stylesheet") => {}
            _ => {
                if passages.len() == MAX_TWEE_PASSAGES {
                    return Err(TweeError::TooManyPassages);
                }
                let links = links(&text);
                passages.push(TweePassage {
                    name,
                    tags,
                    text,
                    links,
                });
            }
        }
        Ok(())
    };
    for line in source.lines() {
        match line.strip_prefix("::") {
            Some(header) => {
                finish(current.take(), &mut passages)?;
                let (name, tags) = header_of(header);
                current = Some((name, tags, Vec::new()));
            }
            None => {
                if let Some((_, _, lines)) = current.as_mut() {
                    lines.push(line);
                }
            }
        }
    }
    finish(current.take(), &mut passages)?;
    if passages.is_empty() {
        return Err(TweeError::NoPassages);
    }
    let start = data_start
        .filter(|s| passages.iter().any(|p| &p.name == s))
        .or_else(|| {
            passages
                .iter()
                .find(|p| p.name == "Start")
                .map(|p| p.name.clone())
        })
        .or_else(|| passages.first().map(|p| p.name.clone()));
    Ok(TweeStory {
        title,
        start,
        passages,
    })
}

/// `Name [tag tag] {"metadata"}` → the name (escapes undone) and its tags.
fn header_of(header: &str) -> (String, Vec<String>) {
    let mut name = String::new();
    let mut chars = header.trim().chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => name.extend(chars.next()),
            '[' | '{' => {
                let rest: String = std::iter::once(c).chain(chars).collect();
                let tags = rest
                    .strip_prefix('[')
                    .and_then(|r| r.split_once(']'))
                    .map(|(tags, _)| tags.split_whitespace().map(str::to_owned).collect())
                    .unwrap_or_default();
                return (name.trim().to_owned(), tags);
            }
            _ => name.push(c),
        }
    }
    (name.trim().to_owned(), Vec::new())
}

/// Every `[[…]]` link of a passage's text, in order.
pub(super) fn links(text: &str) -> Vec<TweeLink> {
    segments(text)
        .into_iter()
        .filter_map(|segment| match segment {
            Segment::Link(Some(link)) => Some(TweeLink {
                label: link.label.to_owned(),
                target: link.target.to_owned(),
            }),
            _ => None,
        })
        .collect()
}

/// A passage's text cut into plain text and links (`None`: an empty link, `[[]]`).
enum Segment<'a> {
    Text(&'a str),
    Link(Option<LinkParts<'a>>),
}

struct LinkParts<'a> {
    label: &'a str,
    target: &'a str,
}

/// Cuts `text` at its links. A `[[` whose link does not close on the same line, or that
/// another `[[` comes before the close of, is plain text.
fn segments(text: &str) -> Vec<Segment<'_>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find("[[") {
        let after = &rest[open + 2..];
        let inside = after
            .find("]]")
            .map(|close| &after[..close])
            .filter(|inside| !inside.contains('\n') && !inside.contains("[["));
        match inside {
            Some(inside) => {
                out.push(Segment::Text(&rest[..open]));
                out.push(Segment::Link(link(inside)));
                rest = &after[inside.len() + 2..];
            }
            None => {
                out.push(Segment::Text(&rest[..open + 2]));
                rest = after;
            }
        }
    }
    out.push(Segment::Text(rest));
    out
}

/// One link's inside: `Target`, `Words|Target`, `Words->Target` or `Target<-Words`, with a
/// setter (`][…`) dropped.
fn link(inside: &str) -> Option<LinkParts<'_>> {
    let inside = inside.split("][").next().unwrap_or(inside);
    let (label, target) = if let Some((label, target)) = inside.split_once('|') {
        (label, target)
    } else if let Some((label, target)) = inside.rsplit_once("->") {
        (label, target)
    } else if let Some((target, label)) = inside.split_once("<-") {
        (label, target)
    } else {
        (inside, inside)
    };
    let (label, target) = (label.trim(), target.trim());
    (!target.is_empty()).then_some(LinkParts { label, target })
}

#[cfg(test)]
mod tests;
