//! Reading a story as Twine 2 publishes it ("Publish to File": one `.html` page): the story
//! is a `<tw-storydata name=… startnode=…>` element holding a `<tw-passagedata pid=… name=…
//! tags=…>` per passage, its text HTML-escaped. The same [`TweeStory`] comes out as from a
//! Twee file, so both go the same way after.
//!
//! Only those elements are read; the page's scripts and styles are never run or kept. Bounded
//! as Twee is: [`MAX_TWEE_BYTES`] and [`MAX_TWEE_PASSAGES`].

use super::twee::{links, TweeError, TweePassage, TweeStory, MAX_TWEE_BYTES, MAX_TWEE_PASSAGES};

/// Whether `source` looks like a published Twine 2 story (else it is read as Twee).
pub fn is_html(source: &str) -> bool {
    source.contains("<tw-storydata")
}

/// Reads a published Twine 2 story.
pub fn parse(source: &str) -> Result<TweeStory, TweeError> {
    if source.len() > MAX_TWEE_BYTES {
        return Err(TweeError::TooLarge);
    }
    let Some(data_at) = source.find("<tw-storydata") else {
        return Err(TweeError::NoPassages);
    };
    let data = &source[data_at..];
    let data_tag = &data[..data.find('>').unwrap_or(data.len())];
    let title = attribute(data_tag, "name").filter(|t| !t.trim().is_empty());
    let start_pid = attribute(data_tag, "startnode");
    let mut passages = Vec::new();
    let mut start = None;
    let mut rest = data;
    while let Some(open) = rest.find("<tw-passagedata") {
        let after = &rest[open..];
        let Some(tag_end) = after.find('>') else {
            break;
        };
        let tag = &after[..tag_end];
        let body = &after[tag_end + 1..];
        let close = body.find("</tw-passagedata>").unwrap_or(body.len());
        if passages.len() == MAX_TWEE_PASSAGES {
            return Err(TweeError::TooManyPassages);
        }
        let name = attribute(tag, "name").unwrap_or_default().trim().to_owned();
        let text = unescape(&body[..close]).trim().to_owned();
        let tags: Vec<String> = attribute(tag, "tags")
            .unwrap_or_default()
            .split_whitespace()
            .map(str::to_owned)
            .collect();
        if start_pid.is_some() && attribute(tag, "pid") == start_pid {
            start = Some(name.clone());
        }
        passages.push(TweePassage {
            links: links(&text),
            name,
            tags,
            text,
        });
        rest = &body[close..];
    }
    if passages.is_empty() {
        return Err(TweeError::NoPassages);
    }
    let start = start.or_else(|| passages.first().map(|p| p.name.clone()));
    Ok(TweeStory {
        title,
        start,
        passages,
    })
}

/// The value of `name="…"` (or `'…'`) in a start tag, unescaped.
fn attribute(tag: &str, name: &str) -> Option<String> {
    let mut rest = tag;
    loop {
        let at = rest.find(name)?;
        let before = rest[..at].chars().last();
        let after = rest[at + name.len()..].trim_start();
        rest = &rest[at + name.len()..];
        if !before.is_some_and(char::is_whitespace) {
            continue;
        }
        let Some(value) = after.strip_prefix('=') else {
            continue;
        };
        let value = value.trim_start();
        let quote = value.chars().next()?;
        if quote != '"' && quote != '\'' {
            continue;
        }
        let inner = &value[1..];
        let end = inner.find(quote)?;
        return Some(unescape(&inner[..end]));
    }
}

/// HTML's escapes in Twine's output: the five named ones and numeric ones.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp..];
        let entity = after
            .find(';')
            .filter(|&end| end <= 10)
            .map(|end| &after[1..end]);
        let decoded = entity.and_then(|e| match e {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => e
                .strip_prefix("#x")
                .or_else(|| e.strip_prefix("#X"))
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| e.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        });
        match (decoded, entity) {
            (Some(c), Some(e)) => {
                out.push(c);
                rest = &after[e.len() + 2..];
            }
            _ => {
                out.push('&');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUBLISHED: &str = r#"<!DOCTYPE html><html><head><title>The Cave</title></head><body>
<tw-storydata name="The Cave &amp; the River" startnode="2" creator="Twine" creator-version="2.6.2" format="Harlowe" options="" hidden>
<style role="stylesheet" id="twine-user-stylesheet" type="text/twine-css">body { color: red }</style>
<script role="script" id="twine-user-script" type="text/twine-javascript">alert(1)</script>
<tw-passagedata pid="1" name="Home" tags="end" position="0,0" size="100,100">You are home. The end.</tw-passagedata>
<tw-passagedata pid="2" name="Start" tags="" position="0,0" size="100,100">A dark cave. [[Go in-&gt;The &quot;cave&quot;]] or [[Home]]?</tw-passagedata>
<tw-passagedata pid="3" name="The &quot;cave&quot;" tags="" position="0,0" size="100,100">Bats! &lt;script&gt;x&lt;/script&gt; &#128054; [[Home]]</tw-passagedata>
</tw-storydata></body></html>"#;

    #[test]
    fn a_published_story_reads_as_its_twee_would() {
        assert!(is_html(PUBLISHED));
        let story = parse(PUBLISHED).unwrap();
        assert_eq!(story.title.as_deref(), Some("The Cave & the River"));
        assert_eq!(
            story.start.as_deref(),
            Some("Start"),
            "startnode names it by pid"
        );
        let names: Vec<&str> = story.passages.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Home", "Start", "The \"cave\""]);
        let start = &story.passages[1];
        assert_eq!(start.links[0].label, "Go in");
        assert_eq!(start.links[0].target, "The \"cave\"");
        assert_eq!(start.links[1].target, "Home");
        assert_eq!(story.passages[0].tags, ["end"]);
        // markup in the text stays text: it is spoken, never run
        assert_eq!(
            story.passages[2].spoken_text(),
            "Bats! <script>x</script> 🐶 Home"
        );
    }

    #[test]
    fn hostile_pages_are_bounded() {
        assert_eq!(parse("<html>nothing</html>"), Err(TweeError::NoPassages));
        let huge = format!(
            "<tw-storydata name=\"x\">{}</tw-storydata>",
            "a".repeat(MAX_TWEE_BYTES)
        );
        assert_eq!(parse(&huge), Err(TweeError::TooLarge));
        let many: String = (0..=MAX_TWEE_PASSAGES)
            .map(|i| format!("<tw-passagedata pid=\"{i}\" name=\"p{i}\">t</tw-passagedata>"))
            .collect();
        let page = format!("<tw-storydata name=\"x\" startnode=\"1\">{many}</tw-storydata>");
        assert_eq!(parse(&page), Err(TweeError::TooManyPassages));
        // an unclosed passage or odd entities do not break it
        let odd = "<tw-storydata name='Odd'><tw-passagedata pid=1 name=\"A\">x &bogus; &#xZZ; & y";
        let story = parse(odd).unwrap();
        assert_eq!(story.passages[0].text, "x &bogus; &#xZZ; & y");
        assert_eq!(story.title.as_deref(), Some("Odd"));
    }
}
