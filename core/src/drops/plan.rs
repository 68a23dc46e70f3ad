//! The plan for a dropped folder or ZIP: which cards, which chapters in which order, their
//! titles, covers and icons — worked out from what each file is (probed by the caller) before
//! anything is made, so the parent can change it first. Pure, so every rule is tested here.
//!
//! - **Cards**: one per folder holding audio (nested folders each make their own), or the
//!   whole drop as one card when the parent asks. A card is titled by its tracks' common album
//!   tag, else its folder's name ("CD 2" under "The Hobbit" reads "The Hobbit – CD 2").
//! - **Order**: tracks with a track number in their tags first, by disc and number; the rest
//!   after them in natural order of their file names ("2 - …" before "10 - …").
//! - **Titles**: the title tag, else the file name without its number and extension.
//! - **Cover**: `cover.*`, `folder.*` or `front.*` in the folder, else the first track's
//!   embedded picture, else the folder's only picture.
//! - **Icons**: each chapter's best glyph of the offline icon library for its title, with how
//!   sure the match is; a chapter no glyph matches keeps the card's default (its number).
//! - **Refused**: audio that cannot be read or is longer than a track may be, each with its
//!   reason; other files (notes, playlists, system files) are listed as left out.

use std::cmp::Ordering;

use cardsmith_model::natural::natural_cmp;
use cardsmith_model::titles::{title_from_filename, without_track_number};
use cardsmith_model::validate::NAME_MAX_CHARS;

use crate::icon_generation::keywords;

/// What one file of the drop is, as probing found it.
#[derive(Debug, Clone, PartialEq)]
pub struct DroppedFile {
    /// Its path inside the drop, `/`-separated ("The Hobbit/CD 1/01 - Riddles.mp3").
    pub path: String,
    pub kind: FileKind,
}

#[derive(Debug, Clone, PartialEq)]
pub enum FileKind {
    Audio(AudioFacts),
    /// A picture the image checks accepted.
    Image,
    /// Audio Cardsmith cannot use, and why (in words for the parent).
    Unusable(String),
    /// Anything else: left out without a word of blame.
    Other,
}

/// What was read from an audio file: its tags, and what ffprobe said (kept with the drop's
/// file so making its track need not probe again).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AudioFacts {
    pub title: Option<String>,
    pub album: Option<String>,
    pub track_number: Option<u32>,
    pub disc_number: Option<u32>,
    pub has_picture: bool,
    /// Our name for the format (mp3, m4a, flac…).
    #[serde(default)]
    pub format: String,
    pub duration_ms: Option<i64>,
    pub channels: Option<u32>,
}

/// Cards per folder, or one card for everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grouping {
    PerFolder,
    OneCard,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub cards: Vec<PlannedCard>,
    /// Audio that will not be made into chapters, with why.
    pub refused: Vec<(String, String)>,
    /// Files left out because they are neither audio nor a cover.
    pub left_out: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PlannedCard {
    pub title: String,
    /// The folder it comes from ("" for the drop's top level).
    pub folder: String,
    pub cover: Option<Cover>,
    pub tracks: Vec<PlannedTrack>,
}

/// Where a card's cover comes from.
#[derive(Debug, Clone, PartialEq)]
pub enum Cover {
    /// A picture file of the drop.
    File(String),
    /// The picture embedded in this audio file's tags.
    Embedded(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct PlannedTrack {
    pub path: String,
    pub title: String,
    /// The icon library's best glyph for the title, and how sure (0–1); `None`: the card's
    /// default numbered icon.
    pub icon: Option<(String, f32)>,
}

/// Names a cover file goes by, best first (any case, any picture extension).
const COVER_NAMES: [&str; 3] = ["cover", "folder", "front"];

/// The plan for `files`, dropped as `drop_name` (the folder's or the ZIP's name).
pub fn plan(files: &[DroppedFile], grouping: Grouping, drop_name: &str) -> Plan {
    let mut refused = Vec::new();
    let mut left_out = Vec::new();
    let mut folders: Vec<String> = Vec::new();
    for file in files {
        match &file.kind {
            FileKind::Audio(_) => {
                let folder = match grouping {
                    Grouping::PerFolder => folder_of(&file.path).to_owned(),
                    Grouping::OneCard => String::new(),
                };
                if !folders.contains(&folder) {
                    folders.push(folder);
                }
            }
            FileKind::Unusable(why) => refused.push((file.path.clone(), why.clone())),
            FileKind::Image => {}
            FileKind::Other => {
                if !is_system_file(&file.path) {
                    left_out.push(file.path.clone())
                }
            }
        }
    }
    folders.sort_by(|a, b| natural_cmp(a, b));
    let cards = folders
        .into_iter()
        .map(|folder| card_of(files, grouping, &folder, drop_name))
        .collect();
    refused.sort_by(|a, b| natural_cmp(&a.0, &b.0));
    left_out.sort_by(|a, b| natural_cmp(a, b));
    Plan {
        cards,
        refused,
        left_out,
    }
}

fn card_of(
    files: &[DroppedFile],
    grouping: Grouping,
    folder: &str,
    drop_name: &str,
) -> PlannedCard {
    let mut audio: Vec<(&str, &AudioFacts)> = files
        .iter()
        .filter_map(|f| match &f.kind {
            FileKind::Audio(facts) => Some((f.path.as_str(), facts)),
            _ => None,
        })
        .filter(|(path, _)| grouping == Grouping::OneCard || folder_of(path) == folder)
        .collect();
    audio.sort_by(chapter_order);
    let tracks = audio
        .iter()
        .map(|(path, facts)| {
            let title = track_title(path, facts);
            let icon =
                keywords::title_match(&title).map(|(glyph, sure)| (glyph.name.clone(), sure));
            PlannedTrack {
                path: (*path).to_owned(),
                title,
                icon,
            }
        })
        .collect();
    let images: Vec<&str> = files
        .iter()
        .filter(|f| f.kind == FileKind::Image)
        .map(|f| f.path.as_str())
        .filter(|path| grouping == Grouping::OneCard || folder_of(path) == folder)
        .collect();
    PlannedCard {
        title: card_title(&audio, folder, drop_name),
        folder: folder.to_owned(),
        cover: cover_of(&images, &audio),
        tracks,
    }
}

/// Tagged tracks first by disc and number, then the rest by file name, naturally.
fn chapter_order(a: &(&str, &AudioFacts), b: &(&str, &AudioFacts)) -> Ordering {
    let place = |f: &AudioFacts| f.track_number.map(|n| (f.disc_number.unwrap_or(1), n));
    match (place(a.1), place(b.1)) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
    .then_with(|| natural_cmp(a.0, b.0))
}

fn track_title(path: &str, facts: &AudioFacts) -> String {
    let from_tag = facts
        .title
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty());
    let title = match from_tag {
        Some(tag) => tag.to_owned(),
        None => without_track_number(&title_from_filename(path)).to_owned(),
    };
    bounded(&title, &title_from_filename(path))
}

/// The album every track names, else the folder's name (with its parent's before a disc
/// folder's), else the drop's.
fn card_title(audio: &[(&str, &AudioFacts)], folder: &str, drop_name: &str) -> String {
    let albums: Vec<&str> = audio
        .iter()
        .filter_map(|(_, f)| f.album.as_deref().map(str::trim))
        .filter(|a| !a.is_empty())
        .collect();
    if albums.len() == audio.len() && albums.windows(2).all(|w| w[0] == w[1]) {
        if let Some(album) = albums.first() {
            return bounded(album, drop_name);
        }
    }
    let mut parts: Vec<&str> = folder.split('/').filter(|p| !p.is_empty()).collect();
    let title = match parts.pop() {
        None => drop_name.to_owned(),
        Some(last) if is_disc_folder(last) => match parts.pop() {
            Some(parent) => format!("{parent} – {last}"),
            None => format!("{drop_name} – {last}"),
        },
        Some(last) => last.to_owned(),
    };
    bounded(&title_from_filename(&format!("{title}.x")), drop_name)
}

/// "CD1", "CD 2", "Disc 3", "Disk 4", "Part 2" (any case).
fn is_disc_folder(name: &str) -> bool {
    let lower = name.to_lowercase();
    let word = lower.trim_end_matches(|c: char| c.is_ascii_digit() || c == ' ' || c == '_');
    word.len() < lower.len() && ["cd", "disc", "disk", "part"].contains(&word)
}

fn cover_of(images: &[&str], audio: &[(&str, &AudioFacts)]) -> Option<Cover> {
    let stem = |path: &str| {
        let name = path.rsplit('/').next().unwrap_or(path);
        name.rsplit_once('.')
            .map_or(name, |(s, _)| s)
            .to_lowercase()
    };
    for wanted in COVER_NAMES {
        if let Some(found) = images.iter().find(|p| stem(p) == wanted) {
            return Some(Cover::File((*found).to_owned()));
        }
    }
    if let Some((path, _)) = audio.iter().find(|(_, f)| f.has_picture) {
        return Some(Cover::Embedded((*path).to_owned()));
    }
    match images {
        [only] => Some(Cover::File((*only).to_owned())),
        _ => None,
    }
}

/// `text` cut to a name's length, or `fallback` when it is blank.
fn bounded(text: &str, fallback: &str) -> String {
    let text = text.trim();
    let text = if text.is_empty() {
        fallback.trim()
    } else {
        text
    };
    let text = if text.is_empty() { "Untitled" } else { text };
    text.chars()
        .take(NAME_MAX_CHARS)
        .collect::<String>()
        .trim()
        .to_owned()
}

fn folder_of(path: &str) -> &str {
    path.rsplit_once('/').map_or("", |(folder, _)| folder)
}

/// Files operating systems leave in folders and archives, never worth a mention.
fn is_system_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    name.starts_with('.')
        || path.starts_with("__MACOSX/")
        || ["thumbs.db", "desktop.ini"].contains(&name.to_lowercase().as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn audio(path: &str, facts: AudioFacts) -> DroppedFile {
        DroppedFile {
            path: path.into(),
            kind: FileKind::Audio(facts),
        }
    }

    fn plain(path: &str) -> DroppedFile {
        audio(path, AudioFacts::default())
    }

    fn tagged(path: &str, disc: u32, track: u32, title: &str) -> DroppedFile {
        audio(
            path,
            AudioFacts {
                title: Some(title.into()),
                track_number: Some(track),
                disc_number: Some(disc),
                ..Default::default()
            },
        )
    }

    fn titles(card: &PlannedCard) -> Vec<&str> {
        card.tracks.iter().map(|t| t.title.as_str()).collect()
    }

    #[test]
    fn names_sort_naturally_and_lose_their_numbers() {
        let files = [
            plain("Book/10 - Bats.mp3"),
            plain("Book/2 - Owls.mp3"),
            plain("Book/1_Intro.flac"),
        ];
        let p = plan(&files, Grouping::PerFolder, "drop");
        assert_eq!(p.cards.len(), 1);
        assert_eq!(p.cards[0].title, "Book");
        assert_eq!(titles(&p.cards[0]), ["Intro", "Owls", "Bats"]);
    }

    #[test]
    fn tags_order_and_name_before_file_names() {
        let files = [
            tagged("A/a.mp3", 2, 1, "Second disc"),
            plain("A/00 untagged.ogg"),
            tagged("A/b.mp3", 1, 3, "Three"),
            tagged("A/c.mp3", 1, 1, "One"),
        ];
        let p = plan(&files, Grouping::PerFolder, "drop");
        assert_eq!(
            titles(&p.cards[0]),
            ["One", "Three", "Second disc", "untagged"]
        );
    }

    #[test]
    fn nested_folders_make_cards_and_disc_folders_keep_their_book() {
        let files = [
            plain("Hobbit/CD 2/01 a.mp3"),
            plain("Hobbit/CD 1/01 a.mp3"),
            plain("Songs/x.mp3"),
            plain("loose.mp3"),
        ];
        let p = plan(&files, Grouping::PerFolder, "My drop");
        let cards: Vec<&str> = p.cards.iter().map(|c| c.title.as_str()).collect();
        assert_eq!(
            cards,
            ["My drop", "Hobbit – CD 1", "Hobbit – CD 2", "Songs"]
        );
        let one = plan(&files, Grouping::OneCard, "My drop");
        assert_eq!(one.cards.len(), 1);
        assert_eq!(one.cards[0].title, "My drop");
        assert_eq!(one.cards[0].tracks.len(), 4);
    }

    #[test]
    fn a_shared_album_tag_names_the_card() {
        let album = |path: &str| {
            audio(
                path,
                AudioFacts {
                    album: Some("Winnie the Pooh".into()),
                    ..Default::default()
                },
            )
        };
        let p = plan(
            &[album("x/1.mp3"), album("x/2.mp3")],
            Grouping::PerFolder,
            "d",
        );
        assert_eq!(p.cards[0].title, "Winnie the Pooh");
        let mixed = [album("x/1.mp3"), plain("x/2.mp3")];
        assert_eq!(plan(&mixed, Grouping::PerFolder, "d").cards[0].title, "x");
    }

    #[test]
    fn covers_by_name_then_embedded_then_the_only_picture() {
        let image = |path: &str| DroppedFile {
            path: path.into(),
            kind: FileKind::Image,
        };
        let with_art = audio(
            "b/1.mp3",
            AudioFacts {
                has_picture: true,
                ..Default::default()
            },
        );
        let files = [
            plain("a/1.mp3"),
            image("a/back.jpg"),
            image("a/Folder.JPG"),
            with_art,
            image("b/x.png"),
            image("b/y.png"),
            plain("c/1.mp3"),
            image("c/art.webp"),
        ];
        let p = plan(&files, Grouping::PerFolder, "d");
        assert_eq!(p.cards[0].cover, Some(Cover::File("a/Folder.JPG".into())));
        assert_eq!(p.cards[1].cover, Some(Cover::Embedded("b/1.mp3".into())));
        assert_eq!(p.cards[2].cover, Some(Cover::File("c/art.webp".into())));
    }

    #[test]
    fn unusable_audio_is_refused_with_its_reason_and_the_rest_goes_on() {
        let files = [
            plain("a/1.mp3"),
            DroppedFile {
                path: "a/broken.mp3".into(),
                kind: FileKind::Unusable("is not audio Cardsmith can read".into()),
            },
            DroppedFile {
                path: "a/notes.txt".into(),
                kind: FileKind::Other,
            },
            DroppedFile {
                path: "a/.DS_Store".into(),
                kind: FileKind::Other,
            },
        ];
        let p = plan(&files, Grouping::PerFolder, "d");
        assert_eq!(p.cards[0].tracks.len(), 1);
        assert_eq!(
            p.refused,
            [(
                "a/broken.mp3".to_owned(),
                "is not audio Cardsmith can read".to_owned()
            )]
        );
        assert_eq!(p.left_out, ["a/notes.txt"]);
    }

    #[test]
    fn chapters_get_icons_their_titles_match() {
        let files = [plain("a/01 The Owl.mp3"), plain("a/02 Zzqx.mp3")];
        let p = plan(&files, Grouping::PerFolder, "d");
        let owl = p.cards[0].tracks[0].icon.as_ref().expect("an owl glyph");
        assert_eq!(owl.0, "owl");
        assert!(owl.1 > 0.0 && owl.1 <= 1.0);
        assert_eq!(p.cards[0].tracks[1].icon, None);
    }
}
