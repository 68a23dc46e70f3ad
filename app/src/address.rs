//! The page's address, read and changed alike on the server and in an island.
//!
//! The router runs on the server only: islands hydrate without it, so its hooks are not there
//! for them in the browser. These functions read the router's location while the server
//! renders and `window.location` in the browser (the same address, so an island renders the
//! same both times), and leave or rewrite the address in the browser.

use leptos_router::params::ParamsMap;

/// The query of the page's address (`?q=…&page=2`).
pub fn query() -> ParamsMap {
    imp::query()
}

/// One query parameter, if present and not empty.
pub fn query_value(name: &str) -> Option<String> {
    query().get(name).filter(|value| !value.is_empty())
}

/// The query of `href`, a link's address on this site (`/cards?q=moon`).
pub fn query_of(href: &str) -> ParamsMap {
    imp::query_of(href)
}

/// The page's path (`/cards`).
pub fn path() -> String {
    imp::path()
}

/// `text` as one query value: every byte but letters, digits and `-._~` percent-encoded.
pub fn encode_component(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Leaves for `href`: a full page load, as every page renders on the server.
pub fn go(href: &str) {
    imp::go(href)
}

/// Replaces the address with `href` without leaving the page (no history entry, no load).
pub fn replace(href: &str) {
    imp::replace(href)
}

#[cfg(feature = "hydrate")]
mod imp {
    use leptos::prelude::window;
    use leptos_router::location::{BrowserUrl, LocationProvider};
    use leptos_router::params::ParamsMap;

    pub fn query() -> ParamsMap {
        BrowserUrl::current()
            .map(|url| url.search_params().clone())
            .unwrap_or_default()
    }

    pub fn query_of(href: &str) -> ParamsMap {
        let origin = window().location().origin().unwrap_or_default();
        BrowserUrl::parse_with_base(href, &origin)
            .map(|url| url.search_params().clone())
            .unwrap_or_default()
    }

    pub fn path() -> String {
        window().location().pathname().unwrap_or_default()
    }

    pub fn go(href: &str) {
        let _ = window().location().assign(href);
    }

    pub fn replace(href: &str) {
        if let Ok(history) = window().history() {
            let _ = history.replace_state_with_url(
                &leptos::wasm_bindgen::JsValue::NULL,
                "",
                Some(href),
            );
        }
    }
}

#[cfg(not(feature = "hydrate"))]
mod imp {
    use leptos::prelude::GetUntracked;
    use leptos_router::hooks::{use_location, use_query_map};
    use leptos_router::params::ParamsMap;

    pub fn query() -> ParamsMap {
        use_query_map().get_untracked()
    }

    // Links are followed in the browser only.
    pub fn query_of(_href: &str) -> ParamsMap {
        ParamsMap::new()
    }

    pub fn path() -> String {
        use_location().pathname.get_untracked()
    }

    // Only the browser leaves a page or rewrites its address.
    pub fn go(_href: &str) {}

    pub fn replace(_href: &str) {}
}
