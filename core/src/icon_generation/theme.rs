//! Icon themes: named palettes suggested for a card, and the one approved
//! (`cards.icon_theme`, JSON `{"colors": […], "palette_name": …, "style": …}`).
//!
//! Offline, suggestions come from a curated list of palettes, each with words that call for
//! it (night, sea, forest…), scored against the card's and chapters' words and the child's
//! interests; the rest of the list fills up to [`SUGGESTIONS`] so there is always a choice.
//! With a text provider the model is asked for palettes as JSON; its answer is used only if
//! every palette is well formed, else the curated ones are.

use cardsmith_model::icons::{
    is_hex_colour, PaletteOut, ICON_STYLES, PALETTE_MIN_COLORS, PALETTE_NAME_MAX_CHARS,
    THEME_MAX_COLORS,
};
use serde::{Deserialize, Serialize};

use super::keywords::{self, Weighted};
use crate::media::colour::{parse_hex, Rgb};

/// How many palettes a suggestion holds.
pub const SUGGESTIONS: usize = 4;

/// An approved theme as stored on the card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Theme {
    pub colors: Vec<String>,
    pub palette_name: String,
    pub style: String,
}

impl Theme {
    /// The stored theme, when the JSON is readable and holds two or more colours.
    pub fn parse(json: &str) -> Option<Self> {
        let theme: Theme = serde_json::from_str(json).ok()?;
        (theme.rgb().len() >= 2).then_some(theme)
    }

    pub fn rgb(&self) -> Vec<Rgb> {
        self.colors.iter().filter_map(|c| parse_hex(c)).collect()
    }

    pub fn style(&self) -> Style {
        Style::parse(&self.style)
    }

    /// The theme cards without an approved one are drawn in: the first curated palette.
    pub fn fallback() -> Self {
        let p = &CURATED[0];
        Self {
            colors: p.colors.iter().map(|c| (*c).to_owned()).collect(),
            palette_name: p.name.to_owned(),
            style: p.style.to_owned(),
        }
    }
}

/// How glyphs are drawn (see `cardsmith_model::icons::ICON_STYLES`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    Pixel,
    Flat,
    Tile,
}

impl Style {
    pub fn parse(text: &str) -> Self {
        match text {
            "flat" => Self::Flat,
            "tile" => Self::Tile,
            _ => Self::Pixel,
        }
    }
}

/// A palette of the curated list.
struct Curated {
    name: &'static str,
    style: &'static str,
    /// Darkest first.
    colors: &'static [&'static str],
    keywords: &'static [&'static str],
}

const CURATED: &[Curated] = &[
    Curated {
        name: "Sunny meadow",
        style: "pixel",
        colors: &["#2b2d42", "#3a7d44", "#d9822b", "#f4c95d", "#fdf6e3"],
        keywords: &[
            "meadow", "sun", "summer", "farm", "field", "picnic", "day", "happy",
        ],
    },
    Curated {
        name: "Moonlit night",
        style: "pixel",
        colors: &["#101828", "#2e3a6e", "#5b6bbf", "#c9c3f5", "#f6e27a"],
        keywords: &[
            "night",
            "moon",
            "star",
            "sleep",
            "bed",
            "dream",
            "bedtime",
            "lullaby",
            "owl",
            "goodnight",
            "evening",
        ],
    },
    Curated {
        name: "Ocean",
        style: "pixel",
        colors: &["#0b2545", "#13315c", "#1b98a6", "#8ee3ef", "#ffd166"],
        keywords: &[
            "sea", "ocean", "wave", "fish", "whale", "boat", "ship", "beach", "pirate", "shell",
            "swim", "water", "island",
        ],
    },
    Curated {
        name: "Forest",
        style: "pixel",
        colors: &["#1b2418", "#2d6a4f", "#74a657", "#d8c99b", "#b5562d"],
        keywords: &[
            "forest", "tree", "wood", "fox", "bear", "leaf", "mushroom", "camp", "jungle", "owl",
            "deer",
        ],
    },
    Curated {
        name: "Candy",
        style: "tile",
        colors: &["#4a1942", "#c33c8c", "#f28fb6", "#ffd6e8", "#7bdff2"],
        keywords: &[
            "candy", "sweet", "cake", "party", "birthday", "unicorn", "princess", "fairy", "pink",
            "ice", "cream",
        ],
    },
    Curated {
        name: "Space",
        style: "flat",
        colors: &[
            "#0d0221", "#261447", "#6f3096", "#ff6b6b", "#ffe66d", "#4ecdc4",
        ],
        keywords: &[
            "space",
            "rocket",
            "planet",
            "astronaut",
            "alien",
            "robot",
            "galaxy",
            "star",
            "moon",
        ],
    },
    Curated {
        name: "Snowy winter",
        style: "flat",
        colors: &["#1d3557", "#457b9d", "#a8dadc", "#f1faee", "#e63946"],
        keywords: &[
            "snow",
            "winter",
            "ice",
            "christmas",
            "penguin",
            "cold",
            "frost",
            "polar",
        ],
    },
    Curated {
        name: "Autumn",
        style: "pixel",
        colors: &["#3d1f0f", "#8c3b12", "#d96c06", "#f2b134", "#fff1d0"],
        keywords: &[
            "autumn",
            "fall",
            "leaf",
            "harvest",
            "apple",
            "pumpkin",
            "halloween",
            "carrot",
        ],
    },
    Curated {
        name: "Castle and dragons",
        style: "pixel",
        colors: &[
            "#1f1d36", "#3f3351", "#864879", "#e9a6a6", "#f5d547", "#5cb85c",
        ],
        keywords: &[
            "castle", "dragon", "knight", "king", "queen", "magic", "wizard", "crown", "fairy",
            "tale",
        ],
    },
    Curated {
        name: "Garden",
        style: "tile",
        colors: &[
            "#283618", "#606c38", "#dda15e", "#fefae0", "#bc6c25", "#e76f51",
        ],
        keywords: &[
            "garden",
            "flower",
            "bee",
            "butterfly",
            "spring",
            "rabbit",
            "bunny",
            "bird",
        ],
    },
    Curated {
        name: "Rainbow",
        style: "flat",
        colors: &[
            "#22223b", "#ef476f", "#ffd166", "#06d6a0", "#118ab2", "#f8f9fa",
        ],
        keywords: &[
            "rainbow", "colour", "color", "play", "toy", "ball", "music", "dance", "fun",
        ],
    },
    Curated {
        name: "Desert sun",
        style: "flat",
        colors: &["#3b2416", "#a0522d", "#e07a3f", "#f4d19b", "#3fa7d6"],
        keywords: &[
            "desert", "sand", "camel", "lion", "safari", "hot", "dune", "elephant",
        ],
    },
];

/// The curated palettes that suit `texts`, best first, filled up with the others to
/// [`SUGGESTIONS`]. Deterministic.
pub fn offline_suggestions(texts: &[Weighted<'_>]) -> Vec<PaletteOut> {
    let prepared: Vec<(Vec<String>, u32)> = texts
        .iter()
        .map(|t| (keywords::words(t.text), t.weight))
        .collect();
    let mut scored: Vec<(u32, usize)> = CURATED
        .iter()
        .enumerate()
        .map(|(i, palette)| {
            let keys: Vec<String> = palette.keywords.iter().map(|k| keywords::stem(k)).collect();
            let score = prepared
                .iter()
                .map(|(words, weight)| {
                    words.iter().filter(|w| keys.contains(w)).count() as u32 * weight
                })
                .sum();
            (score, i)
        })
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored
        .into_iter()
        .take(SUGGESTIONS)
        .map(|(_, i)| {
            let p = &CURATED[i];
            PaletteOut {
                name: p.name.to_owned(),
                colors: p.colors.iter().map(|c| (*c).to_owned()).collect(),
                style: p.style.to_owned(),
            }
        })
        .collect()
}

/// What a model is asked for palettes: the answer format, exactly.
pub const LLM_FORMAT: &str = r##"Answer only a JSON object {"palettes": [{"name": "…", "colors": ["#rrggbb", …], "style": "pixel"}]} with 3 or 4 palettes; each name at most 60 characters, 4 to 8 colours in #rrggbb (darkest first, with one dark outline colour and one light colour), style one of pixel, flat, tile."##;

/// A model's palettes, when every one is well formed (3 or more; names, colour counts and
/// formats, styles); `None` otherwise, so nothing half-right is shown.
pub fn parse_llm_palettes(text: &str) -> Option<Vec<PaletteOut>> {
    #[derive(Deserialize)]
    struct Reply {
        palettes: Vec<PaletteOut>,
    }
    let json = super::grid::json_object(text)?;
    let reply: Reply = serde_json::from_str(json).ok()?;
    if !(3..=8).contains(&reply.palettes.len()) {
        return None;
    }
    let mut out = Vec::new();
    for mut p in reply.palettes {
        let name = p.name.trim().to_owned();
        let ok = !name.is_empty()
            && name.chars().count() <= PALETTE_NAME_MAX_CHARS
            && !name.chars().any(char::is_control)
            && (PALETTE_MIN_COLORS..=THEME_MAX_COLORS).contains(&p.colors.len())
            && p.colors.iter().all(|c| is_hex_colour(c))
            && ICON_STYLES.contains(&p.style.as_str());
        if !ok {
            return None;
        }
        p.name = name;
        p.colors = p.colors.iter().map(|c| c.to_lowercase()).collect();
        out.push(p);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offline_suggestions_follow_the_words() {
        let night = offline_suggestions(&[Weighted {
            text: "Goodnight Moon: a sleepy owl",
            weight: 1,
        }]);
        assert_eq!(night.len(), SUGGESTIONS);
        assert_eq!(night[0].name, "Moonlit night");
        let sea = offline_suggestions(&[
            Weighted {
                text: "Pirates!",
                weight: 3,
            },
            Weighted {
                text: "dinosaurs, the sea",
                weight: 1,
            },
        ]);
        assert_eq!(sea[0].name, "Ocean");
        for p in offline_suggestions(&[]) {
            assert!((4..=8).contains(&p.colors.len()));
            assert!(p.colors.iter().all(|c| is_hex_colour(c)));
            assert!(ICON_STYLES.contains(&p.style.as_str()));
        }
    }

    #[test]
    fn model_palettes_are_checked_strictly() {
        let good = r##"{"palettes": [
            {"name": "Dusk", "colors": ["#101010", "#334455", "#AABBCC", "#ffffff"], "style": "pixel"},
            {"name": "Sea", "colors": ["#001020", "#104060", "#20a0c0", "#e0f0ff"], "style": "flat"},
            {"name": "Leaf", "colors": ["#102010", "#206020", "#60c060", "#f0fff0"], "style": "tile"}]}"##;
        let parsed = parse_llm_palettes(good).unwrap();
        assert_eq!(parsed[0].colors[2], "#aabbcc");
        assert!(parse_llm_palettes(&format!("Here you go:\n```json\n{good}\n```")).is_some());
        for bad in [
            good.replace("\"pixel\"", "\"shiny\""),
            good.replace("#AABBCC", "AABBCC"),
            good.replace("\"Dusk\"", &format!("\"{}\"", "d".repeat(61))),
            good.replace(", \"#ffffff\"", ""),
            r#"{"palettes": []}"#.to_owned(),
            "no json at all".to_owned(),
        ] {
            assert!(parse_llm_palettes(&bad).is_none(), "{bad}");
        }
    }
}
