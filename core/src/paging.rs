//! The `limit`/`offset` rules every paged admin listing shares, so each names the same
//! fields with the same sentences.

use cardsmith_model::FieldError;

/// Adds a field error for a `limit` outside 1..=`max` or a negative `offset`.
pub(crate) fn check_page(limit: i64, offset: i64, max: i64, errors: &mut Vec<FieldError>) {
    if !(1..=max).contains(&limit) {
        errors.push(FieldError::new(
            "limit",
            format!("must be between 1 and {max}"),
        ));
    }
    if offset < 0 {
        errors.push(FieldError::new("offset", "must be 0 or more"));
    }
}
