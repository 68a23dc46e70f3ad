//! Where a player is between two reports: while it plays, the position and the sleep timer
//! move with the clock; the server reports them only when something changes. Pure, tested
//! natively.

use cardsmith_model::live::LivePlayer;

/// Milliseconds since the epoch of a UTC stamp as the server writes them
/// (`2026-11-30T10:00:00.123Z`, fraction optional).
pub fn millis(stamp: &str) -> Option<f64> {
    let stamp = stamp.strip_suffix('Z')?;
    let (date, time) = stamp.split_once('T')?;
    let mut ymd = date.splitn(3, '-').map(|p| p.parse::<i64>().ok());
    let (y, m, d) = (ymd.next()??, ymd.next()??, ymd.next()??);
    let (hms, fraction) = time.split_once('.').unwrap_or((time, "0"));
    let mut parts = hms.splitn(3, ':').map(|p| p.parse::<i64>().ok());
    let (h, min, s) = (parts.next()??, parts.next()??, parts.next()??);
    let fraction: f64 = format!("0.{fraction}").parse().ok()?;
    // days from the civil date (Howard Hinnant's algorithm)
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some(((days * 86_400 + h * 3600 + min * 60 + s) as f64 + fraction) * 1000.0)
}

/// Seconds elapsed since the player's last report, at `now_ms`; 0 unless it plays.
fn running(player: &LivePlayer, now_ms: f64) -> u32 {
    if player.playback.as_deref() != Some("playing") {
        return 0;
    }
    let Some(at) = player.position_at.as_deref().and_then(millis) else {
        return 0;
    };
    ((now_ms - at).max(0.0) / 1000.0) as u32
}

/// The position now, in seconds, never past the track's end.
pub fn position_now(player: &LivePlayer, now_ms: f64) -> Option<u32> {
    let position = player.position? + running(player, now_ms);
    Some(match player.track_length {
        Some(length) => position.min(length),
        None => position,
    })
}

/// Seconds left on the sleep timer now; `None` when there is none.
pub fn sleep_left(player: &LivePlayer, now_ms: f64) -> Option<u32> {
    let seconds = player.sleep_timer_seconds.filter(|s| *s > 0)?;
    Some(seconds.saturating_sub(running(player, now_ms)))
}

/// `m:ss`, or `h:mm:ss` from an hour.
pub fn clock(seconds: u32) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn playing(position: u32, length: u32) -> LivePlayer {
        LivePlayer {
            playback: Some("playing".into()),
            position: Some(position),
            position_at: Some("2026-11-30T10:00:00Z".into()),
            track_length: Some(length),
            sleep_timer_seconds: Some(60),
            ..LivePlayer::default()
        }
    }

    #[test]
    fn the_position_moves_while_playing_and_stops_at_the_end() {
        let at = millis("2026-11-30T10:00:00Z").unwrap();
        let player = playing(10, 30);
        assert_eq!(position_now(&player, at + 5_500.0), Some(15));
        assert_eq!(position_now(&player, at + 60_000.0), Some(30));
        assert_eq!(sleep_left(&player, at + 5_000.0), Some(55));
        let paused = LivePlayer {
            playback: Some("paused".into()),
            ..player
        };
        assert_eq!(position_now(&paused, at + 5_000.0), Some(10));
        assert_eq!(sleep_left(&LivePlayer::default(), at), None);
    }

    #[test]
    fn stamps_are_read_to_the_millisecond() {
        assert_eq!(millis("1970-01-01T00:00:00Z"), Some(0.0));
        assert_eq!(
            millis("2026-11-30T10:00:00.250Z"),
            Some(1_796_032_800_250.0)
        );
        assert_eq!(millis("2000-03-01T00:00:01Z"), Some(951_868_801_000.0));
        assert_eq!(millis("yesterday"), None);
    }

    #[test]
    fn clocks_read_as_people_read_them() {
        assert_eq!(clock(5), "0:05");
        assert_eq!(clock(125), "2:05");
        assert_eq!(clock(3_725), "1:02:05");
    }
}
