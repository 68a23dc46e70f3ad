//! The fields both feed forms share: how many episodes, how often, in which order, and
//! whether a refresh publishes the card again.

use leptos::prelude::*;

use super::choices::Settings;
use crate::components::form::{CheckField, SelectField, TextField};

/// The settings' fields, each bound to its own signal.
#[derive(Clone, Copy)]
pub struct SettingsFields {
    pub episodes: RwSignal<String>,
    pub refresh: RwSignal<String>,
    pub order: RwSignal<String>,
    pub republish: RwSignal<bool>,
}

impl SettingsFields {
    pub fn new(settings: Settings) -> Self {
        Self {
            episodes: RwSignal::new(settings.episodes),
            refresh: RwSignal::new(settings.refresh),
            order: RwSignal::new(settings.order),
            republish: RwSignal::new(settings.republish),
        }
    }

    /// What the fields hold now.
    pub fn read(&self) -> Settings {
        Settings {
            episodes: self.episodes.get_untracked(),
            refresh: self.refresh.get_untracked(),
            order: self.order.get_untracked(),
            republish: self.republish.get_untracked(),
        }
    }

    /// Shows `settings` (what the server answered after a save).
    pub fn show(&self, settings: Settings) {
        self.episodes.set(settings.episodes);
        self.refresh.set(settings.refresh);
        self.order.set(settings.order);
        self.republish.set(settings.republish);
    }
}

/// The four fields (one feed form per page: the collection's makes a card, the card's
/// changes it, so their ids are fixed).
#[component]
pub fn SettingsInputs(
    fields: SettingsFields,
    #[prop(into)] episodes_error: Signal<Option<String>>,
) -> impl IntoView {
    let refresh_options = vec![
        ("off".to_owned(), tr!("feed-refresh-off")),
        ("daily".to_owned(), tr!("feed-refresh-daily")),
        ("weekly".to_owned(), tr!("feed-refresh-weekly")),
    ];
    let order_options = vec![
        ("newest-first".to_owned(), tr!("feed-order-newest")),
        ("oldest-first".to_owned(), tr!("feed-order-oldest")),
    ];
    view! {
        <div class="grid gap-3 sm:grid-cols-2">
            <TextField id="feed_episodes" label=tr!("feed-episodes") value=fields.episodes kind="number"
                hint=tr!("feed-episodes-hint") error=episodes_error/>
            <SelectField id="feed_refresh" label=tr!("feed-refresh") value=fields.refresh options=refresh_options/>
        </div>
        <SelectField id="feed_order" label=tr!("feed-order") value=fields.order options=order_options/>
        <CheckField id="feed_republish" label=tr!("feed-republish") checked=fields.republish
            hint=tr!("feed-republish-hint")/>
    }
}
