//! The OpenAPI schemas of fields whose rules live in [`crate::validate`], built from the same
//! constants, so the document a client validates against and the server's checks cannot
//! drift apart. A field names one with `#[schema(schema_with = field_schemas::name)]`.
//!
//! The fuzz gate (`scripts/fuzz`, every schemathesis check) holds both directions: a value
//! these schemas allow that the server refuses fails it, and so does a value they forbid
//! that the server takes.

use utoipa::openapi::schema::{
    Array, ArrayBuilder, Object, ObjectBuilder, Schema, SchemaFormat, SchemaType, Type,
};
use utoipa::openapi::KnownFormat;

use crate::deletion::REASSIGNMENTS_MAX;
use crate::icons::{THEME_MAX_COLORS, THEME_MIN_COLORS};
use crate::label::{MAX_LABEL_CARDS, PAGE_SIZES};
use crate::seed::{MAX_SEED_CARDS, MAX_SEED_DEVICES};

use crate::validate::{
    DESCRIPTION_MAX_CHARS, DISPLAY_NAME_MAX_CHARS, EMAIL_MAX_CHARS, NAME_MAX_CHARS,
    PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS, SLUG_MAX_CHARS,
};

/// At least one character that is not white space.
pub const NOT_BLANK: &str = r"\S";

/// Lowercase ASCII letters and digits in runs joined by single hyphens: what
/// [`crate::validate::slugify`] leaves unchanged.
pub const SLUG_PATTERN: &str = "^[a-z0-9]+(-[a-z0-9]+)*$";

/// No control character anywhere, and one character that is neither white space nor a
/// control character: [`crate::validate::display_name_problem`].
const PLAIN_NOT_BLANK: &str =
    r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$";

fn text(min: usize, max: usize) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length((min > 0).then_some(min))
        .max_length(Some(max))
}

fn nullable(builder: ObjectBuilder) -> ObjectBuilder {
    builder.schema_type(SchemaType::from_iter([Type::String, Type::Null]))
}

/// A collection's name, a card's title, a preset's name: 1 to 120 characters, not blank.
pub fn name() -> Object {
    text(1, NAME_MAX_CHARS).pattern(Some(NOT_BLANK)).build()
}

/// A description: up to 4,000 characters, empty allowed.
pub fn description() -> Object {
    text(0, DESCRIPTION_MAX_CHARS).build()
}

/// A slug of a collection, card or track.
pub fn slug() -> Object {
    text(1, SLUG_MAX_CHARS).pattern(Some(SLUG_PATTERN)).build()
}

/// A slug asked for at creation: absent, `null` or `""` derive one from the name.
pub fn optional_slug() -> Object {
    nullable(text(0, SLUG_MAX_CHARS))
        .pattern(Some("^([a-z0-9]+(-[a-z0-9]+)*)?$"))
        .build()
}

/// A person's display name: 1 to 80 characters, not blank, no control characters.
pub fn display_name() -> Object {
    text(1, DISPLAY_NAME_MAX_CHARS)
        .pattern(Some(PLAIN_NOT_BLANK))
        .build()
}

/// A provider's model name: 1 to 100 characters, not blank, no control characters.
pub fn model_name() -> Object {
    text(1, crate::llm::MODEL_MAX_CHARS)
        .pattern(Some(PLAIN_NOT_BLANK))
        .build()
}

/// A new password: 10 to 256 characters.
pub fn new_password() -> Object {
    text(PASSWORD_MIN_CHARS, PASSWORD_MAX_CHARS).build()
}

/// A password being checked (sign-in, the current one): anything up to 256 characters but
/// empty.
pub fn password() -> Object {
    text(1, PASSWORD_MAX_CHARS).build()
}

/// An email address.
pub fn email() -> Object {
    text(1, EMAIL_MAX_CHARS)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Email)))
        .build()
}

/// An id or slug naming something: not blank.
fn reference() -> Object {
    text(1, 200).pattern(Some(NOT_BLANK)).build()
}

/// A list of `min` to `max` different references.
fn references(min: usize, max: Option<usize>) -> Array {
    ArrayBuilder::new()
        .items(reference())
        .min_items(Some(min))
        .max_items(max)
        .unique_items(true)
        .build()
}

/// A card's playable tracks in their new order: each once.
pub fn track_order() -> Array {
    references(1, None)
}

/// The tracks one batch acts on: 1 to 500 different ones.
pub fn batch_tracks() -> Array {
    references(1, Some(crate::track_batch::BATCH_MAX_TRACKS))
}

/// The cards one batch (or export) names: 1 to 500 different ones.
pub fn batch_cards() -> Array {
    references(1, Some(crate::card_batch::BATCH_MAX_CARDS))
}

/// Cards to export: absent or `null` for all of them, else 1 to 500 different ones.
pub fn optional_batch_cards() -> Array {
    let mut cards = batch_cards();
    cards.schema_type = SchemaType::from_iter([Type::Array, Type::Null]);
    cards
}

/// The tracks to join, in order: 2 to 100 different ones.
pub fn tracks_to_merge() -> Array {
    references(2, Some(100))
}

/// Where to cut a track: 1 to 100 different times in seconds after 0 (in increasing order,
/// which a schema cannot say).
pub fn split_points() -> Array {
    let seconds = ObjectBuilder::new()
        .schema_type(Type::Number)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Double)))
        .exclusive_minimum(Some(0));
    ArrayBuilder::new()
        .items(seconds)
        .min_items(Some(1))
        .max_items(Some(100))
        .unique_items(true)
        .build()
}

/// The linked accounts to publish to: at least one, each once.
pub fn account_ids() -> Array {
    references(1, None)
}

/// The cards of one label sheet: 1 to 90.
pub fn label_card_slugs() -> Array {
    references(1, Some(MAX_LABEL_CARDS))
}

/// What a label sheet is printed on: one of [`PAGE_SIZES`].
pub fn label_page_size() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(PAGE_SIZES))
        .build()
}

/// The cards a seed puts on the players: 1 to 20, each once.
pub fn seed_card_ids() -> Array {
    references(1, Some(MAX_SEED_CARDS))
}

/// The players a seed reaches: 1 to 20, each once.
pub fn seed_device_ids() -> Array {
    references(1, Some(MAX_SEED_DEVICES))
}

/// A theme's colours: 2 to 8, each `#rrggbb` ([`crate::icons::is_hex_colour`]).
pub fn theme_colours() -> Array {
    let colour = ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some("^#[0-9a-fA-F]{6}$"));
    ArrayBuilder::new()
        .items(colour)
        .min_items(Some(THEME_MIN_COLORS))
        .max_items(Some(THEME_MAX_COLORS))
        .build()
}

/// Collection id → the id of the user who becomes its owner; absent or `null`: none.
pub fn reassignments() -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Object, Type::Null]))
        .additional_properties(Some(Schema::Object(reference())))
        .max_properties(Some(REASSIGNMENTS_MAX))
        .build()
}
