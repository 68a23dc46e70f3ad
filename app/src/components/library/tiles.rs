//! The tile view: cards as tiles in a responsive grid, one look on the cards page and in a
//! collection; and where a card lives, as a tile or a row says it.

use cardsmith_model::card::CardOut;
use cardsmith_model::publish::{PublishBadge, PublishSummary};
use leptos::prelude::*;

use crate::components::cover::CoverThumb;
use crate::components::layout::Badge;
use crate::components::publish::{badge_of, BadgePill};

/// Where the card lives, as a tile or row says it: in a collection's own list, a Home or
/// Linked badge; elsewhere (the all-cards page) the home collection's name.
pub fn place_of(card: &CardOut, in_collection: Option<&str>) -> AnyView {
    match in_collection.map(|id| id != card.collection_id) {
        Some(true) => {
            view! { <Badge text=tr!("library-linked") tone="bg-amber-50 text-amber-800"/> }.into_any()
        }
        Some(false) => {
            view! { <Badge text=tr!("library-home") tone="bg-emerald-50 text-emerald-700"/> }
                .into_any()
        }
        None => view! {
            <span class="truncate">{tr!("library-in-collection", collection = &card.collection_name)}</span>
        }
        .into_any(),
    }
}

/// The card's checkbox for actions on many, hidden until the library is selecting (its
/// `group/library` element carries `data-selecting`); it describes the card to the island,
/// which keeps the selection (`selection`).
pub fn pick_box(card: &CardOut, place: &'static str) -> impl IntoView {
    view! {
        <input type="checkbox" data-testid="card-pick"
            class=format!("card-pick hidden h-6 w-6 shrink-0 cursor-pointer accent-indigo-600 group-data-[selecting=true]/library:block {place}")
            data-slug=card.slug.clone() data-title=card.title.clone()
            data-tracks=card.track_count.to_string() data-collection=card.collection_id.clone()
            aria-label=tr!("library-pick", title = &card.title)/>
    }
}

/// One card in a grid, linking to its page.
#[component]
pub fn CardTile(
    card: CardOut,
    /// The collection the grid shows: the tile then says whether the card lives here or is
    /// linked in. Without it (the all-cards page) the tile names the card's collection.
    #[prop(optional_no_strip)]
    in_collection: Option<String>,
    /// The card's publish badge, if it was ever published.
    #[prop(optional_no_strip)]
    publish: Option<PublishBadge>,
) -> impl IntoView {
    let href = format!("/cards/{}", card.slug);
    let place = place_of(&card, in_collection.as_deref());
    view! {
        <li class="relative overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-indigo-300 hover:shadow-md">
            {pick_box(&card, "absolute left-2 top-2 z-10 rounded bg-white shadow")}
            <a href=href class="block focus:outline-none">
                <div class="aspect-[54/85.6] max-h-56 w-full overflow-hidden bg-slate-100 sm:max-h-none">
                    <CoverThumb slug=card.slug.clone() title=card.title.clone() hash=card.cover_hash.clone()/>
                </div>
                <div class="space-y-1 p-3">
                    <p class="line-clamp-2 font-medium text-slate-900">{card.title.clone()}</p>
                    <div class="flex flex-wrap items-center gap-1 text-xs text-slate-600">
                        {publish.map(|badge| view! { <BadgePill badge/> })}
                        {place}
                    </div>
                </div>
            </a>
        </li>
    }
}

/// A responsive grid of card tiles, two across on a phone (the library's tile view; the
/// caller shows the empty state).
#[component]
pub fn CardGrid(
    cards: Vec<CardOut>,
    /// Accessible name of the list.
    label: String,
    #[prop(optional_no_strip)] in_collection: Option<String>,
    /// The caller's publish records of these cards, for the tiles' badges.
    publish: Vec<PublishSummary>,
) -> impl IntoView {
    view! {
        <ul aria-label=label class="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {cards
                .into_iter()
                .map(|card| {
                    // each tile gets its own badge, not a copy of every record
                    let badge = badge_of(&card, &publish);
                    view! { <CardTile card in_collection=in_collection.clone() publish=badge/> }
                })
                .collect_view()}
        </ul>
    }
}
