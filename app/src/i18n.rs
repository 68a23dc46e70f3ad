//! The language of the page being drawn, for views and islands alike.
//!
//! On the server the request chose it (`server/src/locale.rs`: the account's choice, else the
//! language menu's cookie, else `Accept-Language`) and the render has it as context. In the
//! browser an island reads the `lang` the server wrote on `<html>`, so it hydrates with the
//! very words the server rendered. Changing the language reloads the page.

pub use cardsmith_i18n::Locale;

/// The page's language.
pub fn locale() -> Locale {
    #[cfg(feature = "ssr")]
    {
        use leptos::prelude::use_context;
        // a page render has it as context; a server function reads the request's own
        use_context::<Locale>()
            .or_else(|| {
                use_context::<http::request::Parts>()
                    .and_then(|parts| parts.extensions.get::<Locale>().copied())
            })
            .unwrap_or_default()
    }
    #[cfg(all(feature = "hydrate", not(feature = "ssr")))]
    {
        thread_local! {
            static PAGE: Locale = leptos::prelude::document()
                .document_element()
                .and_then(|html| html.get_attribute("lang"))
                .and_then(|lang| Locale::from_tag(&lang))
                .unwrap_or_default();
        }
        PAGE.with(|locale| *locale)
    }
    #[cfg(not(any(feature = "ssr", feature = "hydrate")))]
    {
        Locale::default()
    }
}

/// Makes `wanted`'s messages ready for lookups and says which language to tell something in:
/// `wanted`, or the page's when `wanted`'s messages cannot be had. In the browser only the
/// page's language is loaded before hydration (`cardsmith_i18n::browser`); another is fetched
/// here once (`/i18n/<code>.<digest>.ftl`). On the server every language is compiled in.
#[allow(dead_code)] // the server never needs to wait: only islands call it
pub async fn ready(wanted: Locale) -> Locale {
    #[cfg(target_arch = "wasm32")]
    if !cardsmith_i18n::has_messages(wanted) {
        let fetched = async {
            let path = cardsmith_i18n::messages_path(wanted);
            let response = gloo_net::http::Request::get(&path).send().await.ok()?;
            match response.ok() {
                true => response.text().await.ok(),
                false => None,
            }
        };
        match fetched.await {
            Some(text) => cardsmith_i18n::load_messages(wanted, text),
            None => return locale(),
        }
    }
    wanted
}

/// A message in the page's language: `tr!("nav-cards")`, `tr!("count-chapters", count = n)`.
macro_rules! tr {
    ($key:literal $(,)?) => {
        cardsmith_i18n::t!($crate::i18n::locale(), $key)
    };
    ($key:literal, $($name:ident = $value:expr),+ $(,)?) => {
        cardsmith_i18n::t!($crate::i18n::locale(), $key, $($name = $value),+)
    };
}
