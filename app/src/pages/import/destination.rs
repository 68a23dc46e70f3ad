//! Which collection an import goes into: one the user edits, or a new one named on the page
//! (made when the first card is imported into it, then offered like the others), or, for
//! someone who edits none yet, the default collection the server makes for them.

use cardsmith_model::collection::{CollectionOut, CreateCollectionInput};
use leptos::prelude::*;

use crate::api::create_collection;
use crate::components::form::{TextField, INPUT};

/// The choice that asks for a new collection's name.
const NEW: &str = "new";

/// Where the next import goes, shared by every card of the page.
#[derive(Clone, Copy)]
pub(super) struct Destination {
    /// A collection id, [`NEW`], or empty for the default collection.
    chosen: RwSignal<String>,
    new_name: RwSignal<String>,
    name_error: RwSignal<Option<String>>,
    /// `(id, name)` of the collections offered.
    collections: RwSignal<Vec<(String, String)>>,
    /// A new collection is being made: imports wait, so one name makes one collection.
    pub(super) making: RwSignal<bool>,
}

impl Destination {
    /// The user's collections, `preselected` chosen (the default collection when they edit
    /// none).
    pub(super) fn new(collections: &[CollectionOut], preselected: Option<String>) -> Self {
        Self {
            chosen: RwSignal::new(preselected.unwrap_or_default()),
            new_name: RwSignal::new(String::new()),
            name_error: RwSignal::new(None),
            collections: RwSignal::new(
                collections
                    .iter()
                    .map(|c| (c.id.clone(), c.name.clone()))
                    .collect(),
            ),
            making: RwSignal::new(false),
        }
    }

    /// The collection to import into (`None`: the default one), making the new one first when
    /// that is the choice; it then becomes the choice, so the next card goes there too.
    pub(super) async fn resolve(self) -> Result<Option<String>, String> {
        let chosen = self.chosen.get_untracked();
        if chosen != NEW {
            return Ok((!chosen.is_empty()).then_some(chosen));
        }
        let input = CreateCollectionInput {
            name: self.new_name.get_untracked().trim().to_owned(),
            description: String::new(),
            slug: None,
            language: None,
        };
        let refused = |detail: String| {
            let message = tr!("player-import-new-collection-refused", problem = detail);
            self.name_error.set(Some(message.clone()));
            message
        };
        if let Err(errors) = input.validate() {
            let detail = errors.first().map(|e| e.detail.clone()).unwrap_or_default();
            return Err(refused(detail));
        }
        self.making.set(true);
        let made = create_collection(input).await;
        self.making.set(false);
        let made = made.map_err(|e| match e.field("name") {
            Some(detail) => refused(detail),
            None => e.to_string(),
        })?;
        self.name_error.set(None);
        self.collections
            .update(|list| list.push((made.id.clone(), made.name.clone())));
        self.chosen.set(made.id.clone());
        self.new_name.set(String::new());
        Ok(Some(made.id))
    }
}

/// The question: "Import into" a collection, or a new one with its name.
#[component]
pub(super) fn DestinationPicker(destination: Destination) -> impl IntoView {
    let Destination {
        chosen,
        new_name,
        name_error,
        collections,
        ..
    } = destination;
    let none_yet = collections.with_untracked(Vec::is_empty);
    view! {
        <div class="grid max-w-2xl gap-3 sm:grid-cols-2">
            <div>
                <label for="import-into" class="block text-sm font-medium text-slate-700">{tr!("player-import-into")}</label>
                <select id="import-into" class=format!("{INPUT} min-h-11") on:change=move |ev| chosen.set(event_target_value(&ev))>
                    {none_yet.then(|| view! {
                        <option value="" selected=move || chosen.with(String::is_empty)>{tr!("player-import-default-collection")}</option>
                    })}
                    <For each=move || collections.get() key=|(id, _)| id.clone()
                        children=move |(id, name)| {
                            let mine = id.clone();
                            view! { <option value=id selected=move || chosen.with(|c| *c == mine)>{name}</option> }
                        }/>
                    <option value=NEW selected=move || chosen.with(|c| c == NEW)>{tr!("player-import-new-collection")}</option>
                </select>
            </div>
            <Show when=move || chosen.with(|c| c == NEW)>
                <TextField id="import-new-collection" label=tr!("player-import-new-collection-name") value=new_name
                    error=name_error hint=tr!("player-import-new-collection-hint")/>
            </Show>
        </div>
    }
}
