//! Serving figures against the machine's limit, printed (never asserted): run with
//! `make bench` (`scripts/bench`) or `cargo bench -p cardsmith --bench serving`.
//!
//! One run of the release `cardsmith` binary as a process of its own, on a data set made
//! here: 1,000 cards in 10 collections (seeded through the API, timed) and a 10-minute MP3
//! uploaded as a track. Each figure has its reference on the same bytes, in the same run,
//! driven by the same `wrk` settings:
//!
//! 1. 1 MiB Range GETs of the track's M4A on 1 and 8 connections, against nginx serving the
//!    same M4A as a file;
//! 2. `GET /api/cards` (1,000 cards) on 8 connections, against nginx serving that exact JSON
//!    body as a file;
//! 3. the first `GET /api/cards` after a card changed (the list is built afresh);
//! 4. the upload of the 10-minute MP3 until its track is ready, against plain ffmpeg;
//! 5. the server's resident memory idle, at its peak under the loads above, and 10 s after;
//! 6. the hydrate bundle in `target/site/pkg` (what `scripts/build --release`
//!    wrote): the first page's files and every WASM module, raw, gzipped, and brotli when
//!    precompressed files are there.
//!
//! The last thing printed is the summary table the README's Performance section shows.

use std::time::{Duration, Instant};

use reqwest::Client;
use serde_json::json;

mod common;
use common::bundle;
use common::load::{wrk, Load, RANGE, RANGE_BYTES};
use common::memory::{mb, rss_anon_kb, rss_kb, PeakSampler};
use common::processes::{CardsmithProcess, Nginx};
use common::{body, plain_aac_seconds, sign_in, ten_minute_mp3, upload_until_ready};

const COLLECTIONS: usize = 10;
const CARDS_PER_COLLECTION: usize = 100;
/// Requests that seed cards at once.
const SEEDERS: usize = 8;
/// Writes, each followed by a timed read, for the freshness figure.
const WRITES: usize = 20;
/// Sign-ins after the load, to show what each leaves resident.
const SIGN_INS: usize = 4;

fn main() {
    common::block_on(run());
}

/// One line of the summary.
struct Row {
    what: String,
    ours: String,
    reference: String,
    ratio: String,
    target: &'static str,
}

impl Row {
    fn new(what: impl Into<String>, ours: impl Into<String>) -> Self {
        Self {
            what: what.into(),
            ours: ours.into(),
            reference: "—".into(),
            ratio: "—".into(),
            target: "—",
        }
    }

    /// Throughput against the reference's: the ratio is ours / theirs (higher is better).
    fn load(what: &str, ours: Load, reference: &str, theirs: Load) -> Self {
        Self {
            reference: format!("{reference}: {:.0} req/s", theirs.requests_per_s),
            ratio: format!("{:.2}×", ours.requests_per_s / theirs.requests_per_s),
            ..Self::new(what, format!("{:.0} req/s", ours.requests_per_s))
        }
    }

    fn target(self, target: &'static str) -> Self {
        Self { target, ..self }
    }
}

async fn run() {
    let dir = tempfile::tempdir().unwrap();
    println!("making a 10-minute MP3 (speech-like noise)…");
    let mp3 = ten_minute_mp3(dir.path());
    let server = CardsmithProcess::start(&dir.path().join("data")).await;
    let (client, base) = (&server.client, server.base.as_str());
    let pid = server.pid();
    let started_kb = rss_kb(pid);
    let mut rows = Vec::new();

    let t = Instant::now();
    let card = seed(client, base).await;
    let seed_s = t.elapsed().as_secs_f64();
    let seeded = COLLECTIONS * CARDS_PER_COLLECTION;
    println!(
        "seeded {seeded} cards in {COLLECTIONS} collections through the API in {seed_s:.2} s \
         ({:.0} cards/s, {SEEDERS} requests at a time)",
        seeded as f64 / seed_s
    );

    println!("uploading the MP3 and waiting for its M4A; then plain ffmpeg on the same file…");
    let upload = upload_until_ready(client, base, &card, &mp3).await;
    let plain_s = plain_aac_seconds(&mp3, &dir.path().join("plain.m4a"), &[]);
    let fast = ["-aac_coder", "fast"];
    let plain_fast_s = plain_aac_seconds(&mp3, &dir.path().join("plain-fast.m4a"), &fast);
    println!(
        "upload answered in {:.2} s, ready after {:.2} s; plain ffmpeg {plain_s:.2} s \
         (with Cardsmith's `-aac_coder fast`: {plain_fast_s:.2} s)",
        upload.uploaded_s, upload.ready_s
    );

    tokio::time::sleep(Duration::from_secs(2)).await;
    let (idle_kb, idle_anon_kb) = (rss_kb(pid), rss_anon_kb(pid));

    let audio = format!("{base}/api/cards/{card}/tracks/{}/audio", upload.track);
    let cards = format!("{base}/api/cards");
    let m4a = body(client, &audio, &[]).await;
    let list = body(client, &cards, &[]).await;
    let nginx = Nginx::start(&dir.path().join("nginx"));
    let nginx_audio = nginx.serve("track.m4a", &m4a);
    let nginx_cards = nginx.serve("cards.json", &list);
    let plain = Client::new();
    let ranged = body(client, &audio, &[RANGE]).await;
    assert_eq!(ranged.len(), RANGE_BYTES);
    assert_eq!(ranged, body(&plain, &nginx_audio, &[RANGE]).await);
    assert_eq!(list, body(&plain, &nginx_cards, &[]).await);
    println!(
        "serving the same bytes: a {:.1} MB M4A and a {:.0} KB card list; wrk, {} s a run",
        m4a.len() as f64 / 1e6,
        list.len() as f64 / 1e3,
        common::load::SECONDS
    );

    let cookie = format!("Cookie: {}", server.cookie);
    let sampler = PeakSampler::start(pid, rss_kb);
    for (connections, what) in [
        (1, "1 MiB Range GETs of a track's M4A, 1 connection"),
        (8, "same, 8 connections"),
    ] {
        let ours = wrk(&audio, connections, &[RANGE, &cookie]);
        let theirs = wrk(&nginx_audio, connections, &[RANGE]);
        rows.push(Row::load(what, ours, "nginx, same file", theirs));
    }
    let ours = wrk(&cards, 8, &[&cookie]);
    let theirs = wrk(&nginx_cards, 8, &[]);
    rows.push(Row::load(
        &format!(
            "`GET /api/cards`, {seeded} cards ({:.0} KB), 8 connections",
            list.len() as f64 / 1e3
        ),
        ours,
        "nginx, that JSON as a file",
        theirs,
    ));
    let load_peak_kb = sampler.peak_kb();
    drop(nginx);

    let (fresh, kept) = after_writes(client, base, &card).await;
    rows.push(
        Row::new(
            "first `GET /api/cards` after a card changed (median of 20, max)",
            format!("{:.1} ms (max {:.1})", median(&fresh), max(&fresh)),
        )
        .target("≤ 15 ms"),
    );
    println!(
        "GET /api/cards: first after a write {:.1} ms median ({:.1} max); unchanged list {:.1} ms median",
        median(&fresh),
        max(&fresh),
        median(&kept)
    );

    rows.push(Row {
        reference: format!(
            "plain `ffmpeg -c:a aac -b:a 128k`: {plain_s:.2} s (with `-aac_coder fast`, \
             Cardsmith's coder: {plain_fast_s:.2} s, {:.2}×)",
            upload.ready_s / plain_fast_s
        ),
        ratio: format!("{:.2}×", upload.ready_s / plain_s),
        ..Row::new(
            "10-min MP3 upload → track ready (loudness-normalised, length, peaks)",
            format!("{:.2} s", upload.ready_s),
        )
    });

    println!("waiting 10 s after the load…");
    tokio::time::sleep(Duration::from_secs(10)).await;
    let after_kb = rss_kb(pid);
    println!(
        "server RSS: {:.1} MB after start and a sign-in, {:.1} MB idle with the data set \
         ({:.1} MB of it anonymous, the rest the binary's pages), {:.1} MB peak under load, \
         {:.1} MB 10 s after",
        mb(started_kb),
        mb(idle_kb),
        mb(idle_anon_kb),
        mb(load_peak_kb),
        mb(after_kb)
    );
    // each sign-in hashes with Argon2 (19 MiB of working memory): what stays resident after
    for _ in 0..SIGN_INS {
        sign_in(&Client::builder().cookie_store(true).build().unwrap(), base).await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    println!(
        "server RSS after {SIGN_INS} more sign-ins: {:.1} MB",
        mb(rss_kb(pid))
    );
    rows.push(
        Row::new(
            "server RSS: idle / peak under the loads above / 10 s after",
            format!(
                "{:.1} / {:.1} / {:.1} MB",
                mb(idle_kb),
                mb(load_peak_kb),
                mb(after_kb)
            ),
        )
        .target("≤ 40 idle, ≤ 150 under load"),
    );
    drop(server);

    rows.push(Row::new(
        format!("seeding {seeded} cards through the API"),
        format!("{seed_s:.2} s"),
    ));
    rows.extend(bundle_rows());
    print_table(&rows);
}

/// 1,000 cards in 10 collections, made through the API [`SEEDERS`] at a time; answers the
/// slug of the card the track and the writes go to.
async fn seed(client: &Client, base: &str) -> String {
    common::seed_cards(client, base, COLLECTIONS, CARDS_PER_COLLECTION, SEEDERS)
        .await
        .swap_remove(0)
}

/// Changes `card`'s title [`WRITES`] times; after each, times the first `GET /api/cards`
/// (which must show the new title) and a second one (the kept list). Answers both series
/// in ms.
async fn after_writes(client: &Client, base: &str, card: &str) -> (Vec<f64>, Vec<f64>) {
    let cards = format!("{base}/api/cards");
    let (mut fresh, mut kept) = (Vec::new(), Vec::new());
    for i in 0..WRITES {
        let title = format!("Story, edit {i}");
        let r = client
            .put(format!("{base}/api/cards/{card}"))
            .json(&json!({"title": title, "description": ""}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 204);
        let t = Instant::now();
        let list = body(client, &cards, &[]).await;
        fresh.push(t.elapsed().as_secs_f64() * 1e3);
        assert!(String::from_utf8_lossy(&list).contains(&title));
        let t = Instant::now();
        body(client, &cards, &[]).await;
        kept.push(t.elapsed().as_secs_f64() * 1e3);
    }
    (fresh, kept)
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[sorted.len() / 2]
}

fn max(values: &[f64]) -> f64 {
    values.iter().copied().fold(f64::MIN, f64::max)
}

/// The hydrate bundle's rows: what the first page loads (the main module, its JS glue and
/// split loader, the CSS, and the first route's own modules) against the target, and every
/// WASM module of the build, raw, gzipped and brotli (when precompressed).
fn bundle_rows() -> Vec<Row> {
    const TARGET: &str = "≤ 250 KB gz first page";
    let pkg = bundle::pkg_dir();
    let Some(bundle) = bundle::measure(&pkg) else {
        println!(
            "no bundle in {} (scripts/bench builds it: scripts/build --release --site-only)",
            pkg.display()
        );
        return vec![Row::new("hydrate bundle", "not built").target(TARGET)];
    };
    let kb = |bytes: u64| bytes as f64 / 1e3;
    let brotli = |b: Option<u64>| b.map_or("no .br".to_owned(), |b| format!("{:.0} KB br", kb(b)));
    println!("first page ({}):", bundle::FIRST_PAGE);
    for f in &bundle.first_page {
        println!(
            "  {}: {:.1} KB raw, {:.1} KB gzip -9, {}",
            f.path.display(),
            kb(f.raw),
            kb(f.gzip),
            brotli(f.brotli)
        );
    }
    let first = bundle::total(&bundle.first_page);
    let all = bundle::total(&bundle.all_wasm);
    vec![
        Row::new(
            format!(
                "first page's bundle ({}: {} files, WASM + JS + CSS), raw / gzip -9 / brotli",
                bundle::FIRST_PAGE,
                first.files
            ),
            format!(
                "{:.0} KB / {:.0} KB / {}",
                kb(first.raw),
                kb(first.gzip),
                brotli(first.brotli)
            ),
        )
        .target(TARGET),
        Row::new(
            format!(
                "hydrate bundle: every WASM module ({}), raw / gzip -9 / brotli",
                all.files
            ),
            format!(
                "{:.0} KB / {:.0} KB / {}",
                kb(all.raw),
                kb(all.gzip),
                brotli(all.brotli)
            ),
        ),
    ]
}

/// The summary, as a Markdown table.
fn print_table(rows: &[Row]) {
    println!("\n== serving, one run (release build)\n");
    println!("| what | Cardsmith | reference | ratio | target |");
    println!("|---|---|---|---|---|");
    for r in rows {
        println!(
            "| {} | {} | {} | {} | {} |",
            r.what, r.ours, r.reference, r.ratio, r.target
        );
    }
}
