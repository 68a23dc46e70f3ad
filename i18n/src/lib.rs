//! Cardsmith's words in English, German, French and Spanish.
//!
//! Every sentence a person reads lives in `locales/<code>/*.ftl`, written in Fluent, Mozilla's
//! localisation format: a translator writes the whole message, with the plural forms and word
//! order of their language (`{ $count -> [one] 1 track *[other] { $count } tracks }`), instead
//! of the code gluing fragments together. The server compiles every file in
//! (`static_loader!`) for its pages, mails and problem details; the browser's islands load the
//! page's language only, the same files joined into one (`source`, `browser`).
//!
//! Why Fluent through `fluent-templates` rather than `leptos_i18n`: the words are needed outside
//! Leptos too (mails and label sheets are written in `cardsmith-core`, problem details in the
//! server), and Fluent leaves grammar to the translator. What `leptos_i18n` checks while
//! compiling, [`checks`](crate) tests here: every key exists in every language, with the same
//! variables, and every key the code names exists.
//!
//! ```
//! use cardsmith_i18n::{t, Locale};
//! assert_eq!(t!(Locale::De, "count-chapters", count = 1), "1 Kapitel");
//! assert_eq!(t!(Locale::En, "count-chapters", count = 3), "3 chapters");
//! ```

#[cfg(any(target_arch = "wasm32", test))]
mod browser;
mod format;
mod locale;
pub mod problem;
mod source;

use std::borrow::Cow;
#[cfg(not(target_arch = "wasm32"))]
use std::collections::HashMap;

#[cfg(target_arch = "wasm32")]
pub use browser::{has_messages, load_messages};
pub use format::{bytes, clock, date, date_time, decimal, integer, minutes_and_seconds};
pub use locale::{Locale, UnknownLocale, CODES};
#[cfg(not(target_arch = "wasm32"))]
pub use source::messages_text;
pub use source::{messages_file, messages_path};

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::LanguageIdentifier;
#[cfg(not(target_arch = "wasm32"))]
use fluent_templates::Loader;

// The server's messages, every language compiled in. The browser's come from the server
// instead, the page's language only (`browser`).
#[cfg(not(target_arch = "wasm32"))]
fluent_templates::static_loader! {
    static MESSAGES = {
        locales: "./locales",
        fallback_language: "en",
        // No Unicode isolation marks around variables: the pages are HTML with `dir` set,
        // and the marks would end up inside titles, file names and test assertions.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// A value for a message's variable: words are shown as they are, numbers also choose the
/// plural form (`[one]`, `[few]`, `*[other]`) by the rules of the message's language.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg<'a> {
    Text(Cow<'a, str>),
    Number(f64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Self {
        Arg::Text(Cow::Borrowed(s))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Self {
        Arg::Text(Cow::Borrowed(s))
    }
}

impl From<String> for Arg<'_> {
    fn from(s: String) -> Self {
        Arg::Text(Cow::Owned(s))
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Arg::Number(n as f64)
            }
        }
    )*};
}
number_args!(i32, i64, u8, u16, u32, u64, usize, f32, f64);

/// The message `key` in `locale` (or in English, when a translation lacks it).
pub fn text(locale: Locale, key: &str) -> String {
    lookup(locale, key, None)
}

/// The message `key` in `locale` with its variables filled in.
pub fn text_with(locale: Locale, key: &str, args: &[(&'static str, Arg<'_>)]) -> String {
    #[cfg(not(target_arch = "wasm32"))]
    let args: HashMap<Cow<'static, str>, FluentValue<'_>> = args
        .iter()
        .map(|(name, arg)| (Cow::Borrowed(*name), fluent_value(arg)))
        .collect();
    #[cfg(target_arch = "wasm32")]
    let args: fluent_templates::fluent_bundle::FluentArgs<'_> = args
        .iter()
        .map(|(name, arg)| (*name, fluent_value(arg)))
        .collect();
    lookup(locale, key, Some(&args))
}

fn fluent_value<'a>(arg: &'a Arg<'_>) -> FluentValue<'a> {
    match arg {
        Arg::Text(s) => FluentValue::from(s.as_ref()),
        Arg::Number(n) => FluentValue::from(*n),
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn lookup(
    locale: Locale,
    key: &str,
    args: Option<&HashMap<Cow<'static, str>, FluentValue<'_>>>,
) -> String {
    MESSAGES
        .try_lookup_complete(language(locale), key, args)
        // A key nobody wrote shows itself (the checks keep this from shipping) rather than
        // an empty space a person cannot report.
        .unwrap_or_else(|| key.to_owned())
}

#[cfg(target_arch = "wasm32")]
fn lookup(
    locale: Locale,
    key: &str,
    args: Option<&fluent_templates::fluent_bundle::FluentArgs<'_>>,
) -> String {
    browser::lookup(locale, key, args).unwrap_or_else(|| key.to_owned())
}

fn language(locale: Locale) -> &'static LanguageIdentifier {
    use fluent_templates::langid;
    static EN: LanguageIdentifier = langid!("en");
    static DE: LanguageIdentifier = langid!("de");
    static FR: LanguageIdentifier = langid!("fr");
    static ES: LanguageIdentifier = langid!("es");
    match locale {
        Locale::En => &EN,
        Locale::De => &DE,
        Locale::Fr => &FR,
        Locale::Es => &ES,
    }
}

/// A message in a language: `t!(locale, "nav-cards")`, or with variables,
/// `t!(locale, "count-chapters", count = n)`.
#[macro_export]
macro_rules! t {
    ($locale:expr, $key:literal $(,)?) => {
        $crate::text($locale, $key)
    };
    ($locale:expr, $key:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::text_with($locale, $key, &[$((stringify!($name), $crate::Arg::from($value))),+])
    };
}

#[cfg(test)]
mod checks;
