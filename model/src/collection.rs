//! Collections: shared folders of cards, with members, presets and a child profile.

use serde::{Deserialize, Serialize};

use crate::card::CardOut;
use crate::validate::{Checker, CollectionRole};
use crate::FieldError;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CollectionOut {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub description: String,
    /// Whether this is the caller's default collection (quick recordings land here).
    pub is_default: bool,
    /// Cards whose home is this collection plus cards linked into it.
    pub card_count: i64,
    pub background_image_hash: Option<String>,
    /// The caller's role here: `owner`, `editor` or `viewer`.
    pub viewer_role: Option<String>,
    /// The language its cards speak, one of the player platform's ([`LANGUAGES`]): published
    /// cards carry it as their `languages`, and new spoken tracks start with a voice of it.
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = "^(en|en-gb|en-us|fr|fr-fr|es|es-es|es-419|de|it)$")
    )]
    pub language: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub created_at: String,
}

/// The languages a collection may speak: the player platform's own list (its cards'
/// `metadata.languages`).
pub const LANGUAGES: [&str; 10] = [
    "en", "en-gb", "en-us", "fr", "fr-fr", "es", "es-es", "es-419", "de", "it",
];

/// Each of [`LANGUAGES`] by the name its speakers give it, for choosing one.
pub const LANGUAGE_NAMES: [(&str, &str); 10] = [
    ("en", "English"),
    ("en-gb", "English (UK)"),
    ("en-us", "English (US)"),
    ("de", "Deutsch"),
    ("es", "Español"),
    ("es-es", "Español (España)"),
    ("es-419", "Español (Latinoamérica)"),
    ("fr", "Français"),
    ("fr-fr", "Français (France)"),
    ("it", "Italiano"),
];

/// What is wrong with `language` as a collection's language, if anything.
pub fn language_problem(language: &str) -> Option<String> {
    (!LANGUAGES.contains(&language)).then(|| format!("must be one of {}", LANGUAGES.join(", ")))
}

/// The voices that speak `language` best, best first (`flite:slt` is American English and
/// clearer than espeak-ng; espeak-ng speaks the rest, with a female variant). The server
/// takes the first it has; the voice picker starts with the first.
pub fn language_voices(language: &str) -> &'static [&'static str] {
    match language {
        "en-gb" => &["espeak:en-gb+f3", "flite:slt"],
        "fr" | "fr-fr" => &["espeak:fr-fr+f3", "espeak:fr-fr"],
        "es" | "es-es" => &["espeak:es+f3", "espeak:es"],
        "es-419" => &["espeak:es-419+f3", "espeak:es-419"],
        "de" => &["espeak:de+f3", "espeak:de"],
        "it" => &["espeak:it+f3", "espeak:it"],
        _ => &["flite:slt", "espeak:en-us+f3"],
    }
}

/// `GET /collections/{id}` and `GET /collections/by-slug/{slug}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct GetCollectionOutputBody {
    #[serde(flatten)]
    pub collection: CollectionOut,
    pub cards: Option<Vec<CardOut>>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CreateCollectionInput {
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::name))]
    pub name: String,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::description))]
    pub description: String,
    /// Derived from the name when absent.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::optional_slug))]
    pub slug: Option<String>,
    /// The language of its cards ([`LANGUAGES`]); the creator's interface language when absent.
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = "^(en|en-gb|en-us|fr|fr-fr|es|es-es|es-419|de|it)$")
    )]
    pub language: Option<String>,
}

impl CreateCollectionInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut c = Checker::default();
        c.check("name", crate::validate::name_problem(&self.name))
            .check(
                "description",
                crate::validate::description_problem(&self.description),
            );
        if let Some(slug) = self.slug.as_deref().filter(|s| !s.is_empty()) {
            c.check("slug", crate::validate::slug_problem(slug));
        }
        if let Some(language) = self.language.as_deref() {
            c.check("language", language_problem(language));
        }
        c.finish()
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UpdateCollectionInput {
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::name))]
    pub name: String,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::description))]
    pub description: String,
    /// The language of its cards ([`LANGUAGES`]); unchanged when absent.
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = "^(en|en-gb|en-us|fr|fr-fr|es|es-es|es-419|de|it)$")
    )]
    pub language: Option<String>,
}

impl UpdateCollectionInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check("name", crate::validate::name_problem(&self.name))
            .check(
                "description",
                crate::validate::description_problem(&self.description),
            )
            .check(
                "language",
                self.language.as_deref().and_then(language_problem),
            )
            .finish()
    }
}

/// `PUT /collections/{id}/slug`, `PUT /cards/{slug}/slug`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SlugInput {
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::slug))]
    pub slug: String,
}

impl SlugInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check("slug", crate::validate::slug_problem(&self.slug))
            .finish()
    }
}

/// `GET …/slug-available`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SlugAvailableOutputBody {
    pub available: bool,
}

/// `POST /collections/{id}/cards/link`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LinkCardInput {
    /// The card's id (its slug is accepted too).
    pub card_id: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MemberOut {
    pub user_id: String,
    pub display_name: String,
    pub email: String,
    /// `owner`, `editor` or `viewer`.
    pub role: String,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub added_at: String,
}

/// `POST /collections/{id}/members`. `user_id` may also be the member's email address.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AddMemberInput {
    #[cfg_attr(
        feature = "openapi",
        schema(min_length = 1, max_length = 254, pattern = "\\S")
    )]
    pub user_id: String,
    #[cfg_attr(feature = "openapi", schema(pattern = "^(owner|editor|viewer)$"))]
    pub role: String,
}

impl AddMemberInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check(
                "user_id",
                self.user_id.trim().is_empty().then_some("is required"),
            )
            .check("role", CollectionRole::problem(&self.role))
            .finish()
    }
}

/// `PUT /collections/{id}/members/{userId}`.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct UpdateMemberInput {
    #[cfg_attr(feature = "openapi", schema(pattern = "^(owner|editor|viewer)$"))]
    pub role: String,
}

impl UpdateMemberInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check("role", CollectionRole::problem(&self.role))
            .finish()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PresetOut {
    pub id: String,
    pub collection_id: String,
    pub name: String,
    pub emoji: String,
    pub prompt_template: String,
    pub vocab_level: String,
    pub voice_id: String,
    pub duration_min: i64,
    pub sort_order: i64,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub created_at: String,
}

/// Body of preset create and update; every field is required.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PresetInput {
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::name))]
    pub name: String,
    #[cfg_attr(feature = "openapi", schema(max_length = 16))]
    pub emoji: String,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::description))]
    pub prompt_template: String,
    pub vocab_level: String,
    pub voice_id: String,
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 240))]
    pub duration_min: i64,
    pub sort_order: i64,
}

impl PresetInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        Checker::default()
            .check("name", crate::validate::name_problem(&self.name))
            .check(
                "emoji",
                (self.emoji.chars().count() > 16).then_some("must be at most 16 characters"),
            )
            .check(
                "prompt_template",
                crate::validate::description_problem(&self.prompt_template),
            )
            .check(
                "duration_min",
                (!(0..=240).contains(&self.duration_min)).then_some("must be between 0 and 240"),
            )
            .finish()
    }
}

/// Who the collection's stories are for; used to shape generated content.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CollectionProfileOut {
    #[cfg_attr(feature = "openapi", schema(max_length = 80))]
    pub child_name: String,
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 18))]
    pub child_age: Option<i64>,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::description))]
    pub friends: String,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::description))]
    pub interests: String,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::description))]
    pub notes: String,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::description))]
    pub pets: String,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::description))]
    pub avoid_themes: String,
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::description))]
    pub prompt_template: String,
    pub vocab_level: String,
    pub voice_id: String,
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 240))]
    pub duration_min: i64,
}

impl CollectionProfileOut {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let long = |s: &str| crate::validate::description_problem(s);
        Checker::default()
            .check(
                "child_name",
                (self.child_name.chars().count() > 80).then_some("must be at most 80 characters"),
            )
            .check(
                "child_age",
                self.child_age
                    .is_some_and(|a| !(0..=18).contains(&a))
                    .then_some("must be between 0 and 18"),
            )
            .check("friends", long(&self.friends))
            .check("interests", long(&self.interests))
            .check("notes", long(&self.notes))
            .check("pets", long(&self.pets))
            .check("avoid_themes", long(&self.avoid_themes))
            .check("prompt_template", long(&self.prompt_template))
            .check(
                "duration_min",
                (!(0..=240).contains(&self.duration_min)).then_some("must be between 0 and 240"),
            )
            .finish()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CollectionStatsOutputBody {
    pub card_count: i64,
    /// Bytes of media (covers, background, audio) the collection's home cards use.
    pub disk_bytes: i64,
    pub published_count: i64,
    pub total_duration_s: i64,
    pub track_count: i64,
}
