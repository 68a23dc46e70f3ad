//! Live players, printed (never asserted): `scripts/bench live`.
//!
//! The release binary in demo mode (its simulated players on a real mosquitto), the demo
//! family's account linked, and 50 pages following its players (Server-Sent Events, as the
//! players page opens them). Then commands as fast as 4 clients can send them for 10 s, each
//! acknowledged by the player, whose report reaches every page. Printed: commands per second
//! and their latency, player reports delivered per second to the 50 pages, reports a page
//! missed, the server's memory idle, with the 50 pages, and at the end of the burst.
//!
//! The reference on the same machine, in the same run: mosquitto alone fanning the same
//! number of messages, each the size of an average report, out to 50 MQTT subscribers, as
//! fast as one publisher can send them: what the machine's broker can do with no server,
//! no player and no browser connection in between.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::Client;
use rumqttc::{AsyncClient, Event, MqttOptions, Packet, QoS};
use serde_json::{json, Value};

mod common;
use common::memory::{mib, rss_kb};
use common::processes::{CardsmithProcess, Mosquitto};

const PAGES: usize = 50;
const SENDERS: usize = 4;
const BURST: Duration = Duration::from_secs(10);

fn main() {
    common::block_on(run());
}

/// What one page received: player reports, and their data's bytes.
#[derive(Default)]
struct PageCount {
    reports: AtomicU64,
    bytes: AtomicU64,
    live: AtomicU64,
}

async fn run() {
    let dir = tempfile::tempdir().unwrap();
    let server = CardsmithProcess::start_with(&dir.path().join("data"), &["--demo-upstream"]).await;
    let (client, base) = (&server.client, server.base.as_str());
    // an app's linking: the platform's sign-in (the simulator signs the family in at once)
    // sends the browser back to Cardsmith's callback
    let started = client
        .get(format!("{base}/api/player-accounts/link"))
        .send()
        .await
        .unwrap();
    let sign_in = started.headers()["location"].to_str().unwrap().to_owned();
    let linked = client.get(&sign_in).send().await.unwrap();
    assert!(linked.status().is_success(), "linking: {}", linked.status());
    let accounts: Value = get(client, &format!("{base}/api/player-accounts")).await;
    let account = accounts["accounts"][0]["id"].as_str().unwrap().to_owned();
    let devices: Value = get(client, &format!("{base}/api/devices")).await;
    let players: Vec<String> = devices["devices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["device_id"].as_str().unwrap().to_owned())
        .collect();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let idle_kb = rss_kb(server.pid());

    // the pages
    let counts: Vec<Arc<PageCount>> = (0..PAGES).map(|_| Arc::default()).collect();
    for count in &counts {
        let url = format!("{base}/api/devices/{account}/live/events");
        tokio::spawn(follow(client.clone(), url, count.clone()));
    }
    let ready = async {
        while counts.iter().any(|c| c.live.load(Ordering::Acquire) == 0) {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    tokio::time::timeout(Duration::from_secs(30), ready)
        .await
        .expect("every page follows the players live");
    tokio::time::sleep(Duration::from_secs(1)).await;
    let pages_kb = rss_kb(server.pid());

    // the burst
    let before: Vec<u64> = counts
        .iter()
        .map(|c| c.reports.load(Ordering::Acquire))
        .collect();
    let bytes_before: u64 = counts.iter().map(|c| c.bytes.load(Ordering::Acquire)).sum();
    let started = Instant::now();
    let senders: Vec<_> = (0..SENDERS)
        .map(|n| {
            let (client, base, account, players) = (
                client.clone(),
                base.to_owned(),
                account.clone(),
                players.clone(),
            );
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut i = n;
                while started.elapsed() < BURST {
                    let device = &players[i % players.len()];
                    let body = json!({"command": "volume", "volume": 4 + (i % 8)});
                    let sent = Instant::now();
                    let r = client
                        .post(format!("{base}/api/devices/{account}/{device}/command"))
                        .json(&body)
                        .send()
                        .await
                        .unwrap();
                    assert!(r.status().is_success(), "command: {}", r.status());
                    latencies.push(sent.elapsed());
                    i += SENDERS;
                }
                latencies
            })
        })
        .collect();
    let mut latencies = Vec::new();
    for sender in senders {
        latencies.extend(sender.await.unwrap());
    }
    let burst = started.elapsed();
    let busy_kb = rss_kb(server.pid());
    // reports still on their way
    tokio::time::sleep(Duration::from_secs(2)).await;
    let received: Vec<u64> = counts
        .iter()
        .zip(&before)
        .map(|(c, b)| c.reports.load(Ordering::Acquire) - b)
        .collect();
    let bytes: u64 = counts
        .iter()
        .map(|c| c.bytes.load(Ordering::Acquire))
        .sum::<u64>()
        - bytes_before;
    let commands = latencies.len() as u64;
    let delivered: u64 = received.iter().sum();
    let fewest = received.iter().copied().min().unwrap_or(0);
    let average_bytes = (bytes / delivered.max(1)) as usize;
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e3;

    // the reference
    let broker = Mosquitto::start(&dir.path().join("mosquitto"));
    let (reference_s, reference_delivered) =
        fan_out(broker.port, PAGES, commands, average_bytes).await;

    println!("Live players: {PAGES} pages following one account (2 players), {SENDERS} clients sending commands for {:.0} s", burst.as_secs_f64());
    println!(
        "  commands acknowledged by the player   {commands} ({:.0}/s), latency p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms",
        commands as f64 / burst.as_secs_f64(),
        at(0.5),
        at(0.95),
        at(0.99)
    );
    println!(
        "  reports delivered to the pages        {delivered} ({:.0}/s, {:.0} per page per second), average {average_bytes} bytes",
        delivered as f64 / burst.as_secs_f64(),
        delivered as f64 / burst.as_secs_f64() / PAGES as f64
    );
    println!(
        "  reports a page missed                 {} (the page with the fewest got {fewest} of {commands})",
        commands.saturating_sub(fewest)
    );
    println!(
        "  reference: mosquitto alone            {reference_delivered} messages of {average_bytes} bytes to {PAGES} subscribers in {reference_s:.2} s ({:.0}/s)",
        reference_delivered as f64 / reference_s
    );
    println!(
        "  server memory (RSS)                   idle {:.1} MiB, {PAGES} pages open {:.1} MiB ({:.0} KiB per page), end of the burst {:.1} MiB",
        mib(idle_kb),
        mib(pages_kb),
        (pages_kb.saturating_sub(idle_kb)) as f64 / PAGES as f64,
        mib(busy_kb)
    );
}

/// As Cardsmith's channel and the simulated players send (TCP_NODELAY).
fn no_delay() -> rumqttc::NetworkOptions {
    let mut network = rumqttc::NetworkOptions::new();
    network.set_tcp_nodelay(true);
    network
}

async fn get(client: &Client, url: &str) -> Value {
    let r = client.get(url).send().await.unwrap();
    assert!(r.status().is_success(), "{url}: {}", r.status());
    r.json().await.unwrap()
}

/// One page: reads the stream and counts its `player` events.
async fn follow(client: Client, url: String, count: Arc<PageCount>) {
    let mut stream = client.get(&url).send().await.unwrap();
    assert_eq!(stream.status(), 200, "{url}");
    let mut text = String::new();
    while let Ok(Some(chunk)) = stream.chunk().await {
        text.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = text.find("\n\n") {
            let event: String = text.drain(..end + 2).collect();
            let Some(data) = event.lines().find_map(|l| l.strip_prefix("data:")) else {
                continue;
            };
            if data.contains("\"connection\":\"live\"") {
                count.live.store(1, Ordering::Release);
            }
            count.reports.fetch_add(1, Ordering::AcqRel);
            count.bytes.fetch_add(data.len() as u64, Ordering::AcqRel);
        }
    }
}

/// The reference: `messages` messages of `size` bytes from one publisher to `subscribers`
/// subscribers of a plain mosquitto; answers the seconds until every subscriber had them
/// all, and how many were delivered.
async fn fan_out(port: u16, subscribers: usize, messages: u64, size: usize) -> (f64, u64) {
    let delivered = Arc::new(AtomicU64::new(0));
    let mut subscribed = Vec::new();
    for n in 0..subscribers {
        let mut options = MqttOptions::new(format!("page-{n}"), "127.0.0.1", port);
        options.set_keep_alive(Duration::from_secs(30));
        let (client, mut events) = AsyncClient::new(options, 64);
        events.set_network_options(no_delay());
        client
            .subscribe("device/bench/data/events", QoS::AtLeastOnce)
            .await
            .unwrap();
        let (delivered, (ack, acked)) = (delivered.clone(), tokio::sync::oneshot::channel());
        let mut ack = Some(ack);
        tokio::spawn(async move {
            let _client = client; // its loop ends when the client goes
            while let Ok(event) = events.poll().await {
                match event {
                    Event::Incoming(Packet::SubAck(_)) => {
                        if let Some(ack) = ack.take() {
                            let _ = ack.send(());
                        }
                    }
                    Event::Incoming(Packet::Publish(_)) => {
                        delivered.fetch_add(1, Ordering::AcqRel);
                    }
                    _ => {}
                }
            }
        });
        subscribed.push(acked);
    }
    for acked in subscribed {
        acked.await.unwrap();
    }
    let options = MqttOptions::new("player", "127.0.0.1", port);
    let (publisher, mut events) = AsyncClient::new(options, 1024);
    events.set_network_options(no_delay());
    tokio::spawn(async move { while events.poll().await.is_ok() {} });
    let payload = "x".repeat(size);
    let expected = messages * subscribers as u64;
    let started = Instant::now();
    for _ in 0..messages {
        publisher
            .publish(
                "device/bench/data/events",
                QoS::AtLeastOnce,
                false,
                payload.clone(),
            )
            .await
            .unwrap();
    }
    let all = async {
        while delivered.load(Ordering::Acquire) < expected {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(60), all).await;
    (
        started.elapsed().as_secs_f64(),
        delivered.load(Ordering::Acquire),
    )
}
