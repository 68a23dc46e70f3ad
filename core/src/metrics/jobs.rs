//! Job runs by kind and outcome, with their durations, as the worker finishes them.
//!
//! The table is fixed when the process starts: one row per kind in [`crate::jobs::kind::ALL`]
//! plus `other` (kinds no worker knows, which fail at once), one histogram per outcome, so
//! recording a run is an index and two atomic additions.

use std::time::Duration;

use super::histogram::{Histogram, HistogramSnapshot, JOB_BOUNDS};
use crate::jobs::supervise::Ended;

/// The `kind` label of kinds outside [`crate::jobs::kind::ALL`].
pub const OTHER_KIND: &str = "other";

/// How one run of a job ended (the `outcome` label).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Succeeded,
    /// The job returned an error; it may be retried (then a later run has its own outcome).
    Failed,
    /// A bug: the job panicked and was failed without a retry.
    Panicked,
    /// Stopped at `--job-timeout-secs`.
    TimedOut,
    /// An admin cancelled it while it ran.
    Cancelled,
}

impl Outcome {
    pub const ALL: [Outcome; 5] = [
        Outcome::Succeeded,
        Outcome::Failed,
        Outcome::Panicked,
        Outcome::TimedOut,
        Outcome::Cancelled,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Self::Succeeded => "succeeded",
            Self::Failed => "failed",
            Self::Panicked => "panicked",
            Self::TimedOut => "timed_out",
            Self::Cancelled => "cancelled",
        }
    }

    /// The outcome of a supervised run; `None` is a run stopped by cancellation.
    pub(crate) fn of(ended: Option<&Ended>) -> Self {
        match ended {
            Some(Ended::Returned(Ok(_))) => Self::Succeeded,
            Some(Ended::Returned(Err(_))) => Self::Failed,
            Some(Ended::Panicked(_)) => Self::Panicked,
            Some(Ended::TimedOut(_)) => Self::TimedOut,
            None => Self::Cancelled,
        }
    }
}

pub struct JobMetrics {
    kinds: Vec<&'static str>,
    /// `runs[kind][outcome]`, indexes as in `kinds` and [`Outcome::ALL`].
    runs: Vec<[Histogram; Outcome::ALL.len()]>,
}

/// One (kind, outcome) series, read for the exposition.
pub struct Series {
    pub kind: &'static str,
    pub outcome: &'static str,
    pub histogram: HistogramSnapshot,
}

impl Default for JobMetrics {
    fn default() -> Self {
        let kinds: Vec<&'static str> = crate::jobs::kind::ALL
            .iter()
            .copied()
            .chain([OTHER_KIND])
            .collect();
        let runs = kinds
            .iter()
            .map(|_| std::array::from_fn(|_| Histogram::new(JOB_BOUNDS)))
            .collect();
        Self { kinds, runs }
    }
}

impl JobMetrics {
    /// Records one finished run of a job of `kind`.
    pub fn observe(&self, kind: &str, outcome: Outcome, elapsed: Duration) {
        let row = self
            .kinds
            .iter()
            .position(|k| *k == kind)
            .unwrap_or(self.kinds.len() - 1);
        let column = Outcome::ALL
            .iter()
            .position(|o| *o == outcome)
            .unwrap_or_default();
        self.runs[row][column].observe(elapsed);
    }

    /// Every (kind, outcome) that has finished a run, in a fixed order.
    pub fn snapshot(&self) -> Vec<Series> {
        let mut all = Vec::new();
        for (kind, row) in self.kinds.iter().zip(&self.runs) {
            for (outcome, histogram) in Outcome::ALL.iter().zip(row) {
                if histogram.count() > 0 {
                    all.push(Series {
                        kind,
                        outcome: outcome.label(),
                        histogram: histogram.snapshot(),
                    });
                }
            }
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_counted_by_kind_and_outcome_and_unknown_kinds_share_one_row() {
        let jobs = JobMetrics::default();
        jobs.observe("transcode", Outcome::Succeeded, Duration::from_secs(2));
        jobs.observe("transcode", Outcome::Succeeded, Duration::from_secs(20));
        jobs.observe("made-up", Outcome::Failed, Duration::from_millis(1));
        let seen: Vec<(&str, &str, u64)> = jobs
            .snapshot()
            .iter()
            .map(|s| (s.kind, s.outcome, s.histogram.count))
            .collect();
        assert_eq!(
            seen,
            [("transcode", "succeeded", 2), (OTHER_KIND, "failed", 1)]
        );
    }
}
