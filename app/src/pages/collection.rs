//! One collection: header, stats, cards (searched and paged like the library) and a new-card
//! form, the background image, and (in submodules) sharing, story presets, the child profile
//! and settings.
//!
//! The collection is loaded once per address and then kept in signals that the sections
//! update from their own results, so creating a card or renaming the collection does not
//! reload (and reset) every other section. Its cards are never loaded all at once for the
//! page: the list asks for one page at a time, and the publish and seed dialogs, which offer
//! every card, fetch them in the background once the page is live.

mod members;
mod presets;
mod profile;
mod settings;
mod story;

use cardsmith_model::card::{CardOut, CreateCardInput};
use cardsmith_model::collection::language_voices;
use cardsmith_model::collection::{
    CollectionOut, CollectionProfileOut, CollectionStatsOutputBody, GetCollectionOutputBody,
};
use cardsmith_model::publish::PublishSummary;
use cardsmith_model::user::UserOut;
use cardsmith_model::validate::CollectionRole;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_meta::Title;
use leptos_router::hooks::use_params_map;

use crate::api::rest;
use crate::api::{
    collection_page, collection_stats, library_answer, publish_summaries, CollectionPageData,
    CreateCard, LibraryScope,
};
use crate::components::card_fields::CardFields;
use crate::components::disclosure::Disclosure;
use crate::components::form::general_error;
use crate::components::form::{ErrorAlert, StatusNote, SubmitButton};
use crate::components::image_upload::ImageDropZone;
use crate::components::layout::CurrentUser;
use crate::components::layout::{human_bytes, loaded, refresh, role_of, Badge, Panel, RoleBadge};
use crate::components::library::{asked_by_address, first_answer, CardLibrary};
use crate::components::publish::{Pick, PublishButton};
use crate::components::seed::SeedButton;

/// What the sections of one collection page share.
#[derive(Clone, Copy)]
struct Shown {
    collection: RwSignal<CollectionOut>,
    /// Cards whose home is this collection, counted by the server, then by the new-card form.
    homed_cards: RwSignal<u64>,
    /// Cards with tracks (none: no publish and seed buttons, and nothing to fetch for them).
    cards_with_tracks: u64,
    role: CollectionRole,
    /// Where the caller published cards (the publish dialog's badges).
    publish: RwSignal<Vec<PublishSummary>>,
    /// The child profile as last saved: story templates are told about its child, and its
    /// voice is the one stories start with.
    profile: RwSignal<CollectionProfileOut>,
}

impl Shown {
    fn id(&self) -> String {
        self.collection.with_untracked(|c| c.id.clone())
    }

    /// The voice new stories start with: the child profile's, else the best voice of the
    /// collection's language. Voice pickers list its language first.
    fn voice(&self) -> Signal<String> {
        let (profile, collection) = (self.profile, self.collection);
        Signal::derive(move || {
            let own = profile.with(|p| p.voice_id.clone());
            if !own.is_empty() {
                return own;
            }
            collection.with(|c| language_voices(&c.language)[0].to_owned())
        })
    }
}

#[component]
pub fn CollectionPage() -> impl IntoView {
    let params = use_params_map();
    let slug = move || params.read().get("slug").unwrap_or_default();
    let page = Resource::new(slug, collection_page);
    let asked = asked_by_address();
    let cards = Resource::new(
        move || (slug(), asked.clone()),
        |(slug, asked)| library_answer(LibraryScope::Collection(slug), asked),
    );
    let me = expect_context::<CurrentUser>();
    view! {
        <nav aria-label=tr!("coll-breadcrumb") class="mb-2 text-sm">
            <a href="/collections" class="inline-flex min-h-11 items-center font-medium text-indigo-700 hover:underline">{tr!("coll-back-to-collections")}</a>
        </nav>
        {loaded(page, tr!("loading-collection"), move |page| me.get().map(|me| {
            let name = page.collection.name.clone();
            view! {
                <Title text=name/>
                // the card list's answer, or why there is none: the rest of the page stands
                <Suspense fallback=|| ()>
                    {move || {
                        let (page, me) = (page.clone(), me.clone());
                        Suspend::new(async move {
                            let answer = first_answer(cards.await);
                            view! { <CollectionView page me>{answer}</CollectionView> }
                        })
                    }}
                </Suspense>
            }
        }))}
    }
}

/// The collection, an island: every section edits it in place, and its card list answers
/// each question in place. `me`: the signed-in user (sharing shows them as "you");
/// `children`: the server's answer to the card list's question.
#[island(lazy)]
fn CollectionView(page: CollectionPageData, me: UserOut, children: Children) -> impl IntoView {
    CurrentUser::in_island(me);
    let CollectionPageData {
        collection,
        stats,
        homed_cards,
        cards_with_tracks,
        members,
        presets,
        profile,
        publish,
        can_draft,
    } = page;
    let shown = Shown {
        publish: RwSignal::new(publish),
        profile: RwSignal::new(profile.clone()),
        role: role_of(collection.viewer_role.as_deref()),
        collection: RwSignal::new(collection),
        homed_cards: RwSignal::new(homed_cards),
        cards_with_tracks,
    };
    provide_context(shown);
    let editor = shown.role >= CollectionRole::Editor;
    let name = move || shown.collection.with(|c| c.name.clone());
    crate::islands::follow_page_title(name);
    let (preset_count, member_count) = (presets.len(), members.len());
    view! {
        <header class="space-y-2">
            <div class="flex flex-wrap items-center gap-2">
                <h1 class="text-2xl font-bold">{name}</h1>
                <RoleBadge role=shown.collection.with_untracked(|c| c.viewer_role.clone()) yours=true/>
                <Show when=move || shown.collection.with(|c| c.is_default)>
                    <Badge text=tr!("coll-default-badge") tone="bg-amber-100 text-amber-900"/>
                </Show>
            </div>
            <p class="max-w-prose whitespace-pre-line text-slate-600">{move || shown.collection.with(|c| c.description.clone())}</p>
            <Stats initial=stats/>
        </header>
        <div class="mt-6 grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:gap-6">
            <div class="min-w-0">
                <CardsPanel answer=children/>
            </div>
            // the rest folded, remembered on this device: the cards come first on a phone
            <div class="min-w-0 space-y-3">
                {editor.then(|| { let presets = presets.clone(); view! {
                    <Disclosure key="collection-story" title=tr!("coll-story-title") summary=tr!("coll-story-summary")>
                        <story::StoryPanel presets can_draft/>
                    </Disclosure>
                    <Disclosure key="collection-interactive" title=tr!("coll-interactive-title") summary=tr!("coll-interactive-summary")>
                        <story::InteractiveStoryPanel/>
                    </Disclosure>
                    <Disclosure key="collection-feed" title=tr!("coll-feed-title") summary=tr!("coll-feed-summary")>
                        <crate::components::feed::FeedCardForm collection_id=shown.id()
                            on_made=Callback::new(move |()| shown.collection.update(|c| c.card_count += 1))/>
                    </Disclosure>
                }})}
                <Disclosure key="collection-presets" title=tr!("coll-presets-title") summary=presets_summary(preset_count)>
                    <presets::PresetsPanel initial=presets/>
                </Disclosure>
                <Disclosure key="collection-profile" title=tr!("coll-profile-title") summary=tr!("coll-profile-summary")>
                    <profile::ProfilePanel profile/>
                </Disclosure>
                <Disclosure key="collection-sharing" title=tr!("coll-sharing-title") summary=sharing_summary(member_count)>
                    <members::MembersPanel initial=members/>
                </Disclosure>
                <Disclosure key="collection-background" title=tr!("coll-background-title") summary=tr!("coll-background-summary")>
                    <Panel id="background" title=tr!("coll-background-title")
                        intro=tr!("coll-background-intro")>
                        <ImageDropZone label=tr!("coll-background-image") id="background_file"
                            url=format!("/api/collections/{}/background", shown.id())
                            hash=shown.collection.with_untracked(|c| c.background_image_hash.clone())
                            editable=editor shape="aspect-[16/9]"/>
                    </Panel>
                </Disclosure>
                <Disclosure key="collection-zip" title=tr!("zip-title") summary=tr!("zip-summary")>
                    <Panel id="cards-zip" title=tr!("zip-title") intro=tr!("zip-collection-intro")>
                        <crate::components::cards_zip::DownloadCards collection_id=Some(shown.id())/>
                        {editor.then(|| view! { <crate::components::cards_zip::ImportCards collection_id=shown.id()/> })}
                    </Panel>
                </Disclosure>
                {editor.then(|| view! {
                    <Disclosure key="collection-settings" title=tr!("coll-settings-title") summary=tr!("coll-settings-summary")>
                        <settings::SettingsPanel/>
                    </Disclosure>
                })}
            </div>
        </div>
    }
}

/// "3 presets", or what presets are while there are none yet.
fn presets_summary(n: usize) -> String {
    match n {
        0 => tr!("coll-presets-summary-none"),
        n => tr!("coll-presets-summary", count = n),
    }
}

/// "3 members", or what sharing is while nobody else is in the collection.
fn sharing_summary(n: usize) -> String {
    match n {
        0 => tr!("coll-sharing-summary-none"),
        n => tr!("coll-sharing-summary", count = n),
    }
}

/// Card count and disk use; fetched again when the number of cards changes.
#[component]
fn Stats(initial: CollectionStatsOutputBody) -> impl IntoView {
    let shown = expect_context::<Shown>();
    let stats = RwSignal::new(initial);
    Effect::watch(
        move || shown.collection.with(|c| c.card_count),
        move |_, _, _| refresh(stats, collection_stats(shown.id())),
        false,
    );
    view! {
        <dl class="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div class="flex gap-1"><dt class="text-slate-500">{tr!("coll-stats-cards")}</dt><dd class="font-medium">{move || stats.with(|s| s.card_count)}</dd></div>
            <div class="flex gap-1"><dt class="text-slate-500">{tr!("coll-stats-disk-use")}</dt><dd class="font-medium">{move || stats.with(|s| human_bytes(s.disk_bytes))}</dd></div>
        </dl>
    }
}

/// Publishing the collection's cards (any of them, to any of the caller's accounts) and
/// putting them on players; shown once a card has tracks.
#[component]
fn PublishCollection() -> impl IntoView {
    let shown = expect_context::<Shown>();
    // every card, as the dialogs offer them: fetched once the page is live (effects run in
    // the browser only), and only when some card has tracks
    let cards = RwSignal::new(Vec::<CardOut>::new());
    let url = format!("/api/collections/{}", shown.id());
    let load = move || {
        let url = url.clone();
        spawn_local(async move {
            if let Ok(body) = rest::get::<GetCollectionOutputBody>(&url).await {
                cards.set(body.cards.unwrap_or_default());
            }
        });
    };
    let first = load.clone();
    Effect::new(move |_| {
        if shown.cards_with_tracks > 0 {
            first();
        }
    });
    let picks = Signal::derive(move || {
        shown.publish.with(|records| {
            cards.with(|cards| {
                cards
                    .iter()
                    .map(|c| Pick::of(c, records))
                    .collect::<Vec<_>>()
            })
        })
    });
    let with_tracks = Signal::derive(move || {
        picks.with(|picks| {
            picks
                .iter()
                .filter(|p| p.publishable())
                .map(|p| (p.slug.clone(), p.title.clone()))
                .collect::<Vec<_>>()
        })
    });
    let on_change = Callback::new(move |()| {
        // the cards too: their content hashes are what the records compare with
        load();
        spawn_local(async move {
            if let Ok(records) = publish_summaries().await {
                shown.publish.set(records);
            }
        });
    });
    view! {
        <Show when=move || !with_tracks.with(Vec::is_empty)>
            <div class="flex flex-wrap justify-end gap-2">
                <SeedButton collection_id=shown.id() cards=with_tracks/>
                <PublishButton collection_id=Some(shown.id()) cards=picks label=tr!("coll-publish-to-player") on_change/>
            </div>
        </Show>
    }
}

/// The collection's cards, searched like the library; `answer`: the server's first answer.
#[component]
fn CardsPanel(answer: Children) -> impl IntoView {
    let shown = expect_context::<Shown>();
    let editor = shown.role >= CollectionRole::Editor;
    let slug = shown.collection.with_untracked(|c| c.slug.clone());
    // a new card, or a publish that changed badges: the page of cards is asked again (not a
    // new name or description)
    let count = Memo::new(move |_| shown.collection.with(|c| c.card_count));
    let refresh = Signal::derive(move || {
        // read, not just tracked: a memo follows the collection only once it has computed
        count.get();
        shown.publish.track();
    });
    view! {
        <Panel id="cards" title=tr!("coll-cards-title")>
            <PublishCollection/>
            <CardLibrary scope=LibraryScope::Collection(slug) collections=None
                id="collection-cards" refresh=Some(refresh)>
                {answer()}
            </CardLibrary>
            {editor.then(|| view! {
                <NewCardForm/>
                <a class=format!("{} mt-3", crate::components::layout::BUTTON) href=format!("/drop?collection={}", shown.id())>
                    {tr!("coll-add-folder")}
                </a>
            })}
        </Panel>
    }
}

#[component]
fn NewCardForm() -> impl IntoView {
    let shown = expect_context::<Shown>();
    let title = RwSignal::new(String::new());
    let description = RwSignal::new(String::new());
    let author = RwSignal::new(String::new());
    let local = RwSignal::new(Vec::new());
    let create = ServerAction::<CreateCard>::new();
    let outcome = Signal::derive(move || create.value().get().map(|r| r.map(|_| ())));
    let created = Signal::derive(move || match create.value().get() {
        Some(Ok(card)) => Some(tr!("coll-card-created", title = &card.title)),
        _ => None,
    });
    // a new card is opened at once: its audio comes next
    Effect::new(move |_| {
        if let Some(Ok(card)) = create.value().get() {
            let _ = window()
                .location()
                .set_href(&format!("/cards/{}", card.slug));
        }
    });
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = CreateCardInput {
            title: title.get_untracked(),
            description: description.get_untracked(),
            author: Some(author.get_untracked()),
            slug: None,
        };
        match input.validate() {
            Ok(()) => {
                local.set(Vec::new());
                create.dispatch(CreateCard {
                    collection_id: shown.id(),
                    input,
                });
            }
            Err(errors) => local.set(errors),
        }
    };
    view! {
        <form class="space-y-4 border-t border-slate-100 pt-4" aria-labelledby="new-card-heading" novalidate on:submit=on_submit>
            <h3 id="new-card-heading" class="font-semibold">{tr!("coll-new-card")}</h3>
            <ErrorAlert message=general_error(move || create.value().get())/>
            <CardFields title description author local outcome/>
            <div class="flex flex-wrap items-center gap-3">
                <SubmitButton label=tr!("coll-create-card") busy_label=tr!("coll-creating") busy=create.pending()/>
                <StatusNote message=created/>
            </div>
        </form>
    }
}
