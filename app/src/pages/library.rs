//! The library: every reachable card (searched, filtered and paged on the server), and the
//! collections with a form for a new one.

use cardsmith_model::collection::{CollectionOut, CreateCollectionInput};
use cardsmith_model::library::CollectionChoice;
use cardsmith_model::validate::slugify;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;
use leptos_meta::Title;

use crate::api::{cards_page, list_collections, CreateCollection, LibraryScope};
use crate::components::first_run::FirstRunStarts;
use crate::components::form::{
    field_error, general_error, ErrorAlert, StatusNote, SubmitButton, TextArea, TextField,
};
use crate::components::invitations::MyInvitations;
use crate::components::layout::{loaded, tint, Badge, EmptyBox, RoleBadge, PANEL};
use crate::components::library::{asked_by_address, first_answer, CardLibrary};

/// Every card the caller can reach, one page at a time: search, filters, order and view come
/// from the address, so the server renders the page already answered.
#[component]
pub fn CardsPage() -> impl IntoView {
    let asked = asked_by_address();
    let page = Resource::new(move || asked.clone(), cards_page);
    view! {
        <Title text=tr!("nav-cards")/>
        <div class="flex flex-wrap items-baseline justify-between gap-2">
            <h1 class="text-2xl font-bold">{tr!("nav-cards")}</h1>
            <a href="/labels" class="inline-flex min-h-11 items-center text-sm font-medium text-indigo-700 hover:underline">{tr!("library-print-labels")}</a>
        </div>
        <p class="mt-1 text-slate-600">{tr!("library-cards-intro")}</p>
        <div class="mt-6">
            {loaded(page, tr!("loading-cards"), |page| match page.first_run {
                // nothing to search yet: the ways to start instead of a toolbar over nothing
                Some(starts) => view! { <FirstRunStarts starts/> }.into_any(),
                None => view! {
                    <AllCards collections=page.collections>{first_answer(Ok(page.answer))}</AllCards>
                }
                .into_any(),
            })}
        </div>
    }
}

/// The library's controls, an island of its own: the page's first module is this and the
/// runtime, as small as the page is common. `children`: the server's answer.
#[island(lazy)]
fn AllCards(collections: Vec<CollectionChoice>, children: Children) -> impl IntoView {
    view! {
        <CardLibrary scope=LibraryScope::Everything collections=Some(collections) id="cards">
            {children()}
        </CardLibrary>
    }
}

#[component]
pub fn CollectionsPage() -> impl IntoView {
    view! {
        <Title text=tr!("nav-collections")/>
        <h1 class="text-2xl font-bold">{tr!("nav-collections")}</h1>
        <p class="mt-1 text-slate-600">{tr!("library-collections-intro")}</p>
        <AllCollections/>
    }
}

/// The page's body, an island: the list follows the form's new collections and the
/// invitations the caller accepts.
#[island(lazy)]
fn AllCollections() -> impl IntoView {
    let collections = Resource::new(|| (), |_| list_collections());
    let reload = Callback::new(move |()| collections.refetch());
    view! {
        <div class="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
            <div>
                <MyInvitations on_accepted=reload/>
                {loaded(collections, tr!("loading-collections"), |list| {
                    if list.is_empty() {
                        view! {
                            <EmptyBox
                                heading=tr!("library-no-collections")
                                body=tr!("library-no-collections-text")
                                next=None
                            />
                        }
                        .into_any()
                    } else {
                        view! {
                            <ul aria-label=tr!("nav-collections") class="grid gap-4 sm:grid-cols-2">
                                {list.into_iter().map(|c| view! { <CollectionTile collection=c/> }).collect_view()}
                            </ul>
                        }
                        .into_any()
                    }
                })}
            </div>
            <NewCollectionForm/>
        </div>
    }
}

/// A collection as a tile: its background image (or a tint of its own), name, size, badges.
#[component]
fn CollectionTile(collection: CollectionOut) -> impl IntoView {
    let backdrop = match &collection.background_image_hash {
        Some(hash) => view! {
            <img src=format!("/api/collections/{}/background?v={hash}", collection.id) alt=""
                loading="lazy" class="absolute inset-0 h-full w-full object-cover"/>
        }
        .into_any(),
        None => view! {
            <div class=format!("absolute inset-0 bg-linear-to-br {}", tint(&collection.id))></div>
        }
        .into_any(),
    };
    let count = tr!("count-cards", count = collection.card_count);
    view! {
        <li>
            <a href=format!("/collections/{}", collection.slug)
                class="group relative flex h-40 flex-col justify-end overflow-hidden rounded-2xl shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-400 hover:shadow-md">
                {backdrop}
                <div class="relative space-y-1 bg-linear-to-t from-slate-900/80 to-slate-900/0 p-4 pt-10 text-white">
                    <p class="text-lg font-semibold group-hover:underline">{collection.name.clone()}</p>
                    <div class="flex flex-wrap items-center gap-2 text-sm">
                        <span>{count}</span>
                        <RoleBadge role=collection.viewer_role.clone() yours=true/>
                        {collection.is_default.then(|| view! {
                            <Badge text=tr!("library-default-collection") tone="bg-amber-100 text-amber-900"/>
                        })}
                    </div>
                </div>
            </a>
        </li>
    }
}

#[component]
fn NewCollectionForm() -> impl IntoView {
    let name = RwSignal::new(String::new());
    let description = RwSignal::new(String::new());
    let local = RwSignal::new(Vec::new());
    let create = ServerAction::<CreateCollection>::new();
    let created = Signal::derive(move || match create.value().get() {
        Some(Ok(c)) => Some(tr!("library-collection-created", name = c.name)),
        _ => None,
    });
    // a new collection is opened at once: cards go in next
    Effect::new(move |_| {
        if let Some(Ok(made)) = create.value().get() {
            let _ = window()
                .location()
                .set_href(&format!("/collections/{}", made.slug));
        }
    });
    // The server makes the slug unique (adding a number); this shows the likely address.
    let preview = move || {
        let slug = slugify(&name.get());
        (!slug.is_empty()).then(|| tr!("library-address", address = format!("/collections/{slug}")))
    };
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = CreateCollectionInput {
            name: name.get_untracked(),
            description: description.get_untracked(),
            slug: None,
            language: None,
        };
        match input.validate() {
            Ok(()) => {
                local.set(Vec::new());
                create.dispatch(CreateCollection { input });
            }
            Err(errors) => local.set(errors),
        }
    };
    view! {
        <form class=format!("{PANEL} self-start") aria-labelledby="new-collection-heading" novalidate on:submit=on_submit>
            <h2 id="new-collection-heading" class="text-lg font-semibold">{tr!("library-new-collection")}</h2>
            <ErrorAlert message=general_error(move || create.value().get())/>
            <div>
                <TextField id="collection_name" label=tr!("library-name") value=name
                    error=field_error(local, move || create.value().get(), "name")/>
                <p data-testid="slug-preview" class="mt-1 text-xs text-slate-500" aria-live="polite">{preview}</p>
            </div>
            <TextArea id="collection_description" label=tr!("library-description") value=description
                error=field_error(local, move || create.value().get(), "description")
                hint=tr!("library-collection-description-hint")/>
            <SubmitButton label=tr!("library-create-collection") busy_label=tr!("library-creating") busy=create.pending()/>
            <StatusNote message=created/>
        </form>
    }
}
