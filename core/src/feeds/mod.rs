//! Podcast and audio feeds made into cards: fetching what a feed names within the SSRF guard
//! and its caps (`fetch`), reading the feed into episodes (`read`), what a refresh changes on
//! the card (`refresh`), the refresh job that does it (`sync`) with one episode at a time
//! (`episodes`) and the republish it may ask for (`republish`), where a card's feed is kept
//! (`repo`) and what parents do with it (`service`).

pub mod episodes;
pub mod fetch;
pub mod read;
pub mod refresh;
pub mod repo;
pub mod republish;
pub mod service;
pub mod sync;

use crate::Core;

/// Who a feed's fetches may contact: public addresses, and the `host:port` pairs the operator
/// allowed (`--feed-allow-host`).
pub fn reach(core: &Core) -> fetch::Reach {
    fetch::Reach {
        allowed: core.settings.feed_allow_hosts.clone(),
    }
}
