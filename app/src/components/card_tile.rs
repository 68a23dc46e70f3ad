//! Cards as tiles: one look on the cards page and in a collection, and one cover thumbnail the
//! label builder shares.

use cardsmith_model::card::CardOut;
use cardsmith_model::publish::{PublishBadge, PublishSummary};
use leptos::prelude::*;

use super::layout::{tint, Badge, EmptyBox};
use super::publish::{badge_of, BadgePill};

/// Where a cover is read. The `v` parameter is the image's content hash, so a new cover gets a
/// new URL and no browser cache shows the old one.
pub fn cover_url(slug: &str, side: &str, version: &str) -> String {
    format!("/api/cards/{slug}/cover?side={side}&v={version}")
}

/// The front cover, or a tinted placeholder with the title's initial when there is none.
/// Decorative (`alt=""`): the title is always shown beside it. Phrasing content only, so it
/// can sit inside a `<label>`.
#[component]
pub fn CoverThumb(slug: String, title: String, hash: Option<String>) -> impl IntoView {
    match hash {
        Some(hash) => view! {
            <img src=cover_url(&slug, "front", &hash) alt="" loading="lazy" class="h-full w-full object-cover"/>
        }
        .into_any(),
        None => {
            let initial = title
                .chars()
                .next()
                .map(|c| c.to_uppercase().to_string())
                .unwrap_or_default();
            view! {
                <span aria-hidden="true" class=format!(
                    "flex h-full w-full items-center justify-center bg-linear-to-br {} text-3xl font-bold text-white/90",
                    tint(&slug),
                )>{initial}</span>
            }
            .into_any()
        }
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
    let linked = in_collection.as_ref().map(|id| *id != card.collection_id);
    let badge = linked.map(|linked| {
        if linked {
            view! { <Badge text="Linked".to_owned() tone="bg-amber-50 text-amber-800"/> }
        } else {
            view! { <Badge text="Home".to_owned() tone="bg-emerald-50 text-emerald-700"/> }
        }
    });
    let place = match linked {
        Some(false) => None,
        _ => Some(format!("in {}", card.collection_name)),
    };
    view! {
        <li class="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm focus-within:ring-2 focus-within:ring-indigo-300 hover:shadow-md">
            <a href=href class="block focus:outline-none">
                <div class="aspect-[54/85.6] max-h-56 w-full overflow-hidden bg-slate-100 sm:max-h-none">
                    <CoverThumb slug=card.slug.clone() title=card.title.clone() hash=card.cover_hash.clone()/>
                </div>
                <div class="space-y-1 p-3">
                    <p class="line-clamp-2 font-medium text-slate-900">{card.title.clone()}</p>
                    <div class="flex flex-wrap items-center gap-1 text-xs text-slate-600">
                        {badge}
                        {publish.map(|badge| view! { <BadgePill badge/> })}
                        {place.map(|p| view! { <span class="truncate">{p}</span> })}
                    </div>
                </div>
            </a>
        </li>
    }
}

/// A responsive grid of card tiles (two across on a phone), or `empty` when there are none.
#[component]
pub fn CardGrid(
    cards: Vec<CardOut>,
    /// Accessible name of the list.
    label: &'static str,
    #[prop(optional_no_strip)] in_collection: Option<String>,
    /// The empty state's heading and body.
    empty: (&'static str, &'static str),
    #[prop(optional_no_strip)] next: Option<(&'static str, &'static str)>,
    /// The caller's publish records, for the tiles' badges.
    #[prop(optional)]
    publish: Vec<PublishSummary>,
) -> impl IntoView {
    if cards.is_empty() {
        let (heading, body) = empty;
        return view! { <EmptyBox heading body next/> }.into_any();
    }
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
    .into_any()
}
