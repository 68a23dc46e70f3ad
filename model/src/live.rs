//! What a player is doing now, as its live channel last reported it: the players page, a
//! card's page and the REST view (`GET /devices/{accountID}/{deviceID}/live`) all read this.

use serde::{Deserialize, Serialize};

/// How the live view of an account stands.
pub mod connection {
    /// Connected to the players' broker: what follows is current.
    pub const LIVE: &str = "live";
    /// Connecting, or connecting again after the broker dropped us.
    pub const CONNECTING: &str = "connecting";
    /// No broker is configured, or it cannot be reached: nothing is live, commands take the
    /// platform's REST command paths.
    pub const UNAVAILABLE: &str = "unavailable";
    /// The platform no longer accepts the account's link: link it again.
    pub const RELINK: &str = "relink";
}

/// The last known state of one player. Fields the player has not reported yet are absent.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LivePlayer {
    pub account_id: String,
    pub device_id: String,
    /// The player's name, as the family named it on the platform.
    pub name: Option<String>,
    /// `live`, `connecting`, `unavailable` or `relink` (see [`connection`]).
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = "^(live|connecting|unavailable|relink)$")
    )]
    pub connection: String,
    /// False after the player said it shut down, or did not answer a command.
    pub online: Option<bool>,
    /// `playing`, `paused`, `stopped` or `loading`.
    pub playback: Option<String>,
    /// The platform card id playing.
    pub card_id: Option<String>,
    /// That card's title, as the platform names it (absent until it is known).
    pub card_title: Option<String>,
    pub chapter_key: Option<String>,
    pub track_key: Option<String>,
    pub chapter_title: Option<String>,
    pub track_title: Option<String>,
    /// Seconds.
    pub track_length: Option<u32>,
    /// Seconds into the track when `position_at` was the time; while playing it advances by
    /// the clock between reports.
    pub position: Option<u32>,
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub position_at: Option<String>,
    /// 0–16, the players' steps.
    pub volume: Option<u8>,
    /// 0–16: the most the player allows now (day or night limit).
    pub volume_max: Option<u8>,
    /// Seconds left when `position_at` was the time; 0 or absent: no timer.
    pub sleep_timer_seconds: Option<u32>,
    /// Percent.
    pub battery_level: Option<u8>,
    pub charging: Option<bool>,
    /// When anything of this was last reported; absent if nothing was yet.
    #[cfg_attr(feature = "openapi", schema(format = DateTime))]
    pub updated_at: Option<String>,
    /// Seconds since `updated_at`, at the time of the answer.
    pub age_seconds: Option<u64>,
}

impl LivePlayer {
    /// `playing` or `paused` while the player has a card in; `None` when it plays nothing
    /// (stopped, loading, or not reported yet).
    pub fn card_in(&self) -> Option<&str> {
        self.card_id.as_ref()?;
        self.playback
            .as_deref()
            .filter(|state| matches!(*state, "playing" | "paused"))
    }
}

/// The players of one linked account, live.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LivePlayersOut {
    pub account_id: String,
    /// `live`, `connecting`, `unavailable` or `relink`.
    #[cfg_attr(
        feature = "openapi",
        schema(pattern = "^(live|connecting|unavailable|relink)$")
    )]
    pub connection: String,
    pub players: Vec<LivePlayer>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_is_in_while_it_plays_or_pauses() {
        let player = |card: Option<&str>, state: &str| LivePlayer {
            card_id: card.map(str::to_owned),
            playback: Some(state.into()),
            ..LivePlayer::default()
        };
        assert_eq!(player(Some("abc"), "playing").card_in(), Some("playing"));
        assert_eq!(player(Some("abc"), "paused").card_in(), Some("paused"));
        assert_eq!(player(Some("abc"), "stopped").card_in(), None);
        assert_eq!(player(None, "playing").card_in(), None);
        assert_eq!(LivePlayer::default().card_in(), None);
    }
}
