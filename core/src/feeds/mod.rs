//! Podcast and audio feeds made into cards: fetching what a feed names within the SSRF guard
//! and its caps (`fetch`), and reading the feed into episodes (`read`).

pub mod fetch;
pub mod read;
