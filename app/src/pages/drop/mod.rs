//! "Add a folder": a folder, files or a ZIP of audio become cards. The parent picks the
//! collection, then a folder (picker or drag and drop, folders and all) or files; the files
//! go up three at a time under one progress bar, each with its own state, while the plan
//! the server works out from them appears and follows them. The parent edits it (titles,
//! order, chapters left out, icons, one card or one per folder) and confirms; the cards are
//! made and their audio prepared, with a bar for that too.
//!
//! The drop's id is in the address, so a reload (or a lost connection that outlasted the
//! retries) keeps what was sent: choosing the folder again sends only the files the server
//! does not hold yet.

mod edits;
mod plan_view;
mod queue;
mod sending;

#[cfg(feature = "hydrate")]
mod picker;

use cardsmith_model::collection::CollectionOut;
use cardsmith_model::drop::{DropGrouping, DropMadeOut, DropOut};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use self::edits::Edits;
use self::queue::Queue;
use crate::components::form::ErrorAlert;
use crate::components::layout::EmptyBox;

/// What the page starts from.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DropPageData {
    /// The collections the caller edits.
    pub collections: Vec<CollectionOut>,
    /// The one chosen first: the address's, else the caller's default.
    pub preselected: Option<String>,
    /// The drop being resumed (the address's `drop`).
    pub drop: Option<DropOut>,
}

/// The page's state, shared by its parts.
#[derive(Clone, Copy)]
pub(crate) struct DropState {
    pub collection: RwSignal<String>,
    pub drop: RwSignal<Option<DropOut>>,
    pub queue: RwSignal<Queue>,
    pub grouping: RwSignal<DropGrouping>,
    pub edits: RwSignal<Edits>,
    pub made: RwSignal<Option<DropMadeOut>>,
    pub error: RwSignal<Option<String>>,
    /// The browser's files by queue key (they live in the browser only).
    #[cfg(feature = "hydrate")]
    pub files: StoredValue<std::collections::HashMap<u32, web_sys::File>, LocalStorage>,
}

impl DropState {
    fn new(page: &DropPageData) -> Self {
        let made = page
            .drop
            .as_ref()
            .filter(|d| !d.made_cards.is_empty())
            .map(|d| DropMadeOut {
                cards: d
                    .made_cards
                    .iter()
                    .map(|slug| cardsmith_model::drop::DropMadeCard {
                        slug: slug.clone(),
                        title: slug.clone(),
                        track_count: 0,
                        cover_refused: None,
                    })
                    .collect(),
            });
        let collection = page
            .drop
            .as_ref()
            .map(|d| d.collection_id.clone())
            .or_else(|| page.preselected.clone())
            .unwrap_or_default();
        Self {
            collection: RwSignal::new(collection),
            drop: RwSignal::new(page.drop.clone()),
            queue: RwSignal::new(Queue::default()),
            grouping: RwSignal::new(
                page.drop
                    .as_ref()
                    .map(|d| d.plan.grouping)
                    .unwrap_or_default(),
            ),
            edits: RwSignal::new(Edits::default()),
            made: RwSignal::new(made),
            error: RwSignal::new(None),
            #[cfg(feature = "hydrate")]
            files: StoredValue::new_local(Default::default()),
        }
    }

    fn drop_id(self) -> Option<String> {
        self.drop
            .with_untracked(|d| d.as_ref().map(|d| d.id.clone()))
    }
}

/// The page's body (in the `Household` island).
#[component]
pub(crate) fn DropView(page: DropPageData) -> impl IntoView {
    if page.collections.is_empty() {
        return view! {
            <EmptyBox heading=tr!("drop-no-collection-heading") body=tr!("drop-no-collection-body")
                next=Some(("/collections", tr!("drop-no-collection-next")))/>
        }
        .into_any();
    }
    let state = DropState::new(&page);
    provide_context(state);
    let started = move || state.drop.with(Option::is_some);
    let options = page.collections.clone();
    view! {
        <div class="space-y-6">
            <div class="max-w-md">
                <label for="drop-collection" class="block text-sm font-medium text-slate-700">{tr!("drop-collection")}</label>
                <select id="drop-collection" class="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 disabled:bg-slate-100"
                    disabled=started
                    on:change=move |ev| state.collection.set(event_target_value(&ev))>
                    {options.into_iter().map(|c| {
                        let chosen = state.collection.get_untracked() == c.id;
                        view! { <option value=c.id.clone() selected=chosen>{c.name.clone()}</option> }
                    }).collect_view()}
                </select>
            </div>
            <ErrorAlert message=state.error/>
            <Show when=move || state.made.with(Option::is_none)
                fallback=move || view! { <plan_view::Made/> }>
                <sending::Choose/>
                <sending::Progress/>
                <plan_view::PlanEditor/>
            </Show>
        </div>
    }
    .into_any()
}

/// What the drop is called, from its files' paths: the one folder everything is in, or the
/// one ZIP's name without `.zip`.
#[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
pub(crate) fn name_of<'a>(paths: impl Iterator<Item = &'a str>) -> Option<String> {
    let paths: Vec<&str> = paths.collect();
    let first = |p: &str| p.split_once('/').map(|(top, _)| top.to_owned());
    if let Some(top) = paths.first().and_then(|p| first(p)) {
        if paths
            .iter()
            .all(|p| first(p).as_deref() == Some(top.as_str()))
        {
            return Some(top);
        }
    }
    match paths.as_slice() {
        [one] => one
            .strip_suffix(".zip")
            .or_else(|| one.strip_suffix(".ZIP"))
            .map(str::to_owned),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::name_of;

    #[test]
    fn a_drop_is_named_by_its_folder_or_its_zip() {
        let folder = ["Books/a.mp3", "Books/CD 1/b.mp3"];
        assert_eq!(name_of(folder.into_iter()), Some("Books".into()));
        assert_eq!(name_of(["Hobbit.zip"].into_iter()), Some("Hobbit".into()));
        assert_eq!(name_of(["a.mp3", "b.mp3"].into_iter()), None);
        assert_eq!(name_of(["A/a.mp3", "B/b.mp3"].into_iter()), None);
    }

    #[test]
    fn a_path_is_sent_as_one_query_value() {
        let encoded = crate::address::encode_component("A b/é?&=");
        assert_eq!(encoded, "A%20b%2F%C3%A9%3F%26%3D");
    }
}
