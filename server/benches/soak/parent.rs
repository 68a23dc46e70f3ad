//! One simulated parent: signed in with their own session, they think 1–5 s between actions
//! and pick each from the mix a family's evening brings (reads, edits, uploads, recordings at
//! real-time pace, trims, Range reads of audio, publishing). While something they asked for
//! is processing they poll it every second, as the card page does. Everything they made is
//! kept for the check at the end.

use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::Client;
use serde_json::{json, Value};

use super::stats::Recorder;

/// Audio a parent uploads or records: the bytes and their length in seconds.
pub struct Fixtures {
    /// MP3 files of 5, 15, 30 and 60 seconds.
    pub files: Vec<(Arc<Vec<u8>>, f64)>,
    /// A 20-second take, Opus in WebM, as a phone's recorder makes it.
    pub take: Arc<Vec<u8>>,
    pub take_seconds: f64,
}

/// A track a parent made, and the length it must have in the end.
pub struct Made {
    pub card: String,
    pub slug: String,
    pub seconds: f64,
    /// Ready and no edit queued on it.
    idle: bool,
    /// How it came to be: `upload`, `recording`, `trim`.
    pub how: &'static str,
}

/// Something the parent waits for, polled every second.
enum Waiting {
    /// A track to become ready (the index into `made`).
    Track { made: usize, since: Instant },
    /// A job to end; `made` is the trimmed track's.
    Job {
        id: String,
        operation: &'static str,
        made: Option<usize>,
        since: Instant,
    },
}

/// A small deterministic random source (xorshift64*), one per parent.
pub struct Dice(u64);

impl Dice {
    pub fn new(seed: u64) -> Self {
        Self(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n.max(1)
    }
}

pub struct Parent {
    pub client: Client,
    pub base: String,
    pub dice: Dice,
    pub email: String,
    pub password: String,
    pub collection: String,
    pub cards: Vec<String>,
    pub account: Option<String>,
    pub made: Vec<Made>,
    waiting: Vec<Waiting>,
    /// Publish jobs and whether each succeeded.
    pub publishes: Vec<(String, bool)>,
    pub fixtures: Arc<Fixtures>,
    pub recorder: Arc<Recorder>,
}

/// How often each action is picked (out of the sum).
const MIX: &[(Action, u64)] = &[
    (Action::Read, 41),
    (Action::Rename, 8),
    (Action::CreateCard, 3),
    (Action::Upload, 11),
    (Action::Record, 4),
    (Action::Trim, 5),
    (Action::Range, 12),
    (Action::Reorder, 6),
    (Action::Publish, 3),
    (Action::SignIn, 2),
];

#[derive(Clone, Copy)]
enum Action {
    Read,
    Rename,
    CreateCard,
    Upload,
    Record,
    Trim,
    Range,
    Reorder,
    Publish,
    SignIn,
}

impl Parent {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        client: Client,
        base: &str,
        seed: u64,
        email: String,
        password: String,
        collection: String,
        card: String,
        fixtures: Arc<Fixtures>,
        recorder: Arc<Recorder>,
    ) -> Self {
        Self {
            client,
            base: base.to_owned(),
            dice: Dice::new(seed),
            email,
            password,
            collection,
            cards: vec![card],
            account: None,
            made: Vec::new(),
            waiting: Vec::new(),
            publishes: Vec::new(),
            fixtures,
            recorder,
        }
    }

    /// Acts until `end`, then keeps polling what is still processing until `drain_until`.
    pub async fn run(&mut self, end: Instant, drain_until: Instant) {
        while Instant::now() < end {
            self.act().await;
            let think = 1000 + self.dice.below(4000);
            self.think(Duration::from_millis(think)).await;
        }
        while !self.waiting.is_empty() && Instant::now() < drain_until {
            self.think(Duration::from_secs(1)).await;
        }
    }

    /// Waits `time`, polling what is processing every second meanwhile.
    async fn think(&mut self, time: Duration) {
        let until = Instant::now() + time;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return;
            }
            tokio::time::sleep(left.min(Duration::from_secs(1))).await;
            self.poll().await;
        }
    }

    async fn act(&mut self) {
        let total: u64 = MIX.iter().map(|(_, w)| w).sum();
        let mut roll = self.dice.below(total);
        let action = MIX
            .iter()
            .find(|(_, w)| {
                let hit = roll < *w;
                roll = roll.saturating_sub(*w);
                hit
            })
            .map_or(Action::Read, |(a, _)| *a);
        match action {
            Action::Read => self.read().await,
            Action::Rename => self.rename().await,
            Action::CreateCard if self.cards.len() < 4 => self.create_card().await,
            Action::CreateCard => self.rename().await,
            Action::Upload => self.upload().await,
            Action::Record => self.record().await,
            Action::Trim => self.trim().await,
            Action::Range => self.range().await,
            Action::Reorder => self.reorder().await,
            Action::Publish => self.publish().await,
            Action::SignIn => self.sign_in_again().await,
        }
    }

    fn url(&self, path: &str) -> String {
        format!("{}/api{path}", self.base)
    }

    fn card(&mut self) -> String {
        let i = self.dice.below(self.cards.len() as u64) as usize;
        self.cards[i].clone()
    }

    /// Sends `request` and reads its whole answer, timed as `operation`; answers the body
    /// when the status is `expected`. Any other answer or a failed request is an error.
    async fn timed(
        &self,
        operation: &'static str,
        request: reqwest::RequestBuilder,
        expected: u16,
    ) -> Option<Vec<u8>> {
        let t = Instant::now();
        let failed = |what: String| {
            self.recorder.failed(operation, what);
            None
        };
        let r = match request.send().await {
            Ok(r) => r,
            Err(e) => return failed(e.to_string()),
        };
        let status = r.status();
        match r.bytes().await {
            Ok(body) if status.as_u16() == expected => {
                self.recorder.took(operation, t.elapsed());
                Some(body.to_vec())
            }
            Ok(body) => failed(format!(
                "{status}: {}",
                cut(&String::from_utf8_lossy(&body))
            )),
            Err(e) => failed(format!("{status}, body: {e}")),
        }
    }

    /// [`timed`](Self::timed), read as JSON.
    async fn timed_json(
        &self,
        operation: &'static str,
        request: reqwest::RequestBuilder,
        expected: u16,
    ) -> Option<Value> {
        let body = self.timed(operation, request, expected).await?;
        serde_json::from_slice(&body)
            .map_err(|e| self.recorder.failed(operation, format!("not JSON: {e}")))
            .ok()
    }

    async fn read(&mut self) {
        match self.dice.below(4) {
            0 => {
                let card = self.card();
                let url = self.url(&format!("/cards/{card}"));
                self.timed_json("GET a card", self.client.get(url), 200)
                    .await;
            }
            1 => {
                let url = self.url("/cards");
                self.timed_json("list cards", self.client.get(url), 200)
                    .await;
            }
            2 => {
                let url = self.url("/collections");
                self.timed_json("list collections", self.client.get(url), 200)
                    .await;
            }
            _ => {
                let url = self.url("/auth/me");
                self.timed_json("GET /auth/me", self.client.get(url), 200)
                    .await;
            }
        }
    }

    async fn rename(&mut self) {
        let card = self.card();
        let title = format!("Stories {}", self.dice.below(1_000_000));
        let body = json!({"title": title, "description": "Read by the family"});
        let url = self.url(&format!("/cards/{card}"));
        self.timed("rename a card", self.client.put(url).json(&body), 204)
            .await;
    }

    async fn create_card(&mut self) {
        let body = json!({"title": format!("Evening {}", self.cards.len() + 1), "description": ""});
        let url = self.url(&format!("/collections/{}/cards", self.collection));
        let request = self.client.post(url).json(&body);
        if let Some(card) = self.timed_json("create a card", request, 201).await {
            self.cards
                .push(card["slug"].as_str().unwrap_or_default().to_owned());
        }
    }

    async fn upload(&mut self) {
        let card = self.card();
        let i = self.dice.below(self.fixtures.files.len() as u64) as usize;
        let (bytes, seconds) = self.fixtures.files[i].clone();
        let since = Instant::now();
        let part = reqwest::multipart::Part::bytes(bytes.to_vec()).file_name("story.mp3");
        let form = reqwest::multipart::Form::new().part("file", part);
        let url = self.url(&format!("/cards/{card}/tracks"));
        let request = self.client.post(url).multipart(form);
        if let Some(track) = self
            .timed_json("upload a file (answer)", request, 201)
            .await
        {
            let slug = track["slug"].as_str().unwrap_or_default().to_owned();
            self.made(card, slug, seconds, "upload", since);
        }
    }

    /// Records a take at real-time pace: a chunk every `chunk_interval_s`, then finishes.
    async fn record(&mut self) {
        let card = self.card();
        let url = self.url(&format!("/cards/{card}/tracks/record-start"));
        let request = self.client.post(url).json(&json!({}));
        let Some(started) = self.timed_json("start a recording", request, 201).await else {
            return;
        };
        let session = started["session_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let interval = started["chunk_interval_s"].as_f64().unwrap_or(5.0).max(1.0);
        let take = self.fixtures.take.clone();
        let chunks = (self.fixtures.take_seconds / interval).ceil().max(1.0) as usize;
        for (seq, chunk) in take.chunks(take.len().div_ceil(chunks)).enumerate() {
            // the recorder sends a chunk once it holds that much audio
            self.think(Duration::from_secs_f64(interval)).await;
            let url = self.url(&format!("/recording/{session}/chunk?seq={seq}"));
            let request = self
                .client
                .post(url)
                .header("content-type", "audio/webm;codecs=opus")
                .body(chunk.to_vec());
            if self
                .timed("send a recording chunk", request, 204)
                .await
                .is_none()
            {
                return;
            }
        }
        let since = Instant::now();
        let url = self.url(&format!("/recording/{session}/finish"));
        let request = self.client.post(url).json(&json!({"title": "Goodnight"}));
        if let Some(done) = self.timed_json("finish a recording", request, 200).await {
            let slug = done["track_slug"].as_str().unwrap_or_default().to_owned();
            let seconds = self.fixtures.take_seconds;
            self.made(card, slug, seconds, "recording", since);
        }
    }

    /// Notes a new track, waited for until it is ready.
    fn made(
        &mut self,
        card: String,
        slug: String,
        seconds: f64,
        how: &'static str,
        since: Instant,
    ) {
        self.made.push(Made {
            card,
            slug,
            seconds,
            idle: false,
            how,
        });
        let made = self.made.len() - 1;
        self.waiting.push(Waiting::Track { made, since });
    }

    /// Trims a second off each end of a ready track of at least 5 s.
    async fn trim(&mut self) {
        let candidates: Vec<usize> = (0..self.made.len())
            .filter(|&i| self.made[i].idle && self.made[i].seconds >= 5.0)
            .collect();
        if candidates.is_empty() {
            return self.read().await;
        }
        let i = candidates[self.dice.below(candidates.len() as u64) as usize];
        let (card, slug, seconds) = {
            let m = &self.made[i];
            (m.card.clone(), m.slug.clone(), m.seconds)
        };
        let since = Instant::now();
        let body = json!({"start": 1.0, "end": seconds - 1.0});
        let url = self.url(&format!("/cards/{card}/tracks/{slug}/trim"));
        let request = self.client.post(url).json(&body);
        if let Some(job) = self.timed_json("submit a trim", request, 202).await {
            let Some(id) = job["job_id"].as_str().filter(|id| !id.is_empty()) else {
                return self
                    .recorder
                    .failed("submit a trim", format!("no job_id: {job}"));
            };
            let id = id.to_owned();
            let m = &mut self.made[i];
            m.idle = false;
            m.seconds = seconds - 2.0;
            m.how = "trim";
            self.waiting.push(Waiting::Job {
                id,
                operation: "trim → done",
                made: Some(i),
                since,
            });
        }
    }

    async fn range(&mut self) {
        let ready: Vec<usize> = (0..self.made.len())
            .filter(|&i| self.made[i].idle)
            .collect();
        if ready.is_empty() {
            return self.read().await;
        }
        let m = &self.made[ready[self.dice.below(ready.len() as u64) as usize]];
        let url = self.url(&format!("/cards/{}/tracks/{}/audio", m.card, m.slug));
        let request = self.client.get(url).header("range", "bytes=0-262143");
        self.timed("Range GET 256 KiB of audio", request, 206).await;
    }

    async fn reorder(&mut self) {
        let card = self.card();
        let url = self.url(&format!("/cards/{card}"));
        let Some(detail) = self
            .timed_json("GET a card", self.client.get(url), 200)
            .await
        else {
            return;
        };
        let mut slugs: Vec<String> = detail["tracks"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|t| t["slug"].as_str().map(str::to_owned))
            .collect();
        if slugs.len() < 2 {
            return;
        }
        slugs.reverse();
        let url = self.url(&format!("/cards/{card}/tracks/reorder"));
        let request = self.client.put(url).json(&json!({"positions": slugs}));
        self.timed("reorder tracks", request, 204).await;
    }

    /// Publishes a card whose tracks are all ready to the linked (demo) player account.
    async fn publish(&mut self) {
        let Some(account) = self.account.clone() else {
            return self.read().await;
        };
        let ready = |card: &str| {
            self.made.iter().any(|m| m.card == card)
                && self.made.iter().filter(|m| m.card == card).all(|m| m.idle)
        };
        let Some(card) = self.cards.iter().find(|c| ready(c)).cloned() else {
            return self.read().await;
        };
        let since = Instant::now();
        let body = json!({
            "account_ids": [account], "card_slugs": [card], "collection_id": self.collection
        });
        let request = self.client.post(self.url("/publish")).json(&body);
        if let Some(out) = self.timed_json("publish (answer)", request, 202).await {
            // a card the account already holds as it is needs no job
            let Some(id) = out["plan"][0]["job_id"].as_str().map(str::to_owned) else {
                return;
            };
            self.waiting.push(Waiting::Job {
                id,
                operation: "publish → done",
                made: None,
                since,
            });
        }
    }

    /// Signs in on a second device (a fresh session; this one stays).
    async fn sign_in_again(&mut self) {
        let client = Client::new();
        let body = json!({"email": self.email, "password": self.password});
        let request = client.post(self.url("/auth/login")).json(&body);
        self.timed("sign in", request, 200).await;
    }

    /// One look at everything processing: each card with a track on the way once, each job.
    async fn poll(&mut self) {
        let mut cards: Vec<String> = Vec::new();
        for w in &self.waiting {
            if let Waiting::Track { made, .. } = w {
                let card = &self.made[*made].card;
                if !cards.contains(card) {
                    cards.push(card.clone());
                }
            }
        }
        let mut details = Vec::new();
        for card in cards {
            let url = self.url(&format!("/cards/{card}"));
            let request = self.client.get(url);
            if let Some(d) = self
                .timed_json("poll a card while it processes", request, 200)
                .await
            {
                details.push((card, d));
            }
        }
        let waiting = std::mem::take(&mut self.waiting);
        for w in waiting {
            let still = match &w {
                Waiting::Track { made, since } => self.track_done(*made, *since, &details),
                Waiting::Job {
                    id,
                    operation,
                    made,
                    since,
                } => self.job_done(id, operation, *made, *since).await,
            };
            if !still {
                self.waiting.push(w);
            }
        }
    }

    /// Whether the track is no longer processing (ready: timed; failed: an error).
    fn track_done(&mut self, made: usize, since: Instant, details: &[(String, Value)]) -> bool {
        let m = &self.made[made];
        let Some((_, detail)) = details.iter().find(|(c, _)| *c == m.card) else {
            return false;
        };
        let track = detail["tracks"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|t| t["slug"] == m.slug.as_str());
        let status = track.map_or("missing", |t| t["transcode_status"].as_str().unwrap_or(""));
        match status {
            "ready" => {
                if m.how == "upload" {
                    self.recorder.took("upload → track ready", since.elapsed());
                }
                self.made[made].idle = true;
                true
            }
            "failed" | "missing" => {
                self.recorder
                    .failed("upload → track ready", format!("{}: {status}", m.slug));
                true
            }
            _ => false,
        }
    }

    async fn job_done(
        &mut self,
        id: &str,
        operation: &'static str,
        made: Option<usize>,
        since: Instant,
    ) -> bool {
        let url = self.url(&format!("/jobs/{id}"));
        let Some(job) = self
            .timed_json("job status", self.client.get(url), 200)
            .await
        else {
            return false;
        };
        match job["status"].as_str().unwrap_or("") {
            "succeeded" => {
                self.recorder.took(operation, since.elapsed());
                if let Some(i) = made {
                    self.made[i].idle = true;
                }
                if operation == "publish → done" {
                    self.publishes.push((id.to_owned(), true));
                }
                true
            }
            "failed" | "cancelled" => {
                let error = job["error"].as_str().unwrap_or("").to_owned();
                self.recorder.failed(operation, error);
                if operation == "publish → done" {
                    self.publishes.push((id.to_owned(), false));
                }
                true
            }
            _ => false,
        }
    }

    /// What is still processing (nothing once the queue drained).
    pub fn still_waiting(&self) -> usize {
        self.waiting.len()
    }
}

fn cut(text: &str) -> String {
    text.chars().take(200).collect()
}
