//! The messages of the browser's islands: the page's language only, as the server sent it.
//!
//! The WASM does not carry the `.ftl` files (all four languages were 425 KB of its text, and
//! parsing them was main-thread time on a phone before the first island could answer). The
//! page's script fetches `/i18n/<code>.<digest>.ftl` beside the WASM and hands the text to
//! [`load_messages`] before any island hydrates; the digest in the name is of the same files
//! the server renders with, so both say the same words.

use std::cell::RefCell;

use fluent_templates::fluent_bundle::{FluentArgs, FluentBundle, FluentResource};

use crate::Locale;

thread_local! {
    /// The page's language and its messages, once loaded.
    static LOADED: RefCell<Option<(Locale, FluentBundle<FluentResource>)>> = const { RefCell::new(None) };
}

/// Makes `text` (one language's joined `.ftl` files) the messages of `locale`. A message that
/// does not parse is left out (the checks keep that from shipping); the rest still load.
pub fn load_messages(locale: Locale, text: String) {
    let resource = FluentResource::try_new(text).unwrap_or_else(|(resource, _errors)| resource);
    let mut bundle = FluentBundle::new(vec![crate::language(locale).clone()]);
    // as on the server (`static_loader!`'s `customise`): no isolation marks around variables
    bundle.set_use_isolating(false);
    bundle.add_resource_overriding(resource);
    LOADED.with(|loaded| *loaded.borrow_mut() = Some((locale, bundle)));
}

/// The message `key` (or `message.attribute`) in `locale`, if that language is loaded and
/// has it.
pub(crate) fn lookup(locale: Locale, key: &str, args: Option<&FluentArgs>) -> Option<String> {
    LOADED.with(|loaded| {
        let loaded = loaded.borrow();
        let (language, bundle) = loaded.as_ref()?;
        if *language != locale {
            return None;
        }
        let pattern = match key.split_once('.') {
            Some((message, attribute)) => bundle
                .get_message(message)?
                .attributes()
                .find(|a| a.id() == attribute)?
                .value(),
            None => bundle.get_message(key)?.value()?,
        };
        let mut errors = Vec::new();
        Some(
            bundle
                .format_pattern(pattern, args, &mut errors)
                .into_owned(),
        )
    })
}

#[cfg(test)]
mod tests {
    use crate::{messages_text, text, Locale};

    /// What the islands load says what the server renders: every message of every language
    /// that takes no variable, looked up in the browser's bundle, is the server's text.
    #[test]
    fn the_browser_file_says_what_the_server_says() {
        for locale in Locale::ALL {
            super::load_messages(locale, messages_text(locale).to_owned());
            let mut compared = 0;
            for (key, variables) in crate::checks::messages(locale) {
                if !variables.is_empty() {
                    continue;
                }
                let browser = super::lookup(locale, &key, None);
                assert_eq!(
                    browser.as_deref(),
                    Some(text(locale, &key).as_str()),
                    "{key} in {locale:?}"
                );
                compared += 1;
            }
            assert!(
                compared > 500,
                "only {compared} messages compared in {locale:?}"
            );
            // one language at a time: the page's
            let other = if locale == Locale::En {
                Locale::De
            } else {
                Locale::En
            };
            assert_eq!(super::lookup(other, "nav-cards", None), None);
        }
    }
}
