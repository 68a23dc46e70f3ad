//! The problem statuses an operation can answer, declared once each, so an operation's
//! `responses(...)` names them (`responses((status = 200, body = CardOut), Unauthorized,
//! NotFound)`) instead of repeating the body and content type. Each is an
//! `application/problem+json` [`Problem`] with a description that fits every operation; an
//! operation whose reason is worth saying writes its own tuple for that status instead.
//!
//! These types are only documentation: handlers answer with [`super::ApiError`].

use cardsmith_model::Problem;
use utoipa::IntoResponses;

/// One `IntoResponses` type per status: its doc comment is the response's description.
macro_rules! problem_responses {
    ($($(#[$doc:meta])* $name:ident = $status:literal $(, headers($($header:tt)*))?;)*) => {$(
        $(#[$doc])*
        #[derive(IntoResponses)]
        #[response(status = $status, content_type = "application/problem+json"
            $(, headers($($header)*))?)]
        pub struct $name(#[allow(dead_code)] Problem);
    )*};
}

problem_responses! {
    /// There is no valid session (sign in with `POST /auth/login`).
    Unauthorized = 401;
    /// The caller may not do this (a role too weak, a deactivated account, or a browser
    /// request from a foreign origin).
    Forbidden = 403;
    /// No such resource, or one the caller cannot see.
    NotFound = 404;
    /// The request conflicts with the resource's current state (e.g. a slug already taken);
    /// `detail` says which.
    Conflict = 409;
    /// The body, a file in it, or a field is larger than this server accepts.
    PayloadTooLarge = 413;
    /// The body is not of an accepted media type (e.g. not JSON, not multipart, or a file of
    /// a format this server does not take).
    UnsupportedMediaType = 415;
    /// The requested byte range is not within the content.
    RangeNotSatisfiable = 416;
    /// Missing or invalid fields; `errors` lists each as `{pointer, detail}`.
    Unprocessable = 422;
    /// Too many requests; `Retry-After` says how many seconds to wait.
    TooManyRequests = 429,
        headers(("Retry-After" = i64, description = "Seconds to wait before trying again"));
    /// A service this operation needs (e.g. the player platform or the database) is not
    /// available right now; try again later.
    ServiceUnavailable = 503;
}
