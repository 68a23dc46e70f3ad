//! A podcast or audio feed made into a card (`/collections/{id}/feeds`, `/cards/{slug}/feed`):
//! the latest episodes are the card's chapters, downloaded and transcoded as uploads are or
//! streamed by the player from the feed's own addresses. The card may follow the feed: a
//! scheduled refresh adds new episodes, drops the oldest beyond the count kept and, when the
//! parent asked, publishes the card again to the accounts it is published to.

use serde::{Deserialize, Serialize};

use crate::track::stream_url_problem;
use crate::validate::{name_problem, Checker};
use crate::FieldError;

/// Most episodes a feed's card keeps.
pub const FEED_MAX_EPISODES: u32 = 50;
/// Episodes kept when the parent does not say.
pub const FEED_DEFAULT_EPISODES: u32 = 10;

/// How often the card follows its feed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum FeedRefresh {
    /// Only when asked (`POST /cards/{slug}/feed/refresh`).
    #[default]
    Off,
    Daily,
    Weekly,
}

impl FeedRefresh {
    /// Hours between two refreshes (`None`: never by itself).
    pub fn every_hours(self) -> Option<i64> {
        match self {
            Self::Off => None,
            Self::Daily => Some(24),
            Self::Weekly => Some(24 * 7),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Off => "off",
            Self::Daily => "daily",
            Self::Weekly => "weekly",
        }
    }

    /// The stored word back (an unknown one reads as off).
    pub fn parse(stored: &str) -> Self {
        match stored {
            "daily" => Self::Daily,
            "weekly" => Self::Weekly,
            _ => Self::Off,
        }
    }
}

/// The order of the episodes on the card.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum FeedOrder {
    /// The latest episode is chapter 1 (news, a weekly show).
    #[default]
    NewestFirst,
    /// The oldest kept episode is chapter 1 (a serial told in order).
    OldestFirst,
}

impl FeedOrder {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::NewestFirst => "newest-first",
            Self::OldestFirst => "oldest-first",
        }
    }

    pub fn parse(stored: &str) -> Self {
        match stored {
            "oldest-first" => Self::OldestFirst,
            _ => Self::NewestFirst,
        }
    }
}

fn default_episodes() -> u32 {
    FEED_DEFAULT_EPISODES
}

fn episodes_problem(n: u32) -> Option<&'static str> {
    (!(1..=FEED_MAX_EPISODES).contains(&n)).then_some("must be between 1 and 50")
}

/// `POST /collections/{id}/feeds`: a card made of a feed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FeedInput {
    /// The feed's address (RSS 2.0, Atom, RSS 1.0 or JSON Feed).
    #[cfg_attr(
        feature = "openapi",
        schema(
            max_length = 2000,
            pattern = "^\\s*https?://[^/\\s\\x00-\\x1f\\x7f-\\x9f][^\\s\\x00-\\x1f\\x7f-\\x9f]*\\s*$"
        )
    )]
    pub url: String,
    /// The card's title; the feed's own title when absent.
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(min_length = 1, max_length = 120, pattern = r"\S")
    )]
    pub title: Option<String>,
    /// How many of the latest episodes the card holds.
    #[serde(default = "default_episodes")]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 50, default = 10))]
    pub episodes: u32,
    /// Stream tracks (the player fetches each episode from the feed's address) instead of
    /// audio downloaded and transcoded here.
    #[serde(default)]
    pub stream: bool,
    #[serde(default)]
    pub refresh: FeedRefresh,
    #[serde(default)]
    pub order: FeedOrder,
    /// After a refresh that changed the card, publish it again to every account it is
    /// published to.
    #[serde(default)]
    pub republish: bool,
}

impl FeedInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut c = Checker::default();
        c.check("url", stream_url_problem(&self.url))
            .check("title", self.title.as_deref().and_then(name_problem))
            .check("episodes", episodes_problem(self.episodes));
        c.finish()
    }
}

/// `PATCH /cards/{slug}/feed`: what changes in how the card follows its feed; absent fields
/// stay as they are. Keeping fewer or more episodes, or another order, takes effect at once
/// (a refresh is queued).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FeedSettingsInput {
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 50))]
    pub episodes: Option<u32>,
    #[serde(default)]
    pub refresh: Option<FeedRefresh>,
    #[serde(default)]
    pub order: Option<FeedOrder>,
    #[serde(default)]
    pub republish: Option<bool>,
}

impl FeedSettingsInput {
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut c = Checker::default();
        c.check("episodes", self.episodes.and_then(episodes_problem));
        c.finish()
    }
}

/// An episode the card holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FeedEpisodeOut {
    pub title: String,
    /// When the feed says it was published (RFC 3339).
    pub published_at: Option<String>,
    /// Its track; `null` once the parent deleted it (a refresh does not bring it back).
    pub track_slug: Option<String>,
}

/// An episode the last refresh could not add, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FeedRefusedOut {
    pub title: String,
    /// Why, as a field error of the episode's audio ("answered 404", "is larger than 20 MB",
    /// "is not audio Cardsmith can read").
    pub reason: String,
}

/// How a card follows its feed (`GET /cards/{slug}/feed`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FeedOut {
    pub card_slug: String,
    pub url: String,
    /// The feed's own title.
    pub feed_title: String,
    /// The feed's artwork, the card's cover when the card had none.
    pub image_url: Option<String>,
    pub episodes: u32,
    pub stream: bool,
    pub refresh: FeedRefresh,
    pub order: FeedOrder,
    pub republish: bool,
    /// When the feed was last read (RFC 3339).
    pub last_checked_at: Option<String>,
    /// Why the last refresh could not read the feed and left the card as it was ("answered
    /// 404", "could not be reached", "is not a feed Cardsmith can read"), if it could not.
    pub last_error: Option<String>,
    /// Episodes the last refresh could not add.
    pub refused: Vec<FeedRefusedOut>,
    /// When the next scheduled refresh runs (`null` when refresh is off).
    pub next_refresh_at: Option<String>,
    /// The episodes the card holds, newest first.
    pub held: Vec<FeedEpisodeOut>,
    /// The refresh under way (`GET /jobs/{id}` follows it), if one is.
    pub job_id: Option<String>,
}

/// A refresh queued (`POST /cards/{slug}/feed/refresh`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FeedRefreshOut {
    pub job_id: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(url: &str, episodes: u32) -> FeedInput {
        FeedInput {
            url: url.into(),
            title: None,
            episodes,
            stream: false,
            refresh: FeedRefresh::Off,
            order: FeedOrder::NewestFirst,
            republish: false,
        }
    }

    #[test]
    fn a_feed_needs_a_web_address_and_a_sane_episode_count() {
        assert!(input("https://example.org/feed.xml", 10).validate().is_ok());
        let errors = input("file:///etc/passwd", 0).validate().unwrap_err();
        let fields: Vec<_> = errors.iter().map(|e| e.pointer.as_str()).collect();
        assert_eq!(fields, ["/url", "/episodes"]);
        assert!(input("https://example.org/f", 51).validate().is_err());
        let omitted: FeedInput = serde_json::from_str(r#"{"url":"https://a.example/f"}"#).unwrap();
        assert_eq!(omitted.episodes, 10);
        assert_eq!(omitted.refresh, FeedRefresh::Off);
    }

    #[test]
    fn stored_words_read_back() {
        for r in [FeedRefresh::Off, FeedRefresh::Daily, FeedRefresh::Weekly] {
            assert_eq!(FeedRefresh::parse(r.as_str()), r);
        }
        for o in [FeedOrder::NewestFirst, FeedOrder::OldestFirst] {
            assert_eq!(FeedOrder::parse(o.as_str()), o);
        }
        assert_eq!(FeedRefresh::Weekly.every_hours(), Some(168));
    }
}
