//! The browser's typed client of the REST API (tracks, recordings, edits, jobs, publish, devices).
//!
//! Tracks, recordings and edits live behind REST endpoints (binary bodies, jobs, Range
//! requests) rather than server functions, so the browser calls them directly: same-origin
//! fetch sends the session cookie. Every failure becomes one readable sentence, taken from the
//! problem+json `detail` when the server sent one, so each caller only has to show a string.
//!
//! The functions exist on the server too (answering "browser only"), so components can call
//! them from event handlers and effects, which only ever run in the browser, without `cfg`.

// Some helpers serve only browser-side code (uploads, recording).
#![cfg_attr(not(feature = "hydrate"), allow(dead_code))]

use cardsmith_model::card::{CardDetailOut, TrackOut};
use cardsmith_model::job::{status, JobIDOutputBody, JobOut};
use cardsmith_model::Problem;
use leptos::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

use crate::api::UiError;

/// What a caller shows when the request never got an answer, in the page's language.
pub fn offline() -> String {
    tr!("library-offline")
}

/// [`offline`] for callers that write `OFFLINE.to_owned()` or `OFFLINE.to_string()`: the
/// sentence is a message now, read in the page's language when it is asked for.
pub const OFFLINE: Offline = Offline;

/// The stand-in for the sentence of [`OFFLINE`].
#[derive(Debug)]
pub struct Offline;

impl Offline {
    /// The sentence, in the page's language.
    pub fn to_owned(&self) -> String {
        offline()
    }
}

impl std::fmt::Display for Offline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&offline())
    }
}

/// The HTTP methods the track screens use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    Get,
    Post,
    Put,
    Patch,
    Delete,
}

/// `/api/cards/{card}/tracks/{track}` plus `rest` (e.g. `"/audio"`).
pub fn track_url(card: &str, track: &str, rest: &str) -> String {
    format!("/api/cards/{card}/tracks/{track}{rest}")
}

/// Posts a multipart form (same-origin, so the session cookie goes along); answers the
/// status and the body, or the offline sentence when nothing answered.
#[cfg(feature = "hydrate")]
pub async fn post_form(url: &str, form: web_sys::FormData) -> Result<(u16, String), String> {
    let response = gloo_net::http::Request::post(url)
        .body(form)
        .map_err(|e| e.to_string())?
        .send()
        .await
        .map_err(|_| offline())?;
    let status = response.status();
    Ok((status, response.text().await.unwrap_or_default()))
}

/// The file chosen in the file input `input`, if any.
#[cfg(feature = "hydrate")]
pub fn chosen_file(input: NodeRef<leptos::html::Input>) -> Option<web_sys::File> {
    input.get().and_then(|i| i.files()).and_then(|f| f.get(0))
}

/// A form holding `file` as its `file` part, for [`post_form`].
#[cfg(feature = "hydrate")]
pub fn file_form(file: &web_sys::File) -> Result<web_sys::FormData, String> {
    let cannot = |_| tr!("library-browser-cannot-send");
    let form = web_sys::FormData::new().map_err(cannot)?;
    form.append_with_blob_and_filename("file", file, &file.name())
        .map_err(cannot)?;
    Ok(form)
}

/// The sentence for a failed answer whose body is `body` (problem+json or anything else).
pub fn problem_text(status: u16, body: &str) -> String {
    match serde_json::from_str::<Problem>(body) {
        Ok(problem) => UiError::read(problem).to_string(),
        Err(_) => match status {
            413 => tr!("library-file-too-large"),
            415 => tr!("library-not-audio"),
            0 => offline(),
            _ => tr!("library-request-failed", status = status),
        },
    }
}

/// `GET url`, answered by JSON of type `O`.
pub async fn get<O: DeserializeOwned>(url: &str) -> Result<O, String> {
    parse(&browser::send(Verb::Get, url, None).await?)
}

/// `verb url` with the model input `body` as JSON, answered by JSON of type `O`. The body is a
/// typed input from `cardsmith_model`, so a renamed field fails `cargo check`, not a browser.
pub async fn send<I: Serialize + ?Sized, O: DeserializeOwned>(
    verb: Verb,
    url: &str,
    body: &I,
) -> Result<O, String> {
    parse(&browser::send(verb, url, Some(to_json(body)?)).await?)
}

/// `verb url` with the model input `body` as JSON, answered without a body (204).
pub async fn send_empty<I: Serialize + ?Sized>(
    verb: Verb,
    url: &str,
    body: &I,
) -> Result<(), String> {
    browser::send(verb, url, Some(to_json(body)?))
        .await
        .map(drop)
}

/// `verb url` without a body (e.g. `DELETE`, or a `POST` that takes none), answered by `O`.
pub async fn call<O: DeserializeOwned>(verb: Verb, url: &str) -> Result<O, String> {
    parse(&browser::send(verb, url, None).await?)
}

/// `verb url` without a body, answered without one (204).
pub async fn call_empty(verb: Verb, url: &str) -> Result<(), String> {
    browser::send(verb, url, None).await.map(drop)
}

/// `POST url` (with `body`, when given) asking for a job (`Prefer: respond-async`), for the
/// generating operations that may take long: waits for the job, showing its progress in
/// `progress`, and answers its result, which is the body the call answers without the
/// preference.
pub async fn post_as_job<I: Serialize + ?Sized, O: DeserializeOwned>(
    url: &str,
    body: Option<&I>,
    progress: RwSignal<Option<f64>>,
) -> Result<O, String> {
    let body = body.map(to_json).transpose()?;
    let text = browser::send_with(Verb::Post, url, body, &[("prefer", "respond-async")]).await?;
    let queued: JobIDOutputBody = parse(&text)?;
    let job = wait_for_job(&queued.job_id, progress).await?;
    parse(job.result.as_deref().unwrap_or_default())
}

fn to_json<I: Serialize + ?Sized>(body: &I) -> Result<Value, String> {
    serde_json::to_value(body)
        .map_err(|e| tr!("library-request-not-written", error = e.to_string()))
}

fn parse<O: DeserializeOwned>(text: &str) -> Result<O, String> {
    // A 204 or empty answer reads as `null`, so `O = ()` works for callers that ignore it.
    let text = if text.trim().is_empty() { "null" } else { text };
    serde_json::from_str(text)
        .map_err(|e| tr!("library-answer-not-understood", error = e.to_string()))
}

/// The card's playable tracks, in order.
pub async fn card_tracks(card: &str) -> Result<Vec<TrackOut>, String> {
    let detail: CardDetailOut = get(&format!("/api/cards/{card}")).await?;
    Ok(detail.tracks.unwrap_or_default())
}

/// Waits `ms` milliseconds without blocking the page.
pub async fn sleep(ms: i32) {
    browser::sleep(ms).await
}

/// A `datetime-local` value ("2026-12-25T07:00", the browser's time zone) as RFC 3339 UTC,
/// which is what the API takes; `None` when it is not a time.
pub fn local_time_to_rfc3339(local: &str) -> Option<String> {
    browser::local_time_to_rfc3339(local)
}

/// Polls job `id` until it settles, reporting its progress (0..1) to `progress` on the way.
/// Answers the finished job, or why it failed. A few lost answers in a row are tolerated: the
/// job keeps running on the server whether or not this page hears about it.
pub async fn wait_for_job(id: &str, progress: RwSignal<Option<f64>>) -> Result<JobOut, String> {
    let url = format!("/api/jobs/{id}");
    let mut misses = 0;
    loop {
        match get::<JobOut>(&url).await {
            Ok(job) => {
                misses = 0;
                progress.set(Some(job.progress.clamp(0.0, 1.0)));
                match job.status.as_str() {
                    status::SUCCEEDED => return Ok(job),
                    status::FAILED | status::CANCELLED => {
                        return Err(job.error.unwrap_or_else(|| tr!("library-job-not-finished")))
                    }
                    _ => {}
                }
            }
            Err(e) if misses >= 5 => return Err(e),
            Err(_) => misses += 1,
        }
        sleep(700).await;
    }
}

#[cfg(feature = "hydrate")]
mod browser {
    use gloo_net::http::{Method, RequestBuilder};
    use leptos::prelude::window;
    use serde_json::Value;

    use super::{offline, problem_text, Verb};

    /// Sends the request; answers the body of a 2xx answer, or the problem's sentence.
    pub async fn send(verb: Verb, url: &str, body: Option<Value>) -> Result<String, String> {
        send_with(verb, url, body, &[]).await
    }

    /// [`send`] with extra request headers.
    pub async fn send_with(
        verb: Verb,
        url: &str,
        body: Option<Value>,
        headers: &[(&str, &str)],
    ) -> Result<String, String> {
        let method = match verb {
            Verb::Get => Method::GET,
            Verb::Post => Method::POST,
            Verb::Put => Method::PUT,
            Verb::Patch => Method::PATCH,
            Verb::Delete => Method::DELETE,
        };
        let mut request = RequestBuilder::new(url).method(method);
        for (name, value) in headers {
            request = request.header(name, value);
        }
        let request = match body {
            Some(body) => request.json(&body),
            None => request.build(),
        }
        .map_err(|e| e.to_string())?;
        let response = request.send().await.map_err(|_| offline())?;
        let text = response.text().await.unwrap_or_default();
        if response.ok() {
            Ok(text)
        } else {
            Err(problem_text(response.status(), &text))
        }
    }

    pub fn local_time_to_rfc3339(local: &str) -> Option<String> {
        let date = web_sys::js_sys::Date::new(&local.into());
        (!date.get_time().is_nan()).then(|| String::from(date.to_iso_string()))
    }

    pub async fn sleep(ms: i32) {
        let promise = web_sys::js_sys::Promise::new(&mut |resolve, _| {
            let _ = window().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
        });
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    }
}

#[cfg(not(feature = "hydrate"))]
mod browser {
    use serde_json::Value;

    use super::Verb;

    pub async fn send(_: Verb, _: &str, _: Option<Value>) -> Result<String, String> {
        Err(tr!("library-browser-only"))
    }

    pub async fn send_with(
        verb: Verb,
        url: &str,
        body: Option<Value>,
        _: &[(&str, &str)],
    ) -> Result<String, String> {
        send(verb, url, body).await
    }

    pub async fn sleep(_: i32) {}

    pub fn local_time_to_rfc3339(_: &str) -> Option<String> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_read_as_sentences() {
        let body = r#"{"type":"/problems/unsupported","title":"Unsupported Media Type","status":415,"detail":"not audio"}"#;
        assert_eq!(problem_text(415, body), "Not audio");
        let page = "<html>";
        assert!(problem_text(415, page).contains("not an audio file"));
        assert!(problem_text(413, "").contains("larger"));
    }
}
