//! What the feed forms' fields hold, read into the model's inputs with the model's own
//! checks: a new feed's card (`new_feed`), and the changes to how a card follows its feed
//! (`changed_settings`, only what differs, so a save changes nothing else).

use cardsmith_model::feed::{FeedInput, FeedOrder, FeedOut, FeedRefresh, FeedSettingsInput};
use cardsmith_model::FieldError;

use crate::components::form::{all_errors, whole_number};

/// The settings as the fields hold them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    pub episodes: String,
    pub refresh: String,
    pub order: String,
    pub republish: bool,
}

impl Settings {
    /// The fields of a card that follows `feed`.
    pub fn of(feed: &FeedOut) -> Self {
        Self {
            episodes: feed.episodes.to_string(),
            refresh: feed.refresh.as_str().to_owned(),
            order: feed.order.as_str().to_owned(),
            republish: feed.republish,
        }
    }

    /// The fields of a new feed's card: ten episodes, newest first, refreshed by hand.
    pub fn new_card() -> Self {
        Self {
            episodes: cardsmith_model::feed::FEED_DEFAULT_EPISODES.to_string(),
            refresh: FeedRefresh::Off.as_str().to_owned(),
            order: FeedOrder::NewestFirst.as_str().to_owned(),
            republish: false,
        }
    }

    fn episodes(&self, errors: &mut Vec<FieldError>) -> u32 {
        let n = whole_number("episodes", &self.episodes, 0, errors);
        u32::try_from(n).unwrap_or(0)
    }
}

/// The card to make of the feed at `url`: an empty title leaves the feed's own.
pub fn new_feed(
    url: &str,
    title: &str,
    stream: bool,
    settings: &Settings,
) -> Result<FeedInput, Vec<FieldError>> {
    let mut errors = Vec::new();
    let input = FeedInput {
        url: url.trim().to_owned(),
        title: Some(title.trim().to_owned()).filter(|t| !t.is_empty()),
        episodes: settings.episodes(&mut errors),
        stream,
        refresh: FeedRefresh::parse(&settings.refresh),
        order: FeedOrder::parse(&settings.order),
        republish: settings.republish,
    };
    // a number that is no number is said once, not again as "between 1 and 50"
    let checked = input.validate().map_err(|more| {
        more.into_iter()
            .filter(|e| e.field() != "episodes" || errors.is_empty())
            .collect()
    });
    all_errors(errors, checked).map(|()| input)
}

/// What differs between `feed` and the fields.
pub fn changed_settings(
    feed: &FeedOut,
    settings: &Settings,
) -> Result<FeedSettingsInput, Vec<FieldError>> {
    let mut errors = Vec::new();
    let episodes = settings.episodes(&mut errors);
    let refresh = FeedRefresh::parse(&settings.refresh);
    let order = FeedOrder::parse(&settings.order);
    let input = FeedSettingsInput {
        episodes: (episodes != feed.episodes || !errors.is_empty()).then_some(episodes),
        refresh: (refresh != feed.refresh).then_some(refresh),
        order: (order != feed.order).then_some(order),
        republish: (settings.republish != feed.republish).then_some(settings.republish),
    };
    let checked = if errors.is_empty() {
        input.validate()
    } else {
        Ok(())
    };
    all_errors(errors, checked).map(|()| input)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed() -> FeedOut {
        FeedOut {
            card_slug: "owls".into(),
            url: "https://pod.example/feed.xml".into(),
            feed_title: "Owl Tales".into(),
            image_url: None,
            episodes: 10,
            stream: false,
            refresh: FeedRefresh::Daily,
            order: FeedOrder::NewestFirst,
            republish: false,
            last_checked_at: None,
            last_error: None,
            refused: Vec::new(),
            next_refresh_at: None,
            held: Vec::new(),
            job_id: None,
        }
    }

    #[test]
    fn a_new_feed_is_read_from_its_fields() {
        let mut settings = Settings::new_card();
        settings.episodes = " 5 ".into();
        settings.refresh = "weekly".into();
        let input = new_feed(" https://pod.example/feed.xml ", "  ", true, &settings).unwrap();
        assert_eq!(input.url, "https://pod.example/feed.xml");
        assert_eq!(input.title, None);
        assert_eq!(input.episodes, 5);
        assert!(input.stream);
        assert_eq!(input.refresh, FeedRefresh::Weekly);
        settings.episodes = "many".into();
        let errors = new_feed("ftp://x", "Owls", false, &settings).unwrap_err();
        let fields: Vec<_> = errors.iter().map(|e| e.field().to_owned()).collect();
        // the number once, then the address
        assert_eq!(fields, ["episodes", "url"]);
        settings.episodes = "51".into();
        assert!(new_feed("https://pod.example/f", "", false, &settings).is_err());
    }

    #[test]
    fn a_save_sends_only_what_changed() {
        let feed = feed();
        let unchanged = changed_settings(&feed, &Settings::of(&feed)).unwrap();
        assert_eq!(unchanged, FeedSettingsInput::default());
        let mut settings = Settings::of(&feed);
        settings.episodes = "3".into();
        settings.order = "oldest-first".into();
        let changed = changed_settings(&feed, &settings).unwrap();
        assert_eq!(changed.episodes, Some(3));
        assert_eq!(changed.order, Some(FeedOrder::OldestFirst));
        assert_eq!(changed.refresh, None);
        settings.episodes = "0".into();
        assert!(changed_settings(&feed, &settings).is_err());
    }
}
