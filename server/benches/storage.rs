//! Object storage against the local media folder, printed (never asserted): run with
//! `make bench` (`scripts/bench`) or `cargo bench -p cardsmith --bench storage`.
//!
//! One run, two release `cardsmith` processes side by side: one keeps its media in its data
//! directory (the default), the other in a fresh bucket of a Garage server on loopback (the
//! API tests' own Garage: one node, SQLite metadata). On each, in turn, the same bytes:
//!
//! 1. the 10-minute MP3 uploaded as a track: the upload's answer (MB/s of the file, streamed
//!    into the store) and upload → track ready (the transcode reads the original from the
//!    store and writes its M4A, peaks and the rest back);
//! 2. 1 MiB Range GETs of that track's M4A under `wrk` on 1 and 8 connections (a ranged GET
//!    of the object per request on the bucket), with nginx serving the same M4A as a file as
//!    the machine's reference.
//!
//! Both backends must serve the same M4A, byte for byte, before anything is measured.
//! Garage shares the machine's cores with Cardsmith and `wrk`, so the object-storage figures
//! include the store's own work and no network between them: a one-machine layout's figures,
//! not a remote store's.

use std::path::Path;

use reqwest::Client;

mod common;
use common::garage::media_args;
use common::load::{wrk, Load, RANGE, RANGE_BYTES};
use common::processes::{CardsmithProcess, Nginx};
use common::{body, new_card, ten_minute_mp3, upload_until_ready, Upload};

fn main() {
    common::block_on(run());
}

/// One Cardsmith process, its media on one backend, and the track it was given.
struct Backend {
    server: CardsmithProcess,
    upload: Upload,
    /// The URL of the track's M4A.
    audio: String,
}

impl Backend {
    /// Starts `cardsmith serve` in `dir` (created; data in `dir/data`) with the extra `flags`,
    /// uploads `mp3` as a track of a new card and waits until it is ready.
    async fn start(name: &str, dir: &Path, flags: &[String], mp3: &Path) -> Self {
        std::fs::create_dir_all(dir).unwrap();
        let server = CardsmithProcess::start_with(&dir.join("data"), flags).await;
        let card = new_card(&server.client, &server.base, "Storage").await;
        let upload = upload_until_ready(&server.client, &server.base, &card, mp3).await;
        println!(
            "{name}: upload answered in {:.2} s, track ready after {:.2} s",
            upload.uploaded_s, upload.ready_s
        );
        let audio = format!(
            "{}/api/cards/{card}/tracks/{}/audio",
            server.base, upload.track
        );
        Self {
            server,
            upload,
            audio,
        }
    }

    /// `wrk` on the track's M4A with [`RANGE`], signed in.
    fn ranged_load(&self, connections: u32) -> Load {
        let cookie = format!("Cookie: {}", self.server.cookie);
        wrk(&self.audio, connections, &[RANGE, &cookie])
    }
}

/// One line of the summary.
struct Row {
    what: String,
    local: String,
    object: String,
    /// object storage / local folder
    ratio: String,
    nginx: String,
}

impl Row {
    /// Range throughput of both backends and nginx; the ratio is object / local (higher is
    /// better).
    fn load(what: &str, local: Load, object: Load, nginx: Load) -> Self {
        let figure = |l: Load| {
            format!(
                "{:.0} req/s ({:.0} MB/s)",
                l.requests_per_s,
                l.bytes_per_s / 1e6
            )
        };
        Self {
            what: what.into(),
            local: figure(local),
            object: figure(object),
            ratio: format!("{:.2}×", object.requests_per_s / local.requests_per_s),
            nginx: figure(nginx),
        }
    }
}

async fn run() {
    let dir = tempfile::tempdir().unwrap();
    println!("making a 10-minute MP3 (speech-like noise)…");
    let mp3 = ten_minute_mp3(dir.path());
    let mp3_mb = std::fs::metadata(&mp3).unwrap().len() as f64 / 1e6;
    println!("starting Garage, then Cardsmith on a local media folder and on a Garage bucket…");
    let bucket = media_args();
    let local = Backend::start("local folder", &dir.path().join("local"), &[], &mp3).await;
    let object = Backend::start("object storage", &dir.path().join("object"), &bucket, &mp3).await;

    let m4a = body(&local.server.client, &local.audio, &[]).await;
    assert!(
        m4a == body(&object.server.client, &object.audio, &[]).await,
        "both backends serve the same M4A"
    );
    let nginx = Nginx::start(&dir.path().join("nginx"));
    let nginx_audio = nginx.serve("track.m4a", &m4a);
    let ranged = body(&Client::new(), &nginx_audio, &[RANGE]).await;
    assert_eq!(ranged.len(), RANGE_BYTES);
    for backend in [&local, &object] {
        let theirs = body(&backend.server.client, &backend.audio, &[RANGE]).await;
        assert!(theirs == ranged, "{} serves nginx's bytes", backend.audio);
    }
    println!(
        "serving the same bytes: a {:.1} MB M4A; wrk, {} s a run",
        m4a.len() as f64 / 1e6,
        common::load::SECONDS
    );

    let mb_per_s = |u: &Upload| mp3_mb / u.uploaded_s;
    let mut rows = vec![
        Row {
            what: format!("upload of the 10-min MP3 ({mp3_mb:.1} MB) until answered"),
            local: format!(
                "{:.1} MB/s ({:.2} s)",
                mb_per_s(&local.upload),
                local.upload.uploaded_s
            ),
            object: format!(
                "{:.1} MB/s ({:.2} s)",
                mb_per_s(&object.upload),
                object.upload.uploaded_s
            ),
            ratio: format!("{:.2}×", mb_per_s(&object.upload) / mb_per_s(&local.upload)),
            nginx: "—".into(),
        },
        Row {
            what: "upload → track ready (transcode, peaks; ratio of times, lower is better)".into(),
            local: format!("{:.2} s", local.upload.ready_s),
            object: format!("{:.2} s", object.upload.ready_s),
            ratio: format!("{:.2}×", object.upload.ready_s / local.upload.ready_s),
            nginx: "—".into(),
        },
    ];
    for (connections, what) in [
        (1, "1 MiB Range GETs of the track's M4A, 1 connection"),
        (8, "same, 8 connections"),
    ] {
        let on_local = local.ranged_load(connections);
        let on_object = object.ranged_load(connections);
        let on_nginx = wrk(&nginx_audio, connections, &[RANGE]);
        rows.push(Row::load(what, on_local, on_object, on_nginx));
    }
    print_table(&rows);
}

/// The summary, as a Markdown table.
fn print_table(rows: &[Row]) {
    println!("\n== storage, one run (release build)\n");
    println!(
        "| what | local folder | object storage (Garage) | object / local | nginx, same file |"
    );
    println!("|---|---|---|---|---|");
    for r in rows {
        println!(
            "| {} | {} | {} | {} | {} |",
            r.what, r.local, r.object, r.ratio, r.nginx
        );
    }
}
