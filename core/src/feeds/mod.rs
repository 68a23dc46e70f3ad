//! Podcast and audio feeds made into cards: fetching what a feed names within the SSRF guard
//! and its caps (`fetch`), reading the feed into episodes (`read`), and what a refresh changes
//! on the card (`refresh`).

pub mod fetch;
pub mod read;
pub mod refresh;
