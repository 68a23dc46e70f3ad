//! A podcast host on 127.0.0.1 for the feed tests: a feed whose episodes the test changes
//! (and can make disappear), each episode's MP3 made by ffmpeg, artwork, and the hostile
//! things a feed can name — XXE and billion-laughs documents, a feed that never ends,
//! enclosures that redirect to loopback or the metadata address, one declaring 2 GB.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use futures_util::StreamExt;

use super::audio_fixtures::ffmpeg;
use super::helpers::png_bytes;

/// What the host serves now.
#[derive(Default)]
struct Shows {
    /// Episode numbers the feed lists (each published on day `n`).
    episodes: Vec<u32>,
    /// The feed answers 404.
    gone: bool,
    /// Episode downloads served so far, by number.
    downloads: Vec<u32>,
    /// Episodes whose audio answers 404.
    missing: Vec<u32>,
}

#[derive(Clone)]
struct Host {
    shows: Arc<Mutex<Shows>>,
    audio: Arc<tempfile::TempDir>,
    /// A port nothing allowed listens on (where a redirect to loopback points).
    other: u16,
}

pub struct FeedServer {
    pub addr: SocketAddr,
    shows: Arc<Mutex<Shows>>,
}

impl FeedServer {
    /// Starts the host with episodes `1..=n` and a second, un-allowed listener beside it.
    pub async fn start(n: u32) -> Self {
        let other = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let other_port = other.local_addr().unwrap().port();
        let plain = Router::new().fallback(|| async { FEED_WITH_XXE });
        tokio::spawn(async move { axum::serve(other, plain).await.ok() });
        let shows = Arc::new(Mutex::new(Shows {
            episodes: (1..=n).collect(),
            ..Default::default()
        }));
        let host = Host {
            shows: shows.clone(),
            audio: Arc::new(tempfile::tempdir().unwrap()),
            other: other_port,
        };
        let app = Router::new()
            .route("/feed.xml", get(feed))
            .route("/ep/{file}", get(episode))
            .route("/art.png", get(|| async { png_bytes(96, 96) }))
            .route("/xxe.xml", get(|| async { FEED_WITH_XXE }))
            .route("/laughs.xml", get(|| async { BILLION_LAUGHS }))
            .route("/endless.xml", get(endless))
            .route("/hostile.xml", get(hostile))
            .route("/to-loopback.mp3", get(to_loopback))
            .route(
                "/to-metadata.mp3",
                get(|| async { redirect("http://169.254.169.254/latest/meta-data/") }),
            )
            .route("/huge.mp3", get(huge))
            .with_state(host);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await.ok() });
        Self { addr, shows }
    }

    /// The `--feed-allow-host` value that lets the app reach this host (and nothing else).
    pub fn allow(&self) -> String {
        self.addr.to_string()
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// The feed now lists episodes `from..=to`.
    pub fn publish(&self, from: u32, to: u32) {
        self.shows.lock().unwrap().episodes = (from..=to).collect();
    }

    /// The feed answers 404 from now on (or again 200).
    pub fn set_gone(&self, gone: bool) {
        self.shows.lock().unwrap().gone = gone;
    }

    /// Episode `n`'s audio answers 404 (or again 200).
    pub fn set_missing(&self, n: u32, missing: bool) {
        let mut shows = self.shows.lock().unwrap();
        shows.missing.retain(|m| *m != n);
        if missing {
            shows.missing.push(n);
        }
    }

    /// Episode downloads served so far, in order.
    pub fn downloads(&self) -> Vec<u32> {
        self.shows.lock().unwrap().downloads.clone()
    }
}

/// An RSS item of episode `n`, its audio at `url`.
fn item(n: u32, url: &str) -> String {
    let day = n.min(28);
    format!(
        "<item><title>Episode {n}: The Owl</title><guid>ep-{n}</guid>\
         <pubDate>Mon, {day:02} Jun 2025 08:00:00 GMT</pubDate>\
         <enclosure url=\"{url}\" length=\"20000\" type=\"audio/mpeg\"/></item>"
    )
}

fn rss(items: &str) -> String {
    format!(
        "<?xml version=\"1.0\"?><rss version=\"2.0\" \
         xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\"><channel>\
         <title>Owl Tales</title><link>http://example.org/</link>\
         <itunes:image href=\"/art.png\"/>{items}</channel></rss>"
    )
}

async fn feed(State(host): State<Host>) -> Response {
    let shows = host.shows.lock().unwrap();
    if shows.gone {
        return StatusCode::NOT_FOUND.into_response();
    }
    let items: String = shows
        .episodes
        .iter()
        .map(|n| item(*n, &format!("/ep/{n}.mp3")))
        .collect();
    ([(header::CONTENT_TYPE, "application/rss+xml")], rss(&items)).into_response()
}

/// Episode `n`'s MP3: a second of a tone of its own (so each episode is its own file).
async fn episode(State(host): State<Host>, Path(file): Path<String>) -> Response {
    let Some(n) = file
        .strip_suffix(".mp3")
        .and_then(|n| n.parse::<u32>().ok())
    else {
        return StatusCode::NOT_FOUND.into_response();
    };
    {
        let mut shows = host.shows.lock().unwrap();
        if shows.missing.contains(&n) {
            return StatusCode::NOT_FOUND.into_response();
        }
        shows.downloads.push(n);
    }
    let path: PathBuf = host.audio.path().join(format!("{n}.mp3"));
    if !path.exists() {
        let source = format!(
            "sine=frequency={}:sample_rate=44100:duration=1",
            200 + n * 20
        );
        let out = path.clone();
        tokio::task::spawn_blocking(move || ffmpeg(&["-f", "lavfi", "-i", &source], &out))
            .await
            .unwrap();
    }
    let bytes = std::fs::read(&path).unwrap();
    ([(header::CONTENT_TYPE, "audio/mpeg")], bytes).into_response()
}

fn redirect(to: &str) -> Response {
    (StatusCode::FOUND, [(header::LOCATION, to.to_owned())]).into_response()
}

async fn to_loopback(State(host): State<Host>) -> Response {
    redirect(&format!("http://127.0.0.1:{}/secret.mp3", host.other))
}

/// Declares 2 GB (and would send them).
async fn huge() -> Response {
    let chunks = futures_util::stream::repeat_with(|| Ok::<_, std::io::Error>(vec![0u8; 65536]))
        .take(2 * 1024 * 1024 * 1024 / 65536);
    Response::builder()
        .header(header::CONTENT_TYPE, "audio/mpeg")
        .header(header::CONTENT_LENGTH, 2u64 * 1024 * 1024 * 1024)
        .body(Body::from_stream(chunks))
        .unwrap()
}

/// A feed that never ends: items without end, as fast as they are read.
async fn endless() -> Response {
    let head = futures_util::stream::once(async {
        Ok::<_, std::io::Error>(rss("").replace("</channel></rss>", "").into_bytes())
    });
    let items =
        futures_util::stream::repeat_with(|| Ok(item(1, "/ep/1.mp3").repeat(200).into_bytes()));
    Response::builder()
        .header(header::CONTENT_TYPE, "application/rss+xml")
        .body(Body::from_stream(head.chain(items)))
        .unwrap()
}

/// A good episode beside three whose audio is out of reach: redirected to loopback, to the
/// cloud metadata address, and declaring 2 GB.
async fn hostile() -> String {
    let items = [
        item(4, "/ep/4.mp3"),
        item(3, "/to-loopback.mp3"),
        item(2, "/to-metadata.mp3"),
        item(1, "/huge.mp3"),
    ]
    .concat();
    rss(&items)
}

/// Asks for a file of the machine through an external entity, in the title.
const FEED_WITH_XXE: &str = r#"<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<rss version="2.0"><channel><title>Leak &secret; here</title>
<item><title>One</title><guid>x-1</guid><enclosure url="/ep/1.mp3" type="audio/mpeg"/></item>
</channel></rss>"#;

/// Entities ten deep, each ten of the one below: a billion "lol"s if expanded.
const BILLION_LAUGHS: &str = r#"<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<rss version="2.0"><channel><title>&lol9;</title>
<item><title>&lol9;</title><guid>l-1</guid><enclosure url="/ep/1.mp3" type="audio/mpeg"/></item>
</channel></rss>"#;
