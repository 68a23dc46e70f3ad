//! The card page's publishing: the badge beside the title and the "Publish to player" button.
//!
//! The badge compares the caller's publish records with the card's content hash, which only
//! the server computes. Both start from the page bundle; after a change on this page (details,
//! cover, playback, tracks) the card is asked for again for its new hash, and after the
//! dialog queues or finishes jobs the bundle's records are, so the badge follows without a
//! reload.

use cardsmith_model::card::CardDetailOut;
use cardsmith_model::publish::{PublishBadge, PublishSummary};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::tracks::Tracks;
use super::Shown;
use crate::api::card_page;
use crate::api::rest;
use crate::components::layout::refresh;
use crate::components::publish::{BadgePill, Pick, PublishButton};

/// What the badge compares, shared by the header and the sections that change the card.
#[derive(Clone, Copy)]
pub struct CardPublish {
    records: RwSignal<Vec<PublishSummary>>,
    hash: RwSignal<String>,
}

impl CardPublish {
    pub fn new(records: Vec<PublishSummary>, hash: Option<String>) -> Self {
        Self {
            records: RwSignal::new(records),
            hash: RwSignal::new(hash.unwrap_or_default()),
        }
    }

    fn badge(self, slug: &str) -> Option<PublishBadge> {
        self.records
            .with(|r| self.hash.with(|h| PublishBadge::of(slug, h, r)))
    }

    /// Something that is published changed: ask for the card's new content hash. Skipped
    /// while the card was never published, as there is no badge to change.
    pub fn card_changed(self, slug: String) {
        if self.records.with_untracked(Vec::is_empty) {
            return;
        }
        spawn_local(async move {
            let url = format!("/api/cards/{slug}");
            if let Ok(detail) = rest::get::<CardDetailOut>(&url).await {
                self.hash.set(detail.card.content_hash.unwrap_or_default());
            }
        });
    }
}

/// The card's publish badge; nothing when it was never published.
#[component]
pub fn PublishBadgeOfCard() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let publish = expect_context::<CardPublish>();
    let tracks = expect_context::<Tracks>();
    // the details, the cover and the tracks live in these two signals
    Effect::watch(
        move || {
            shown.card.track();
            tracks.list.track();
        },
        move |_, _, _| publish.card_changed(shown.slug()),
        false,
    );
    move || {
        publish
            .badge(&shown.slug())
            .map(|badge| view! { <BadgePill badge/> })
    }
}

/// "Publish to player", or why the card cannot be published yet.
#[component]
pub fn PublishCard() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let publish = expect_context::<CardPublish>();
    let tracks = expect_context::<Tracks>();
    let cards = Signal::derive(move || {
        let track_count = tracks.list.with(Vec::len) as i64;
        let badge = publish.badge(&shown.slug());
        shown.card.with(|c| {
            vec![Pick {
                slug: c.slug.clone(),
                title: c.title.clone(),
                collection_id: c.collection_id.clone(),
                track_count,
                badge,
            }]
        })
    });
    let on_change = Callback::new(move |()| {
        // the bundle carries the records and the hash they compare with
        refresh(publish.records, async move {
            card_page(shown.slug()).await.map(|p| {
                publish
                    .hash
                    .set(p.detail.card.content_hash.unwrap_or_default());
                p.publish
            })
        });
    });
    // the card's home collection: the one publishing reads it from
    let collection_id = shown.card.with_untracked(|c| c.collection_id.clone());
    view! {
        <div class="pt-2">
            <Show when=move || !tracks.list.with(Vec::is_empty)
                fallback=|| view! { <p class="text-sm text-slate-500">{tr!("card-publish-needs-track")}</p> }>
                <PublishButton collection_id=Some(collection_id.clone()) cards label=tr!("card-publish") on_change/>
            </Show>
        </div>
    }
}
