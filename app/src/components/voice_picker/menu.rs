//! The voices of a page, fetched once however many pickers it shows (the collection page has
//! three: the story's, the child profile's and a preset's). Listing them may ask a remote
//! provider for its voices, so it is worth sharing; the list is the caller's, so it is only
//! shared in the browser, never across a server's requests.

use leptos::prelude::*;

use crate::api::VoiceMenu;

/// `None` while loading, then the voices or why they could not be loaded.
pub type MenuState = Option<Result<VoiceMenu, String>>;

/// The page's voices and, with `card` (a slug), its collection's voice: fetched in the
/// browser once per page and `card`, read by every picker that asks.
pub fn shared_menu(card: Option<String>) -> Signal<MenuState> {
    let state = shared::state_for(&card);
    let started = state.clone();
    Effect::new(move |_| shared::start(card.clone(), started.clone()));
    Signal::derive(move || state.get())
}

#[cfg(feature = "hydrate")]
mod shared {
    use std::cell::RefCell;

    use leptos::prelude::*;
    use leptos::task::spawn_local;

    use super::MenuState;
    use crate::api::load_voice_menu;

    /// Per card slug (or none): the state and whether its fetch has started.
    type Menus = Vec<(Option<String>, ArcRwSignal<MenuState>, bool)>;

    thread_local! {
        static MENUS: RefCell<Menus> = const { RefCell::new(Vec::new()) };
    }

    pub fn state_for(card: &Option<String>) -> ArcRwSignal<MenuState> {
        MENUS.with_borrow_mut(|menus| {
            if let Some((_, state, _)) = menus.iter().find(|(c, _, _)| c == card) {
                return state.clone();
            }
            let state = ArcRwSignal::new(None);
            menus.push((card.clone(), state.clone(), false));
            state
        })
    }

    /// Starts the fetch unless a picker already did; a failed fetch is tried again by the
    /// next picker that asks.
    pub fn start(card: Option<String>, state: ArcRwSignal<MenuState>) {
        let first = MENUS.with_borrow_mut(|menus| {
            menus
                .iter_mut()
                .find(|(c, _, _)| *c == card)
                .is_some_and(|(_, _, started)| !std::mem::replace(started, true))
        });
        if !first {
            return;
        }
        spawn_local(async move {
            let answer = load_voice_menu(card.clone())
                .await
                .map_err(|e| e.to_string());
            if answer.is_err() {
                MENUS.with_borrow_mut(|menus| {
                    if let Some((_, _, started)) = menus.iter_mut().find(|(c, _, _)| *c == card) {
                        *started = false;
                    }
                });
            }
            state.set(Some(answer));
        });
    }
}

#[cfg(not(feature = "hydrate"))]
mod shared {
    use leptos::prelude::*;

    use super::MenuState;

    /// On the server every render has its own (empty) state: nothing is fetched there.
    pub fn state_for(_: &Option<String>) -> ArcRwSignal<MenuState> {
        ArcRwSignal::new(None)
    }

    pub fn start(_: Option<String>, _: ArcRwSignal<MenuState>) {}
}
