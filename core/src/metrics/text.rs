//! The text formats Prometheus scrapes: the classic text exposition format (version 0.0.4,
//! `text/plain`) and OpenMetrics 1.0 (`application/openmetrics-text`), written by hand: the
//! figures are few and their shapes fixed, so a writer of a hundred lines is simpler than a
//! registry crate and keeps every name in one place (`super::prometheus`). The registry crate
//! (`prometheus-client`, up to 0.25) encodes OpenMetrics only, so the 0.0.4 format that
//! scrapers ask for without negotiating would need this writer anyway, and our counters
//! (lock-free snapshots read at scrape time) would need an adapter to its registry.
//!
//! The two formats differ in three spots, all handled here: a counter's family is named
//! without `_total` in OpenMetrics (its sample keeps it), `HELP` escapes quotes there too, and
//! OpenMetrics ends with `# EOF`.

use std::fmt::Write as _;

use super::histogram::HistogramSnapshot;

/// What the client asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// The spec's JSON body.
    Json,
    /// Prometheus text exposition format 0.0.4.
    Prometheus,
    /// OpenMetrics 1.0 text.
    OpenMetrics,
}

impl Format {
    /// The `Content-Type` of an answer in this format.
    pub fn content_type(self) -> &'static str {
        match self {
            Self::Json => "application/json",
            Self::Prometheus => "text/plain; version=0.0.4; charset=utf-8",
            Self::OpenMetrics => "application/openmetrics-text; version=1.0.0; charset=utf-8",
        }
    }

    /// The format an `Accept` header prefers (RFC 9110 §12.5.1: the highest `q`; among equals
    /// the more specific range wins, then JSON, the spec's format). Without the header, or
    /// when it names nothing we serve, the answer is JSON: refusing (406) would only break
    /// clients that send a careless `Accept`.
    ///
    /// Prometheus sends e.g. `application/openmetrics-text;version=1.0.0,text/plain;
    /// version=0.0.4;q=0.5,*/*;q=0.1` and gets OpenMetrics; `curl -H 'Accept: text/plain'`
    /// gets the classic text format.
    pub fn negotiate(accept: Option<&str>) -> Self {
        let Some(accept) = accept else {
            return Self::Json;
        };
        let ranges: Vec<(&str, f32)> = accept.split(',').filter_map(media_range).collect();
        // (q, specificity) of the best range matching each of our types
        let score = |ours: &str| {
            let (kind, _) = ours.split_once('/').unwrap_or_default();
            ranges
                .iter()
                .filter_map(|(range, q)| {
                    let specificity = if range.eq_ignore_ascii_case(ours) {
                        2
                    } else if *range == "*/*" {
                        0
                    } else if range
                        .strip_suffix("/*")
                        .is_some_and(|t| t.eq_ignore_ascii_case(kind))
                    {
                        1
                    } else {
                        return None;
                    };
                    Some((specificity, *q))
                })
                // the most specific matching range decides the q of a type (RFC 9110)
                .max_by(|a, b| a.0.cmp(&b.0))
                .map(|(specificity, q)| (q, specificity))
        };
        let mut best = (Self::Json, score("application/json"));
        for format in [Self::OpenMetrics, Self::Prometheus] {
            let mime = match format {
                Self::OpenMetrics => "application/openmetrics-text",
                _ => "text/plain",
            };
            let candidate = score(mime);
            let better = match (candidate, best.1) {
                (Some(_), None) => true,
                (Some((q, s)), Some((bq, bs))) => q > bq || (q == bq && s > bs),
                _ => false,
            };
            if better {
                best = (format, candidate);
            }
        }
        match best.1 {
            Some((q, _)) if q > 0.0 => best.0,
            _ => Self::Json,
        }
    }
}

/// `type/subtype` and `q` of one element of an `Accept` header (parameters other than `q`
/// are ignored: any version of either text format is answered with the one we write).
fn media_range(element: &str) -> Option<(&str, f32)> {
    let mut parts = element.split(';').map(str::trim);
    let range = parts.next().filter(|r| r.contains('/'))?;
    let q = parts
        .filter_map(|p| p.split_once('='))
        .find(|(k, _)| k.trim().eq_ignore_ascii_case("q"))
        .and_then(|(_, v)| v.trim().parse::<f32>().ok())
        .unwrap_or(1.0)
        .clamp(0.0, 1.0);
    Some((range, q))
}

/// The kind of a metric family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Counter,
    Gauge,
    Histogram,
}

/// Writes one exposition, family by family; every sample of a family follows its header.
pub struct Writer {
    format: Format,
    out: String,
}

impl Writer {
    pub fn new(format: Format) -> Self {
        Self {
            format,
            out: String::with_capacity(16 * 1024),
        }
    }

    /// Starts a family. `name` is the base name: a counter's samples are `name_total`.
    pub fn family(&mut self, name: &str, kind: Kind, help: &str) {
        let (family, kind_word) = match kind {
            Kind::Counter if self.format == Format::Prometheus => {
                (format!("{name}_total"), "counter")
            }
            Kind::Counter => (name.to_owned(), "counter"),
            Kind::Gauge => (name.to_owned(), "gauge"),
            Kind::Histogram => (name.to_owned(), "histogram"),
        };
        let help = escape(help, self.format == Format::OpenMetrics);
        let _ = writeln!(self.out, "# HELP {family} {help}");
        let _ = writeln!(self.out, "# TYPE {family} {kind_word}");
    }

    /// One sample line: `name{labels} value`.
    pub fn sample(&mut self, name: &str, labels: &[(&str, &str)], value: impl Value) {
        self.out.push_str(name);
        if !labels.is_empty() {
            self.out.push('{');
            for (i, (key, value)) in labels.iter().enumerate() {
                if i > 0 {
                    self.out.push(',');
                }
                let _ = write!(self.out, "{key}=\"{}\"", escape(value, true));
            }
            self.out.push('}');
        }
        self.out.push(' ');
        value.write(&mut self.out);
        self.out.push('\n');
    }

    /// A counter's sample (`name_total`).
    pub fn counter(&mut self, name: &str, labels: &[(&str, &str)], value: u64) {
        self.sample(&format!("{name}_total"), labels, value);
    }

    /// A histogram's samples: cumulative `_bucket`s ending with `+Inf`, then `_count` (equal
    /// to the `+Inf` bucket) and `_sum`.
    pub fn histogram(&mut self, name: &str, labels: &[(&str, &str)], h: &HistogramSnapshot) {
        let bucket = format!("{name}_bucket");
        let bounds: Vec<String> = h.cumulative.iter().map(|(b, _)| format_float(*b)).collect();
        let buckets = bounds
            .iter()
            .map(String::as_str)
            .zip(h.cumulative.iter().map(|(_, count)| *count))
            .chain([("+Inf", h.count)]);
        for (le, count) in buckets {
            let mut with_le: Vec<(&str, &str)> = labels.to_vec();
            with_le.push(("le", le));
            self.sample(&bucket, &with_le, count);
        }
        self.sample(&format!("{name}_count"), labels, h.count);
        self.sample(&format!("{name}_sum"), labels, h.sum_seconds);
    }

    pub fn finish(mut self) -> String {
        if self.format == Format::OpenMetrics {
            self.out.push_str("# EOF\n");
        }
        self.out
    }
}

/// A sample value.
pub trait Value {
    fn write(&self, out: &mut String);
}

impl Value for u64 {
    fn write(&self, out: &mut String) {
        let _ = write!(out, "{self}");
    }
}

impl Value for i64 {
    fn write(&self, out: &mut String) {
        let _ = write!(out, "{self}");
    }
}

impl Value for f64 {
    fn write(&self, out: &mut String) {
        out.push_str(&format_float(*self));
    }
}

/// A float as both formats read it: `1`, `0.25`, `+Inf`, `NaN` (Rust never writes an
/// exponent here, which both accept anyway).
fn format_float(v: f64) -> String {
    if v.is_nan() {
        "NaN".into()
    } else if v.is_infinite() {
        if v > 0.0 { "+Inf" } else { "-Inf" }.into()
    } else {
        format!("{v}")
    }
}

/// Escapes a label value (backslash, quote, newline) or, without `quotes`, a 0.0.4 `HELP`
/// text (backslash, newline).
fn escape(text: &str, quotes: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '"' if quotes => out.push_str("\\\""),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negotiation_follows_q_values_and_defaults_to_json() {
        use Format::*;
        let cases = [
            (None, Json),
            (Some("*/*"), Json),
            (Some("application/json"), Json),
            (Some("text/plain"), Prometheus),
            (Some("text/plain; version=0.0.4"), Prometheus),
            (Some("text/*"), Prometheus),
            (Some("application/openmetrics-text"), OpenMetrics),
            // Prometheus 2.x and 3.x scrapes
            (
                Some(
                    "application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1",
                ),
                OpenMetrics,
            ),
            (Some("text/plain;version=0.0.4;q=0.5,*/*;q=0.1"), Prometheus),
            (Some("text/plain;q=0.2, application/json"), Json),
            (Some("text/html,application/xhtml+xml,*/*;q=0.8"), Json),
            (Some("image/png"), Json),
            (Some("text/plain;q=0"), Json),
            (Some("garbage"), Json),
        ];
        for (accept, want) in cases {
            assert_eq!(Format::negotiate(accept), want, "{accept:?}");
        }
    }

    #[test]
    fn counters_are_named_per_format_and_openmetrics_ends_with_eof() {
        for (format, family) in [
            (Format::Prometheus, "# TYPE x_runs_total counter"),
            (Format::OpenMetrics, "# TYPE x_runs counter"),
        ] {
            let mut w = Writer::new(format);
            w.family("x_runs", Kind::Counter, "Runs \"so far\"\nby kind\\");
            w.counter("x_runs", &[("kind", "a\"b\\c\nd")], 3);
            let text = w.finish();
            assert!(text.contains(family), "{text}");
            assert!(
                text.contains("x_runs_total{kind=\"a\\\"b\\\\c\\nd\"} 3\n"),
                "{text}"
            );
            assert_eq!(text.ends_with("# EOF\n"), format == Format::OpenMetrics);
            assert_eq!(
                text.contains("\\\"so far\\\""),
                format == Format::OpenMetrics,
                "{text}"
            );
        }
    }

    #[test]
    fn histograms_end_with_inf_then_count_and_sum() {
        let mut w = Writer::new(Format::Prometheus);
        w.family("h_seconds", Kind::Histogram, "h");
        w.histogram(
            "h_seconds",
            &[("route", "/x")],
            &HistogramSnapshot {
                cumulative: vec![(0.5, 1), (1.0, 2)],
                count: 3,
                sum_seconds: 2.5,
            },
        );
        let lines: Vec<&str> = w.out.lines().skip(2).collect();
        assert_eq!(
            lines,
            [
                "h_seconds_bucket{route=\"/x\",le=\"0.5\"} 1",
                "h_seconds_bucket{route=\"/x\",le=\"1\"} 2",
                "h_seconds_bucket{route=\"/x\",le=\"+Inf\"} 3",
                "h_seconds_count{route=\"/x\"} 3",
                "h_seconds_sum{route=\"/x\"} 2.5",
            ]
        );
    }
}
