//! Numbers, sizes, lengths and dates as each language writes them.
//!
//! Fluent chooses plural forms but prints numbers as they are (`1.5`), so figures a person
//! reads are formatted here: `1,234.5` in English, `1.234,5` in German and Spanish, `1 234,5`
//! in French (a narrow no-break space, so a figure never breaks across lines). Month names and
//! word order come from the messages (`date-day`), so translators keep control of them.

use crate::{t, Locale};

/// The separators of a language: (thousands, decimal).
fn separators(locale: Locale) -> (&'static str, char) {
    match locale {
        Locale::En => (",", '.'),
        Locale::De | Locale::Es => (".", ','),
        Locale::Fr => ("\u{202f}", ','),
    }
}

/// A whole number with the language's thousands separator. Spanish writes four-digit
/// numbers without one (`1234`, but `12.345`), as the RAE recommends.
pub fn integer(locale: Locale, n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let sign = if n < 0 { "-" } else { "" };
    if locale == Locale::Es && digits.len() <= 4 {
        return format!("{sign}{digits}");
    }
    let (thousands, _) = separators(locale);
    let mut grouped = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push_str(thousands);
        }
        grouped.push(digit);
    }
    format!("{sign}{grouped}")
}

/// A number with `places` decimals (rounded), in the language's notation.
pub fn decimal(locale: Locale, value: f64, places: usize) -> String {
    let fixed = format!("{:.*}", places, value.abs());
    let (whole, fraction) = fixed.split_once('.').unwrap_or((&fixed, ""));
    let whole: i64 = whole.parse().unwrap_or(0);
    let sign = if value < 0.0 && fixed.chars().any(|c| ('1'..='9').contains(&c)) {
        "-"
    } else {
        ""
    };
    let mut out = format!("{sign}{}", integer(locale, whole));
    if !fraction.is_empty() {
        out.push(separators(locale).1);
        out.push_str(fraction);
    }
    out
}

/// A size in bytes as a person reads it: `820 KB`, `1.5 MB` (French: `1,5 Mo`, octets).
pub fn bytes(locale: Locale, n: u64) -> String {
    const UNITS: [&str; 4] = ["B", "KB", "MB", "GB"];
    const FRENCH: [&str; 4] = ["o", "ko", "Mo", "Go"];
    let units = if locale == Locale::Fr { FRENCH } else { UNITS };
    let mut value = n as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit < units.len() - 1 {
        value /= 1024.0;
        unit += 1;
    }
    let places = if unit == 0 || value >= 10.0 { 0 } else { 1 };
    format!(
        "{}\u{a0}{}",
        decimal(locale, value, places).trim_end_matches([',', '.']),
        units[unit]
    )
}

/// A length on a clock face, the same in every language: `3:05`, `1:02:09`.
pub fn clock(seconds: f64) -> String {
    let total = seconds.max(0.0).round() as u64;
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// A length in words: `1 h 4 min`, `3 min 5 s`, `40 s` (`duration-*` messages).
pub fn minutes_and_seconds(locale: Locale, seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        t!(locale, "duration-hours-minutes", hours = h, minutes = m)
    } else if m > 0 {
        t!(locale, "duration-minutes-seconds", minutes = m, seconds = s)
    } else {
        t!(locale, "duration-seconds", seconds = s)
    }
}

/// The day of an RFC 3339 timestamp (`2026-11-29T10:04:00Z`): `29 Nov 2026`, `29. Nov. 2026`.
/// Text that is not a timestamp is shown as it came.
pub fn date(locale: Locale, timestamp: &str) -> String {
    match parse(timestamp) {
        Some((year, month, day, _, _)) => {
            t!(locale, "date-day", year = year, month = month, day = day)
        }
        None => timestamp.to_owned(),
    }
}

/// The day and the time (UTC) of an RFC 3339 timestamp: `29 Nov 2026, 10:04`.
pub fn date_time(locale: Locale, timestamp: &str) -> String {
    match parse(timestamp) {
        Some((year, month, day, hour, minute)) => t!(
            locale,
            "date-day-time",
            year = year,
            month = month,
            day = day,
            time = format!("{hour:02}:{minute:02}")
        ),
        None => timestamp.to_owned(),
    }
}

/// Year, month, day, hour and minute of `YYYY-MM-DD[T ]HH:MM…`.
fn parse(timestamp: &str) -> Option<(u32, u32, u32, u32, u32)> {
    let field = |range: std::ops::Range<usize>| -> Option<u32> {
        let part = timestamp.get(range)?;
        part.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    let (year, month, day) = (field(0..4)?, field(5..7)?, field(8..10)?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return None;
    }
    let (hour, minute) = match timestamp.len() >= 16 {
        true => (field(11..13)?, field(14..16)?),
        false => (0, 0),
    };
    Some((year, month, day, hour, minute))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_follow_the_language() {
        assert_eq!(integer(Locale::En, 1_234_567), "1,234,567");
        assert_eq!(integer(Locale::De, 1_234_567), "1.234.567");
        assert_eq!(integer(Locale::Fr, 1_234_567), "1\u{202f}234\u{202f}567");
        assert_eq!(integer(Locale::Es, 1234), "1234");
        assert_eq!(integer(Locale::Es, 12_345), "12.345");
        assert_eq!(integer(Locale::En, -999), "-999");
        assert_eq!(decimal(Locale::De, 1234.56, 1), "1.234,6");
        assert_eq!(decimal(Locale::En, 0.25, 2), "0.25");
        assert_eq!(decimal(Locale::Fr, -0.01, 1), "0,0");
    }

    #[test]
    fn sizes_use_the_languages_units() {
        assert_eq!(bytes(Locale::En, 512), "512\u{a0}B");
        assert_eq!(bytes(Locale::En, 1536 * 1024), "1.5\u{a0}MB");
        assert_eq!(bytes(Locale::De, 1536 * 1024), "1,5\u{a0}MB");
        assert_eq!(bytes(Locale::Fr, 1536 * 1024), "1,5\u{a0}Mo");
        assert_eq!(bytes(Locale::Es, 300 * 1024 * 1024), "300\u{a0}MB");
    }

    #[test]
    fn lengths_on_a_clock_and_in_words() {
        assert_eq!(clock(185.4), "3:05");
        assert_eq!(clock(3729.0), "1:02:09");
        assert_eq!(clock(-3.0), "0:00");
        assert_eq!(minutes_and_seconds(Locale::En, 185), "3 min 5 s");
        assert_eq!(minutes_and_seconds(Locale::De, 3840), "1 Std. 4 Min.");
        assert_eq!(minutes_and_seconds(Locale::Fr, 40), "40 s");
    }

    #[test]
    fn dates_in_each_language() {
        let at = "2026-11-29T10:04:00Z";
        assert_eq!(date(Locale::En, at), "29 Nov 2026");
        assert_eq!(date(Locale::De, at), "29. Nov. 2026");
        assert_eq!(date(Locale::Fr, at), "29 nov. 2026");
        assert_eq!(date(Locale::Es, at), "29 nov 2026");
        assert_eq!(date(Locale::Fr, "2026-03-01"), "1er mars 2026");
        assert_eq!(date_time(Locale::De, at), "29. Nov. 2026, 10:04");
        assert_eq!(date_time(Locale::En, at), "29 Nov 2026, 10:04");
        assert_eq!(date(Locale::En, "soon"), "soon");
        assert_eq!(date(Locale::En, "2026-13-01"), "2026-13-01");
    }
}
