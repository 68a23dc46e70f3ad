//! The caps a user's audio must fit, each refused with the limit named so the author knows
//! what to change: the length of one track, the tracks of one card, the storage of one user.
//!
//! They bound what one signed-in user can make the server hold or work on: a 20-hour file
//! would pin a transcode worker for most of a day, and without a storage cap one account
//! could fill the disk for everybody. Administrators set them (`--max-track-secs`,
//! `--max-tracks-per-card`, `--max-storage-per-user`).

use crate::{Core, CoreError, CoreResult};

/// Refuses audio longer than `max_track_duration` (422).
pub fn check_duration(core: &Core, duration_ms: i64) -> CoreResult<()> {
    match duration_problem(core.settings.max_track_duration, duration_ms) {
        Some(problem) => Err(CoreError::invalid("file", problem)),
        None => Ok(()),
    }
}

/// Why audio of `duration_ms` is too long for a track when tracks may last `limit`, if it is.
pub fn duration_problem(limit: chrono::Duration, duration_ms: i64) -> Option<String> {
    (duration_ms > limit.num_milliseconds()).then(|| {
        format!(
            "the audio lasts {}; a track may last at most {} on this server",
            hours_minutes(duration_ms / 1000),
            hours_minutes(limit.num_seconds())
        )
    })
}

/// Refuses a change that would leave the card with more than `max_tracks_per_card` playable
/// tracks (422). `adding` is how many the change adds (a split of one into three adds two).
///
/// Run it inside the write transaction that adds the tracks (`Db::begin` takes SQLite's write
/// lock at once), so twelve uploads at the same moment cannot all pass the same count.
pub async fn check_room<'e, E>(
    core: &Core,
    executor: E,
    card_id: &str,
    adding: i64,
) -> CoreResult<()>
where
    E: sqlx::Executor<'e, Database = crate::db::DbDriver>,
{
    let limit = core.settings.max_tracks_per_card;
    let now: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM tracks WHERE card_id = $1 AND is_source = 0")
            .bind(card_id)
            .fetch_one(executor)
            .await?;
    if now + adding > limit {
        return Err(CoreError::invalid(
            "card",
            format!(
                "a card may hold at most {limit} tracks (players play no more); this one has {now}"
            ),
        ));
    }
    Ok(())
}

/// Refuses `adding` more bytes of audio from `user_id` when that would pass their storage cap
/// (413). Counts the originals and player copies of the tracks the user added. Like
/// [`check_room`], run it inside the transaction that adds the audio.
pub async fn check_storage<'e, E>(
    core: &Core,
    executor: E,
    user_id: &str,
    adding: u64,
) -> CoreResult<()>
where
    E: sqlx::Executor<'e, Database = crate::db::DbDriver>,
{
    let Some(limit) = core.settings.max_storage_per_user else {
        return Ok(());
    };
    let used: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(original_size_bytes + transcoded_size_bytes), 0) AS BIGINT) FROM tracks WHERE added_by = $1",
    )
    .bind(user_id)
    .fetch_one(executor)
    .await?;
    if used.max(0) as u64 + adding > limit {
        return Err(CoreError::TooLarge(format!(
            "this would pass your storage limit of {} MB ({} MB used); delete tracks or kept originals first",
            limit / 1_000_000,
            used / 1_000_000
        )));
    }
    Ok(())
}

fn hours_minutes(seconds: i64) -> String {
    if seconds < 120 {
        return format!("{seconds} s");
    }
    let (h, m) = (seconds / 3600, (seconds % 3600 + 59) / 60);
    match (h, m) {
        (0, m) => format!("{m} min"),
        (h, 0) => format!("{h} h"),
        (h, m) => format!("{h} h {m} min"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn lengths_read_as_hours_and_minutes() {
        assert_eq!(super::hours_minutes(18_000), "5 h");
        assert_eq!(super::hours_minutes(18_060), "5 h 1 min");
        assert_eq!(super::hours_minutes(90), "90 s");
        assert_eq!(super::hours_minutes(150), "3 min");
    }
}
