//! Fetching what a feed names — the feed itself, its episodes' audio, its artwork — from
//! addresses somebody else chose, without becoming a way into the private network and
//! without letting a hostile server hold memory or time.
//!
//! Each hop is resolved and checked by the SSRF guard (`cardsmith_upstream::guard`: public
//! addresses only, contacted at exactly the addresses checked, no proxy), redirects are
//! followed here one at a time so every hop is checked again, a body is read no further than
//! its cap (a declared length past it is refused before a byte is read), and the whole fetch,
//! redirects included, ends at its time cap however slowly the bytes come. An operator may
//! allow named `host:port` pairs on their own network (a podcast server at home); nothing
//! else private is reachable, not even through a redirect from an allowed one. A body goes
//! to a [`Sink`]: memory for a feed or a picture, a file on disk for an episode's audio.

use std::net::SocketAddr;
use std::time::Duration;

use cardsmith_upstream::guard;
use reqwest::Url;

use crate::media::store::IncomingFile;

/// Redirects followed before giving up.
pub const MAX_REDIRECTS: usize = 5;

/// Who may be contacted.
#[derive(Debug, Clone, Default)]
pub struct Reach {
    /// `host:port` pairs allowed although private (the operator's own servers).
    pub allowed: Vec<String>,
}

/// How much and how long.
#[derive(Debug, Clone, Copy)]
pub struct Caps {
    pub max_bytes: u64,
    /// For the whole fetch, redirects included.
    pub timeout: Duration,
}

/// Why a fetch did not bring anything back, in words for the parent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FetchError {
    #[error("is not an http or https address")]
    NotHttp,
    #[error("{0}")]
    Refused(#[from] guard::GuardError),
    #[error("redirects more than {MAX_REDIRECTS} times")]
    TooManyRedirects,
    #[error("answered {0}")]
    Status(u16),
    #[error("is larger than {0} MB")]
    TooLarge(u64),
    #[error("did not answer in time ({0} s)")]
    TimedOut(u64),
    #[error("could not be reached")]
    Unreachable,
}

/// What a fetch brought back.
#[derive(Debug, Clone)]
pub struct Fetched {
    /// Where it was in the end, after the redirects (relative links in it resolve here).
    pub url: Url,
    pub content_type: Option<String>,
    pub body: Vec<u8>,
}

/// Where a fetched body goes as it arrives.
pub trait Sink {
    fn put(
        &mut self,
        chunk: &[u8],
    ) -> impl std::future::Future<Output = Result<(), FetchError>> + Send;
}

/// A feed or a picture: held in memory (the cap bounds it).
impl Sink for Vec<u8> {
    async fn put(&mut self, chunk: &[u8]) -> Result<(), FetchError> {
        self.extend_from_slice(chunk);
        Ok(())
    }
}

/// An episode's audio: streamed to disk and hashed on the way, never held whole.
impl Sink for IncomingFile {
    async fn put(&mut self, chunk: &[u8]) -> Result<(), FetchError> {
        self.write(chunk).await.map_err(|e| match e {
            crate::CoreError::TooLarge(_) => FetchError::TooLarge(self.size() / 1_000_000),
            _ => FetchError::Unreachable,
        })
    }
}

/// Fetches `url` into memory within `caps`.
pub async fn get(url: &Url, reach: &Reach, caps: Caps) -> Result<Fetched, FetchError> {
    let mut body = Vec::new();
    let (url, content_type) = fetch_into(url, reach, caps, &mut body).await?;
    Ok(Fetched {
        url,
        content_type,
        body,
    })
}

/// Fetches `url` within `caps`, handing each piece of the body to `sink` (a file being
/// written, a buffer); answers where it was in the end and its content type.
pub async fn fetch_into(
    url: &Url,
    reach: &Reach,
    caps: Caps,
    sink: &mut impl Sink,
) -> Result<(Url, Option<String>), FetchError> {
    let secs = caps.timeout.as_secs().max(1);
    let fetched = async {
        let (url, mut response) = follow(url, reach, caps.timeout, false).await?;
        let too_large = FetchError::TooLarge(caps.max_bytes / 1_000_000);
        if response
            .content_length()
            .is_some_and(|n| n > caps.max_bytes)
        {
            return Err(too_large);
        }
        let content_type = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|t| t.to_str().ok())
            .map(str::to_owned);
        let mut read = 0u64;
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|_| FetchError::Unreachable)?
        {
            read += chunk.len() as u64;
            if read > caps.max_bytes {
                return Err(too_large);
            }
            sink.put(&chunk).await?;
        }
        Ok((url, content_type))
    };
    tokio::time::timeout(caps.timeout, fetched)
        .await
        .map_err(|_| FetchError::TimedOut(secs))?
}

/// Whether `url` answers with audio to play: its first byte is asked for (redirects followed
/// and checked as any fetch's), within `timeout`. What a stream episode is checked with; the
/// player fetches the rest itself.
pub async fn answers(url: &Url, reach: &Reach, timeout: Duration) -> Result<(), FetchError> {
    let secs = timeout.as_secs().max(1);
    tokio::time::timeout(timeout, follow(url, reach, timeout, true))
        .await
        .map_err(|_| FetchError::TimedOut(secs))?
        .map(|_| ())
}

/// Requests `url` (only its first byte when `first_byte`), following at most
/// [`MAX_REDIRECTS`] redirects, each hop checked again; answers the final address and its
/// successful response, its body unread.
async fn follow(
    url: &Url,
    reach: &Reach,
    timeout: Duration,
    first_byte: bool,
) -> Result<(Url, reqwest::Response), FetchError> {
    let mut url = url.clone();
    for _ in 0..=MAX_REDIRECTS {
        let response = send(&url, reach, timeout, first_byte).await?;
        let status = response.status();
        if status.is_redirection() {
            url = response
                .headers()
                .get(reqwest::header::LOCATION)
                .and_then(|l| l.to_str().ok())
                .and_then(|l| url.join(l).ok())
                .ok_or(FetchError::Status(status.as_u16()))?;
            continue;
        }
        if !status.is_success() {
            return Err(FetchError::Status(status.as_u16()));
        }
        return Ok((url, response));
    }
    Err(FetchError::TooManyRedirects)
}

/// One request to `url`, at addresses the guard checked (or the operator allowed).
async fn send(
    url: &Url,
    reach: &Reach,
    timeout: Duration,
    first_byte: bool,
) -> Result<reqwest::Response, FetchError> {
    if !matches!(url.scheme(), "http" | "https") {
        return Err(FetchError::NotHttp);
    }
    let addrs = addresses(url, reach).await?;
    let client = guard::pinned_client(url, &addrs, timeout).map_err(|_| FetchError::Unreachable)?;
    let mut request = client.get(url.clone());
    if first_byte {
        request = request.header(reqwest::header::RANGE, "bytes=0-0");
    }
    request.send().await.map_err(|e| {
        if e.is_timeout() {
            FetchError::TimedOut(timeout.as_secs())
        } else {
            FetchError::Unreachable
        }
    })
}

/// The addresses to contact for `url`: public ones, or any for a `host:port` the operator
/// allowed.
async fn addresses(url: &Url, reach: &Reach) -> Result<Vec<SocketAddr>, FetchError> {
    let host = url.host_str().unwrap_or_default();
    let port = url.port_or_known_default().unwrap_or(80);
    let allowed = reach.allowed.iter().any(|a| *a == format!("{host}:{port}"));
    Ok(guard::resolve_public(url, allowed).await?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpListener;

    /// A server on 127.0.0.1 answering each path as the test says: `(status line, headers,
    /// body, trickle)`; a trickling answer sends a byte every 50 ms forever.
    async fn serve(answer: fn(&str, u16) -> (String, Vec<u8>, bool)) -> u16 {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        tokio::spawn(async move {
            loop {
                let Ok((mut socket, _)) = listener.accept().await else {
                    return;
                };
                tokio::spawn(async move {
                    let mut request = vec![0u8; 4096];
                    let n = socket.read(&mut request).await.unwrap_or(0);
                    let text = String::from_utf8_lossy(&request[..n]).to_string();
                    let path = text.split_whitespace().nth(1).unwrap_or("/").to_owned();
                    let (head, body, trickle) = answer(&path, port);
                    let _ = socket.write_all(head.as_bytes()).await;
                    if trickle {
                        loop {
                            if socket.write_all(b"a").await.is_err() {
                                return;
                            }
                            tokio::time::sleep(Duration::from_millis(50)).await;
                        }
                    }
                    let _ = socket.write_all(&body).await;
                });
            }
        });
        port
    }

    fn answers(path: &str, port: u16) -> (String, Vec<u8>, bool) {
        let ok = |body: &str| {
            (
                format!("HTTP/1.1 200 OK\r\ncontent-type: application/rss+xml\r\ncontent-length: {}\r\nconnection: close\r\n\r\n", body.len()),
                body.as_bytes().to_vec(),
                false,
            )
        };
        let redirect = |to: String| {
            (
                format!("HTTP/1.1 302 Found\r\nlocation: {to}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"),
                Vec::new(),
                false,
            )
        };
        match path {
            "/feed" => ok("<rss/>"),
            "/moved" => redirect("/feed".into()),
            "/to-another-port" => redirect(format!("http://127.0.0.1:{}/feed", port - 1)),
            "/to-metadata" => redirect("http://169.254.169.254/latest/meta-data/".into()),
            "/loop" => redirect("/loop".into()),
            "/two-gigabytes" => (
                "HTTP/1.1 200 OK\r\ncontent-length: 2147483648\r\nconnection: close\r\n\r\n".into(),
                Vec::new(),
                false,
            ),
            "/never-ends" => (
                "HTTP/1.1 200 OK\r\nconnection: close\r\n\r\n".into(),
                Vec::new(),
                true,
            ),
            _ => (
                "HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n".into(),
                Vec::new(),
                false,
            ),
        }
    }

    #[tokio::test]
    async fn every_hop_is_checked_and_every_fetch_is_bounded() {
        let port = serve(answers).await;
        let reach = Reach {
            allowed: vec![format!("127.0.0.1:{port}")],
        };
        let caps = Caps {
            max_bytes: 1_000_000,
            timeout: Duration::from_secs(2),
        };
        let at = |path: &str| Url::parse(&format!("http://127.0.0.1:{port}{path}")).unwrap();
        let fetched = get(&at("/moved"), &reach, caps).await.unwrap();
        assert_eq!(fetched.body, b"<rss/>");
        assert_eq!(fetched.url, at("/feed"));
        assert_eq!(fetched.content_type.as_deref(), Some("application/rss+xml"));

        let refused =
            |e: FetchError| matches!(e, FetchError::Refused(guard::GuardError::NotPublic));
        // the allowed pair only: another loopback port and the metadata address are private
        assert!(refused(
            get(&at("/to-another-port"), &reach, caps)
                .await
                .unwrap_err()
        ));
        assert!(refused(
            get(&at("/to-metadata"), &reach, caps).await.unwrap_err()
        ));
        assert!(refused(
            get(&at("/feed"), &Reach::default(), caps)
                .await
                .unwrap_err()
        ));
        assert_eq!(
            get(&at("/loop"), &reach, caps).await.unwrap_err(),
            FetchError::TooManyRedirects
        );
        assert_eq!(
            get(&at("/gone"), &reach, caps).await.unwrap_err(),
            FetchError::Status(404)
        );
        assert_eq!(
            get(&at("/two-gigabytes"), &reach, caps).await.unwrap_err(),
            FetchError::TooLarge(1)
        );
        let small = Caps {
            max_bytes: 10,
            ..caps
        };
        assert_eq!(
            get(&at("/never-ends"), &reach, small).await.unwrap_err(),
            FetchError::TooLarge(0)
        );
        assert_eq!(
            get(&at("/never-ends"), &reach, caps).await.unwrap_err(),
            FetchError::TimedOut(2)
        );
        // an episode streams to a file, hashed on the way
        let dir = tempfile::tempdir().unwrap();
        let mut incoming = IncomingFile::create(dir.path(), 1_000_000).await.unwrap();
        fetch_into(&at("/moved"), &reach, caps, &mut incoming)
            .await
            .unwrap();
        let (path, _, size) = incoming.finish().await.unwrap();
        assert_eq!(
            (std::fs::read(path).unwrap(), size),
            (b"<rss/>".to_vec(), 6)
        );
        let file = Url::parse("file:///etc/passwd").unwrap();
        assert_eq!(
            get(&file, &reach, caps).await.unwrap_err(),
            FetchError::NotHttp
        );
    }
}
