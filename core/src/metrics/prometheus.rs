//! Every metric family Cardsmith exposes, with its name, type and help, in one list. Names
//! follow Prometheus's conventions: `cardsmith_` prefix, base units (seconds), `_total` on
//! counters only, and labels that partition a family (gauges that overlap, such as admins and
//! unverified users, are families of their own).

use cardsmith_model::health::JobQueueHealth;
use cardsmith_model::metrics::{BackupFigures, DbPoolFigures};
use cardsmith_upstream::stats;

use super::text::{Format, Kind, Writer};
use crate::health::InstanceCounts;
use crate::Core;

/// Figures read from the database and the pool for this exposition.
pub(super) struct Gauges {
    pub counts: InstanceCounts,
    pub jobs: JobQueueHealth,
    pub db_pool: DbPoolFigures,
    pub backup: BackupFigures,
}

pub(super) fn write(core: &Core, format: Format, gauges: &Gauges) -> String {
    let metrics = &core.metrics;
    let mut w = Writer::new(format);

    w.family(
        "cardsmith_http_requests",
        Kind::Counter,
        "HTTP requests answered, by route template, method and status class.",
    );
    let http = metrics.http.snapshot();
    for s in &http {
        let labels = [
            ("route", s.route.as_str()),
            ("method", s.method),
            ("status", s.class),
        ];
        w.counter("cardsmith_http_requests", &labels, s.histogram.count);
    }
    w.family(
        "cardsmith_http_request_duration_seconds",
        Kind::Histogram,
        "Time from a request's arrival to its response head, by route template, method and status class.",
    );
    for s in &http {
        let labels = [
            ("route", s.route.as_str()),
            ("method", s.method),
            ("status", s.class),
        ];
        w.histogram(
            "cardsmith_http_request_duration_seconds",
            &labels,
            &s.histogram,
        );
    }

    let runs = metrics.jobs.snapshot();
    w.family(
        "cardsmith_job_runs",
        Kind::Counter,
        "Job runs finished by this process, by kind and outcome (a retried job runs more than once).",
    );
    for s in &runs {
        let labels = [("kind", s.kind), ("outcome", s.outcome)];
        w.counter("cardsmith_job_runs", &labels, s.histogram.count);
    }
    w.family(
        "cardsmith_job_run_duration_seconds",
        Kind::Histogram,
        "How long job runs took, by kind and outcome.",
    );
    for s in &runs {
        let labels = [("kind", s.kind), ("outcome", s.outcome)];
        w.histogram("cardsmith_job_run_duration_seconds", &labels, &s.histogram);
    }

    w.family(
        "cardsmith_upstream_requests",
        Kind::Counter,
        "Requests this process sent to the player platform, by host (api, auth, storage) and outcome; each attempt counts.",
    );
    for (target, outcome, count) in stats::calls() {
        let labels = [("target", target.label()), ("outcome", outcome.label())];
        w.counter("cardsmith_upstream_requests", &labels, count);
    }

    let jobs = &gauges.jobs;
    w.family(
        "cardsmith_jobs",
        Kind::Gauge,
        "Jobs in the queue table by status.",
    );
    for (status, n) in [
        ("queued", jobs.queued),
        ("running", jobs.running),
        ("succeeded", jobs.succeeded),
        ("failed", jobs.failed),
        ("cancelled", jobs.cancelled),
    ] {
        w.sample("cardsmith_jobs", &[("status", status)], n);
    }
    w.family(
        "cardsmith_jobs_oldest_queued_age_seconds",
        Kind::Gauge,
        "Seconds the oldest waiting job has waited (0 when none waits).",
    );
    w.sample(
        "cardsmith_jobs_oldest_queued_age_seconds",
        &[],
        jobs.oldest_queued_age_s.unwrap_or(0),
    );

    let counts = &gauges.counts;
    let users = &counts.users;
    for (name, help, value) in [
        ("cardsmith_users", "Users.", users.total),
        (
            "cardsmith_users_active",
            "Users whose status is active.",
            users.active,
        ),
        (
            "cardsmith_users_deactivated",
            "Users an admin deactivated.",
            users.deactivated,
        ),
        (
            "cardsmith_users_locked",
            "Active users some client address is locked out of now.",
            users.locked,
        ),
        (
            "cardsmith_users_admins",
            "Users with the admin role.",
            users.admins,
        ),
        (
            "cardsmith_users_unverified",
            "Users whose email address is not verified.",
            users.unverified,
        ),
        (
            "cardsmith_collections",
            "Collections.",
            counts.collections.total,
        ),
        (
            "cardsmith_collections_orphaned",
            "Collections without an owner.",
            counts.collections.orphaned,
        ),
        ("cardsmith_cards", "Cards.", counts.cards),
        ("cardsmith_tracks", "Tracks.", counts.tracks),
    ] {
        w.family(name, Kind::Gauge, help);
        w.sample(name, &[], value);
    }

    let pool = &gauges.db_pool;
    for (name, help, value) in [
        (
            "cardsmith_db_pool_connections",
            "Database connections open (busy or idle).",
            pool.size,
        ),
        (
            "cardsmith_db_pool_idle_connections",
            "Open database connections nobody is using.",
            pool.idle,
        ),
        (
            "cardsmith_db_pool_max_connections",
            "The most connections the pool opens.",
            pool.max,
        ),
    ] {
        w.family(name, Kind::Gauge, help);
        w.sample(name, &[], u64::from(value));
    }

    let backup = &gauges.backup;
    if backup.configured {
        for (name, help, value) in [
            (
                "cardsmith_backup_last_success_timestamp_seconds",
                "When the last backup succeeded, in seconds since the Unix epoch (0: none yet).",
                backup.last_success_unix_s.unwrap_or(0).max(0) as u64,
            ),
            (
                "cardsmith_backup_failing",
                "1 when the last backup or verify failed.",
                u64::from(backup.failing),
            ),
            (
                "cardsmith_backup_overdue",
                "1 when no backup succeeded within twice the schedule.",
                u64::from(backup.overdue),
            ),
        ] {
            w.family(name, Kind::Gauge, help);
            w.sample(name, &[], value);
        }
    }

    let live = super::live_channel(core);
    w.family(
        "cardsmith_live_connections_opened",
        Kind::Counter,
        "MQTT connections to the player platform opened since start (one per account being looked at).",
    );
    w.counter(
        "cardsmith_live_connections_opened",
        &[],
        live.connections_opened,
    );
    for (name, help, value) in [
        (
            "cardsmith_live_connections",
            "Player accounts whose MQTT connection is open now, lingering ones included.",
            live.connections,
        ),
        (
            "cardsmith_live_watchers",
            "Pages, event streams and commands holding a live connection open now.",
            live.watchers,
        ),
    ] {
        w.family(name, Kind::Gauge, help);
        w.sample(name, &[], value);
    }

    w.family(
        "cardsmith_start_time_seconds",
        Kind::Gauge,
        "When this process started, in seconds since the Unix epoch.",
    );
    w.sample("cardsmith_start_time_seconds", &[], metrics.started_unix_s);
    w.family(
        "cardsmith_build_info",
        Kind::Gauge,
        "Always 1; the version label names the running build.",
    );
    w.sample(
        "cardsmith_build_info",
        &[("version", env!("CARGO_PKG_VERSION"))],
        1u64,
    );
    w.finish()
}
