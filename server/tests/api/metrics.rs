//! `GET /metrics`: who may read it (admin session or the bearer token), the spec's JSON, and
//! the Prometheus text formats, checked by an independent parser (Debian's
//! `python3-prometheus-client`, the reference client library's own parsers) and by a strict
//! line grammar here, since the classic-format parser there is lax.

use std::collections::HashMap;
use std::io::Write as _;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::support::audio_fixtures::rescan_report;
use crate::support::helpers::{
    assert_problem, openapi_yaml, path_block, spawn_app, spawn_app_with, User,
};

const TOKEN: &str = "scrape-me-3f9a1c0b7d2e";
/// What Prometheus 2.x and 3.x send when they scrape.
const PROMETHEUS_ACCEPT: &str = "application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1";

async fn get_with(user: &User, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
    let mut request = user.client.get(user.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.unwrap()
}

/// The classic text format as `user` reads it (the content type is checked on the way).
async fn scrape(user: &User, headers: &[(&str, &str)]) -> String {
    let mut all = vec![("accept", "text/plain")];
    all.extend_from_slice(headers);
    let r = get_with(user, "/metrics", &all).await;
    assert_eq!(r.status(), 200);
    assert_eq!(
        r.headers()["content-type"],
        "text/plain; version=0.0.4; charset=utf-8"
    );
    r.text().await.unwrap()
}

/// Metric families by name: their type and samples.
type Families = HashMap<String, (String, Vec<Sample>)>;
/// A sample as the parser script prints it: name, labels, value.
type RawSample = (String, HashMap<String, String>, f64);

/// One sample as the independent parser read it.
#[derive(Debug, Clone)]
struct Sample {
    name: String,
    labels: HashMap<String, String>,
    value: f64,
}

/// Families by name: (type, samples), as `prometheus_client`'s parser for `format` reads the
/// text (`classic` or `openmetrics`). Any parse error fails the test with the parser's words.
fn parse(text: &str, format: &str) -> Families {
    const SCRIPT: &str = r#"
import json, sys
from prometheus_client.parser import text_string_to_metric_families as classic
from prometheus_client.openmetrics.parser import text_string_to_metric_families as openmetrics
parse = openmetrics if sys.argv[1] == "openmetrics" else classic
out = {}
for family in parse(sys.stdin.read()):
    if family.name in out:
        raise SystemExit("family twice: " + family.name)
    out[family.name] = [family.type, [[s.name, s.labels, s.value] for s in family.samples]]
print(json.dumps(out))
"#;
    // Debian's interpreter, where the bootstrap installs python3-prometheus-client
    let mut child = Command::new("/usr/bin/python3")
        .args(["-c", SCRIPT, format])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 (scripts/bootstrap installs python3-prometheus-client)");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "the {format} parser refused the exposition: {}\n{text}",
        String::from_utf8_lossy(&output.stderr)
    );
    let parsed: HashMap<String, (String, Vec<RawSample>)> =
        serde_json::from_slice(&output.stdout).unwrap();
    parsed
        .into_iter()
        .map(|(name, (kind, samples))| {
            let samples = samples
                .into_iter()
                .map(|(name, labels, value)| Sample {
                    name,
                    labels,
                    value,
                })
                .collect();
            (name, (kind, samples))
        })
        .collect()
}

/// The grammar of both text formats, line by line, stricter than the classic parser: `# HELP`
/// and `# TYPE` once per family and before its samples, samples of a family together, metric
/// and label names of the allowed characters, quoted and escaped label values, numeric values.
fn check_grammar(text: &str, openmetrics: bool) {
    fn is_name(s: &str, colon: bool) -> bool {
        let mut chars = s.chars();
        chars
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || (colon && c == ':'))
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || (colon && c == ':'))
    }
    assert!(text.ends_with('\n'), "no final newline");
    let mut lines: Vec<&str> = text.lines().collect();
    if openmetrics {
        assert_eq!(
            lines.pop(),
            Some("# EOF"),
            "OpenMetrics must end with # EOF"
        );
    }
    let mut typed: HashMap<String, String> = HashMap::new();
    let mut finished: Vec<String> = Vec::new();
    let mut current: Option<String> = None;
    for line in lines {
        assert!(!line.is_empty(), "blank line");
        if let Some(rest) = line.strip_prefix("# ") {
            let mut parts = rest.splitn(3, ' ');
            let (keyword, name, tail) = (
                parts.next().unwrap(),
                parts.next().unwrap_or_default(),
                parts.next().unwrap_or_default(),
            );
            assert!(is_name(name, true), "bad family name in {line:?}");
            if current.as_deref() != Some(name) {
                if let Some(previous) = current.take() {
                    finished.push(previous);
                }
                assert!(
                    !finished.contains(&name.to_owned()),
                    "{name} split: {line:?}"
                );
                current = Some(name.to_owned());
            }
            match keyword {
                "HELP" => assert!(!tail.is_empty(), "empty help: {line:?}"),
                "TYPE" => {
                    assert!(
                        ["counter", "gauge", "histogram"].contains(&tail),
                        "type {tail:?}"
                    );
                    assert!(
                        typed.insert(name.to_owned(), tail.to_owned()).is_none(),
                        "TYPE twice: {line:?}"
                    );
                }
                _ => panic!("unknown comment {line:?}"),
            }
            continue;
        }
        let (series, value) = line.rsplit_once(' ').expect("sample without value");
        assert!(
            value == "+Inf" || value == "NaN" || value.parse::<f64>().is_ok(),
            "bad value in {line:?}"
        );
        let (name, labels) = match series.split_once('{') {
            Some((name, labels)) => (name, Some(labels.strip_suffix('}').expect("unclosed {"))),
            None => (series, None),
        };
        assert!(is_name(name, true), "bad metric name in {line:?}");
        let family = current.as_deref().expect("sample before any TYPE");
        let kind = &typed[family];
        let allowed: Vec<String> = match (kind.as_str(), openmetrics) {
            ("counter", true) => vec![format!("{family}_total")],
            ("histogram", _) => ["_bucket", "_count", "_sum"]
                .iter()
                .map(|s| format!("{family}{s}"))
                .collect(),
            _ => vec![family.to_owned()],
        };
        assert!(
            allowed.contains(&name.to_owned()),
            "{name} outside {family}"
        );
        if let Some(mut labels) = labels {
            while !labels.is_empty() {
                let (key, rest) = labels.split_once("=\"").expect("label without =\"");
                assert!(is_name(key, false), "bad label name in {line:?}");
                // the value runs to the first quote not escaped by a backslash
                let mut escaped = false;
                let end = rest
                    .char_indices()
                    .find(|(_, c)| {
                        let closes = *c == '"' && !escaped;
                        escaped = *c == '\\' && !escaped;
                        closes
                    })
                    .map(|(i, _)| i)
                    .expect("unterminated label value");
                labels = rest[end + 1..]
                    .strip_prefix(',')
                    .unwrap_or(&rest[end + 1..]);
            }
        }
    }
}

/// The samples of `family` whose labels include every pair of `labels`.
fn samples<'a>(families: &'a Families, family: &str, labels: &[(&str, &str)]) -> Vec<&'a Sample> {
    families
        .get(family)
        .map(|(_, all)| {
            all.iter()
                .filter(|s| {
                    labels
                        .iter()
                        .all(|(k, v)| s.labels.get(*k).map(String::as_str) == Some(*v))
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The value of the one `name` sample of `family` with exactly those labels (0 when absent:
/// a series appears with its first event).
fn value(families: &Families, family: &str, name: &str, labels: &[(&str, &str)]) -> f64 {
    samples(families, family, labels)
        .into_iter()
        .find(|s| s.name == name && s.labels.len() == labels.len())
        .map_or(0.0, |s| s.value)
}

/// Every histogram's buckets rise with `le`, never fall, end with `+Inf`, and `_count`
/// equals the `+Inf` bucket.
fn check_histograms(families: &Families) -> usize {
    let mut checked = 0;
    for (family, (kind, all)) in families {
        if kind != "histogram" {
            continue;
        }
        let mut series: HashMap<Vec<(String, String)>, Vec<&Sample>> = HashMap::new();
        for s in all {
            let mut key: Vec<(String, String)> = s
                .labels
                .iter()
                .filter(|(k, _)| *k != "le")
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            key.sort();
            series.entry(key).or_default().push(s);
        }
        for (key, samples) in series {
            let buckets: Vec<(f64, f64)> = samples
                .iter()
                .filter(|s| s.name == format!("{family}_bucket"))
                .map(|s| (s.labels["le"].parse::<f64>().unwrap(), s.value))
                .collect();
            assert!(
                buckets
                    .windows(2)
                    .all(|w| w[0].0 < w[1].0 && w[0].1 <= w[1].1),
                "{family}{key:?}: buckets not cumulative: {buckets:?}"
            );
            let inf = buckets.last().expect("no buckets");
            assert!(inf.0.is_infinite(), "{family}{key:?} lacks +Inf");
            let count = samples
                .iter()
                .find(|s| s.name == format!("{family}_count"))
                .unwrap();
            assert_eq!(count.value, inf.1, "{family}{key:?}: _count != +Inf");
            assert!(samples.iter().any(|s| s.name == format!("{family}_sum")));
            checked += 1;
        }
    }
    checked
}

#[tokio::test]
async fn metrics_needs_an_admin_session_or_the_bearer_token() {
    let app = spawn_app_with(&["--metrics-token", TOKEN]).await;
    let anonymous = app.anonymous();
    for path in ["/metrics", "/api/metrics"] {
        let r = anonymous.get(path).await;
        assert_eq!(
            r.headers()["www-authenticate"],
            "Bearer realm=\"cardsmith-metrics\""
        );
        assert_problem(r, 401).await;
    }
    for wrong in [
        "Bearer scrape-me-3f9a1c0b7d2f".to_owned(),
        format!("Bearer {}", &TOKEN[..TOKEN.len() - 1]),
        "Bearer ".to_owned(),
        format!("Basic {TOKEN}"),
        TOKEN.to_owned(),
    ] {
        let r = get_with(&anonymous, "/metrics", &[("authorization", &wrong)]).await;
        assert_problem(r, 401).await;
    }
    let (user, _) = app.new_user("plain@example.com", "user").await;
    assert_problem(user.get("/metrics").await, 403).await;
    assert_problem(user.get("/api/metrics").await, 403).await;
    // identity comes first: a non-admin asking for text still gets 403, not figures
    let r = get_with(&user, "/metrics", &[("accept", "text/plain")]).await;
    assert_problem(r, 403).await;
    // a wrong token is refused even beside an admin's cookie
    let admin = app.admin().await;
    let r = get_with(&admin, "/metrics", &[("authorization", "Bearer nope")]).await;
    assert_problem(r, 401).await;

    let bearer = format!("Bearer {TOKEN}");
    let r = get_with(&anonymous, "/api/metrics", &[("authorization", &bearer)]).await;
    assert_eq!(r.status(), 200);
    assert!(r.json::<Value>().await.unwrap()["cards"].is_i64());
    let text = scrape(&anonymous, &[("authorization", &bearer)]).await;
    assert!(text.contains("# TYPE cardsmith_cards gauge"), "{text}");
    let r = get_with(
        &anonymous,
        "/metrics",
        &[("authorization", &format!("bearer  {TOKEN}"))],
    )
    .await;
    assert_eq!(r.status(), 200, "the scheme is case-insensitive");
}

#[tokio::test]
async fn metrics_bearer_access_is_off_without_a_configured_token() {
    let app = spawn_app().await;
    let anonymous = app.anonymous();
    for value in ["Bearer ", "Bearer x", &format!("Bearer {TOKEN}")] {
        let r = get_with(&anonymous, "/metrics", &[("authorization", value)]).await;
        assert_problem(r, 401).await;
    }
    // and a blank token configures nothing
    let app = spawn_app_with(&["--metrics-token", "  "]).await;
    let r = get_with(
        &app.anonymous(),
        "/metrics",
        &[("authorization", "Bearer   ")],
    )
    .await;
    assert_problem(r, 401).await;
    assert_eq!(app.admin().await.get("/metrics").await.status(), 200);
}

#[tokio::test]
async fn metrics_json_has_the_spec_shape_and_follows_the_data() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let r = admin.get("/api/metrics").await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "application/json");
    assert_eq!(r.headers()["vary"], "accept");
    let before: Value = r.json().await.unwrap();
    let keys = |v: &Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    assert!(before["cards"].is_i64(), "{before}");
    assert_eq!(keys(&before["collections"]), ["orphaned", "total"]);
    assert_eq!(
        keys(&before["jobs"]),
        [
            "cancelled",
            "failed",
            "oldest_queued_age_s",
            "queued",
            "running",
            "succeeded"
        ]
    );
    assert_eq!(
        keys(&before["users"]),
        [
            "active",
            "admins",
            "deactivated",
            "locked",
            "total",
            "unverified"
        ]
    );
    assert_eq!(before["users"]["total"], 1);
    assert_eq!(before["users"]["admins"], 1);
    assert_eq!(keys(&before["db_pool"]), ["idle", "max", "size"]);
    assert!(before["db_pool"]["max"].as_u64().unwrap() >= 1);
    assert_eq!(
        keys(&before["upstream_calls"]),
        [
            "client_error",
            "ok",
            "rate_limited",
            "server_error",
            "transport_error"
        ]
    );

    let collection = admin.create_collection("Counted").await;
    admin
        .create_card(collection["id"].as_str().unwrap(), "One more")
        .await;
    let (user, _) = app.new_user("second@example.com", "user").await;
    drop(user);
    let after = admin.get_json("/metrics").await;
    assert_eq!(after["cards"], before["cards"].as_i64().unwrap() + 1);
    assert_eq!(
        after["collections"]["total"],
        before["collections"]["total"].as_i64().unwrap() + 1
    );
    assert_eq!(after["users"]["total"], 2);
    assert!(
        after["http_requests"].as_u64().unwrap() > before["http_requests"].as_u64().unwrap(),
        "{after}"
    );
    // the same counts as the admin health report, which shares the counting
    let health = admin.get_json("/api/admin/health").await;
    for key in ["cards", "collections", "users"] {
        assert_eq!(health[key], after[key], "{key}");
    }
}

#[tokio::test]
async fn metrics_text_parses_and_counts_requests_by_route_template() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let collection = admin.create_collection("Routes").await;
    let id = collection["id"].as_str().unwrap();
    let mut slugs = Vec::new();
    for title in ["Alpha story", "Beta story"] {
        let card = admin.create_card(id, title).await;
        slugs.push(card["slug"].as_str().unwrap().to_owned());
    }
    let route = [
        ("route", "/api/cards/{slug}"),
        ("method", "GET"),
        ("status", "2xx"),
    ];
    let family = "cardsmith_http_requests";
    let counter = "cardsmith_http_requests_total";

    let first = scrape(&admin, &[]).await;
    check_grammar(&first, false);
    let before = parse(&first, "classic");
    assert_eq!(before[family].0, "counter");
    for slug in &slugs {
        assert_eq!(admin.get(&format!("/api/cards/{slug}")).await.status(), 200);
    }
    let r = admin.get("/api/no-such-thing/at-all").await;
    assert_eq!(r.status(), 404);
    let r = admin.get("/definitely/not/a/page.txt").await;
    assert_eq!(r.status(), 404);

    let text = scrape(&admin, &[]).await;
    check_grammar(&text, false);
    let after = parse(&text, "classic");
    assert_eq!(
        value(&after, family, counter, &route),
        value(&before, family, counter, &route) + 2.0,
        "{text}"
    );
    // the template, never a concrete path: no slug and no unknown path in any label
    for slug in &slugs {
        assert!(!text.contains(slug.as_str()), "{slug} leaked into a label");
    }
    assert!(!text.contains("no-such-thing") && !text.contains("not/a/page"));
    for sample in samples(&after, family, &[]) {
        let route = &sample.labels["route"];
        assert!(
            route == "unmatched" || (route.starts_with('/') && !route.contains("__private")),
            "route label {route:?}"
        );
    }
    assert!(
        samples(&after, family, &[("route", "unmatched"), ("status", "4xx")])
            .iter()
            .map(|s| s.value)
            .sum::<f64>()
            >= 1.0,
        "{text}"
    );
    // the scrape itself was counted by the first scrape's time
    assert!(
        value(
            &after,
            family,
            counter,
            &[("route", "/metrics"), ("method", "GET"), ("status", "2xx")]
        ) >= 1.0
    );
    let latency = "cardsmith_http_request_duration_seconds";
    assert_eq!(after[latency].0, "histogram");
    assert_eq!(
        value(&after, latency, &format!("{latency}_count"), &route),
        value(&after, family, counter, &route),
    );
    assert!(check_histograms(&after) >= 2);
    // gauges from the database and the pool
    assert_eq!(
        value(&after, "cardsmith_users", "cardsmith_users", &[]),
        1.0
    );
    assert!(value(&after, "cardsmith_cards", "cardsmith_cards", &[]) >= 2.0);
    assert!(
        value(
            &after,
            "cardsmith_db_pool_max_connections",
            "cardsmith_db_pool_max_connections",
            &[]
        ) >= 1.0
    );
    for status in ["queued", "running", "succeeded", "failed", "cancelled"] {
        assert!(!samples(&after, "cardsmith_jobs", &[("status", status)]).is_empty());
    }
}

#[tokio::test]
async fn metrics_openmetrics_is_served_to_prometheus_and_ends_with_eof() {
    let app = spawn_app_with(&["--metrics-token", TOKEN]).await;
    let scraper = app.anonymous();
    let bearer = format!("Bearer {TOKEN}");
    let headers = [
        ("authorization", bearer.as_str()),
        ("accept", PROMETHEUS_ACCEPT),
    ];
    // one request first, so request series exist
    assert_eq!(get_with(&scraper, "/metrics", &headers).await.status(), 200);
    let r = get_with(&scraper, "/metrics", &headers).await;
    assert_eq!(r.status(), 200);
    assert_eq!(
        r.headers()["content-type"],
        "application/openmetrics-text; version=1.0.0; charset=utf-8"
    );
    let text = r.text().await.unwrap();
    assert!(text.ends_with("\n# EOF\n"), "{text}");
    check_grammar(&text, true);
    let families = parse(&text, "openmetrics");
    assert_eq!(families["cardsmith_http_requests"].0, "counter");
    assert!(text.contains("# TYPE cardsmith_http_requests counter\n"));
    assert!(check_histograms(&families) >= 1);
    assert!(
        value(
            &families,
            "cardsmith_http_requests",
            "cardsmith_http_requests_total",
            &[("route", "/metrics"), ("method", "GET"), ("status", "2xx")]
        ) >= 1.0
    );
    // the classic format for clients that ask for it alone
    let text = get_with(
        &scraper,
        "/metrics",
        &[
            ("authorization", &bearer),
            ("accept", "text/plain;version=0.0.4;q=0.5,*/*;q=0.1"),
        ],
    )
    .await
    .text()
    .await
    .unwrap();
    assert!(!text.contains("# EOF"));
    assert!(text.contains("# TYPE cardsmith_http_requests_total counter\n"));
}

#[tokio::test]
async fn metrics_count_job_runs_by_kind_and_outcome() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let labels = [("kind", "rescan"), ("outcome", "succeeded")];
    let before = parse(&scrape(&admin, &[]).await, "classic");
    rescan_report(&admin).await;
    let text = scrape(&admin, &[]).await;
    check_grammar(&text, false);
    let after = parse(&text, "classic");
    assert_eq!(
        value(
            &after,
            "cardsmith_job_runs",
            "cardsmith_job_runs_total",
            &labels
        ),
        value(
            &before,
            "cardsmith_job_runs",
            "cardsmith_job_runs_total",
            &labels
        ) + 1.0,
        "{text}"
    );
    let duration = "cardsmith_job_run_duration_seconds";
    assert_eq!(after[duration].0, "histogram");
    assert!(value(&after, duration, &format!("{duration}_count"), &labels) >= 1.0);
    assert!(check_histograms(&after) >= 1);
    assert!(
        value(
            &after,
            "cardsmith_jobs",
            "cardsmith_jobs",
            &[("status", "succeeded")]
        ) >= 1.0
    );
    let json = admin.get_json("/api/metrics").await;
    assert!(json["jobs"]["succeeded"].as_i64().unwrap() >= 1, "{json}");
}

#[tokio::test]
async fn metrics_count_calls_to_the_player_platform() {
    let app = spawn_app_with(&["--demo-upstream"]).await;
    let admin = app.admin().await;
    let family = "cardsmith_upstream_requests";
    // every outcome of the API host together: the ping's answer is whatever the host's base
    // path answers (the simulator's is a 404, counted as client_error)
    let api_calls = |families: &Families| -> f64 {
        samples(families, family, &[("target", "api")])
            .iter()
            .map(|s| s.value)
            .sum()
    };
    let json_calls = |json: &Value| -> u64 {
        json["upstream_calls"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_u64().unwrap())
            .sum()
    };
    let before = parse(&scrape(&admin, &[]).await, "classic");
    let json_before = admin.get_json("/api/metrics").await;
    // the health report pings the platform's API host
    let health = admin.get_json("/api/admin/health").await;
    assert_eq!(health["status"], "ok", "{health}");
    let after = parse(&scrape(&admin, &[]).await, "classic");
    assert!(api_calls(&after) >= api_calls(&before) + 1.0);
    assert_eq!(
        samples(&after, family, &[]).len(),
        15,
        "3 hosts × 5 outcomes"
    );
    let json_after = admin.get_json("/api/metrics").await;
    assert!(
        json_calls(&json_after) > json_calls(&json_before),
        "{json_after}"
    );
}

#[tokio::test]
async fn metrics_is_documented_with_both_formats_and_every_status() {
    let app = spawn_app().await;
    let yaml = openapi_yaml(&app).await;
    let operation = path_block(&yaml, "/metrics");
    for needle in [
        "operationId: metrics",
        "'200':",
        "application/json",
        "MetricsOutputBody",
        "text/plain",
        "application/openmetrics-text",
        "'401':",
        "WWW-Authenticate",
        "'403':",
    ] {
        assert!(
            operation.contains(needle),
            "{needle} missing from {operation}"
        );
    }
}

/// The request layer counts every request once, under the route's template (never the raw
/// path, so label cardinality stays bounded), concurrently from many tasks. Its cost is a
/// benchmark figure (`make bench`), not something a test asserts.
#[tokio::test]
async fn metrics_layer_counts_every_request_under_its_route_template() {
    use std::sync::Arc;

    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt;

    const TASKS: u64 = 8;
    const PER_TASK: u64 = 50;
    let metrics = Arc::new(cardsmith_core::metrics::Metrics::default());
    let router = axum::Router::<()>::new()
        .route("/api/cards/{slug}", axum::routing::get(|| async { "ok" }))
        .layer(cardsmith::request_metrics::Layer::new(metrics.clone()))
        .with_state(());
    let mut tasks = Vec::new();
    for t in 0..TASKS {
        let router = router.clone();
        tasks.push(tokio::spawn(async move {
            for i in 0..PER_TASK {
                let request = Request::get(format!("/api/cards/card-{t}-{i}"))
                    .body(Body::empty())
                    .unwrap();
                let response = router.clone().oneshot(request).await.unwrap();
                assert_eq!(response.status(), 200);
            }
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
    let series = metrics.http.snapshot();
    assert_eq!(series.len(), 1);
    assert_eq!(series[0].route, "/api/cards/{slug}");
    assert_eq!(series[0].histogram.count, TASKS * PER_TASK);
}
