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
    fn passwords_and_names() {
        assert!(new_password_problem("short").is_some());
        assert!(new_password_problem("long enough pw").is_none());
        assert!(new_password_problem(&"x".repeat(300)).is_some());
        assert!(display_name_problem("  ").is_some());
        assert!(display_name_problem("Ada").is_none());
        assert!(display_name_problem("bad\u{7}").is_some());
    }
}
