//! The messages of the browser's islands, as the server sent them: the page's language, and
//! any other an island fetched because it tells something in that language (a story in the
//! collection's language).
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
    /// The languages loaded so far and their messages: the page's first.
    static LOADED: RefCell<Vec<(Locale, FluentBundle<FluentResource>)>> = const { RefCell::new(Vec::new()) };
}

/// Makes `text` (one language's joined `.ftl` files) the messages of `locale`. A message that
/// does not parse is left out (the checks keep that from shipping); the rest still load.
pub fn load_messages(locale: Locale, text: String) {
    let resource = FluentResource::try_new(text).unwrap_or_else(|(resource, _errors)| resource);
    let mut bundle = FluentBundle::new(vec![crate::language(locale).clone()]);
    // as on the server (`static_loader!`'s `customise`): no isolation marks around variables
    bundle.set_use_isolating(false);
    bundle.add_resource_overriding(resource);
    LOADED.with(|loaded| {
        let mut loaded = loaded.borrow_mut();
        loaded.retain(|(language, _)| *language != locale);
        loaded.push((locale, bundle));
    });
}

/// Whether `locale`'s messages are loaded.
pub fn has_messages(locale: Locale) -> bool {
    LOADED.with(|loaded| {
        loaded
            .borrow()
            .iter()
            .any(|(language, _)| *language == locale)
    })
}

/// The message `key` (or `message.attribute`) in `locale`, if that language is loaded and
/// has it. English problem messages are always there ([`english_problems`]).
pub(crate) fn lookup(locale: Locale, key: &str, args: Option<&FluentArgs>) -> Option<String> {
    let loaded = LOADED.with(|loaded| {
        let loaded = loaded.borrow();
        let (_, bundle) = loaded.iter().find(|(language, _)| *language == locale)?;
        format(bundle, key, args)
    });
    loaded.or_else(|| {
        (locale == Locale::En)
            .then(|| ENGLISH_PROBLEMS.with(|bundle| format(bundle, key, args)))
            .flatten()
    })
}

thread_local! {
    /// The English problem messages, carried in the WASM whatever the page's language: they
    /// are the patterns the server's English problems are read by (`crate::problem`), so a
    /// German page can say "antwortete mit 404" for the server's "answered 404" (about 6 KB
    /// of text; the rest of English is fetched only for an English page).
    static ENGLISH_PROBLEMS: FluentBundle<FluentResource> = english_problems();
}

fn english_problems() -> FluentBundle<FluentResource> {
    let text = include_str!("../locales/en/problem.ftl").to_owned();
    let resource = FluentResource::try_new(text).unwrap_or_else(|(resource, _errors)| resource);
    let mut bundle = FluentBundle::new(vec![crate::language(Locale::En).clone()]);
    bundle.set_use_isolating(false);
    bundle.add_resource_overriding(resource);
    bundle
}

/// `key` (or `message.attribute`) of `bundle`, formatted with `args`.
fn format(
    bundle: &FluentBundle<FluentResource>,
    key: &str,
    args: Option<&FluentArgs>,
) -> Option<String> {
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
        }
    }

    /// A page in another language still reads the server's English problems by their
    /// patterns: the English problem messages are there without English being loaded.
    #[test]
    fn english_problem_patterns_are_there_for_every_page() {
        assert!(!super::has_messages(Locale::En));
        let mut args = super::FluentArgs::new();
        args.set("n", 404);
        let english = super::lookup(Locale::En, "problem-answered", Some(&args));
        assert_eq!(english.as_deref(), Some("answered 404"));
        assert_eq!(super::lookup(Locale::En, "nav-cards", None), None);
    }

    /// A language is there once loaded, beside the others; loading it again replaces it.
    #[test]
    fn languages_are_looked_up_once_loaded() {
        // each test thread has its own (thread-local) set
        assert!(!super::has_messages(Locale::Fr));
        assert_eq!(super::lookup(Locale::Fr, "nav-cards", None), None);
        super::load_messages(Locale::De, messages_text(Locale::De).to_owned());
        super::load_messages(Locale::Fr, messages_text(Locale::Fr).to_owned());
        super::load_messages(Locale::Fr, messages_text(Locale::Fr).to_owned());
        assert!(super::has_messages(Locale::De) && super::has_messages(Locale::Fr));
        assert!(!super::has_messages(Locale::Es));
        let fr = super::lookup(Locale::Fr, "nav-cards", None);
        assert_eq!(fr.as_deref(), Some(text(Locale::Fr, "nav-cards").as_str()));
        assert_ne!(fr, super::lookup(Locale::De, "nav-cards", None));
    }
}
