//! Searching the card library: what a parent asks for (words, filters, order, view, page) and
//! the one page of cards that answers it.
//!
//! The question travels twice: in the page's address (`/cards?q=moon&sort=updated&page=2`, so a
//! reload, a shared link and back/forward keep it) and as the server function's argument. The
//! address is read leniently (an unknown word means the default, an over-long search is cut),
//! the argument strictly ([`CardQuery::validate`]): only the server's answer decides what a
//! browser receives.

use serde::{Deserialize, Serialize};

use crate::card::CardOut;
use crate::problem::FieldError;
use crate::publish::{PublishBadge, PublishSummary};
use crate::validate::Checker;

/// The longest search, in characters (after trimming).
pub const MAX_SEARCH_CHARS: usize = 200;
/// Words of a search that count; the rest are ignored (each word is one more condition).
pub const MAX_SEARCH_TERMS: usize = 10;
/// The longest collection slug a filter may name.
pub const MAX_COLLECTION_SLUG_CHARS: usize = 120;
/// The highest page number asked for (far beyond any library: a bound, not a limit).
pub const MAX_PAGE: u32 = 100_000;
/// Tiles on one page of the grid: a few hundred elements in the document, however large the
/// library.
pub const TILES_PER_PAGE: u32 = 48;
/// Rows on one page of the list view.
pub const ROWS_PER_PAGE: u32 = 100;

/// One closed set of choices (a `<select>`'s options, an address parameter's words).
pub trait Choice: Copy + PartialEq + Default + 'static {
    /// Every choice with its address word and the words a person reads.
    const ALL: &'static [(Self, &'static str, &'static str)];

    fn word(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(c, ..)| *c == self)
            .map_or("", |(_, w, _)| *w)
    }

    fn label(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(c, ..)| *c == self)
            .map_or("", |(.., l)| *l)
    }

    fn parse(word: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .find(|(_, w, _)| *w == word)
            .map(|(c, ..)| *c)
    }
}

/// The order of the results.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum CardSort {
    /// Title A–Z, ignoring ASCII case.
    #[default]
    Title,
    /// Most recently changed first.
    Updated,
    /// Newest first.
    Created,
}

impl Choice for CardSort {
    const ALL: &'static [(Self, &'static str, &'static str)] = &[
        (Self::Title, "title", "Title A–Z"),
        (Self::Updated, "updated", "Recently updated"),
        (Self::Created, "created", "Recently created"),
    ];
}

/// Tiles with covers, or one dense row per card.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardView {
    #[default]
    Grid,
    List,
}

impl Choice for CardView {
    const ALL: &'static [(Self, &'static str, &'static str)] =
        &[(Self::Grid, "grid", "Tiles"), (Self::List, "list", "List")];
}

impl CardView {
    /// Cards on one page of this view.
    pub fn per_page(self) -> u32 {
        match self {
            Self::Grid => TILES_PER_PAGE,
            Self::List => ROWS_PER_PAGE,
        }
    }
}

/// Cards with playable tracks, or the ones still empty.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum TrackFilter {
    #[default]
    Any,
    WithTracks,
    Empty,
}

impl Choice for TrackFilter {
    const ALL: &'static [(Self, &'static str, &'static str)] = &[
        (Self::Any, "any", "Any"),
        (Self::WithTracks, "with-tracks", "Has tracks"),
        (Self::Empty, "empty", "No tracks yet"),
    ];
}

/// Where the card stands on the caller's players: the badge its tile wears
/// ([`PublishBadge`]), or never published.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum PublishFilter {
    #[default]
    Any,
    Never,
    OnPlayer,
    Changed,
    Publishing,
    Failed,
}

impl Choice for PublishFilter {
    const ALL: &'static [(Self, &'static str, &'static str)] = &[
        (Self::Any, "any", "Any"),
        (Self::Never, "never", "Never published"),
        (Self::OnPlayer, "on-player", "On player"),
        (Self::Changed, "changed", "Changed since publishing"),
        (Self::Publishing, "publishing", "Publishing…"),
        (Self::Failed, "failed", "Publish failed"),
    ];
}

impl PublishFilter {
    /// Whether a card wearing `badge` (`None`: never published) passes.
    pub fn admits(self, badge: Option<PublishBadge>) -> bool {
        match self {
            Self::Any => true,
            Self::Never => badge.is_none(),
            Self::OnPlayer => badge == Some(PublishBadge::OnPlayer),
            Self::Changed => badge == Some(PublishBadge::Changed),
            Self::Publishing => badge == Some(PublishBadge::Publishing),
            Self::Failed => badge == Some(PublishBadge::Failed),
        }
    }
}

/// One question to the library. Every field has a default, so `{}` is the first page of
/// everything, by title.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct CardQuery {
    /// Words that must each appear in the title, author, description or a track title
    /// (ASCII case ignored).
    pub q: String,
    /// Only cards homed in or linked into the caller's collection with this slug.
    pub collection: Option<String>,
    pub publish: PublishFilter,
    pub tracks: TrackFilter,
    pub sort: CardSort,
    pub view: CardView,
    /// 1-based; a page past the last answers the last.
    pub page: u32,
}

impl Default for CardQuery {
    fn default() -> Self {
        Self {
            q: String::new(),
            collection: None,
            publish: PublishFilter::Any,
            tracks: TrackFilter::Any,
            sort: CardSort::Title,
            view: CardView::Grid,
            page: 1,
        }
    }
}

impl CardQuery {
    /// The question an address asks, read leniently: `get` answers a query parameter; unknown
    /// words mean the default, the search is trimmed and cut to [`MAX_SEARCH_CHARS`].
    pub fn from_address(get: impl Fn(&str) -> Option<String>) -> Self {
        fn choice<C: Choice>(value: Option<String>) -> C {
            value.as_deref().and_then(C::parse).unwrap_or_default()
        }
        let q: String = get("q")
            .unwrap_or_default()
            .trim()
            .chars()
            .take(MAX_SEARCH_CHARS)
            .collect();
        let collection = get("collection")
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty() && s.chars().count() <= MAX_COLLECTION_SLUG_CHARS);
        let page = get("page")
            .and_then(|p| p.trim().parse::<u32>().ok())
            .unwrap_or(1)
            .clamp(1, MAX_PAGE);
        Self {
            q: q.trim().to_owned(),
            collection,
            publish: choice(get("publish")),
            tracks: choice(get("tracks")),
            sort: choice(get("sort")),
            view: choice(get("view")),
            page,
        }
    }

    /// The query string (with its `?`) that [`Self::from_address`] reads back as this question;
    /// defaults are left out, so the plain first page is `""`.
    pub fn to_address(&self) -> String {
        let mut pairs: Vec<(&str, String)> = Vec::new();
        if !self.q.is_empty() {
            pairs.push(("q", self.q.clone()));
        }
        if let Some(slug) = &self.collection {
            pairs.push(("collection", slug.clone()));
        }
        fn non_default<C: Choice>(pairs: &mut Vec<(&str, String)>, name: &'static str, c: C) {
            if c != C::default() {
                pairs.push((name, c.word().to_owned()));
            }
        }
        non_default(&mut pairs, "publish", self.publish);
        non_default(&mut pairs, "tracks", self.tracks);
        non_default(&mut pairs, "sort", self.sort);
        non_default(&mut pairs, "view", self.view);
        if self.page > 1 {
            pairs.push(("page", self.page.to_string()));
        }
        if pairs.is_empty() {
            return String::new();
        }
        let joined: Vec<String> = pairs
            .iter()
            .map(|(k, v)| format!("{k}={}", percent_encode(v)))
            .collect();
        format!("?{}", joined.join("&"))
    }

    /// The same question on page `page`.
    pub fn on_page(&self, page: u32) -> Self {
        Self {
            page,
            ..self.clone()
        }
    }

    /// The same question in another view, on the page that holds the card shown first now
    /// (the views' pages differ in size).
    pub fn viewed_as(&self, view: CardView) -> Self {
        let first = u64::from(self.page.max(1) - 1) * u64::from(self.per_page());
        let page = first / u64::from(view.per_page()) + 1;
        Self {
            view,
            page: u32::try_from(page).unwrap_or(MAX_PAGE).min(MAX_PAGE),
            ..self.clone()
        }
    }

    /// The question changed by `change`, from its first page again (what was page 7 of one
    /// search means nothing for another).
    pub fn refined(&self, change: impl FnOnce(&mut Self)) -> Self {
        let mut next = self.clone();
        change(&mut next);
        next.page = 1;
        next
    }

    /// Whether anything narrows the library (the empty state then says "nothing matches"
    /// instead of "no cards yet").
    pub fn narrows(&self) -> bool {
        !self.q.trim().is_empty()
            || self.collection.is_some()
            || self.publish != PublishFilter::Any
            || self.tracks != TrackFilter::Any
    }

    /// The words searched for: split at whitespace, at most [`MAX_SEARCH_TERMS`].
    pub fn terms(&self) -> Vec<&str> {
        self.q.split_whitespace().take(MAX_SEARCH_TERMS).collect()
    }

    pub fn per_page(&self) -> u32 {
        self.view.per_page()
    }

    /// The server's rules: a bounded search and slug, a page from 1.
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let q = (self.q.trim().chars().count() > MAX_SEARCH_CHARS)
            .then_some("must be at most 200 characters");
        let collection = self.collection.as_deref().and_then(|slug| {
            (slug.is_empty() || slug.chars().count() > MAX_COLLECTION_SLUG_CHARS)
                .then_some("must be a collection's address (1 to 120 characters)")
        });
        let page = (!(1..=MAX_PAGE).contains(&self.page)).then_some("must be from 1 to 100000");
        Checker::default()
            .check("q", q)
            .check("collection", collection)
            .check("page", page)
            .finish()
    }
}

/// Percent-encodes everything but RFC 3986's unreserved characters (UTF-8 bytes).
fn percent_encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                out.push(byte as char)
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// A collection the filter offers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CollectionChoice {
    pub slug: String,
    pub name: String,
}

/// One page of answers.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CardPage {
    /// The cards of this page, in the asked order.
    pub cards: Vec<CardOut>,
    /// Cards matching the question, all pages together.
    pub total: u64,
    /// The page shown: the one asked for, or the last when that was past the end.
    pub page: u32,
    pub per_page: u32,
    /// The caller's publish records of this page's cards (their badges).
    pub publish: Vec<PublishSummary>,
}

impl CardPage {
    /// How many pages the matches fill (at least one, empty or not).
    pub fn pages(&self) -> u32 {
        let per = u64::from(self.per_page.max(1));
        u32::try_from(self.total.div_ceil(per).max(1)).unwrap_or(u32::MAX)
    }

    /// The 1-based places of the first and last card shown (`0, 0` when none).
    pub fn shown_range(&self) -> (u64, u64) {
        if self.cards.is_empty() {
            return (0, 0);
        }
        let first = u64::from(self.page - 1) * u64::from(self.per_page) + 1;
        (first, first + self.cards.len() as u64 - 1)
    }
}

#[cfg(test)]
mod tests;
