//! HTTP request counts and latencies by route template, method and status class.
//!
//! Labels stay bounded: the route is the router's template (`/api/cards/{slug}`), never the
//! path a client typed, and everything no route matched shares one label ([`UNMATCHED`]).
//! Methods outside the usual seven read `other`, statuses are reduced to their class.
//!
//! The request path does not lock: the middleware keeps the [`RouteSeries`] of its route
//! (it is built once per route) and records into per-(method, class) histograms that are
//! created once, on first use, through a `OnceLock`. The registry's lock is taken only the
//! first time a route is seen and when the figures are read.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};
use std::time::Duration;

use super::histogram::{Histogram, HistogramSnapshot, HTTP_BOUNDS};

/// The route label of requests no route matched (unknown paths, static files, fallbacks).
pub const UNMATCHED: &str = "unmatched";
/// The `method` label values, in exposition order.
pub const METHODS: [&str; 8] = [
    "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "other",
];
/// The `status` label values, in exposition order.
pub const CLASSES: [&str; 5] = ["1xx", "2xx", "3xx", "4xx", "5xx"];
/// Routes beyond this many share [`UNMATCHED`]: a guard, since templates come from the router
/// (a fixed set), never from clients.
const MAX_ROUTES: usize = 1000;

/// Every route's series, for the middleware and the exposition.
pub struct HttpMetrics {
    routes: RwLock<HashMap<Box<str>, Arc<RouteSeries>>>,
    unmatched: Arc<RouteSeries>,
}

/// One route template's histograms, one per method and status class that occurred.
pub struct RouteSeries {
    route: Box<str>,
    cells: [OnceLock<Histogram>; METHODS.len() * CLASSES.len()],
}

/// One (route, method, class) series, read for the exposition.
pub struct Series {
    pub route: String,
    pub method: &'static str,
    pub class: &'static str,
    pub histogram: HistogramSnapshot,
}

impl Default for HttpMetrics {
    fn default() -> Self {
        Self {
            routes: RwLock::default(),
            unmatched: Arc::new(RouteSeries::new(UNMATCHED)),
        }
    }
}

impl HttpMetrics {
    /// The series of `template` (a route as the router declares it), registered on first use.
    pub fn route(&self, template: &str) -> Arc<RouteSeries> {
        if let Some(series) = self.read().get(template) {
            return series.clone();
        }
        let mut routes = self.routes.write().unwrap_or_else(|p| p.into_inner());
        if routes.len() >= MAX_ROUTES && !routes.contains_key(template) {
            return self.unmatched.clone();
        }
        routes
            .entry(template.into())
            .or_insert_with(|| Arc::new(RouteSeries::new(template)))
            .clone()
    }

    /// The series of requests no route matched.
    pub fn unmatched(&self) -> Arc<RouteSeries> {
        self.unmatched.clone()
    }

    /// Requests answered so far, every route together.
    pub fn total(&self) -> u64 {
        let routes = self.read();
        std::iter::once(&self.unmatched)
            .chain(routes.values())
            .flat_map(|series| series.cells.iter())
            .filter_map(OnceLock::get)
            .map(Histogram::count)
            .sum()
    }

    /// Every series that has seen a request, sorted by route, then method and class, so the
    /// exposition is stable from one scrape to the next.
    pub fn snapshot(&self) -> Vec<Series> {
        let routes = self.read();
        let mut all: Vec<&Arc<RouteSeries>> = routes.values().collect();
        all.sort_by(|a, b| a.route.cmp(&b.route));
        all.push(&self.unmatched);
        all.iter()
            .flat_map(|series| {
                series
                    .cells
                    .iter()
                    .enumerate()
                    .filter_map(|(i, cell)| {
                        cell.get().map(|h| Series {
                            route: series.route.to_string(),
                            method: METHODS[i / CLASSES.len()],
                            class: CLASSES[i % CLASSES.len()],
                            histogram: h.snapshot(),
                        })
                    })
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, HashMap<Box<str>, Arc<RouteSeries>>> {
        self.routes.read().unwrap_or_else(|p| p.into_inner())
    }
}

impl RouteSeries {
    fn new(route: &str) -> Self {
        Self {
            route: route.into(),
            cells: std::array::from_fn(|_| OnceLock::new()),
        }
    }

    /// The template this series counts.
    pub fn route(&self) -> &str {
        &self.route
    }

    /// Records one answered request.
    pub fn observe(&self, method: &str, status: u16, elapsed: Duration) {
        let method = METHODS[..METHODS.len() - 1]
            .iter()
            .position(|m| *m == method)
            .unwrap_or(METHODS.len() - 1);
        let class = usize::from(status / 100).clamp(1, CLASSES.len()) - 1;
        self.cells[method * CLASSES.len() + class]
            .get_or_init(|| Histogram::new(HTTP_BOUNDS))
            .observe(elapsed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn series_are_kept_per_template_method_and_class() {
        let metrics = HttpMetrics::default();
        let cards = metrics.route("/api/cards/{slug}");
        assert!(Arc::ptr_eq(&cards, &metrics.route("/api/cards/{slug}")));
        cards.observe("GET", 200, Duration::from_millis(3));
        cards.observe("GET", 204, Duration::from_millis(3));
        cards.observe("GET", 404, Duration::from_millis(3));
        cards.observe("BREW", 599, Duration::from_millis(3));
        metrics
            .unmatched()
            .observe("GET", 404, Duration::from_millis(1));
        let all = metrics.snapshot();
        let seen: Vec<(&str, &str, &str, u64)> = all
            .iter()
            .map(|s| (s.route.as_str(), s.method, s.class, s.histogram.count))
            .collect();
        assert_eq!(
            seen,
            [
                ("/api/cards/{slug}", "GET", "2xx", 2),
                ("/api/cards/{slug}", "GET", "4xx", 1),
                ("/api/cards/{slug}", "other", "5xx", 1),
                (UNMATCHED, "GET", "4xx", 1),
            ]
        );
        assert_eq!(metrics.total(), 5);
    }
}
