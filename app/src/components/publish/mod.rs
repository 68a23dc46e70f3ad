//! Publishing from the UI: the badge a published card wears, and the dialog that publishes
//! one card or a collection's cards to linked player accounts (plan first, then one progress
//! bar per card and account, then the outcome).

mod dialog;
mod runs;
mod state;

pub use dialog::PublishButton;
pub use state::Pick;

use cardsmith_model::card::CardOut;
use cardsmith_model::publish::{PublishBadge, PublishSummary};
use leptos::prelude::*;

impl Pick {
    /// `card` as the dialog lists it, with its badge from the caller's publish `records`.
    pub fn of(card: &CardOut, records: &[PublishSummary]) -> Self {
        Self {
            badge: badge_of(card, records),
            slug: card.slug.clone(),
            title: card.title.clone(),
            collection_id: card.collection_id.clone(),
            track_count: card.track_count,
        }
    }
}

/// The card's badge, comparing the records with the card's current content hash.
pub fn badge_of(card: &CardOut, records: &[PublishSummary]) -> Option<PublishBadge> {
    let hash = card.content_hash.as_deref().unwrap_or_default();
    PublishBadge::of(&card.slug, hash, records)
}

/// One badge: a coloured dot and the words, so it reads without the colour too.
#[component]
pub fn BadgePill(badge: PublishBadge) -> impl IntoView {
    let words = match badge {
        PublishBadge::OnPlayer => tr!("player-badge-on-player"),
        PublishBadge::Changed => tr!("player-badge-changed"),
        PublishBadge::Publishing => tr!("player-badge-publishing"),
        PublishBadge::Failed => tr!("player-badge-failed"),
    };
    let (tone, dot) = match badge {
        PublishBadge::OnPlayer => (
            "bg-emerald-50 text-emerald-700 ring-emerald-200",
            "bg-emerald-500",
        ),
        PublishBadge::Changed => ("bg-amber-50 text-amber-800 ring-amber-200", "bg-amber-500"),
        PublishBadge::Publishing => (
            "bg-sky-50 text-sky-700 ring-sky-200",
            "bg-sky-500 animate-pulse",
        ),
        PublishBadge::Failed => ("bg-rose-50 text-rose-700 ring-rose-200", "bg-rose-500"),
    };
    view! {
        <span data-testid="publish-badge" title=tr!("player-badge-title")
            class=format!("inline-flex max-w-full items-center gap-1.5 rounded-full px-2 py-0.5 text-xs leading-tight font-medium ring-1 ring-inset {tone}")>
            <span aria-hidden="true" class=format!("h-1.5 w-1.5 shrink-0 rounded-full {dot}")></span>
            {words}
        </span>
    }
}
