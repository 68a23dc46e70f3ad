//! The languages Cardsmith speaks, and how one is chosen for a request.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A language of the interface. Its code is the language part of a BCP 47 tag: a German
/// speaker in Austria (`de-AT`) reads German, as no region needs words of its own yet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Locale {
    #[default]
    En,
    De,
    Fr,
    Es,
}

impl Locale {
    /// Every language, in the order a menu lists them: by their own names.
    pub const ALL: [Locale; 4] = [Locale::De, Locale::En, Locale::Es, Locale::Fr];

    /// The language's code: `en`, `de`, `fr`, `es` (what `<html lang>` and the account store).
    pub const fn code(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::De => "de",
            Locale::Fr => "fr",
            Locale::Es => "es",
        }
    }

    /// The language named in itself, as a menu of languages shows it to someone who may not
    /// read the current one.
    pub const fn own_name(self) -> &'static str {
        match self {
            Locale::En => "English",
            Locale::De => "Deutsch",
            Locale::Fr => "Français",
            Locale::Es => "Español",
        }
    }

    /// The language of a tag such as `de`, `de-AT` or `fr_CH`, if Cardsmith speaks it.
    pub fn from_tag(tag: &str) -> Option<Locale> {
        let language = tag.trim().split(['-', '_']).next()?;
        Locale::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(language))
    }

    /// The first language of an `Accept-Language` header that Cardsmith speaks, by the
    /// browser's order of preference (`q` weights; `q=0` means "not this one").
    pub fn negotiate(accept_language: &str) -> Option<Locale> {
        // A header is a short list; a longer one is cut rather than sorted at length.
        let mut wanted: Vec<(u16, usize, Locale)> = accept_language
            .split(',')
            .take(32)
            .enumerate()
            .filter_map(|(position, entry)| {
                let mut parts = entry.split(';');
                let locale = Locale::from_tag(parts.next()?)?;
                let weight = parts
                    .find_map(|p| p.trim().strip_prefix("q="))
                    .map_or(Some(1000), parse_weight)?;
                (weight > 0).then_some((weight, position, locale))
            })
            .collect();
        wanted.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        wanted.first().map(|(_, _, locale)| *locale)
    }
}

/// A `q` value in thousandths (`0.8` → 800), `None` when it is not one.
fn parse_weight(q: &str) -> Option<u16> {
    let value: f32 = q.trim().parse().ok()?;
    (0.0..=1.0)
        .contains(&value)
        .then(|| (value * 1000.0).round() as u16)
}

impl fmt::Display for Locale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The codes Cardsmith speaks, for error messages and API schemas.
pub const CODES: [&str; 4] = ["de", "en", "es", "fr"];

impl FromStr for Locale {
    type Err = UnknownLocale;

    /// Exactly one of the codes (`de`, `en`, `es`, `fr`): what an account may store.
    fn from_str(code: &str) -> Result<Self, Self::Err> {
        Locale::ALL
            .into_iter()
            .find(|l| l.code() == code)
            .ok_or(UnknownLocale)
    }
}

/// A code that is not one of [`CODES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownLocale;

impl fmt::Display for UnknownLocale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "must be one of {}", CODES.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_map_to_their_language() {
        assert_eq!(Locale::from_tag("de-AT"), Some(Locale::De));
        assert_eq!(Locale::from_tag("FR_ch"), Some(Locale::Fr));
        assert_eq!(Locale::from_tag("es"), Some(Locale::Es));
        assert_eq!(Locale::from_tag("it"), None);
        assert_eq!(Locale::from_tag(""), None);
    }

    #[test]
    fn the_browsers_preference_wins() {
        let pick = Locale::negotiate;
        assert_eq!(pick("fr-CH, fr;q=0.9, en;q=0.8"), Some(Locale::Fr));
        assert_eq!(
            pick("it-IT, it;q=0.9, es;q=0.5, en;q=0.4"),
            Some(Locale::Es)
        );
        assert_eq!(pick("en;q=0.5, de"), Some(Locale::De), "weights, not order");
        assert_eq!(pick("de;q=0, en"), Some(Locale::En), "q=0 refuses");
        assert_eq!(
            pick("de;q=abc, es"),
            Some(Locale::Es),
            "a bad weight drops its entry"
        );
        assert_eq!(pick("de;q=2"), None);
        assert_eq!(pick("*"), None);
        assert_eq!(pick(""), None);
        assert_eq!(pick(&"xx,".repeat(10_000)), None);
    }

    #[test]
    fn codes_are_exact_and_round_trip() {
        for locale in Locale::ALL {
            assert_eq!(locale.code().parse(), Ok(locale));
            assert_eq!(CODES.iter().filter(|c| **c == locale.code()).count(), 1);
        }
        assert_eq!("DE".parse::<Locale>(), Err(UnknownLocale));
        assert_eq!("de-AT".parse::<Locale>(), Err(UnknownLocale));
    }
}
