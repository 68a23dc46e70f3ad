//! What a voice picker does in the browser: fetch a preview's audio (a binary answer, which
//! `rest` does not read) and hand it to an `<audio>` element as an object URL, and read the
//! browser's languages. On the server a stand-in with the same names, so the view needs no
//! `cfg`.

#[cfg(feature = "hydrate")]
pub use live::*;
#[cfg(not(feature = "hydrate"))]
pub use stand_in::*;

#[cfg(feature = "hydrate")]
mod live {
    use cardsmith_model::tts::TtsPreviewInput;
    use gloo_net::http::RequestBuilder;
    use web_sys::wasm_bindgen::JsCast;

    use crate::api::rest::{problem_text, OFFLINE};

    /// Speaks `input` on the server and answers an object URL of the audio (release it with
    /// [`release`]), or the sentence saying why not.
    pub async fn preview_url(input: &TtsPreviewInput) -> Result<String, String> {
        let response = RequestBuilder::new("/api/tts/preview")
            .method(gloo_net::http::Method::POST)
            .json(input)
            .map_err(|e| e.to_string())?
            .send()
            .await
            .map_err(|_| OFFLINE.to_owned())?;
        if !response.ok() {
            let text = response.text().await.unwrap_or_default();
            return Err(problem_text(response.status(), &text));
        }
        let raw: web_sys::Response = response.into();
        let promise = raw.blob().map_err(|_| tr!("rec-voice-audio-unreadable"))?;
        let blob: web_sys::Blob = wasm_bindgen_futures::JsFuture::from(promise)
            .await
            .map_err(|_| OFFLINE.to_owned())?
            .unchecked_into();
        web_sys::Url::create_object_url_with_blob(&blob)
            .map_err(|_| tr!("rec-voice-audio-unplayable"))
    }

    /// Frees the audio behind an object URL made by [`preview_url`].
    pub fn release(url: &str) {
        let _ = web_sys::Url::revoke_object_url(url);
    }

    /// The languages the browser asks pages for, most wanted first (`navigator.languages`).
    pub fn languages() -> Vec<String> {
        let Some(window) = web_sys::window() else {
            return Vec::new();
        };
        window
            .navigator()
            .languages()
            .iter()
            .filter_map(|l| l.as_string())
            .collect()
    }
}

#[cfg(not(feature = "hydrate"))]
mod stand_in {
    use cardsmith_model::tts::TtsPreviewInput;

    pub async fn preview_url(_: &TtsPreviewInput) -> Result<String, String> {
        Err(tr!("rec-voice-browser-only"))
    }

    pub fn release(_: &str) {}

    pub fn languages() -> Vec<String> {
        Vec::new()
    }
}
