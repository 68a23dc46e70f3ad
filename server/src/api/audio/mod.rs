//! Serving stored audio with HTTP Range (206 / 416), `Accept-Ranges`, ETag revalidation and
//! `If-Range`, streamed so a long track never sits whole in memory: from disk with the local
//! media store, as a ranged GET passed through with object storage.
//!
//! A local file is read [`READ_CHUNK`] bytes at a time: each read of a tokio file is a hop to
//! the blocking pool, and with `ReaderStream`'s default 4 KiB a 1 MiB range took 256 of them.
//! A range of at most [`ONE_READ`] (what players and the browser's audio element ask for) is
//! read in positioned reads on one hop instead of a seek and a stream of reads, into reused
//! buffers ([`pieces`]).

mod pieces;

use std::io::SeekFrom;

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use tokio::io::{AsyncReadExt, AsyncSeekExt};
use tokio_util::io::ReaderStream;

use cardsmith_core::media::store::MediaBody;
use cardsmith_core::{CoreError, CoreResult};

use crate::problem::ApiError;

/// Bytes read from disk per chunk of a response body.
const READ_CHUNK: usize = pieces::PIECE;

/// The largest range read whole, in one blocking call, into the response body (what one
/// request may hold in memory; a longer range streams in [`READ_CHUNK`] reads).
const ONE_READ: u64 = 1024 * 1024;

/// Whether a `Range` may be honoured: always without `If-Range`; with it, only when it names
/// this content's strong ETag (RFC 9110 §13.1.5). We send no `Last-Modified`, so an HTTP-date
/// never matches and the client gets the whole, current file instead of a mixed one.
fn range_applies(headers: &HeaderMap, hash: &str) -> bool {
    match headers.get(header::IF_RANGE).and_then(|v| v.to_str().ok()) {
        None => true,
        Some(validator) => validator.trim() == format!("\"{hash}\""),
    }
}

/// A byte range request, resolved against the file length.
#[derive(Debug, PartialEq, Eq)]
enum Wanted {
    Whole,
    Part { start: u64, end: u64 },
    Unsatisfiable,
}

/// Understands one `bytes=a-b`, `bytes=a-` or `bytes=-n` range; anything else (several ranges,
/// other units) is answered with the whole file, as RFC 9110 allows.
fn wanted(headers: &HeaderMap, len: u64) -> Wanted {
    let Some(spec) = headers
        .get(header::RANGE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().strip_prefix("bytes="))
    else {
        return Wanted::Whole;
    };
    if spec.contains(',') {
        return Wanted::Whole;
    }
    let Some((a, b)) = spec.split_once('-') else {
        return Wanted::Whole;
    };
    let (a, b) = (a.trim(), b.trim());
    let range = match (a.parse::<u64>().ok(), b.parse::<u64>().ok()) {
        (Some(start), Some(end)) if start <= end => Some((start, end.min(len.saturating_sub(1)))),
        (Some(start), None) if b.is_empty() => Some((start, len.saturating_sub(1))),
        (None, Some(n)) if a.is_empty() && n > 0 => {
            Some((len.saturating_sub(n), len.saturating_sub(1)))
        }
        _ => return Wanted::Whole,
    };
    match range {
        Some((start, end)) if start < len && start <= end => Wanted::Part { start, end },
        _ => Wanted::Unsatisfiable,
    }
}

fn missing() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "the audio file is missing; a library rescan reports it",
    )
}

fn unreadable() -> ApiError {
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "the audio file cannot be read",
    )
}

/// The body of bytes `start..=end` (all when `None`) of a stored file.
async fn body_of(media: MediaBody, range: Option<(u64, u64)>) -> Result<Body, ApiError> {
    match media {
        MediaBody::File { mut file, len } => {
            let Some((start, end)) = range else {
                return Ok(Body::from_stream(ReaderStream::with_capacity(
                    file, READ_CHUNK,
                )));
            };
            debug_assert!(end < len);
            if end - start < ONE_READ {
                let pieces = read_at(file, start, end).await?;
                let frames = pieces.into_iter().map(Ok::<_, std::convert::Infallible>);
                return Ok(Body::from_stream(futures_util::stream::iter(frames)));
            }
            file.seek(SeekFrom::Start(start))
                .await
                .map_err(|_| unreadable())?;
            let part = file.take(end - start + 1);
            Ok(Body::from_stream(ReaderStream::with_capacity(
                part, READ_CHUNK,
            )))
        }
        MediaBody::Object(object) => {
            let stream = object.stream(range).await.map_err(|e| match e {
                // deleted since its size was learnt (by another instance)
                CoreError::NotFound(_) => missing(),
                e => {
                    tracing::error!(error = %e, "object storage read failed");
                    unreadable()
                }
            })?;
            Ok(Body::from_stream(stream))
        }
    }
}

/// Bytes `start..=end` of `file`, read on one hop to the blocking pool, in [`pieces`] of
/// [`READ_CHUNK`]: a buffer of 1 MiB would be at the allocator's mmap threshold
/// (`cardsmith_core::memory::MMAP_THRESHOLD`), mapped and faulted in page by page for every
/// request and unmapped after it, which made 1 MiB Range GETs run at a third of their rate.
async fn read_at(file: tokio::fs::File, start: u64, end: u64) -> Result<Vec<Bytes>, ApiError> {
    use std::os::unix::fs::FileExt;
    let file = file.into_std().await;
    tokio::task::spawn_blocking(move || {
        let mut frames = Vec::new();
        let mut at = start;
        while at <= end {
            let len = (end - at + 1).min(READ_CHUNK as u64);
            let mut piece = pieces::Piece::take();
            file.read_exact_at(piece.fill(len as usize), at)?;
            frames.push(piece.into_bytes());
            at += len;
        }
        Ok::<_, std::io::Error>(frames)
    })
    .await
    .map_err(|_| unreadable())?
    .map_err(|e| {
        tracing::error!(error = %e, "reading stored audio failed");
        unreadable()
    })
}

/// The stored file `media` (named by its content `hash`), honouring Range, If-Range and
/// If-None-Match.
pub async fn file_response(
    headers: &HeaderMap,
    media: CoreResult<MediaBody>,
    content_type: &str,
    hash: &str,
) -> Result<Response, ApiError> {
    let media = media.map_err(|e| match e {
        CoreError::NotFound(_) => missing(),
        e => {
            tracing::error!(error = %e, "opening stored audio failed");
            unreadable()
        }
    })?;
    let len = media.len();
    let fresh = super::media::etag_matches(headers, hash);
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let want = if range_applies(headers, hash) {
            wanted(headers, len)
        } else {
            Wanted::Whole
        };
        match want {
            Wanted::Whole => {
                let body = body_of(media, None).await?;
                let mut r = (StatusCode::OK, body).into_response();
                r.headers_mut()
                    .insert(header::CONTENT_LENGTH, HeaderValue::from(len));
                r
            }
            Wanted::Part { start, end } => {
                let count = end - start + 1;
                let body = body_of(media, Some((start, end))).await?;
                let mut r = (StatusCode::PARTIAL_CONTENT, body).into_response();
                let h = r.headers_mut();
                h.insert(header::CONTENT_LENGTH, HeaderValue::from(count));
                h.insert(
                    header::CONTENT_RANGE,
                    HeaderValue::from_str(&format!("bytes {start}-{end}/{len}")).expect("ascii"),
                );
                r
            }
            Wanted::Unsatisfiable => {
                let mut r = ApiError::new(
                    StatusCode::RANGE_NOT_SATISFIABLE,
                    format!("the range is outside the file ({len} bytes)"),
                )
                .into_response();
                r.headers_mut().insert(
                    header::CONTENT_RANGE,
                    HeaderValue::from_str(&format!("bytes */{len}")).expect("ascii"),
                );
                r.headers_mut()
                    .insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
                return Ok(r);
            }
        }
    };
    let h = response.headers_mut();
    if !fresh {
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_str(content_type).expect("ascii"),
        );
    }
    h.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    super::media::set_validators(h, hash);
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(v: &str, len: u64) -> Wanted {
        let mut h = HeaderMap::new();
        h.insert(header::RANGE, HeaderValue::from_str(v).unwrap());
        wanted(&h, len)
    }

    /// A range of up to 1 MiB comes back whole and in order, in pieces no larger than
    /// [`READ_CHUNK`] (each below the allocator's mmap threshold).
    #[tokio::test]
    async fn a_range_is_read_in_pieces_below_the_mmap_threshold() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("audio");
        let bytes: Vec<u8> = (0..1_100_000u32).map(|i| (i % 251) as u8).collect();
        std::fs::write(&path, &bytes).unwrap();
        for (start, end) in [
            (0, 0),
            (1_000, 700_000),
            (0, 1_048_575),
            (51_000, 51_000 + 262_143),
        ] {
            let file = tokio::fs::File::open(&path).await.unwrap();
            let pieces = read_at(file, start, end).await.unwrap();
            assert!(pieces.iter().all(|p| p.len() <= READ_CHUNK));
            assert_eq!(pieces.concat(), bytes[start as usize..=end as usize]);
        }
    }

    #[test]
    fn ranges_resolve_against_the_length() {
        assert_eq!(range("bytes=0-9", 100), Wanted::Part { start: 0, end: 9 });
        assert_eq!(range("bytes=90-", 100), Wanted::Part { start: 90, end: 99 });
        assert_eq!(range("bytes=-10", 100), Wanted::Part { start: 90, end: 99 });
        assert_eq!(
            range("bytes=50-500", 100),
            Wanted::Part { start: 50, end: 99 }
        );
        assert_eq!(range("bytes=100-", 100), Wanted::Unsatisfiable);
        assert_eq!(range("bytes=0-1,5-6", 100), Wanted::Whole);
        assert_eq!(range("items=0-1", 100), Wanted::Whole);
        assert_eq!(wanted(&HeaderMap::new(), 100), Wanted::Whole);
    }
}
