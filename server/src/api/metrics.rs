//! `GET /metrics` (also served at `/metrics` outside `/api`, where Prometheus looks by
//! default): the spec's JSON, or Prometheus text when the client asks for it.

use axum::extract::{FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use cardsmith_core::metrics::{self, Credentials, Format, MetricsToken, Reader};
use cardsmith_core::Core;
use cardsmith_model::metrics::MetricsOutputBody;
use cardsmith_model::Problem;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::problem::responses::Forbidden;
use crate::problem::{ApiError, ApiResult};
use crate::session;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(metrics))
}

/// The `metrics_token` core setting from `--metrics-token`; a blank value configures none
/// (said in the log, since the operator meant something).
pub fn token_setting(configured: Option<&str>) -> Option<MetricsToken> {
    let configured = configured?;
    let token = MetricsToken::new(configured);
    if token.is_none() {
        tracing::warn!("CARDSMITH_METRICS_TOKEN is blank: bearer access to /metrics stays off");
    }
    token
}

/// A caller allowed to read the metrics. Checked before anything else is looked at: a
/// present `Authorization` header must be `Bearer <metrics token>` (401 otherwise, and when
/// no token is configured); without one, the session must be an admin's (401 without a
/// session, 403 for other users).
pub struct MetricsCaller(Reader);

impl FromRequestParts<AppState> for MetricsCaller {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        let credentials = match parts.headers.get(header::AUTHORIZATION) {
            // a value that is not text cannot be our token; still a presented credential
            Some(value) => Credentials::Authorization(value.to_str().unwrap_or_default()),
            None => Credentials::Session(session::token(&parts.headers, &state.core)),
        };
        match metrics::authorize(&state.core, credentials).await {
            Ok(reader) => Ok(MetricsCaller(reader)),
            Err(e) => {
                let mut response = ApiError::from(e).into_response();
                if response.status() == StatusCode::UNAUTHORIZED {
                    // RFC 6750: say which scheme would do (browsers show no dialog for Bearer)
                    response.headers_mut().insert(
                        header::WWW_AUTHENTICATE,
                        HeaderValue::from_static("Bearer realm=\"cardsmith-metrics\""),
                    );
                }
                Err(response)
            }
        }
    }
}

/// The instance's counts (the spec's `cards`, `collections`, `jobs`, `users`, with the same
/// inner objects as `GET /admin/health`) plus this process's figures: tracks, the database
/// connection pool, platform calls by outcome, requests answered and uptime.
///
/// **Who may read it**: an admin session, or `Authorization: Bearer <token>` with the token
/// the server was started with (`--metrics-token` / `CARDSMITH_METRICS_TOKEN`; compared in
/// constant time). Without a configured token, bearer access is refused. Any
/// `Authorization` header other than the right bearer token is a 401 (with
/// `WWW-Authenticate: Bearer`), even beside a session cookie; a signed-in non-admin gets 403.
///
/// **Formats** (by `Accept`; anything else, or none, gets JSON): `text/plain` gets the
/// Prometheus text exposition format 0.0.4, `application/openmetrics-text` gets OpenMetrics
/// 1.0 (ending with `# EOF`). The text formats add per-route request counts and latency
/// histograms (`cardsmith_http_requests_total`, `cardsmith_http_request_duration_seconds`,
/// labelled by route template, method and status class), job runs and their durations by
/// kind and outcome, platform calls by host and outcome, the connection pool, and every
/// count of the JSON body as a gauge. Counters are per process and start at zero with it.
#[utoipa::path(get, path = "/metrics", tag = "admin", operation_id = "metrics",
    responses(
        (status = 200, description = "The figures, in the format `Accept` asked for", content(
            (MetricsOutputBody = "application/json"),
            (String = "text/plain", example = "# HELP cardsmith_cards Cards.\n# TYPE cardsmith_cards gauge\ncardsmith_cards 12\n"),
            (String = "application/openmetrics-text", example = "# HELP cardsmith_cards Cards.\n# TYPE cardsmith_cards gauge\ncardsmith_cards 12\n# EOF\n"),
        )),
        (status = 401, description = "No admin session and no valid `Authorization: Bearer <metrics token>`; any other `Authorization` header, or a bearer token when none is configured",
            body = Problem, content_type = "application/problem+json",
            headers(("WWW-Authenticate" = String, description = "`Bearer realm=\"cardsmith-metrics\"`"))),
        Forbidden,
    ))]
pub async fn metrics(
    State(core): State<Core>,
    MetricsCaller(reader): MetricsCaller,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let accept = headers.get(header::ACCEPT).and_then(|v| v.to_str().ok());
    let format = Format::negotiate(accept);
    let mut response = match format {
        Format::Json => {
            Json::<MetricsOutputBody>(metrics::figures(&core, &reader).await?).into_response()
        }
        text => (
            [(header::CONTENT_TYPE, text.content_type())],
            metrics::exposition(&core, &reader, text).await?,
        )
            .into_response(),
    };
    let headers = response.headers_mut();
    // the answer depends on Accept, and figures are never worth caching
    headers.insert(header::VARY, HeaderValue::from_static("accept"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}
