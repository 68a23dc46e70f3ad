//! Listening back to a take before it is kept: the chunks held in the browser, in order, make
//! one file of the recorder's format, played from an object URL (released when the review
//! ends, so a long take's copy does not stay in memory).

use web_sys::js_sys::Array;
use web_sys::wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, HtmlMediaElement, Url};

/// Marks an `<audio>` that was sent to its end only to learn its duration.
const FINDING_END: &str = "data-finding-end";

/// An object URL of the take made of `chunks` (release it with [`release`]), or the sentence
/// saying why it cannot be played.
pub fn take_url<'a>(chunks: impl Iterator<Item = &'a Blob>, mime: &str) -> Result<String, String> {
    let parts: Array = chunks.collect();
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    Blob::new_with_blob_sequence_and_options(&parts, &options)
        .and_then(|take| Url::create_object_url_with_blob(&take))
        .map_err(|_| tr!("rec-error-play-back"))
}

pub fn release(url: &str) {
    let _ = Url::revoke_object_url(url);
}

fn audio_of(ev: &web_sys::Event) -> Option<HtmlMediaElement> {
    ev.target()?.dyn_into().ok()
}

/// On `loadedmetadata`: Chromium writes a recording's WebM without its duration, so the player
/// shows no length and its bar cannot seek. Asking for a time far past the end makes the
/// browser read the file to its real end; [`rewind`] then goes back to the start.
pub fn find_duration(ev: web_sys::Event) {
    let Some(audio) = audio_of(&ev) else {
        return;
    };
    if audio.duration().is_infinite() {
        let _ = audio.set_attribute(FINDING_END, "");
        audio.set_current_time(1e101);
    }
}

/// On `timeupdate`: once the end was found, back to the start, ready to play.
pub fn rewind(ev: web_sys::Event) {
    let Some(audio) = audio_of(&ev) else {
        return;
    };
    if audio.has_attribute(FINDING_END) && audio.duration().is_finite() {
        let _ = audio.remove_attribute(FINDING_END);
        audio.set_current_time(0.0);
    }
}
