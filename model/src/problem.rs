//! RFC 9457 problem details, the body of every error the service returns.

use cardsmith_i18n::{problem, Locale};
use serde::{Deserialize, Serialize};

/// The media type of every error body.
pub const PROBLEM_CONTENT_TYPE: &str = "application/problem+json";

/// One invalid input field, located by a JSON Pointer (RFC 6901) into the request body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FieldError {
    /// JSON Pointer to the offending member, e.g. `/email`.
    pub pointer: String,
    /// What is wrong with it, in words a person can act on.
    pub detail: String,
}

impl FieldError {
    pub fn new(field: &str, detail: impl Into<String>) -> Self {
        Self {
            pointer: format!("/{field}"),
            detail: detail.into(),
        }
    }

    /// The field name the pointer designates (its last segment).
    pub fn field(&self) -> &str {
        self.pointer.rsplit('/').next().unwrap_or_default()
    }
}

/// An RFC 9457 problem document.
///
/// `type` is a URI reference of the form `/problems/{kind}` naming the kind of failure;
/// `errors` is present only for validation failures (status 422).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Problem {
    #[serde(rename = "type")]
    pub kind: String,
    pub title: String,
    pub status: u16,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<FieldError>,
}

impl Problem {
    /// A problem of the given status; the kind and title follow from the status.
    pub fn new(status: u16, detail: impl Into<String>) -> Self {
        let (kind, title) = kind_and_title(status);
        Self {
            kind: format!("/problems/{kind}"),
            title: title.to_owned(),
            status,
            detail: detail.into(),
            errors: Vec::new(),
        }
    }

    /// A 422 listing every invalid field.
    pub fn invalid(errors: Vec<FieldError>) -> Self {
        let detail = match errors.as_slice() {
            [one] => format!("{} {}", one.field(), one.detail),
            many => format!("{} fields are invalid", many.len()),
        };
        Self {
            errors,
            ..Self::new(422, detail)
        }
    }

    /// This problem as a person reading `locale` sees it: the title, the sentence and every
    /// field's message in their language ([`cardsmith_i18n::problem`]); the kind, the status
    /// and the pointers stay as they are. English is the server's own words.
    pub fn in_language(mut self, locale: Locale) -> Self {
        if locale == Locale::En {
            return self;
        }
        self.title = problem::title(locale, self.status);
        for error in &mut self.errors {
            error.detail = problem::field_detail(locale, &error.detail);
        }
        self.detail = match self.errors.as_slice() {
            [] => problem::detail(locale, self.status, &self.detail),
            [one] => problem::invalid_field(locale, one.field(), &one.detail),
            many => problem::invalid_fields(locale, many.len()),
        };
        self
    }

    /// The message of the first error about `field`, for showing beside a form input.
    pub fn field_error(&self, field: &str) -> Option<&str> {
        self.errors
            .iter()
            .find(|e| e.field() == field)
            .map(|e| e.detail.as_str())
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.detail.is_empty() {
            f.write_str(&self.title)
        } else {
            f.write_str(&self.detail)
        }
    }
}

impl std::error::Error for Problem {}

/// The slug and human title for each status the service uses.
fn kind_and_title(status: u16) -> (&'static str, &'static str) {
    match status {
        400 => ("malformed-request", "Malformed request"),
        401 => ("unauthenticated", "Sign-in required"),
        403 => ("forbidden", "Not allowed"),
        404 => ("not-found", "Not found"),
        405 => ("method-not-allowed", "Method not allowed"),
        409 => ("conflict", "Conflict"),
        413 => ("payload-too-large", "Payload too large"),
        415 => ("unsupported-media-type", "Unsupported media type"),
        422 => ("validation-failed", "Invalid input"),
        429 => ("too-many-requests", "Too many requests"),
        503 => ("unavailable", "Service unavailable"),
        s if s >= 500 => ("internal", "Internal server error"),
        _ => ("client-error", "Request failed"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_names_the_single_field() {
        let p = Problem::invalid(vec![FieldError::new("email", "is not an email address")]);
        assert_eq!(p.status, 422);
        assert_eq!(p.kind, "/problems/validation-failed");
        assert_eq!(p.detail, "email is not an email address");
        assert_eq!(p.field_error("email"), Some("is not an email address"));
    }

    #[test]
    fn a_problem_reads_in_the_readers_language() {
        let p = Problem::invalid(vec![FieldError::new(
            "title",
            "must be at most 60 characters",
        )]);
        assert_eq!(p.clone().in_language(Locale::En), p, "English as written");
        let de = p.in_language(Locale::De);
        assert_eq!(de.title, "Ungültige Eingabe");
        assert_eq!(de.detail, "„Titel“ darf höchstens 60 Zeichen lang sein");
        assert_eq!(
            de.field_error("title"),
            Some("darf höchstens 60 Zeichen lang sein")
        );
        assert_eq!(de.kind, "/problems/validation-failed");
        let two = Problem::invalid(vec![
            FieldError::new("title", "is required"),
            FieldError::new("slug", "mystery"),
        ])
        .in_language(Locale::Es);
        assert_eq!(two.detail, "2 campos no son válidos");
        assert_eq!(two.field_error("slug"), Some("no es válido"));
        let gone = Problem::new(404, "no card with that id").in_language(Locale::Fr);
        assert_eq!(
            gone.to_string(),
            "Cela n’existe plus, ou vous n’avez pas le droit de le voir."
        );
    }
}
