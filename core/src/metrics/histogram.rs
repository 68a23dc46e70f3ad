//! A latency histogram that many threads update without a lock: one atomic counter per bucket
//! plus an atomic sum, so recording a request costs two relaxed atomic additions.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// Bucket bounds (seconds) of HTTP request latency: Prometheus's default set, which spans a
/// cached page (a few ms) to a slow label sheet or upload (10 s).
pub const HTTP_BOUNDS: &[f64] = &[
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// Bucket bounds (seconds) of job runs: a rescan takes milliseconds, a transcode of an
/// audiobook chapter minutes, the longest allowed run three hours.
pub const JOB_BOUNDS: &[f64] = &[
    0.1, 0.5, 1.0, 5.0, 15.0, 60.0, 300.0, 900.0, 3600.0, 10800.0,
];

pub struct Histogram {
    bounds: &'static [f64],
    /// Non-cumulative counts: `buckets[i]` counts observations in `(bounds[i-1], bounds[i]]`;
    /// the last one counts those above every bound.
    buckets: Box<[AtomicU64]>,
    sum_nanos: AtomicU64,
}

/// A histogram read at one moment, in the exposition's terms.
#[derive(Debug, Clone, PartialEq)]
pub struct HistogramSnapshot {
    /// `(upper bound, observations at or below it)`, the bounds in increasing order.
    pub cumulative: Vec<(f64, u64)>,
    /// Every observation (the `+Inf` bucket and `_count`): the same number by construction.
    pub count: u64,
    pub sum_seconds: f64,
}

impl Histogram {
    pub fn new(bounds: &'static [f64]) -> Self {
        Self {
            bounds,
            buckets: (0..=bounds.len()).map(|_| AtomicU64::new(0)).collect(),
            sum_nanos: AtomicU64::new(0),
        }
    }

    pub fn observe(&self, elapsed: Duration) {
        let seconds = elapsed.as_secs_f64();
        // the first bound at or above the value: Prometheus buckets are `le` (inclusive)
        let index = self.bounds.partition_point(|bound| *bound < seconds);
        self.buckets[index].fetch_add(1, Relaxed);
        let nanos = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX);
        self.sum_nanos.fetch_add(nanos, Relaxed);
    }

    /// Observations so far (cheaper than a snapshot).
    pub fn count(&self) -> u64 {
        self.buckets.iter().map(|b| b.load(Relaxed)).sum()
    }

    /// The cumulative buckets, count and sum. The count is the sum of the buckets read, so a
    /// snapshot is consistent with itself even while requests are being recorded.
    pub fn snapshot(&self) -> HistogramSnapshot {
        let mut running = 0;
        let mut cumulative = Vec::with_capacity(self.bounds.len());
        for (bound, bucket) in self.bounds.iter().zip(self.buckets.iter()) {
            running += bucket.load(Relaxed);
            cumulative.push((*bound, running));
        }
        let count = running + self.buckets[self.bounds.len()].load(Relaxed);
        HistogramSnapshot {
            cumulative,
            count,
            sum_seconds: self.sum_nanos.load(Relaxed) as f64 / 1e9,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_inclusive_and_cumulative() {
        let h = Histogram::new(&[0.1, 1.0]);
        h.observe(Duration::from_millis(100)); // exactly on a bound: counted there
        h.observe(Duration::from_millis(500));
        h.observe(Duration::from_secs(3)); // above every bound: only +Inf
        let s = h.snapshot();
        assert_eq!(s.cumulative, vec![(0.1, 1), (1.0, 2)]);
        assert_eq!(s.count, 3);
        assert_eq!(h.count(), 3);
        assert!((s.sum_seconds - 3.6).abs() < 1e-9);
    }

    /// What the request middleware adds per request, printed for the report (never asserted
    /// beyond "well under a microsecond", which catches a lock or an allocation sneaking in).
    #[test]
    fn observing_is_cheap() {
        let h = Histogram::new(HTTP_BOUNDS);
        let n = 1_000_000u32;
        let started = std::time::Instant::now();
        for i in 0..n {
            h.observe(Duration::from_micros(u64::from(i % 20_000)));
        }
        let per = started.elapsed() / n;
        println!("histogram observe: {per:?} per observation");
        assert_eq!(h.count(), u64::from(n));
        assert!(per < Duration::from_micros(1), "{per:?}");
    }
}
