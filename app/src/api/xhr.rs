//! Sending a multipart form with upload progress: `fetch` reports none, so files go with
//! `XMLHttpRequest`, its load/error/abort events settling a promise the caller awaits.

use leptos::prelude::*;
use leptos::wasm_bindgen::closure::Closure;
use leptos::wasm_bindgen::JsCast;
use web_sys::{FormData, ProgressEvent, XmlHttpRequest};

/// How a send ended without an answer to read.
#[derive(Debug, Clone, PartialEq)]
pub enum Sent {
    /// The server answered `status` with `body`.
    Answered(u16, String),
    /// No answer: the connection was lost (or never made).
    Offline,
}

/// Posts `form` to `url`, reporting 0..1 of the bytes sent to `progress`.
pub async fn post_form(url: &str, form: &FormData, progress: impl Fn(f64) + 'static) -> Sent {
    let Ok(xhr) = XmlHttpRequest::new() else {
        return Sent::Offline;
    };
    if xhr.open("POST", url).is_err() {
        return Sent::Offline;
    }
    let on_progress = Closure::<dyn FnMut(ProgressEvent)>::new(move |e: ProgressEvent| {
        if e.length_computable() && e.total() > 0.0 {
            progress(e.loaded() / e.total());
        }
    });
    if let Ok(upload) = xhr.upload() {
        upload.set_onprogress(Some(on_progress.as_ref().unchecked_ref()));
    }
    let settled = web_sys::js_sys::Promise::new(&mut |resolve, reject| {
        xhr.set_onload(Some(&resolve));
        xhr.set_onerror(Some(&reject));
        xhr.set_onabort(Some(&reject));
    });
    if xhr.send_with_opt_form_data(Some(form)).is_err() {
        return Sent::Offline;
    }
    let answered = wasm_bindgen_futures::JsFuture::from(settled).await;
    drop(on_progress);
    if answered.is_err() {
        return Sent::Offline;
    }
    let status = xhr.status().unwrap_or(0);
    let body = xhr.response_text().ok().flatten().unwrap_or_default();
    if status == 0 {
        Sent::Offline
    } else {
        Sent::Answered(status, body)
    }
}

/// [`post_form`] read as JSON: the answer, or what to show (the problem's detail, or that
/// the connection was lost).
pub async fn post_form_json<O: serde::de::DeserializeOwned>(
    url: &str,
    form: &FormData,
    progress: RwSignal<f64>,
) -> Result<O, String> {
    match post_form(url, form, move |p| progress.set(p)).await {
        Sent::Offline => Err(super::rest::OFFLINE.to_owned()),
        Sent::Answered(status, body) if (200..300).contains(&status) => {
            progress.set(1.0);
            serde_json::from_str(&body)
                .map_err(|e| tr!("card-upload-unreadable", error = e.to_string()))
        }
        Sent::Answered(status, body) => Err(super::rest::problem_text(status, &body)),
    }
}
