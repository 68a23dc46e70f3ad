//! One card: its chapters, words, covers, icons and playback settings, and (in submodules)
//! its slug, home and deletion. Viewers see the same page without any control that changes
//! the card.

mod covers;
mod details;
mod manage;
mod playback;
mod players;
mod publish;
mod tracks;

use cardsmith_model::card::{CardOut, PlaybackConfigOut};
use leptos::prelude::*;
use leptos_meta::Title;
use leptos_router::hooks::use_params_map;

use crate::api::{card_page, CardPageData};
use crate::components::disclosure::Disclosure;
use crate::components::form::{around_link, LINK};
use crate::components::layout::{can_edit, loaded, RoleBadge};

/// The card as this page last saved it; sections update it so the header follows.
#[derive(Clone, Copy)]
struct Shown {
    card: RwSignal<CardOut>,
    editor: bool,
}

impl Shown {
    fn slug(&self) -> String {
        self.card.with_untracked(|c| c.slug.clone())
    }
}

#[component]
pub fn CardPage() -> impl IntoView {
    let params = use_params_map();
    let slug = move || params.read().get("slug").unwrap_or_default();
    let page = Resource::new(slug, card_page);
    view! {
        <nav aria-label=tr!("card-breadcrumb") class="mb-2 text-sm">
            <a href="/cards" class="inline-flex min-h-11 items-center font-medium text-indigo-700 hover:underline">{tr!("card-all-cards")}</a>
        </nav>
        {loaded(page, tr!("loading-card"), |page| view! {
            <Title text=page.detail.card.title.clone()/>
            <CardView page/>
        })}
    }
}

/// The card, an island: every section edits it in place.
///
/// Phone first: the header (cover, title, state, Publish), the chapters as one-line rows
/// with "Add to this card" under them, then the rest folded into remembered sections. On a
/// laptop the sections sit in a column beside the chapters.
#[island(lazy)]
fn CardView(page: CardPageData) -> impl IntoView {
    let CardPageData {
        detail,
        playback,
        collections,
        publish,
        pending_covers,
        feed,
    } = page;
    provide_context(publish::CardPublish::new(
        publish,
        detail.card.content_hash.clone(),
    ));
    let shown = Shown {
        editor: can_edit(detail.card.viewer_role.as_deref()),
        card: RwSignal::new(detail.card),
    };
    provide_context(shown);
    let card_publish = expect_context::<publish::CardPublish>();
    crate::islands::follow_page_title(move || shown.card.with(|c| c.title.clone()));
    let tracks = tracks::Tracks::new(shown.card, detail.tracks.unwrap_or_default(), shown.editor);
    provide_context(tracks);
    let links = detail.links.unwrap_or_default();
    view! {
        <CardHeader/>
        <div class="mt-4 grid items-start gap-4 lg:mt-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-6">
            <div class="min-w-0 space-y-3">
                <tracks::TracksPanel/>
                <Disclosure key="card-story" title=tr!("card-story-title") summary=tr!("card-story-summary")>
                    <crate::components::story::StoryPanel slug=shown.slug() editor=shown.editor tracks=tracks.list
                        on_saved=Callback::new(move |()| card_publish.card_changed(shown.slug()))/>
                </Disclosure>
            </div>
            <div class="min-w-0 space-y-3">
                {feed.map(|feed| { let summary = tr!("card-feed-summary", title = feed.feed_title.clone()); view! {
                    <Disclosure key="card-feed" title=tr!("card-feed-title") summary>
                        <crate::components::feed::FeedPanel feed editor=shown.editor
                            on_change=Callback::new(move |()| tracks.reload())/>
                    </Disclosure>
                }})}
                <Disclosure key="card-details" title=tr!("card-details-title") summary=Signal::derive(move || details_summary(shown))>
                    {if shown.editor {
                        view! { <details::DetailsForm/> }.into_any()
                    } else {
                        view! { <details::Description/> }.into_any()
                    }}
                </Disclosure>
                <Disclosure key="card-art" title=tr!("card-art-title")
                    summary=if shown.editor { tr!("card-art-summary-editor") } else { tr!("card-art-summary") }>
                    <covers::CoversPanel pending=pending_covers/>
                    {shown.editor.then(|| view! {
                        <crate::components::icon_studio::IconStudio card=shown.slug() theme=shown.card.with_untracked(|c| c.icon_theme.clone())
                            tracks=tracks.list on_change=Callback::new(move |()| tracks.reload())/>
                    })}
                </Disclosure>
                <Disclosure key="card-playback" title=tr!("card-playback-title") summary=playback_summary(&playback)>
                    <playback::PlaybackPanel config=playback/>
                </Disclosure>
                {shown.editor.then(|| view! {
                    <Disclosure key="card-originals" title=tr!("card-originals-title") summary=tr!("card-originals-summary")>
                        <tracks::SourcesPanel/>
                    </Disclosure>
                    <Disclosure key="card-manage" title=tr!("card-manage-title") summary=tr!("card-manage-summary")>
                        <manage::ManagePanel collections links/>
                    </Disclosure>
                })}
            </div>
        </div>
    }
}

/// The top of the page: the cover as on the card, the title, where it lives, its state, and
/// the main action (Publish).
#[component]
fn CardHeader() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let home = move || {
        shown.card.with(|c| {
            (
                format!("/collections/{}", c.collection_slug),
                c.collection_name.clone(),
            )
        })
    };
    let cover = move || {
        shown.card.with(|c| {
            c.cover_hash
                .as_ref()
                .map(|v| format!("/api/cards/{}/cover?side=front&v={v}", c.slug))
        })
    };
    // "In <collection> · by <author>": one sentence, the link where the message puts the
    // collection
    let place = move || {
        shown.card.with(|c| {
            let line = if c.author.is_empty() {
                tr!("card-home", collection = LINK)
            } else {
                tr!("card-home-by", collection = LINK, author = &c.author)
            };
            around_link(line)
        })
    };
    view! {
        <header class="flex items-start gap-3 sm:gap-4">
            <div class="aspect-[54/85.6] w-16 shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-slate-100 sm:w-24">
                {move || match cover() {
                    Some(src) => view! { <img src=src alt=tr!("card-front-cover") class="h-full w-full object-cover"/> }.into_any(),
                    None => view! { <span class="flex h-full items-center justify-center text-2xl text-slate-300" aria-hidden="true">"♫"</span> }.into_any(),
                }}
            </div>
            <div class="min-w-0 flex-1 space-y-1">
                <div class="flex flex-wrap items-center gap-2">
                    <h1 class="break-words text-xl font-bold sm:text-2xl">{move || shown.card.with(|c| c.title.clone())}</h1>
                    <RoleBadge role=shown.card.with_untracked(|c| c.viewer_role.clone()) yours=true/>
                    <publish::PublishBadgeOfCard/>
                </div>
                <p class="text-sm text-slate-600">
                    {move || place().0}
                    <a href=move || home().0 class="font-medium text-indigo-700 hover:underline">{move || home().1}</a>
                    {move || place().1}
                </p>
                <publish::PublishCard/>
                <players::CardOnPlayers/>
            </div>
        </header>
    }
}

/// The Details section's one line: the start of the description, or what is inside.
fn details_summary(shown: Shown) -> String {
    shown.card.with(|c| {
        let first = c.description.lines().next().unwrap_or_default().trim();
        if first.is_empty() {
            tr!("card-details-summary")
        } else {
            first.chars().take(80).collect()
        }
    })
}

/// The Playback section's one line, e.g. "Plays on to the next chapter · in order".
fn playback_summary(config: &PlaybackConfigOut) -> String {
    let advance = match config.autoadvance.as_str() {
        "none" => "none",
        "repeat" => "repeat",
        _ => "next",
    };
    let order = match config.shuffle.as_str() {
        "on" => "random",
        _ => "in-order",
    };
    tr!("card-playback-summary", advance = advance, order = order)
}
