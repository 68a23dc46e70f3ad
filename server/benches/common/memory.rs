//! Resident memory of processes, read from `/proc`: one process, or a process with all its
//! descendants (the server and its ffmpeg children), now or at its peak while work runs.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// Resident kB of `pid` alone (`VmRSS`); 0 once it has gone.
pub fn rss_kb(pid: u32) -> u64 {
    status_kb(pid, "VmRSS:")
}

/// Resident anonymous kB of `pid` (`RssAnon`: its heap and stacks, not its binary's pages).
pub fn rss_anon_kb(pid: u32) -> u64 {
    status_kb(pid, "RssAnon:")
}

/// Resident kB of `pid` and all its descendants.
pub fn tree_rss_kb(pid: u32) -> u64 {
    let mut total = 0;
    let mut parents = vec![pid];
    while let Some(parent) = parents.pop() {
        total += rss_kb(parent);
        let Ok(entries) = std::fs::read_dir("/proc") else {
            break;
        };
        for entry in entries.flatten() {
            let Some(child) = entry
                .file_name()
                .to_str()
                .and_then(|n| n.parse::<u32>().ok())
            else {
                continue;
            };
            let stat = std::fs::read_to_string(format!("/proc/{child}/stat")).unwrap_or_default();
            // the fields after the parenthesised command: state, ppid, …
            let ppid = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().nth(1))
                .and_then(|p| p.parse::<u32>().ok());
            if ppid == Some(parent) {
                parents.push(child);
            }
        }
    }
    total
}

fn status_kb(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// The highest reading of `read` (every 10 ms on a thread of its own) until stopped.
pub struct PeakSampler {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<u64>,
}

impl PeakSampler {
    /// Starts sampling `read(pid)`: [`rss_kb`] for the process alone, [`tree_rss_kb`] with
    /// its children.
    pub fn start(pid: u32, read: fn(u32) -> u64) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        let thread = std::thread::spawn(move || {
            let mut peak = 0;
            while !stopped.load(Ordering::Relaxed) {
                peak = peak.max(read(pid));
                std::thread::sleep(Duration::from_millis(10));
            }
            peak
        });
        Self { stop, thread }
    }

    /// Stops sampling; answers the peak in kB.
    pub fn peak_kb(self) -> u64 {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.join().unwrap()
    }
}

/// `kb` (as `/proc` counts, KiB) in MiB.
pub fn mib(kb: u64) -> f64 {
    kb as f64 / 1024.0
}

/// `kb` (as `/proc` counts, KiB) in MB (10⁶ bytes).
pub fn mb(kb: u64) -> f64 {
    kb as f64 * 1024.0 / 1e6
}
