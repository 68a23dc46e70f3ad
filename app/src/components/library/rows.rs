//! The dense list view: one row per card (a small cover, the title, its collection, tracks,
//! length and publish badge), for finding one card among hundreds. On a phone the details wrap
//! under the title; nothing scrolls sideways.

use cardsmith_model::card::CardOut;
use cardsmith_model::publish::PublishSummary;
use leptos::prelude::*;

use super::tiles::{pick_box, place_of};
use crate::components::cover::CoverThumb;
use crate::components::layout::clock;
use crate::components::publish::{badge_of, BadgePill};

#[component]
pub fn CardRows(
    cards: Vec<CardOut>,
    /// Accessible name of the list.
    label: String,
    /// The collection shown (rows then say Home or Linked), as for the tiles.
    #[prop(optional_no_strip)]
    in_collection: Option<String>,
    /// The caller's publish records of these cards.
    publish: Vec<PublishSummary>,
) -> impl IntoView {
    view! {
        <ul aria-label=label class="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            {cards.into_iter().map(|card| {
                let badge = badge_of(&card, &publish);
                view! { <CardRow card in_collection=in_collection.clone() badge/> }
            }).collect_view()}
        </ul>
    }
}

#[component]
fn CardRow(
    card: CardOut,
    in_collection: Option<String>,
    badge: Option<cardsmith_model::publish::PublishBadge>,
) -> impl IntoView {
    let tracks = tr!("library-track-count", count = card.track_count);
    // one text for tracks and length: rows stay a handful of elements each
    let details = match card.total_duration_s {
        0 => format!("· {tracks}"),
        secs => format!("· {tracks} · {}", clock(Some(secs as f64))),
    };
    let place = place_of(&card, in_collection.as_deref());
    view! {
        <li class="flex items-center">
            {pick_box(&card, "ml-3")}
            <a href=format!("/cards/{}", card.slug)
                class="flex min-w-0 flex-1 items-center gap-3 px-3 py-2 hover:bg-slate-50 focus:bg-indigo-50 focus:outline-none">
                <span class="block h-12 w-[30px] shrink-0 overflow-hidden rounded bg-slate-100">
                    <CoverThumb slug=card.slug.clone() title=card.title.clone() hash=card.cover_hash.clone() small=true/>
                </span>
                <span class="min-w-0 flex-1">
                    <span class="block truncate font-medium text-slate-900">{card.title.clone()}</span>
                    <span class="mt-0.5 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-slate-600">
                        {place}
                        <span>{details}</span>
                        {badge.map(|badge| view! { <BadgePill badge/> })}
                    </span>
                </span>
            </a>
        </li>
    }
}
