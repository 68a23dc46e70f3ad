//! Generated chapter icons: a card's icon theme (palettes suggested, one approved), icons
//! drawn for every chapter, and per-chapter variations to choose from.

use serde::{Deserialize, Serialize};

use crate::validate::Checker;
use crate::FieldError;

/// Fewest and most colours of an approved theme.
pub const THEME_MIN_COLORS: usize = 2;
pub const THEME_MAX_COLORS: usize = 8;
/// Fewest and most colours of a suggested palette.
pub const PALETTE_MIN_COLORS: usize = 4;
/// Longest palette name, in characters.
pub const PALETTE_NAME_MAX_CHARS: usize = 60;
/// The drawing styles of a theme: `pixel` (shaded pixel art: outline, fill, shade and
/// highlight), `flat` (outline and flat fill, no shading) and `tile` (the flat picture on a
/// rounded tile of the theme's lightest colour, which reads best on a dark screen).
pub const ICON_STYLES: [&str; 3] = ["pixel", "flat", "tile"];
/// Most variations of one chapter at a time.
pub const MAX_VARIATIONS: i64 = 8;
/// Longest variations prompt, in characters.
pub const VARIATION_PROMPT_MAX_CHARS: usize = 300;

/// A palette: a name, `#rrggbb` colours (lower case) and the style it is drawn in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PaletteOut {
    /// e.g. "Moonlit night" (1 to 60 characters).
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 60))]
    pub name: String,
    /// `#rrggbb` colours, darkest first: 4 to 8 in a suggestion, 2 to 8 in an approved
    /// theme (a card's `icon_theme`).
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::theme_colours))]
    pub colors: Vec<String>,
    /// `pixel`, `flat` or `tile`.
    #[cfg_attr(feature = "openapi", schema(pattern = "^(pixel|flat|tile)$"))]
    pub style: String,
}

/// `POST /cards/{slug}/icons/theme`: palettes that suit the card (3 or more), best first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SuggestThemeOutputBody {
    pub palettes: Vec<PaletteOut>,
}

/// `PUT /cards/{slug}/icons/theme`: the approved theme every icon drawn afterwards uses.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ApproveThemeInput {
    /// 2 to 8 colours, `#rrggbb` (either case; kept lower case).
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::theme_colours))]
    pub colors: Vec<String>,
    /// 1 to 60 characters, not only spaces.
    #[cfg_attr(
        feature = "openapi",
        schema(
            min_length = 1,
            max_length = 60,
            pattern = "^[^\\x00-\\x1f\\x7f-\\x9f]*[^\\s\\x00-\\x1f\\x7f-\\x9f][^\\x00-\\x1f\\x7f-\\x9f]*$"
        )
    )]
    pub palette_name: String,
    /// `pixel`, `flat` or `tile`.
    #[cfg_attr(feature = "openapi", schema(pattern = "^(pixel|flat|tile)$"))]
    pub style: String,
}

impl ApproveThemeInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let count = self.colors.len();
        let colors = if !(THEME_MIN_COLORS..=THEME_MAX_COLORS).contains(&count) {
            Some(format!(
                "must hold {THEME_MIN_COLORS} to {THEME_MAX_COLORS} colours"
            ))
        } else {
            self.colors
                .iter()
                .any(|c| !is_hex_colour(c))
                .then(|| "every colour must be #rrggbb".to_owned())
        };
        let name = self.palette_name.trim();
        let palette_name = if name.is_empty() {
            Some("is required".to_owned())
        } else if self.palette_name.chars().count() > PALETTE_NAME_MAX_CHARS {
            Some(format!(
                "must be at most {PALETTE_NAME_MAX_CHARS} characters"
            ))
        } else {
            name.chars()
                .any(char::is_control)
                .then(|| "must not contain control characters".to_owned())
        };
        let style = (!ICON_STYLES.contains(&self.style.as_str()))
            .then(|| format!("must be one of {}", ICON_STYLES.join(", ")));
        Checker::default()
            .check("colors", colors)
            .check("palette_name", palette_name)
            .check("style", style)
            .finish()
    }
}

/// Whether `text` is `#rrggbb` (hex digits of either case).
pub fn is_hex_colour(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text[1..].chars().all(|c| c.is_ascii_hexdigit())
}

/// The answer of `generate`, `sample` and `regenerate`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GenerateIconsOutputBody {
    /// Chapters that got a new icon.
    pub generated: i64,
    /// What happened, in words (which chapters kept an icon of their own, which drawer drew).
    pub message: String,
}

/// `POST /cards/{slug}/icons/{position}/variations`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VariationsInput {
    /// How many candidates to draw, 1 to 8.
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 8))]
    pub count: i64,
    /// What the icon should show, in words (at most 300 characters); the chapter's icon
    /// prompt, title and description otherwise.
    #[cfg_attr(
        feature = "openapi",
        schema(max_length = 300, pattern = "^[^\\x00-\\x09\\x0b-\\x1f\\x7f-\\x9f]*$")
    )]
    #[serde(default)]
    pub prompt: Option<String>,
}

impl VariationsInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let count = (!(1..=MAX_VARIATIONS).contains(&self.count))
            .then(|| format!("must be between 1 and {MAX_VARIATIONS}"));
        let prompt = self.prompt.as_deref().and_then(|p| {
            if p.chars().count() > VARIATION_PROMPT_MAX_CHARS {
                Some(format!(
                    "must be at most {VARIATION_PROMPT_MAX_CHARS} characters"
                ))
            } else {
                p.chars()
                    .any(|c| c.is_control() && c != '\n')
                    .then(|| "must not contain control characters".to_owned())
            }
        });
        Checker::default()
            .check("count", count)
            .check("prompt", prompt)
            .finish()
    }
}

/// Most icons one estimate covers (a card's chapters at most).
pub const ESTIMATE_MAX_ICONS: i64 = 100;

/// `GET /cards/{slug}/icons/estimate`: what drawing icons would cost now, before any call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct IconEstimateOut {
    /// Dollars, for the asked number of icons on the first provider that would draw them;
    /// 0 when the free offline glyphs would.
    pub estimated_usd: f64,
}

/// The answer of `variations`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VariationsOutputBody {
    /// Candidates drawn, at `preview/0` … `preview/{count - 1}`.
    pub count: i64,
    /// What the drawing was estimated to cost before it started, in dollars: `count` calls
    /// on the first provider that would be asked (a text model drawing a pixel grid, else an
    /// image model); 0 when the offline pictures drew them.
    pub estimated_usd: f64,
}

/// `POST /cards/{slug}/icons/{position}/select`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SelectIconInput {
    /// The candidate, from 0 (as in `preview/{index}`).
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 7))]
    pub index: i64,
}

impl SelectIconInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let index = (!(0..MAX_VARIATIONS).contains(&self.index))
            .then(|| format!("must be between 0 and {}", MAX_VARIATIONS - 1));
        Checker::default().check("index", index).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn theme(colors: &[&str], name: &str, style: &str) -> ApproveThemeInput {
        ApproveThemeInput {
            colors: colors.iter().map(|c| (*c).to_owned()).collect(),
            palette_name: name.into(),
            style: style.into(),
        }
    }

    #[test]
    fn themes_are_checked() {
        assert!(theme(&["#102030", "#FFaa00"], "Night", "pixel")
            .validate()
            .is_ok());
        for bad in [
            theme(&["#102030"], "Night", "pixel"),
            theme(&["#102030"; 9], "Night", "pixel"),
            theme(&["#102030", "red"], "Night", "pixel"),
            theme(&["#102030", "#12345"], "Night", "pixel"),
            theme(&["#102030", "#ffffff"], "  ", "pixel"),
            theme(&["#102030", "#ffffff"], &"n".repeat(61), "pixel"),
            theme(&["#102030", "#ffffff"], "Night", "shiny"),
        ] {
            assert!(bad.validate().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn variations_and_selection_are_bounded() {
        let ok = VariationsInput {
            count: 8,
            prompt: Some("a sleepy owl".into()),
        };
        assert!(ok.validate().is_ok());
        for count in [0, 9, -1] {
            assert!(VariationsInput {
                count,
                prompt: None
            }
            .validate()
            .is_err());
        }
        assert!(VariationsInput {
            count: 1,
            prompt: Some("x".repeat(301))
        }
        .validate()
        .is_err());
        assert!(SelectIconInput { index: 0 }.validate().is_ok());
        assert!(SelectIconInput { index: 8 }.validate().is_err());
        assert!(SelectIconInput { index: -1 }.validate().is_err());
    }
}
