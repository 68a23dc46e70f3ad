//! Reading a podcast or audio feed (RSS 2.0, Atom, RSS 1.0, JSON Feed) with `feed-rs`: its
//! title, its artwork, and its episodes that carry audio, newest first. The XML reader
//! (quick-xml) resolves no external entity and expands no entity a document declares, so a
//! feed cannot read a file of ours (XXE) nor grow itself a billion times (billion laughs).

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use reqwest::Url;

/// Why a document is refused (a field error of the feed's address).
pub const NOT_A_FEED: &str = "is not a feed Cardsmith can read";

/// What a feed says, as a card needs it.
#[derive(Debug, Clone, PartialEq)]
pub struct FeedInfo {
    pub title: String,
    /// The show's artwork (iTunes image, RSS image, Atom logo or icon).
    pub image: Option<Url>,
    /// Episodes with audio, newest first; the same episode (by id) once.
    pub episodes: Vec<Episode>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Episode {
    /// The feed's id for it (RSS `guid`, Atom `id`), stable across refreshes.
    pub id: String,
    pub title: String,
    pub published: Option<DateTime<Utc>>,
    /// The audio file.
    pub audio: Url,
    /// Its declared length in bytes, when the feed says.
    pub size: Option<u64>,
}

/// Entries read of one feed (a feed of hourly news over years lists thousands; the card keeps
/// at most 50 of the newest, which a feed lists first).
const MAX_ENTRIES: usize = 2_000;
/// Longest address kept (a stream track's address is limited so).
pub const MAX_URL_CHARS: usize = 2_000;
/// Longest episode id kept as it is; a longer one is kept as its digest.
const MAX_ID_CHARS: usize = 200;

/// A title as Cardsmith keeps it: trimmed, at most a name's length.
fn short(text: &str) -> String {
    text.trim()
        .chars()
        .take(cardsmith_model::validate::NAME_MAX_CHARS)
        .collect::<String>()
        .trim()
        .to_owned()
}

/// The episode's id as stored: itself when short, else its SHA-256 (stable across refreshes
/// all the same, and within what an index takes).
fn stable_id(id: &str) -> String {
    if id.chars().count() <= MAX_ID_CHARS {
        id.to_owned()
    } else {
        use sha2::Digest;
        format!(
            "sha256:{}",
            hex::encode(sha2::Sha256::digest(id.as_bytes()))
        )
    }
}

/// Reads the feed in `bytes`, fetched from `base` (relative links resolve there).
pub fn read(bytes: &[u8], base: &Url) -> Result<FeedInfo, String> {
    let feed = feed_rs::parser::Builder::new()
        .base_uri(Some(base.as_str()))
        .build()
        .parse(bytes)
        .map_err(|e| {
            // what the parser found is for the log; the parent reads the one sentence
            tracing::info!(error = %e, "a feed could not be parsed");
            NOT_A_FEED.to_owned()
        })?;
    let title = feed
        .title
        .map(|t| short(&t.content))
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| base.host_str().unwrap_or("Podcast").to_owned());
    let image = feed
        .logo
        .or(feed.icon)
        .and_then(|i| base.join(&i.uri).ok())
        .filter(|u| u.as_str().len() <= MAX_URL_CHARS);
    let mut episodes: Vec<Episode> = Vec::new();
    let mut seen = HashSet::new();
    for entry in feed.entries.into_iter().take(MAX_ENTRIES) {
        let Some((audio, size)) = audio_of(&entry, base) else {
            continue;
        };
        let id = stable_id(if entry.id.trim().is_empty() {
            audio.as_str()
        } else {
            entry.id.trim()
        });
        if !seen.insert(id.clone()) {
            continue;
        }
        let title = entry
            .title
            .map(|t| short(&t.content))
            .filter(|t| !t.is_empty())
            .unwrap_or_else(|| "Episode".to_owned());
        episodes.push(Episode {
            id,
            title,
            published: entry.published.or(entry.updated),
            audio,
            size,
        });
    }
    // newest first; undated episodes keep the feed's order after the dated ones
    episodes.sort_by_key(|e| std::cmp::Reverse(e.published));
    Ok(FeedInfo {
        title,
        image,
        episodes,
    })
}

/// The entry's audio: an enclosure or media content typed as audio (or untyped, with an
/// audio file's extension), else an Atom `rel="enclosure"` link of that kind.
fn audio_of(entry: &feed_rs::model::Entry, base: &Url) -> Option<(Url, Option<u64>)> {
    let media = entry.media.iter().flat_map(|m| &m.content).find_map(|c| {
        let url = c
            .url
            .as_ref()
            .filter(|u| u.as_str().len() <= MAX_URL_CHARS)?;
        let kind = c.content_type.as_ref().map(|t| t.to_string());
        is_audio(kind.as_deref(), url.as_str()).then(|| (url.clone(), c.size))
    });
    media.or_else(|| {
        entry
            .links
            .iter()
            .filter(|l| l.rel.as_deref() == Some("enclosure"))
            .find(|l| is_audio(l.media_type.as_deref(), &l.href))
            .and_then(|l| Some((base.join(&l.href).ok()?, l.length)))
            .filter(|(url, _)| url.as_str().len() <= MAX_URL_CHARS)
    })
}

fn is_audio(kind: Option<&str>, url: &str) -> bool {
    match kind {
        Some(kind) => kind.starts_with("audio/"),
        None => {
            let path = url.split(['?', '#']).next().unwrap_or(url).to_lowercase();
            [".mp3", ".m4a", ".aac", ".ogg", ".opus", ".flac", ".wav"]
                .iter()
                .any(|ext| path.ends_with(ext))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> Url {
        Url::parse("https://pod.example/show/feed.xml").unwrap()
    }

    const RSS: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel>
  <title>Bedtime Owls</title>
  <itunes:image href="https://pod.example/art.jpg"/>
  <item><title>Older</title><guid>ep-1</guid><pubDate>Mon, 02 Nov 2026 08:00:00 GMT</pubDate>
    <enclosure url="https://cdn.example/1.mp3" type="audio/mpeg" length="1234"/></item>
  <item><title>Newest</title><guid>ep-3</guid><pubDate>Mon, 16 Nov 2026 08:00:00 GMT</pubDate>
    <enclosure url="/media/3.mp3" type="audio/mpeg" length="99"/></item>
  <item><title>A video</title><guid>ep-v</guid><pubDate>Tue, 17 Nov 2026 08:00:00 GMT</pubDate>
    <enclosure url="https://cdn.example/v.mp4" type="video/mp4"/></item>
  <item><title>Just words</title><guid>ep-w</guid></item>
  <item><title>Middle</title><guid>ep-2</guid><pubDate>Mon, 09 Nov 2026 08:00:00 GMT</pubDate>
    <enclosure url="https://cdn.example/2.m4a" type="audio/x-m4a"/></item>
</channel>
</rss>"#;

    #[test]
    fn episodes_with_audio_come_newest_first_with_the_shows_art() {
        let info = read(RSS.as_bytes(), &base()).unwrap();
        assert_eq!(info.title, "Bedtime Owls");
        assert_eq!(info.image.unwrap().as_str(), "https://pod.example/art.jpg");
        let titles: Vec<&str> = info.episodes.iter().map(|e| e.title.as_str()).collect();
        assert_eq!(titles, ["Newest", "Middle", "Older"]);
        assert_eq!(
            info.episodes[0].audio.as_str(),
            "https://pod.example/media/3.mp3"
        );
        assert_eq!(info.episodes[0].id, "ep-3");
        assert_eq!(info.episodes[2].size, Some(1234));
    }

    #[test]
    fn what_a_feed_says_is_kept_within_bounds() {
        let long_id = "g".repeat(5_000);
        let long_title = "T".repeat(1_000);
        let mut items = format!(
            "<item><title>{long_title}</title><guid>{long_id}</guid>\
             <enclosure url=\"https://cdn.example/long.mp3\" type=\"audio/mpeg\"/></item>"
        );
        for n in 0..3_000 {
            items.push_str(&format!(
                "<item><title>N{n}</title><guid>n-{n}</guid>\
                 <enclosure url=\"https://cdn.example/{n}.mp3\" type=\"audio/mpeg\"/></item>"
            ));
        }
        let rss =
            format!("<rss version=\"2.0\"><channel><title>Many</title>{items}</channel></rss>");
        let info = read(rss.as_bytes(), &base()).unwrap();
        assert_eq!(info.episodes.len(), MAX_ENTRIES);
        let first = &info.episodes[0];
        assert_eq!(first.title.chars().count(), 120);
        assert!(first.id.starts_with("sha256:") && first.id.len() < MAX_ID_CHARS);
        // the same id each time the feed is read
        let again = read(rss.as_bytes(), &base()).unwrap();
        assert_eq!(again.episodes[0].id, first.id);
    }

    #[test]
    fn atom_enclosure_links_are_episodes_too() {
        let atom = r#"<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom Owls</title><id>urn:x</id><updated>2026-11-01T00:00:00Z</updated>
<logo>/logo.png</logo>
<entry><title>One</title><id>urn:1</id><updated>2026-11-02T00:00:00Z</updated>
<link rel="enclosure" type="audio/mpeg" href="https://cdn.example/a.mp3" length="5"/></entry>
</feed>"#;
        let info = read(atom.as_bytes(), &base()).unwrap();
        assert_eq!(info.title, "Atom Owls");
        assert_eq!(info.episodes.len(), 1);
        assert_eq!(info.episodes[0].audio.as_str(), "https://cdn.example/a.mp3");
    }

    #[test]
    fn entities_never_read_files_nor_multiply() {
        let xxe = r#"<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<rss version="2.0"><channel><title>&xxe;</title>
<item><title>&xxe;</title><guid>1</guid><enclosure url="https://cdn.example/1.mp3" type="audio/mpeg"/></item>
</channel></rss>"#;
        match read(xxe.as_bytes(), &base()) {
            Ok(info) => {
                assert!(!info.title.contains("root:"), "{}", info.title);
                assert!(info.episodes.iter().all(|e| !e.title.contains("root:")));
            }
            Err(e) => assert!(e.contains("is not a feed"), "{e}"),
        }
        let mut laughs =
            String::from("<?xml version=\"1.0\"?>\n<!DOCTYPE rss [\n<!ENTITY l0 \"lol\">\n");
        for n in 1..10 {
            let refs = format!("&l{};", n - 1).repeat(10);
            laughs.push_str(&format!("<!ENTITY l{n} \"{refs}\">\n"));
        }
        laughs.push_str("]>\n<rss version=\"2.0\"><channel><title>&l9;</title></channel></rss>");
        match read(laughs.as_bytes(), &base()) {
            Ok(info) => assert!(info.title.len() < 1000, "{} bytes", info.title.len()),
            Err(e) => assert!(e.contains("is not a feed"), "{e}"),
        }
        assert!(read(b"not xml at all", &base()).is_err());
    }
}
