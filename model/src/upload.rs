//! The shapes of bodies that are files, for the OpenAPI document only: the server reads them
//! with its streaming multipart reader (`server/src/api/multipart.rs`), not through serde.
//!
//! The service spec does not name multipart fields, so the server takes the first non-empty
//! file part whatever its name and passes over parts it does not know; the document says the
//! same (`file` is the name to use; other parts are allowed, named as form fields are).

use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaFormat, Type};
use utoipa::openapi::{KnownFormat, RefOr};
use utoipa::{PartialSchema, ToSchema};

use crate::validate::NAME_MAX_CHARS;

fn binary() -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary)))
        .min_length(Some(1))
}

/// A form with a `file` part; other parts may come along, named like form fields.
fn form(file_description: &str) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .property("file", binary().description(Some(file_description)))
        .required("file")
        .property_names(Some(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some("^[A-Za-z0-9_.-]{1,64}$")),
        ))
}

/// A `multipart/form-data` body with one image.
pub struct ImageUpload;

impl PartialSchema for ImageUpload {
    fn schema() -> RefOr<Schema> {
        form("PNG, JPEG, GIF or WebP, recognised by its content").into()
    }
}

impl ToSchema for ImageUpload {}

/// A `multipart/form-data` body with one audio file and an optional title.
pub struct AudioUpload;

impl PartialSchema for AudioUpload {
    fn schema() -> RefOr<Schema> {
        let title = ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(NAME_MAX_CHARS))
            .description(Some("The track's title; absent or blank: the file's name"));
        form("MP3, M4A/AAC, WAV, FLAC, Ogg Vorbis, Opus or WebM, recognised by its content")
            .property("title", title)
            .into()
    }
}

impl ToSchema for AudioUpload {}

/// The bytes of one recording chunk (`application/octet-stream`), never empty.
pub struct AudioChunk;

impl PartialSchema for AudioChunk {
    fn schema() -> RefOr<Schema> {
        binary().into()
    }
}

impl ToSchema for AudioChunk {}

/// A `multipart/form-data` body with a Twine story: a Twee 3 file or a published Twine 2
/// `.html` page, and optionally the voice and what to do with passages of many links.
pub struct TwineUpload;

impl PartialSchema for TwineUpload {
    fn schema() -> RefOr<Schema> {
        let voice = ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(1))
            .max_length(Some(100))
            .description(Some(
                "The voice that speaks the passages (`GET /tts/voices`)",
            ));
        let extra = ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(["refuse", "keep_first"]))
            .description(Some(
                "A passage with more than three links: `refuse` (422 naming it, the default) or \
                 `keep_first` (its first three are kept)",
            ));
        form("A Twee 3 story (.twee, .tw) or a Twine 2 story published to a file (.html), at most 2 MiB")
            .property("voice", voice)
            .property("extra_links", extra)
            .into()
    }
}

impl ToSchema for TwineUpload {}

/// A `multipart/form-data` body with a ZIP of cards as Cardsmith exports them.
pub struct CardsZipUpload;

impl PartialSchema for CardsZipUpload {
    fn schema() -> RefOr<Schema> {
        form("A ZIP as `POST /exports` makes it: one folder per card with its card.yaml").into()
    }
}

impl ToSchema for CardsZipUpload {}

/// A `multipart/form-data` body with files of a drop: one or more `file` parts, each named by
/// its path in the drop (the text part `path` just before it, else its file name). A ZIP is
/// opened and its files kept one by one.
pub struct DropFilesUpload;

impl PartialSchema for DropFilesUpload {
    fn schema() -> RefOr<Schema> {
        let path = ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(1))
            .max_length(Some(crate::drop::DROP_PATH_MAX_CHARS))
            .description(Some(
                "The next file's path inside the drop (\"Book/CD 1/01 Riddles.mp3\"); absent: \
                 its file name",
            ));
        form("Audio, a picture, anything else found in the folder, or a ZIP of them; repeat the part for more files")
            .property("path", path)
            .into()
    }
}

impl ToSchema for DropFilesUpload {}
