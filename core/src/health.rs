//! The administrator's health report (`GET /admin/health`): is every dependency of the service
//! usable right now, and how full is it.
//!
//! Every check runs at the same time under its own time limit, so one that hangs (a stuck disk,
//! an unreachable platform) is reported `failed` after its limit instead of hanging the report.
//! A failure's reason goes to the log; the answer carries only names, outcomes and figures,
//! never a path or a tool's error output.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use cardsmith_model::health::{
    AdminHealthOutputBody, CollectionCounts, HealthCheck, JobQueueHealth, UserCounts, CHECK_BACKUP,
    CHECK_DATABASE, CHECK_DISK, CHECK_FAILED, CHECK_FFMPEG, CHECK_FFPROBE, CHECK_JOB_QUEUE,
    CHECK_OK, CHECK_SKIPPED, CHECK_UPSTREAM, STATUS_DEGRADED, STATUS_OK,
};

use crate::{time, Actor, Core, CoreResult};

/// Time limit of each local check (database, disk, tools, queue).
pub const CHECK_LIMIT: Duration = Duration::from_secs(3);
/// Time limit of the platform check: short, since a slow platform is already a finding.
pub const UPSTREAM_LIMIT: Duration = Duration::from_secs(2);
/// Below this much free space in the data dir the disk check fails: uploads, transcodes and
/// recordings would start failing soon.
pub const MIN_FREE_BYTES: u64 = 100 * 1024 * 1024;

/// A check's failure reason, for the log only.
type Reason = String;

/// The instance's counts, as both `GET /admin/health` and `GET /metrics` report them.
#[derive(Debug, Default)]
pub(crate) struct InstanceCounts {
    pub users: UserCounts,
    pub collections: CollectionCounts,
    pub cards: i64,
    pub tracks: i64,
}

/// Runs every check concurrently and reports them. Admins only.
pub async fn report(core: &Core, actor: &Actor) -> CoreResult<AdminHealthOutputBody> {
    actor.require_admin()?;
    let checked_at = time::now_str();
    // every check at once: the two tool checks each start a process that loads some 200
    // shared libraries, and one after the other they were most of the admin's page load
    let (
        (database, counts),
        (mut disk, space),
        (mut ffmpeg, ffmpeg_version),
        (mut ffprobe, ffprobe_version),
        (queue_check, queue),
        upstream,
        backup,
    ) = tokio::join!(
        run(CHECK_DATABASE, CHECK_LIMIT, database(core)),
        run(
            CHECK_DISK,
            CHECK_LIMIT,
            disk_space(core.settings.data_dir.clone())
        ),
        run(CHECK_FFMPEG, CHECK_LIMIT, tool_version("ffmpeg")),
        run(CHECK_FFPROBE, CHECK_LIMIT, tool_version("ffprobe")),
        run(CHECK_JOB_QUEUE, CHECK_LIMIT, job_queue(core)),
        upstream(core),
        backup(core),
    );
    let counts = counts.unwrap_or_default();
    if let Some((free, total)) = space {
        if free < MIN_FREE_BYTES {
            tracing::warn!(free, "health: the data dir is nearly full");
            disk.status = CHECK_FAILED.into();
        }
        disk.free_bytes = Some(free);
        disk.total_bytes = Some(total);
    }
    ffmpeg.version = ffmpeg_version;
    ffprobe.version = ffprobe_version;
    let checks = vec![
        database,
        disk,
        ffmpeg,
        ffprobe,
        queue_check,
        upstream,
        backup,
    ];
    let status = if checks.iter().any(|c| c.status == CHECK_FAILED) {
        STATUS_DEGRADED
    } else {
        STATUS_OK
    };
    Ok(AdminHealthOutputBody {
        status: status.into(),
        checked_at,
        cards: counts.cards,
        collections: counts.collections,
        jobs: queue.unwrap_or_default(),
        users: counts.users,
        tracks: counts.tracks,
        checks,
    })
}

/// Runs one check under `limit`: `ok` with its value, or `failed` (reason logged) when it
/// errs or does not finish in time. A check that times out is dropped, which ends it (child
/// processes are spawned with `kill_on_drop`).
async fn run<T>(
    name: &'static str,
    limit: Duration,
    check: impl Future<Output = Result<T, Reason>>,
) -> (HealthCheck, Option<T>) {
    let started = Instant::now();
    let outcome = tokio::time::timeout(limit, check).await;
    let mut out = HealthCheck {
        name: name.into(),
        status: CHECK_FAILED.into(),
        duration_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
        ..HealthCheck::default()
    };
    match outcome {
        Ok(Ok(value)) => {
            out.status = CHECK_OK.into();
            (out, Some(value))
        }
        Ok(Err(reason)) => {
            tracing::warn!(check = name, reason = %reason, "health check failed");
            (out, None)
        }
        Err(_) => {
            tracing::warn!(
                check = name,
                limit_ms = limit.as_millis() as u64,
                "health check timed out"
            );
            (out, None)
        }
    }
}

/// The same round trip as the readiness probe (`/ready`), then the instance's counts.
async fn database(core: &Core) -> Result<InstanceCounts, Reason> {
    core.db.ping().await.map_err(|e| e.to_string())?;
    instance_counts(core).await.map_err(|e| e.to_string())
}

/// Users by status, role and verification, collections (and those without an owner), cards
/// and tracks, in one statement. `locked` follows `UserOut.status`: an active user some
/// address is locked out of now.
pub(crate) async fn instance_counts(core: &Core) -> Result<InstanceCounts, sqlx::Error> {
    let row: (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM users),
                (SELECT COUNT(*) FROM users WHERE status = 'active'),
                (SELECT COUNT(*) FROM users WHERE status = 'deactivated'),
                (SELECT COUNT(*) FROM users u WHERE u.status = 'active' AND EXISTS
                    (SELECT 1 FROM login_failures f WHERE f.email = u.email AND f.locked_until > $1)),
                (SELECT COUNT(*) FROM users WHERE role = 'admin'),
                (SELECT COUNT(*) FROM users WHERE email_verified_at IS NULL),
                (SELECT COUNT(*) FROM collections),
                (SELECT COUNT(*) FROM collections c WHERE NOT EXISTS
                    (SELECT 1 FROM collection_members m
                      WHERE m.collection_id = c.id AND m.role = 'owner')),
                (SELECT COUNT(*) FROM cards),
                (SELECT COUNT(*) FROM tracks)",
    )
    .bind(time::now_str())
    .fetch_one(core.db.pool())
    .await?;
    let (
        total,
        active,
        deactivated,
        locked,
        admins,
        unverified,
        collections,
        orphaned,
        cards,
        tracks,
    ) = row;
    Ok(InstanceCounts {
        users: UserCounts {
            total,
            active,
            deactivated,
            locked,
            admins,
            unverified,
        },
        collections: CollectionCounts {
            total: collections,
            orphaned,
        },
        cards,
        tracks,
    })
}

/// Jobs by status, and how long the oldest waiting one has waited.
pub(crate) async fn job_counts(core: &Core) -> Result<JobQueueHealth, sqlx::Error> {
    let (queued, running, succeeded, failed, cancelled, oldest): (
        i64,
        i64,
        i64,
        i64,
        i64,
        Option<String>,
    ) = sqlx::query_as(
        "SELECT COALESCE(SUM(CASE WHEN status = 'queued' THEN 1 ELSE 0 END), 0),
                COALESCE(SUM(CASE WHEN status = 'running' THEN 1 ELSE 0 END), 0),
                COALESCE(SUM(CASE WHEN status = 'succeeded' THEN 1 ELSE 0 END), 0),
                COALESCE(SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END), 0),
                COALESCE(SUM(CASE WHEN status = 'cancelled' THEN 1 ELSE 0 END), 0),
                MIN(CASE WHEN status = 'queued' THEN created_at END)
           FROM jobs",
    )
    .fetch_one(core.db.pool())
    .await?;
    let oldest_queued_age_s = oldest
        .as_deref()
        .and_then(time::parse)
        .map(|created| (time::now() - created).num_seconds().max(0));
    Ok(JobQueueHealth {
        queued,
        running,
        succeeded,
        failed,
        cancelled,
        oldest_queued_age_s,
    })
}

/// The job check: the queue's figures, read under the check's time limit.
async fn job_queue(core: &Core) -> Result<JobQueueHealth, Reason> {
    job_counts(core).await.map_err(|e| e.to_string())
}

/// Free (for an unprivileged writer) and total bytes of the file system holding `dir`.
async fn disk_space(dir: PathBuf) -> Result<(u64, u64), Reason> {
    tokio::task::spawn_blocking(move || statvfs(&dir))
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())
}

/// `statvfs(3)` through `libc` (already linked through tokio): std has no free-space call.
#[allow(clippy::unnecessary_cast)] // the field types are narrower on 32-bit targets
fn statvfs(dir: &Path) -> std::io::Result<(u64, u64)> {
    use std::os::unix::ffi::OsStrExt;
    let path = std::ffi::CString::new(dir.as_os_str().as_bytes())?;
    let mut stat = std::mem::MaybeUninit::<libc::statvfs>::uninit();
    // SAFETY: `path` is NUL-terminated and outlives the call; `stat` is writable memory of
    // exactly the type statvfs fills, and is read only after it reported success.
    let stat = unsafe {
        if libc::statvfs(path.as_ptr(), stat.as_mut_ptr()) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        stat.assume_init()
    };
    let block = stat.f_frsize as u64;
    Ok((
        (stat.f_bavail as u64).saturating_mul(block),
        (stat.f_blocks as u64).saturating_mul(block),
    ))
}

/// The first line of `<tool> -version`, without the copyright notice.
async fn tool_version(tool: &'static str) -> Result<String, Reason> {
    let output = tokio::process::Command::new(tool)
        .arg("-version")
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .output()
        .await
        .map_err(|e| e.to_string())?;
    if !output.status.success() {
        return Err(format!("{tool} -version exited with {}", output.status));
    }
    Ok(version_line(&String::from_utf8_lossy(&output.stdout)))
}

/// `ffmpeg version 6.1.1-3 Copyright (c) ...` → `ffmpeg version 6.1.1-3`, at most 120 chars.
fn version_line(stdout: &str) -> String {
    let line = stdout.lines().next().unwrap_or_default();
    let line = line.split(" Copyright").next().unwrap_or_default().trim();
    line.chars().take(120).collect()
}

/// Whether the platform's API host answers; `skipped` when no platform is configured.
async fn upstream(core: &Core) -> HealthCheck {
    let Some(client) = core.upstream.clone() else {
        return HealthCheck {
            name: CHECK_UPSTREAM.into(),
            status: CHECK_SKIPPED.into(),
            ..HealthCheck::default()
        };
    };
    // The outer limit is a little longer so the client's own timeout normally fires first.
    let ping = async move { client.ping(UPSTREAM_LIMIT).await.map_err(|e| e.to_string()) };
    run(
        CHECK_UPSTREAM,
        UPSTREAM_LIMIT + Duration::from_millis(500),
        ping,
    )
    .await
    .0
}

/// Backups: skipped when none are configured; failed when the last backup or verify failed,
/// or none succeeded within twice the schedule.
async fn backup(core: &Core) -> HealthCheck {
    if core.settings.backup.is_none() {
        return HealthCheck {
            name: CHECK_BACKUP.into(),
            status: CHECK_SKIPPED.into(),
            ..HealthCheck::default()
        };
    }
    let check = async {
        let health = crate::backup::status::health(core)
            .await
            .map_err(|e| e.to_string())?;
        if health.failing {
            return Err("the last backup or verify failed".to_owned());
        }
        if health.overdue {
            return Err("no backup succeeded within twice the schedule".to_owned());
        }
        Ok(())
    };
    run(CHECK_BACKUP, CHECK_LIMIT, check).await.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hung_check_fails_at_its_limit() {
        let started = Instant::now();
        let (check, value) = run(
            "hung",
            Duration::from_millis(50),
            std::future::pending::<Result<(), Reason>>(),
        )
        .await;
        assert_eq!(check.status, CHECK_FAILED);
        assert!(value.is_none());
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn the_version_line_drops_the_copyright() {
        let out = "ffmpeg version 6.1.1-3ubuntu5 Copyright (c) 2000-2023 the FFmpeg developers\nbuilt with gcc";
        assert_eq!(version_line(out), "ffmpeg version 6.1.1-3ubuntu5");
    }

    #[test]
    fn statvfs_reads_the_file_system_of_a_dir() {
        let (free, total) = statvfs(Path::new(".")).unwrap();
        assert!(total > 0 && free <= total);
    }
}
