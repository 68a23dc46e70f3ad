//! Answering before the body is read, without breaking the connection.
//!
//! Many answers come before a request's body is read: 401 for an expired session, 403, 404
//! for an unknown card, 413, 415. HTTP/1.1 then leaves the unread bytes on the connection,
//! and hyper closes it after the answer, without saying so: a keep-alive client's next
//! request on it fails ("connection closed without response"), and a large upload can lose
//! the refusal itself. So, as nginx's lingering close does, this layer keeps what the
//! handler left of the body and, once the answer is made, reads and discards a bounded rest
//! ([`DRAIN_LIMIT`] bytes within [`DRAIN_TIME`]) before the answer goes out: the connection
//! stays usable. A rest larger than that (a refused 2 GB upload) is not read: the answer then
//! carries `Connection: close`, so the client knows and opens a new connection.
//!
//! Requests with `Expect: 100-continue` are left alone: their client sends no body until
//! told to, and hyper answers it cleanly. HTTP/2 streams end on their own.

use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::Request;
use axum::http::{header, HeaderValue, Version};
use axum::middleware::Next;
use axum::response::Response;
use http_body::{Frame, SizeHint};

/// Most of an unread body read and thrown away to keep the connection: more than the largest
/// JSON body (1 MiB by default), less than an upload worth refusing early.
pub const DRAIN_LIMIT: u64 = 4 * 1024 * 1024;
/// Longest a refusal waits for the rest of its request's body.
pub const DRAIN_TIME: Duration = Duration::from_secs(5);

/// Where the body goes back when the handler drops it unfinished.
type Leftover = Arc<Mutex<Option<Body>>>;

/// The middleware (outermost, so every answer passes it).
pub async fn drain_unread_body(request: Request, next: Next) -> Response {
    let expects_continue = request
        .headers()
        .get(header::EXPECT)
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"100-continue"));
    let http1 = matches!(request.version(), Version::HTTP_10 | Version::HTTP_11);
    if !http1 || expects_continue {
        return next.run(request).await;
    }
    let announced = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    let leftover: Leftover = Arc::default();
    let (parts, body) = request.into_parts();
    let tracked = Tracked {
        inner: Some(body),
        leftover: leftover.clone(),
    };
    let mut response = next
        .run(Request::from_parts(parts, Body::new(tracked)))
        .await;
    let rest = leftover.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some(rest) = rest {
        // a rest announced larger than the limit is not worth waiting for
        let small = announced.is_none_or(|n| n <= DRAIN_LIMIT);
        if !(small && drain(rest).await) {
            response
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
    }
    response
}

/// Reads and discards `body` to its end; `false` when it is longer than [`DRAIN_LIMIT`],
/// fails, or does not end within [`DRAIN_TIME`].
async fn drain(mut body: Body) -> bool {
    let read = async {
        let mut seen: u64 = 0;
        while let Some(frame) = std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await
        {
            let Ok(frame) = frame else { return false };
            if let Some(data) = frame.data_ref() {
                seen += data.len() as u64;
                if seen > DRAIN_LIMIT {
                    return false;
                }
            }
        }
        true
    };
    tokio::time::timeout(DRAIN_TIME, read)
        .await
        .unwrap_or(false)
}

/// A request body that gives itself back to the middleware when dropped unfinished.
struct Tracked {
    inner: Option<Body>,
    leftover: Leftover,
}

impl HttpBody for Tracked {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let Some(inner) = self.inner.as_mut() else {
            return Poll::Ready(None);
        };
        let polled = Pin::new(inner).poll_frame(cx);
        if let Poll::Ready(None) = polled {
            // read to its end: nothing is left to give back
            self.inner = None;
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.as_ref().is_none_or(HttpBody::is_end_stream)
    }

    fn size_hint(&self) -> SizeHint {
        self.inner
            .as_ref()
            .map_or_else(|| SizeHint::with_exact(0), HttpBody::size_hint)
    }
}

impl Drop for Tracked {
    fn drop(&mut self) {
        if let Some(inner) = self.inner.take().filter(|b| !b.is_end_stream()) {
            *self.leftover.lock().unwrap_or_else(|e| e.into_inner()) = Some(inner);
        }
    }
}
