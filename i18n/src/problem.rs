//! Problem details (RFC 9457) as a person reads them, in their language.
//!
//! The server writes every problem in English, for API clients and logs alike. The pages show
//! them in the reader's language: the English messages of `problem.ftl` are the *patterns* the
//! server's sentences follow (`must be at most { $n } characters`), and a sentence that
//! matches one is shown as that message's translation, with the values it carried. A sentence
//! no pattern knows is shown as the translated sentence for its status ("This no longer
//! exists…", "is not valid") rather than as English inside a German page.
//!
//! In a pattern, a variable named `$n` or `$m` matches a number; any other matches any text up
//! to the words that follow it (or to the end).

use crate::{text, text_with, Arg, Locale};

/// The patterns of field errors (what is wrong with one input), most specific first.
const FIELD_PATTERNS: &[&str] = &[
    "problem-required",
    "problem-required-for",
    "problem-too-long",
    "problem-longer-than",
    "problem-not-email",
    "problem-must-be-email",
    "problem-at-most-chars",
    "problem-at-least-chars",
    "problem-between-chars",
    "problem-from-to-chars",
    "problem-between-seconds",
    "problem-between-minutes",
    "problem-between",
    "problem-from-to",
    "problem-or-more-seconds",
    "problem-or-more",
    "problem-one-of-two",
    "problem-one-of",
    "problem-one-of-three",
    "problem-no-control",
    "problem-no-spaces",
    "problem-not-empty",
    "problem-empty",
    "problem-http",
    "problem-listed-twice",
    "problem-after-start",
    "problem-slug-chars",
    "problem-reserved",
    "problem-not-your-collection",
    "problem-not-your-account",
    "problem-link-invalid",
    "problem-link-used",
    "problem-link-expired",
    "problem-session-expired",
    "problem-session-unknown",
    "problem-pairing-code",
    "problem-answered",
    "problem-larger-than-mb",
    "problem-unreachable",
    "problem-no-answer-in-time",
    "problem-too-many-redirects",
    "problem-not-a-feed",
    "problem-feed-without-audio",
    "problem-private-network",
    "problem-unresolved",
    "problem-not-accepted-audio",
    "problem-audio-too-long",
    "problem-feed-follower-gone",
];

/// The patterns of whole sentences (a problem's `detail`), most specific first.
const DETAIL_PATTERNS: &[&str] = &[
    "problem-sign-in-first",
    "problem-wrong-password",
    "problem-admin-only",
    "problem-slug-taken",
    "problem-already-member",
    "problem-user-exists",
    "problem-nothing-recorded",
    "problem-waveform-later",
    "problem-not-audio",
    "problem-image-unreadable",
    "problem-too-many-one-second",
    "problem-too-many-seconds",
    "problem-locked-one-minute",
    "problem-locked-minutes",
    "problem-platform-busy",
    "problem-platform-unavailable",
    "problem-platform-failed",
    "problem-server-unreachable",
];

/// The title of a problem of `status`.
pub fn title(locale: Locale, status: u16) -> String {
    text(locale, status_keys(status).0)
}

/// The sentence of a problem of `status` whose English `detail` is given.
pub fn detail(locale: Locale, status: u16, detail: &str) -> String {
    translate(locale, DETAIL_PATTERNS, detail)
        .unwrap_or_else(|| text(locale, status_keys(status).1))
}

/// What is wrong with one input, from its English `detail`.
pub fn field_detail(locale: Locale, detail: &str) -> String {
    translate(locale, FIELD_PATTERNS, detail).unwrap_or_else(|| text(locale, "problem-not-valid"))
}

/// Why something was refused (an English field error or sentence the server stored, such as
/// why a feed's episode was not added), in `locale` when a pattern knows it, else as it is:
/// a reason the parent can act on beats a vague one in their language.
pub fn reason(locale: Locale, english: &str) -> String {
    translate(locale, FIELD_PATTERNS, english)
        .or_else(|| translate(locale, DETAIL_PATTERNS, english))
        .unwrap_or_else(|| english.to_owned())
}

/// The sentence for one invalid input: its name (in words where Cardsmith has them) and what
/// is wrong with it, already in `locale`.
pub fn invalid_field(locale: Locale, field: &str, detail: &str) -> String {
    let name = field_name(locale, field);
    text_with(
        locale,
        "problem-field-is",
        &[("field", Arg::from(name)), ("detail", Arg::from(detail))],
    )
}

/// The sentence for several invalid inputs.
pub fn invalid_fields(locale: Locale, count: usize) -> String {
    text_with(locale, "problem-fields", &[("count", Arg::from(count))])
}

fn field_name(locale: Locale, field: &str) -> String {
    let key = match field {
        "title" => "problem-field-title",
        "name" => "problem-field-name",
        "email" | "user_id" => "problem-field-email",
        "password" | "new_password" => "problem-field-password",
        "current_password" => "problem-field-current-password",
        "display_name" => "problem-field-display-name",
        "description" => "problem-field-description",
        "slug" => "problem-field-slug",
        "text" => "problem-field-text",
        "voice" => "problem-field-voice",
        "url" | "stream_url" | "media_url" => "problem-field-url",
        "code" => "problem-field-code",
        "token" => "problem-field-link",
        "collection_id" => "problem-field-collection",
        "locale" => "problem-field-language",
        _ => return field.to_owned(),
    };
    text(locale, key)
}

/// The keys of the title and the fallback sentence of a problem of `status`.
fn status_keys(status: u16) -> (&'static str, &'static str) {
    match status {
        401 => ("problem-title-401", "problem-status-401"),
        403 => ("problem-title-403", "problem-status-403"),
        404 => ("problem-title-404", "problem-status-404"),
        405 => ("problem-title-405", "problem-status-405"),
        409 => ("problem-title-409", "problem-status-409"),
        413 => ("problem-title-413", "problem-status-413"),
        415 => ("problem-title-415", "problem-status-415"),
        422 => ("problem-title-422", "problem-status-422"),
        429 => ("problem-title-429", "problem-status-429"),
        503 => ("problem-title-503", "problem-status-503"),
        s if s >= 500 => ("problem-title-500", "problem-status-500"),
        _ => ("problem-title-400", "problem-status-400"),
    }
}

/// The translation of `english` by the first of `keys` whose English message it follows.
fn translate(locale: Locale, keys: &[&str], english: &str) -> Option<String> {
    keys.iter().find_map(|key| {
        let values = Pattern::of(key).matches(english)?;
        let args: Vec<(&'static str, Arg<'_>)> = values
            .iter()
            .map(|(name, value)| (*name, Arg::from(value.as_str())))
            .collect();
        Some(text_with(locale, key, &args))
    })
}

/// A message's English text cut at its variables: literal, variable, literal, …
struct Pattern {
    literals: Vec<String>,
    variables: Vec<&'static str>,
}

/// The variables a pattern may use, in the order they are tried (a message uses a few).
const VARIABLES: [&str; 8] = ["n", "m", "a", "b", "c", "what", "who", "reason"];
const MARK: char = '\u{1}';

impl Pattern {
    fn of(key: &str) -> Pattern {
        // each variable rendered as a mark and its index, so the text says where each is
        let marks: Vec<(&'static str, Arg<'_>)> = VARIABLES
            .iter()
            .enumerate()
            .map(|(i, name)| (*name, Arg::from(format!("{MARK}{i}{MARK}"))))
            .collect();
        let english = text_with(Locale::En, key, &marks);
        let mut literals = Vec::new();
        let mut variables = Vec::new();
        let mut parts = english.split(MARK);
        literals.push(parts.next().unwrap_or_default().to_owned());
        while let (Some(index), Some(literal)) = (parts.next(), parts.next()) {
            variables.push(VARIABLES[index.parse::<usize>().unwrap_or_default()]);
            literals.push(literal.to_owned());
        }
        Pattern {
            literals,
            variables,
        }
    }

    /// The variables' values when `english` follows this pattern.
    fn matches(&self, english: &str) -> Option<Vec<(&'static str, String)>> {
        let mut rest = english.strip_prefix(self.literals[0].as_str())?;
        let mut values = Vec::new();
        for (name, next) in self.variables.iter().zip(&self.literals[1..]) {
            let end = if next.is_empty() {
                rest.len()
            } else {
                rest.find(next.as_str())?
            };
            let value = &rest[..end];
            let numeric = matches!(*name, "n" | "m");
            if value.is_empty()
                || (numeric
                    && !value
                        .chars()
                        .all(|c| c.is_ascii_digit() || c == ',' || c == '.'))
            {
                return None;
            }
            values.push((*name, value.to_owned()));
            rest = &rest[end + next.len()..];
        }
        rest.is_empty().then_some(values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn why_a_feed_or_an_episode_was_refused_reads_in_the_parents_language() {
        assert_eq!(reason(Locale::De, "answered 404"), "antwortete mit 404");
        assert_eq!(reason(Locale::Fr, "is larger than 20 MB"), "dépasse 20 Mo");
        assert_eq!(
            reason(Locale::Es, "is not a feed Cardsmith can read"),
            "no es un feed que Cardsmith sepa leer"
        );
        // a reason no pattern knows stays as the server wrote it
        assert_eq!(reason(Locale::De, "the moon is down"), "the moon is down");
    }

    #[test]
    fn known_sentences_are_translated_with_their_values() {
        assert_eq!(field_detail(Locale::De, "is required"), "ist erforderlich");
        assert_eq!(
            field_detail(Locale::Fr, "must be at most 60 characters"),
            "doit faire au plus 60 caractères"
        );
        assert_eq!(
            field_detail(Locale::Es, "must be between 1 and 100 characters"),
            "debe tener entre 1 y 100 caracteres"
        );
        assert_eq!(
            field_detail(Locale::De, "must be owner, editor or viewer"),
            "muss owner, editor oder viewer sein"
        );
        assert_eq!(
            detail(Locale::Fr, 409, "the slug bedtime-stories is taken"),
            "L’adresse bedtime-stories est déjà prise."
        );
        assert_eq!(
            detail(
                Locale::De,
                429,
                "too many sign-in attempts; try again in 1 second"
            ),
            "Zu viele Versuche. Versuch es in 1 Sekunde noch einmal."
        );
        assert_eq!(
            invalid_field(
                Locale::De,
                "title",
                &field_detail(Locale::De, "is required")
            ),
            "„Titel“ ist erforderlich"
        );
    }

    #[test]
    fn numbers_match_only_numbers_and_order_decides() {
        // "0 or more" is its own sentence, not "one of 0 and more"
        assert_eq!(
            field_detail(Locale::De, "must be 0 or more"),
            "muss 0 oder mehr sein"
        );
        assert_eq!(
            field_detail(
                Locale::De,
                "must be 1 to 100 increasing times after 0 seconds"
            ),
            "ist ungültig",
            "the unknown sentence is not squeezed into 'must be N to M'"
        );
    }

    #[test]
    fn unknown_sentences_fall_back_to_their_status() {
        assert_eq!(
            detail(Locale::De, 404, "no card with that id"),
            text(Locale::De, "problem-status-404")
        );
        assert_eq!(
            detail(Locale::Es, 599, "whatever"),
            text(Locale::Es, "problem-status-500")
        );
        assert_eq!(title(Locale::Fr, 422), "Saisie invalide");
    }

    #[test]
    fn english_reads_as_the_server_wrote_it() {
        for key in FIELD_PATTERNS.iter().chain(DETAIL_PATTERNS) {
            let pattern = Pattern::of(key);
            assert!(!pattern.literals.concat().is_empty(), "{key} exists");
            assert!(
                !pattern.literals.concat().contains(key),
                "{key} has an English message"
            );
        }
        assert_eq!(
            field_detail(Locale::En, "is listed twice"),
            "is listed twice"
        );
        assert_eq!(
            detail(Locale::En, 401, "email or password is wrong"),
            "email or password is wrong"
        );
    }
}
