//! What the soak measured: every request's latency by operation, every failure, and the
//! table the README shows (p50, p95, p99 beside the target each operation is held to).

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Duration;

/// The operations the soak reports, in the table's order, with their p95 and p99 targets
/// in milliseconds (`None`: a figure without a target).
pub const OPERATIONS: &[(&str, Option<(f64, f64)>)] = &[
    ("GET a card", Some((100.0, 250.0))),
    ("poll a card while it processes", Some((100.0, 250.0))),
    ("list cards", Some((100.0, 250.0))),
    ("list collections", Some((100.0, 250.0))),
    ("GET /auth/me", Some((100.0, 250.0))),
    ("job status", Some((100.0, 250.0))),
    ("Range GET 256 KiB of audio", Some((100.0, 250.0))),
    ("create a card", Some((250.0, 500.0))),
    ("rename a card", Some((250.0, 500.0))),
    ("reorder tracks", Some((250.0, 500.0))),
    ("submit a trim", Some((250.0, 500.0))),
    ("start a recording", Some((250.0, 500.0))),
    ("upload a file (answer)", None),
    ("send a recording chunk", None),
    ("finish a recording", Some((1500.0, 2000.0))),
    ("sign in", None),
    ("publish (answer)", None),
    ("upload → track ready", None),
    ("trim → done", Some((10_000.0, f64::INFINITY))),
    ("publish → done", None),
];

/// Latencies and failures, shared by every simulated parent.
#[derive(Default)]
pub struct Recorder {
    inner: Mutex<Recorded>,
}

#[derive(Default)]
struct Recorded {
    millis: BTreeMap<&'static str, Vec<f64>>,
    errors: BTreeMap<&'static str, u64>,
    /// The first few failures, said in full (status and body), for whoever reads the report.
    examples: Vec<String>,
}

impl Recorder {
    pub fn took(&self, operation: &'static str, time: Duration) {
        let mut r = self.inner.lock().unwrap();
        r.millis
            .entry(operation)
            .or_default()
            .push(time.as_secs_f64() * 1000.0);
    }

    pub fn failed(&self, operation: &'static str, what: String) {
        let mut r = self.inner.lock().unwrap();
        *r.errors.entry(operation).or_default() += 1;
        if r.examples.len() < 10 {
            r.examples.push(format!("{operation}: {what}"));
        }
    }

    pub fn requests(&self) -> usize {
        let r = self.inner.lock().unwrap();
        r.millis.values().map(Vec::len).sum::<usize>() + r.errors.values().sum::<u64>() as usize
    }

    pub fn errors(&self) -> u64 {
        self.inner.lock().unwrap().errors.values().sum()
    }

    /// The table: one row per operation that happened.
    pub fn print(&self) {
        let r = self.inner.lock().unwrap();
        println!(
            "{:<34} {:>6} {:>6} {:>9} {:>9} {:>9}   target p95 / p99",
            "operation", "count", "errors", "p50", "p95", "p99"
        );
        for (operation, target) in OPERATIONS {
            let mut times = r.millis.get(operation).cloned().unwrap_or_default();
            let errors = r.errors.get(operation).copied().unwrap_or(0);
            if times.is_empty() && errors == 0 {
                continue;
            }
            times.sort_by(f64::total_cmp);
            let at = |p: f64| percentile(&times, p).map_or("-".to_owned(), shown);
            let target = match target {
                Some((p95, p99)) if p99.is_finite() => {
                    format!("≤ {} / {}", shown(*p95), shown(*p99))
                }
                Some((p95, _)) => format!("≤ {} / -", shown(*p95)),
                None => String::new(),
            };
            println!(
                "{operation:<34} {:>6} {errors:>6} {:>9} {:>9} {:>9}   {target}",
                times.len(),
                at(0.50),
                at(0.95),
                at(0.99),
            );
        }
        for example in &r.examples {
            println!("  failure: {example}");
        }
    }
}

/// The `p` quantile of sorted `times` (nearest rank); `None` when there are none.
pub fn percentile(sorted: &[f64], p: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (p * sorted.len() as f64).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

/// Milliseconds as people read them: `12 ms`, `1.8 s`.
pub fn shown(ms: f64) -> String {
    if ms < 1000.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{:.1} s", ms / 1000.0)
    }
}
