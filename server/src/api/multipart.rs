//! `multipart/form-data` uploads, read by one reader for every upload (a track's audio,
//! covers, backgrounds, icons): the first file part goes to a [`FileSink`] as it arrives,
//! named text parts (a track's `title`) are read with a small bound of their own, and every
//! failure is a problem: not multipart 415, a part or the body too large 413, malformed 400,
//! no file 422 on `file`, a part whose name is not a plain form field name (the document's
//! `propertyNames`) 422.

use std::collections::HashMap;
use std::future::Future;

use axum::extract::multipart::{Field, MultipartError};
use axum::extract::{FromRequest, Multipart, Request};
use axum::http::StatusCode;
use cardsmith_core::media::store::IncomingFile;
use cardsmith_core::CoreError;
use cardsmith_model::{FieldError, Problem};

use crate::problem::ApiError;

/// Largest text field (a title beside a file) of a multipart body. Text is held in memory,
/// unlike files, so it gets a small bound of its own rather than the body's.
pub const MAX_TEXT_FIELD_BYTES: usize = 64 * 1024;

/// Where the file of an upload goes as it arrives.
pub trait FileSink {
    /// Takes the next piece of the file. An error refuses the file; the reader still reads
    /// (and drops) the rest of the body, so the client gets to read the answer instead of a
    /// reset connection.
    fn write(&mut self, chunk: &[u8]) -> impl Future<Output = Result<(), CoreError>> + Send;

    /// At the end of a file part: whether it was the file. `false` skips it and the next
    /// file part comes to this sink again (images skip empty parts).
    fn keep(&mut self) -> bool;
}

/// An image, held in memory (the body limit bounds it); empty parts are not the file.
impl FileSink for Vec<u8> {
    async fn write(&mut self, chunk: &[u8]) -> Result<(), CoreError> {
        self.extend_from_slice(chunk);
        Ok(())
    }

    fn keep(&mut self) -> bool {
        !self.is_empty()
    }
}

/// Audio, streamed to disk and hashed on the way; it refuses to grow past its limit (413).
impl FileSink for IncomingFile {
    async fn write(&mut self, chunk: &[u8]) -> Result<(), CoreError> {
        IncomingFile::write(self, chunk).await
    }

    fn keep(&mut self) -> bool {
        true
    }
}

/// A `multipart/form-data` request body, not yet read (415 when the body is not one).
pub struct MultipartForm(Multipart);

/// What a form held besides its file.
pub struct FormFields {
    /// The file part's file name, when the client gave one.
    pub file_name: Option<String>,
    texts: HashMap<String, String>,
}

impl FormFields {
    /// The text field `name`, if it was one of the names asked for and was sent.
    pub fn take_text(&mut self, name: &str) -> Option<String> {
        self.texts.remove(name)
    }
}

impl<S: Send + Sync> FromRequest<S> for MultipartForm {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        Multipart::from_request(req, state)
            .await
            .map(Self)
            .map_err(|rejection| {
                ApiError::new(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    format!(
                        "send the file as multipart/form-data: {}",
                        rejection.body_text()
                    ),
                )
            })
    }
}

impl MultipartForm {
    /// Reads the body into `sink`: parts named in `text_fields` that are not files are text
    /// (at most [`MAX_TEXT_FIELD_BYTES`]); the first other part the sink keeps is the file,
    /// later ones are skipped (read to the end, so every part's name is checked).
    pub async fn read_into(
        mut self,
        sink: &mut impl FileSink,
        text_fields: &[&str],
    ) -> Result<FormFields, ApiError> {
        let mut fields = FormFields {
            file_name: None,
            texts: HashMap::new(),
        };
        let mut have_file = false;
        while let Some(mut field) = self.0.next_field().await.map_err(multipart_error)? {
            let name = part_name(&field)?;
            if field.file_name().is_none() && text_fields.contains(&name.as_str()) {
                let text = bounded_text(field, &name).await?;
                fields.texts.insert(name, text);
                continue;
            }
            if have_file {
                continue;
            }
            let mut refused = None;
            while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
                if refused.is_none() {
                    refused = sink.write(&chunk).await.err();
                }
            }
            if let Some(e) = refused {
                return Err(e.into());
            }
            have_file = sink.keep();
            if have_file {
                fields.file_name = field.file_name().map(str::to_owned);
            }
        }
        if !have_file {
            return Err(Problem::invalid(vec![FieldError::new(
                "file",
                "is required: the multipart body had no file",
            )])
            .into());
        }
        Ok(fields)
    }
}

/// Longest `path` part naming the next file of a body holding many.
const MAX_PATH_CHARS: usize = cardsmith_model::drop::DROP_PATH_MAX_CHARS;

/// One file of a body holding many.
pub enum FilePart {
    /// The whole file, in `tmp/`.
    Complete(Box<IncomingFile>),
    /// It grew past the limit: not kept; how many bytes it had.
    TooLarge(u64),
}

impl MultipartForm {
    /// The next file of a body holding many (a dropped folder): each file part goes to a
    /// fresh file of at most `limit` bytes (a larger one is read to its end and answered as
    /// [`FilePart::TooLarge`], so the rest go on), named by the text part `path` just before
    /// it, else by its file name. Other text parts are read (bounded) and ignored.
    pub async fn next_file(
        &mut self,
        data_dir: &std::path::Path,
        limit: u64,
    ) -> Result<Option<(Option<String>, FilePart)>, ApiError> {
        let mut named = None;
        while let Some(mut field) = self.0.next_field().await.map_err(multipart_error)? {
            let name = part_name(&field)?;
            if field.file_name().is_none() {
                let text = bounded_text(field, &name).await?;
                if name == "path" {
                    path_part(&text)?;
                    named = Some(text);
                }
                continue;
            }
            let file_name = named
                .take()
                .or_else(|| field.file_name().map(str::to_owned));
            let mut file = Some(IncomingFile::create(data_dir, limit).await?);
            let mut size = 0u64;
            while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
                size += chunk.len() as u64;
                if let Some(open) = file.as_mut() {
                    match open.write(&chunk).await {
                        Ok(()) => {}
                        Err(CoreError::TooLarge(_)) => file = None,
                        Err(e) => return Err(e.into()),
                    }
                }
            }
            let part = match file {
                Some(file) => FilePart::Complete(Box::new(file)),
                None => FilePart::TooLarge(size),
            };
            return Ok(Some((file_name, part)));
        }
        Ok(None)
    }
}

/// The part's name, when it is one this reader takes: else a 422.
fn part_name(field: &Field<'_>) -> Result<String, ApiError> {
    let name = field.name().unwrap_or_default().to_owned();
    if !is_form_field_name(&name) {
        return Err(CoreError::invalid(
            "",
            "every part of the form needs a name of 1 to 64 letters, digits, '_', '.' or '-'",
        )
        .into());
    }
    Ok(name)
}

/// Refuses a `path` part that cannot name a file: empty, too long, or a JSON value (a client
/// that sent a number, object or list where text belongs).
fn path_part(text: &str) -> Result<(), ApiError> {
    let chars = text.chars().count();
    if chars == 0 || chars > MAX_PATH_CHARS {
        return Err(CoreError::invalid(
            "path",
            format!("must be 1 to {MAX_PATH_CHARS} characters"),
        )
        .into());
    }
    if serde_json::from_str::<serde_json::Value>(text).is_ok_and(|v| !v.is_string()) {
        return Err(CoreError::invalid("path", "must be a file's path, not a JSON value").into());
    }
    Ok(())
}

/// Whether `name` is a part name this reader takes: what forms name their fields, as the
/// document's `propertyNames` says (an empty or odd name is a client's mistake, refused
/// rather than guessed at).
fn is_form_field_name(name: &str) -> bool {
    (1..=64).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'))
}

/// The bytes of the first non-empty part of a `multipart/form-data` body (any field name):
/// an image upload.
pub struct Upload(pub Vec<u8>);

impl<S: Send + Sync> FromRequest<S> for Upload {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let mut bytes = Vec::new();
        MultipartForm::from_request(req, state)
            .await?
            .read_into(&mut bytes, &[])
            .await?;
        Ok(Upload(bytes))
    }
}

/// Reads a text part of at most [`MAX_TEXT_FIELD_BYTES`]; a longer one is a 413 (read to its
/// end without being kept, so the client gets to read the answer).
async fn bounded_text(mut field: Field<'_>, name: &str) -> Result<String, ApiError> {
    let mut kept = Vec::new();
    let mut too_long = false;
    while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
        too_long |= kept.len() + chunk.len() > MAX_TEXT_FIELD_BYTES;
        if !too_long {
            kept.extend_from_slice(&chunk);
        }
    }
    if too_long {
        return Err(CoreError::TooLarge(format!(
            "the {name} field may hold at most {} KiB",
            MAX_TEXT_FIELD_BYTES / 1024
        ))
        .into());
    }
    String::from_utf8(kept).map_err(|_| CoreError::invalid(name, "must be UTF-8 text").into())
}

fn multipart_error(e: MultipartError) -> ApiError {
    let status = e.status();
    let detail = if status == StatusCode::PAYLOAD_TOO_LARGE {
        "the file is larger than this server accepts".to_owned()
    } else {
        e.body_text()
    };
    ApiError::new(status, detail)
}
