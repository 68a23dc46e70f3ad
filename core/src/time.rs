//! Timestamps as fixed-width RFC 3339 UTC strings.
//!
//! One width (milliseconds, `Z`) everywhere means the database can compare and sort them as
//! text, which works the same in SQLite and PostgreSQL.

use chrono::{DateTime, Duration, SecondsFormat, Utc};

pub fn now() -> DateTime<Utc> {
    Utc::now()
}

pub fn format(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

pub fn now_str() -> String {
    format(now())
}

/// `now + d`, formatted.
pub fn from_now(d: Duration) -> String {
    format(now() + d)
}

pub fn parse(s: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(s)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_width_sorts_as_text() {
        let a = format(DateTime::from_timestamp(1_700_000_000, 0).unwrap());
        let b = format(DateTime::from_timestamp(1_700_000_000, 5_000_000).unwrap());
        assert_eq!(a.len(), b.len());
        assert!(a < b);
        assert_eq!(parse(&a).unwrap().timestamp(), 1_700_000_000);
    }
}
