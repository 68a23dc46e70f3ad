//! Cards, collections and devices. Until authoring lands these pages explain what will live
//! here and what to do next, rather than showing an empty grid.

use leptos::prelude::*;
use leptos_meta::Title;

#[component]
fn EmptyState(title: &'static str, heading: &'static str, body: &'static str) -> impl IntoView {
    view! {
        <Title text=title/>
        <h1 class="text-2xl font-bold">{title}</h1>
        <section class="mt-6 rounded-2xl border-2 border-dashed border-slate-300 bg-white p-8 text-center">
            <h2 class="text-lg font-semibold">{heading}</h2>
            <p class="mx-auto mt-2 max-w-prose text-slate-600">{body}</p>
        </section>
    }
}

#[component]
pub fn CardsPage() -> impl IntoView {
    view! {
        <EmptyState
            title="Cards"
            heading="No cards yet"
            body="Cards are the audio playlists your child's player plays. Card authoring arrives with collections: create a collection first, then add cards, audio and covers to it."
        />
    }
}

#[component]
pub fn CollectionsPage() -> impl IntoView {
    view! {
        <EmptyState
            title="Collections"
            heading="No collections yet"
            body="Collections group cards and can be shared with family members. Creating collections is the next step of Cardsmith's authoring tools."
        />
    }
}

#[component]
pub fn DevicesPage() -> impl IntoView {
    view! {
        <EmptyState
            title="Devices"
            heading="No linked players"
            body="Players appear here once a player account is linked. Account linking is not set up on this server yet."
        />
    }
}
