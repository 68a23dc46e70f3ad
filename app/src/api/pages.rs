//! One call per authoring page: everything the page shows at first paint.
//!
//! A page loads its data with a single resource created outside any `<Suspense>`; the sections
//! receive their part as plain values and refresh it themselves after a change. Resources
//! created *inside* a resolved `Suspend` are not matched up with the server's serialized data
//! when a page is hydrated after a full reload (Leptos 0.8), which aborted hydration of the
//! collection and card pages; one bundle per page avoids that and saves round trips.

use cardsmith_model::card::{CardDetailOut, PlaybackConfigOut};
use cardsmith_model::collection::{
    CollectionOut, CollectionProfileOut, CollectionStatsOutputBody, MemberOut, PresetOut,
};
use cardsmith_model::publish::PublishSummary;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;

/// What the collection page shows at first paint: the collection and every side panel. Its
/// cards are not here: the page lists them a page at a time (`library_answer`), and
/// the publish and seed dialogs, which list them all, fetch them once the page is live
/// (with 1,000 cards they made the page 2 MB).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CollectionPageData {
    pub collection: CollectionOut,
    pub stats: CollectionStatsOutputBody,
    /// Cards whose home is this collection (the delete form's question).
    pub homed_cards: u64,
    /// Cards of the collection that have tracks: the publish and seed buttons show when any.
    pub cards_with_tracks: u64,
    pub members: Vec<MemberOut>,
    pub presets: Vec<PresetOut>,
    pub profile: CollectionProfileOut,
    /// Where the caller published cards, for the tiles' badges.
    pub publish: Vec<PublishSummary>,
    /// Whether one of the caller's AI providers can draft a story: the story panel offers
    /// "Write a draft" only then, and a story template otherwise.
    pub can_draft: bool,
}

/// What the card page shows: the card, its playback settings and the collections it could
/// move to (only the caller's own, so a viewer gets the list but no form to use it).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CardPageData {
    pub detail: CardDetailOut,
    pub playback: PlaybackConfigOut,
    pub collections: Vec<CollectionOut>,
    pub publish: Vec<PublishSummary>,
    /// The image hashes of the generated covers waiting to be used, front and back (editors).
    pub pending_covers: [Option<String>; 2],
    /// The feed the card follows, when it was made of one.
    pub feed: Option<cardsmith_model::feed::FeedOut>,
}

#[server(prefix = "/rpc", endpoint = "collection_page")]
pub async fn collection_page(slug: String) -> Result<CollectionPageData, UiError> {
    use cardsmith_core::collections::{members, presets, service};
    let (core, actor) = ssr::caller().await?;
    let collection = service::find_by_slug(&core, &actor, &slug).await?;
    let id = collection.id.clone();
    let counts = service::card_counts(&core, &actor, &id).await?;
    Ok(CollectionPageData {
        stats: service::stats(&core, &actor, &id).await?,
        homed_cards: counts.homed,
        cards_with_tracks: counts.with_tracks,
        members: members::list(&core, &actor, &id).await?,
        presets: presets::list(&core, &actor, &id).await?,
        profile: presets::get_profile(&core, &actor, &id).await?,
        publish: cardsmith_core::player::publish::summaries(&core, &actor).await?,
        can_draft: cardsmith_core::stories::can_draft(&core, &actor).await?,
        collection,
    })
}

#[server(prefix = "/rpc", endpoint = "card_page")]
pub async fn card_page(slug: String) -> Result<CardPageData, UiError> {
    use cardsmith_core::{cards, collections};
    let (core, actor) = ssr::caller().await?;
    Ok(CardPageData {
        detail: cards::service::get_card(&core, &actor, &slug).await?,
        playback: cards::service::get_playback(&core, &actor, &slug).await?,
        collections: collections::service::list(&core, &actor).await?,
        publish: cardsmith_core::player::publish::summaries(&core, &actor).await?,
        pending_covers: cards::generate::pending_previews(&core, &actor, &slug).await?,
        // a card made of no feed answers 404 there: the page has no feed section
        feed: cardsmith_core::feeds::service::get(&core, &actor, &slug)
            .await
            .ok(),
    })
}
