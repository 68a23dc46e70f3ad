//! What the server does while the parents work, sampled every few seconds: the job queue
//! (how many wait, how long the oldest has waited, how many run) through the admin's job list,
//! and the resident memory of the server and of the server with its children from `/proc`.
//! CPU time is read once at the start and once at the end: the server's own, and its
//! children's (ffmpeg, the speech engines), which the kernel adds up as they are reaped.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::Client;
use serde_json::Value;

use super::common::memory::{rss_kb, tree_rss_kb};

/// One look at the server.
pub struct Sample {
    pub at: Duration,
    pub queued: usize,
    pub running: usize,
    pub oldest_wait: Duration,
    pub rss_kb: u64,
    pub tree_rss_kb: u64,
}

/// Samples every `every` until `stop` is set.
pub async fn watch(
    admin: Client,
    base: String,
    pid: u32,
    every: Duration,
    stop: Arc<AtomicBool>,
) -> Vec<Sample> {
    let start = Instant::now();
    let mut samples = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let queued = jobs(&admin, &base, "queued").await;
        let running = jobs(&admin, &base, "running").await;
        let now = chrono::Utc::now();
        let oldest_wait = queued
            .iter()
            .filter_map(|j| j["created_at"].as_str())
            .filter_map(|t| chrono::DateTime::parse_from_rfc3339(t).ok())
            .map(|t| {
                (now - t.with_timezone(&chrono::Utc))
                    .to_std()
                    .unwrap_or_default()
            })
            .max()
            .unwrap_or_default();
        samples.push(Sample {
            at: start.elapsed(),
            queued: queued.len(),
            running: running.len(),
            oldest_wait,
            rss_kb: rss_kb(pid),
            tree_rss_kb: tree_rss_kb(pid),
        });
        tokio::time::sleep(every).await;
    }
    samples
}

async fn jobs(admin: &Client, base: &str, status: &str) -> Vec<Value> {
    let url = format!("{base}/api/admin/jobs?status={status}&limit=500");
    match admin.get(url).send().await {
        Ok(r) if r.status() == 200 => r.json().await.unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// Prints the queue and memory over time, a line per `every_line` of samples.
pub fn print(samples: &[Sample], every_line: usize) {
    println!(
        "{:>6} {:>7} {:>8} {:>12} {:>11} {:>16}",
        "time", "queued", "running", "oldest wait", "server RSS", "with children"
    );
    for s in samples.iter().step_by(every_line.max(1)) {
        // the admin's list shows at most 500
        let queued = match s.queued {
            500.. => "500+".to_owned(),
            n => n.to_string(),
        };
        println!(
            "{:>5}s {:>7} {:>8} {:>11.0}s {:>8} MB {:>13} MB",
            s.at.as_secs(),
            queued,
            s.running,
            s.oldest_wait.as_secs_f64(),
            s.rss_kb / 1024,
            s.tree_rss_kb / 1024
        );
    }
    let peak = |f: fn(&Sample) -> u64| samples.iter().map(f).max().unwrap_or(0);
    let longest = samples
        .iter()
        .map(|s| s.oldest_wait)
        .max()
        .unwrap_or_default();
    println!(
        "peaks: {} jobs queued, oldest waited {:.0} s; server RSS {} MB, with children {} MB",
        samples.iter().map(|s| s.queued).max().unwrap_or(0),
        longest.as_secs_f64(),
        peak(|s| s.rss_kb) / 1024,
        peak(|s| s.tree_rss_kb) / 1024,
    );
}

/// CPU seconds of `pid` so far: its own (user + system) and its reaped children's.
pub fn cpu_seconds(pid: u32) -> (f64, f64) {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // the fields after the parenthesised command start at field 3 (state)
    let fields: Vec<f64> = stat
        .rsplit_once(')')
        .map(|(_, rest)| {
            rest.split_whitespace()
                .map(|f| f.parse().unwrap_or(0.0))
                .collect()
        })
        .unwrap_or_default();
    let field = |n: usize| fields.get(n - 3).copied().unwrap_or(0.0);
    let ticks = clock_ticks();
    (
        (field(14) + field(15)) / ticks,
        (field(16) + field(17)) / ticks,
    )
}

/// The kernel's clock ticks per second (`getconf CLK_TCK`; 100 on Linux as built today).
fn clock_ticks() -> f64 {
    std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8_lossy(&o.stdout).trim().parse().ok())
        .unwrap_or(100.0)
}

/// Prints how long each kind of job ran on average (queue time not included), from the
/// server's Prometheus exposition (`cardsmith_job_run_duration_seconds` `_sum` and `_count`).
pub async fn print_job_runs(admin: &Client, base: &str) {
    let text = match admin
        .get(format!("{base}/metrics"))
        .header("accept", "text/plain")
        .send()
        .await
    {
        Ok(r) => r.text().await.unwrap_or_default(),
        Err(_) => return,
    };
    let family = "cardsmith_job_run_duration_seconds";
    let read = |suffix: &str| -> Vec<(String, f64)> {
        let prefix = format!("{family}_{suffix}{{");
        text.lines()
            .filter_map(|l| l.strip_prefix(prefix.as_str()))
            .filter(|l| l.contains("outcome=\"succeeded\""))
            .filter_map(|l| {
                let kind = l.split("kind=\"").nth(1)?.split('"').next()?.to_owned();
                let value = l.rsplit(' ').next()?.parse().ok()?;
                Some((kind, value))
            })
            .collect()
    };
    let (sums, counts) = (read("sum"), read("count"));
    for (kind, sum) in sums {
        let count = counts.iter().find(|(k, _)| *k == kind).map_or(0.0, |c| c.1);
        if count > 0.0 {
            println!(
                "{kind:<12} {count:>6.0} runs, {:.2} s each on average (queue time not included)",
                sum / count
            );
        }
    }
}
