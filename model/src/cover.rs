//! Generated covers: a pending preview per side, then accepted as the card's cover.

use serde::{Deserialize, Serialize};

use crate::card::CoverSide;
use crate::validate::Checker;
use crate::FieldError;

/// Longest prompt for a generated cover, in characters.
pub const COVER_PROMPT_MAX_CHARS: usize = 1000;

/// `POST /cards/{slug}/cover/generate`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GenerateCoverInput {
    /// What the picture shows, in words (1 to 1,000 characters, not only spaces).
    #[cfg_attr(
        feature = "openapi",
        schema(min_length = 1, max_length = 1000, pattern = "\\S")
    )]
    pub prompt: String,
    /// `front` (default) or `back`.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, pattern = "^(front|back)?$"))]
    #[serde(default)]
    pub side: Option<String>,
}

impl GenerateCoverInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let chars = self.prompt.chars().count();
        let prompt = if self.prompt.trim().is_empty() {
            Some("must not be empty".to_owned())
        } else {
            (chars > COVER_PROMPT_MAX_CHARS)
                .then(|| format!("must be at most {COVER_PROMPT_MAX_CHARS} characters"))
        };
        Checker::default()
            .check("prompt", prompt)
            .check("side", side_problem(self.side.as_deref()))
            .finish()
    }
}

/// `POST /cards/{slug}/cover/accept-preview`; the body may be left out (front).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AcceptCoverPreviewInput {
    /// `front` (default) or `back`.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, pattern = "^(front|back)?$"))]
    #[serde(default)]
    pub side: Option<String>,
}

impl AcceptCoverPreviewInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check("side", side_problem(self.side.as_deref()))
            .finish()
    }
}

/// The answer of `generate` and `accept-preview`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GenerateCoverOutputBody {
    /// SHA-256 of the preview image (after accepting: of the card's new cover).
    pub preview_hash: String,
}

fn side_problem(side: Option<&str>) -> Option<&'static str> {
    CoverSide::parse(side)
        .is_none()
        .then_some("must be front or back")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prompts_and_sides_are_checked() {
        let ok = GenerateCoverInput {
            prompt: "a fox under the stars".into(),
            side: Some("back".into()),
        };
        assert!(ok.validate().is_ok());
        for (prompt, side) in [
            ("   ", None),
            ("x", Some("sideways")),
            (&*"a".repeat(1001), None),
        ] {
            let input = GenerateCoverInput {
                prompt: prompt.into(),
                side: side.map(Into::into),
            };
            assert!(input.validate().is_err(), "{prompt:?} {side:?}");
        }
        let at_limit = GenerateCoverInput {
            prompt: "é".repeat(1000),
            side: None,
        };
        assert!(at_limit.validate().is_ok(), "characters, not bytes");
        assert!(AcceptCoverPreviewInput::default().validate().is_ok());
        assert!(AcceptCoverPreviewInput {
            side: Some("top".into())
        }
        .validate()
        .is_err());
    }
}
