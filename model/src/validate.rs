//! Input rules shared by the browser (instant feedback) and the server (the authority).

use crate::FieldError;

/// Shortest password accepted for a new or changed password.
pub const PASSWORD_MIN_CHARS: usize = 10;
/// Longest password accepted; argon2 would hash more, but nobody types more.
pub const PASSWORD_MAX_CHARS: usize = 256;
/// Longest display name.
pub const DISPLAY_NAME_MAX_CHARS: usize = 80;
/// Longest email address (RFC 5321 path limit).
pub const EMAIL_MAX_CHARS: usize = 254;

/// Why `email` is not acceptable, if it is not.
///
/// Deliberately simple: one `@`, a non-empty local part, a dotted domain, no spaces. The real
/// proof of an address is mail reaching it, not a grammar.
pub fn email_problem(email: &str) -> Option<&'static str> {
    let email = email.trim();
    if email.is_empty() {
        return Some("is required");
    }
    if email.chars().count() > EMAIL_MAX_CHARS {
        return Some("is too long");
    }
    let Some((local, domain)) = email.split_once('@') else {
        return Some("is not an email address");
    };
    let domain_ok = domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains('@');
    if local.is_empty() || !domain_ok || email.chars().any(char::is_whitespace) {
        return Some("is not an email address");
    }
    None
}

/// Why `password` is not acceptable as a new password, if it is not.
pub fn new_password_problem(password: &str) -> Option<String> {
    let n = password.chars().count();
    if n < PASSWORD_MIN_CHARS {
        Some(format!("must be at least {PASSWORD_MIN_CHARS} characters"))
    } else if n > PASSWORD_MAX_CHARS {
        Some(format!("must be at most {PASSWORD_MAX_CHARS} characters"))
    } else {
        None
    }
}

/// Why `password` cannot be a password being checked (sign-in, the current one), if it
/// cannot: none is longer than a new password may be, so a longer one is refused before
/// it is hashed.
pub fn password_problem(password: &str) -> Option<String> {
    if password.is_empty() {
        Some("is required".into())
    } else if password.chars().count() > PASSWORD_MAX_CHARS {
        Some(format!("must be at most {PASSWORD_MAX_CHARS} characters"))
    } else {
        None
    }
}

/// Why `name` is not acceptable as a display name, if it is not.
pub fn display_name_problem(name: &str) -> Option<String> {
    let name = name.trim();
    if name.is_empty() {
        Some("is required".into())
    } else if name.chars().count() > DISPLAY_NAME_MAX_CHARS {
        Some(format!(
            "must be at most {DISPLAY_NAME_MAX_CHARS} characters"
        ))
    } else if name.chars().any(char::is_control) {
        Some("must not contain control characters".into())
    } else {
        None
    }
}

/// Collects field errors; `finish` turns them into a result.
#[derive(Debug, Default)]
pub struct Checker(Vec<FieldError>);

impl Checker {
    pub fn check(&mut self, field: &str, problem: Option<impl Into<String>>) -> &mut Self {
        if let Some(p) = problem {
            self.0.push(FieldError::new(field, p));
        }
        self
    }

    pub fn finish(&mut self) -> Result<(), Vec<FieldError>> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(std::mem::take(&mut self.0))
        }
    }
}

/// Longest collection or card name.
pub const NAME_MAX_CHARS: usize = 120;
/// Longest collection or card description.
pub const DESCRIPTION_MAX_CHARS: usize = 4000;

/// Why `name` is not acceptable as a collection or card name, if it is not.
pub fn name_problem(name: &str) -> Option<String> {
    let name = name.trim();
    if name.is_empty() {
        Some("is required".into())
    } else if name.chars().count() > NAME_MAX_CHARS {
        Some(format!("must be at most {} characters", NAME_MAX_CHARS))
    } else {
        None
    }
}

/// Why `text` is not acceptable as a description, if it is not. Empty is fine.
pub fn description_problem(text: &str) -> Option<String> {
    (text.chars().count() > DESCRIPTION_MAX_CHARS)
        .then(|| format!("must be at most {} characters", DESCRIPTION_MAX_CHARS))
}

/// Longest slug.
pub const SLUG_MAX_CHARS: usize = 60;

/// Why `slug` is not a valid slug: lowercase ASCII letters, digits and single hyphens.
pub fn slug_problem(slug: &str) -> Option<&'static str> {
    if slug.is_empty() {
        Some("is required")
    } else if slug.len() > SLUG_MAX_CHARS {
        Some("must be at most 60 characters")
    } else if slugify(slug) != slug {
        Some("may contain only lowercase letters, digits and single hyphens, not at the ends")
    } else {
        None
    }
}

/// Card slugs that are fixed addresses under `/cards/`: a card called that could never be
/// reached. Derived slugs step around them; asking for one is refused.
pub const RESERVED_CARD_SLUGS: &[&str] = &["import-from-player", "slug-available", "batch"];

/// Track slugs that are fixed addresses under `/cards/{slug}/tracks/`.
pub const RESERVED_TRACK_SLUGS: &[&str] = &[
    "stream",
    "reorder",
    "record-start",
    "slug-available",
    "tts",
    "batch",
];

const RESERVED: &str = "is the name of a fixed address of the API; choose another";

/// [`slug_problem`], plus the card slugs that are fixed routes.
pub fn card_slug_problem(slug: &str) -> Option<&'static str> {
    slug_problem(slug).or_else(|| RESERVED_CARD_SLUGS.contains(&slug).then_some(RESERVED))
}

/// [`slug_problem`], plus the track slugs that are fixed routes.
pub fn track_slug_problem(slug: &str) -> Option<&'static str> {
    slug_problem(slug).or_else(|| RESERVED_TRACK_SLUGS.contains(&slug).then_some(RESERVED))
}

/// A slug derived from a title: lowercase ASCII, accents folded, anything else a hyphen.
pub fn slugify(title: &str) -> String {
    let mut out = String::new();
    for ch in title.chars().flat_map(fold_accent) {
        if ch.is_ascii_alphanumeric() {
            out.push(ch.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let mut out: String = out
        .trim_end_matches('-')
        .chars()
        .take(SLUG_MAX_CHARS)
        .collect();
    while out.ends_with('-') {
        out.pop();
    }
    out
}

/// The ASCII letters a common accented Latin letter stands for.
fn fold_accent(ch: char) -> Vec<char> {
    let folded = match ch {
        'à' | 'á' | 'â' | 'ã' | 'å' | 'À' | 'Á' | 'Â' | 'Ã' | 'Å' => "a",
        'ä' | 'Ä' | 'æ' | 'Æ' => "ae",
        'ç' | 'Ç' => "c",
        'è' | 'é' | 'ê' | 'ë' | 'È' | 'É' | 'Ê' | 'Ë' => "e",
        'ì' | 'í' | 'î' | 'ï' | 'Ì' | 'Í' | 'Î' | 'Ï' => "i",
        'ñ' | 'Ñ' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ø' | 'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ø' => "o",
        'ö' | 'Ö' | 'œ' | 'Œ' => "oe",
        'ù' | 'ú' | 'û' | 'Ù' | 'Ú' | 'Û' => "u",
        'ü' | 'Ü' => "ue",
        'ß' => "ss",
        'ý' | 'ÿ' | 'Ý' => "y",
        '&' => "and",
        other => return vec![other],
    };
    folded.chars().collect()
}

/// A member's role in a collection, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum CollectionRole {
    /// Sees the collection and its cards.
    Viewer,
    /// Also edits cards, presets, the profile and the background, and links cards in.
    Editor,
    /// Also manages members, renames the slug, and deletes.
    Owner,
}

impl CollectionRole {
    pub const ALL: [&'static str; 3] = ["owner", "editor", "viewer"];

    pub fn parse(role: &str) -> Option<Self> {
        match role {
            "owner" => Some(Self::Owner),
            "editor" => Some(Self::Editor),
            "viewer" => Some(Self::Viewer),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Owner => "owner",
            Self::Editor => "editor",
            Self::Viewer => "viewer",
        }
    }

    pub fn problem(role: &str) -> Option<&'static str> {
        Self::parse(role)
            .is_none()
            .then_some("must be owner, editor or viewer")
    }
}

/// Why `key` cannot name a track or card (a slug or an id): blank, or longer than any.
pub fn reference_problem(key: &str) -> Option<String> {
    if key.trim().is_empty() {
        Some("must not be blank".into())
    } else if key.chars().count() > crate::track_batch::REFERENCE_MAX_CHARS {
        Some(format!(
            "must be at most {} characters",
            crate::track_batch::REFERENCE_MAX_CHARS
        ))
    } else {
        None
    }
}

/// Checks each key of the list at `field` (`{field}/N`): not blank, not too long, not named
/// twice. The list's own length is the caller's to check, in its own words.
pub fn check_references(check: &mut Checker, field: &str, keys: &[String]) {
    for (i, key) in keys.iter().enumerate() {
        check.check(&format!("{field}/{i}"), reference_problem(key));
        if keys[..i].contains(key) {
            check.check(&format!("{field}/{i}"), Some("appears twice"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails() {
        assert_eq!(email_problem("ada@example.com"), None);
        assert_eq!(email_problem(" ada@example.com "), None);
        assert_eq!(email_problem(""), Some("is required"));
        for bad in [
            "ada",
            "@example.com",
            "ada@example",
            "ada@.com",
            "a da@example.com",
            "a@b@c.d",
        ] {
            assert!(email_problem(bad).is_some(), "{bad} accepted");
        }
    }

    #[test]
    fn slugs() {
        assert_eq!(
            slugify("Gute Nacht, Zoë & Jörg!"),
            "gute-nacht-zoe-and-joerg"
        );
        assert_eq!(slugify("  --Hello   World--  "), "hello-world");
        assert_eq!(slugify("ß"), "ss");
        assert_eq!(slugify("日本"), "");
        assert_eq!(slugify(&"a".repeat(100)).len(), SLUG_MAX_CHARS);
        assert!(slug_problem("good-slug-2").is_none());
        assert!(slug_problem("Bad Slug").is_some());
        assert!(slug_problem("-x").is_some());
        assert!(card_slug_problem("slug-available").is_some());
        assert!(card_slug_problem("stream").is_none());
        assert!(track_slug_problem("stream").is_some());
        assert!(track_slug_problem("import-from-player").is_none());
    }

    #[test]
    fn roles_order() {
        assert!(CollectionRole::Owner > CollectionRole::Editor);
        assert!(CollectionRole::Editor > CollectionRole::Viewer);
        assert_eq!(
            CollectionRole::parse("editor").map(CollectionRole::as_str),
            Some("editor")
        );
        assert!(CollectionRole::problem("admin").is_some());
    }

    #[test]
    fn passwords_and_names() {
        assert!(new_password_problem("short").is_some());
        assert!(new_password_problem("long enough pw").is_none());
        assert!(new_password_problem(&"x".repeat(300)).is_some());
        assert!(display_name_problem("  ").is_some());
        assert!(display_name_problem("Ada").is_none());
        assert!(display_name_problem("bad\u{7}").is_some());
    }
}
