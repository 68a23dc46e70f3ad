//! Image upload by drag-and-drop or file picker (the shared `FileDrop` zone), straight to a
//! REST endpoint.
//!
//! Server functions carry form fields; the REST API already takes `multipart/form-data` with
//! the session cookie, so the browser posts the file there with fetch and reads the
//! problem+json answer on failure. Type and size are checked first, so a 40 MB photo fails at
//! once rather than after a long upload.

// Uploading happens only in the browser: on the server the checks and state go unused.
#![cfg_attr(not(feature = "hydrate"), allow(dead_code))]

use leptos::prelude::*;

use crate::components::file_drop::{FileDrop, Files};
use crate::components::form::ErrorAlert;

/// Largest image the browser sends; the server enforces its own limit too.
pub const MAX_IMAGE_BYTES: f64 = 10.0 * 1024.0 * 1024.0;
/// Image types the server decodes.
pub const IMAGE_TYPES: [&str; 4] = ["image/jpeg", "image/png", "image/webp", "image/gif"];
const ACCEPT: &str = "image/jpeg,image/png,image/webp,image/gif";

/// Why a file of MIME type `kind` and `size` bytes is not worth uploading, if it is not.
pub fn image_problem(kind: &str, size: f64) -> Option<String> {
    if !IMAGE_TYPES.contains(&kind) {
        Some(tr!("library-image-wrong-type"))
    } else if size <= 0.0 {
        Some(tr!("library-image-empty"))
    } else if size > MAX_IMAGE_BYTES {
        let mib = size / 1024.0 / 1024.0;
        let locale = crate::i18n::locale();
        Some(tr!(
            "library-image-too-large",
            size = cardsmith_i18n::decimal(locale, mib, 1)
        ))
    } else {
        None
    }
}

/// The state of one zone, `Copy` so every event handler can hold it.
#[derive(Clone, Copy)]
struct Upload {
    url: StoredValue<String>,
    version: RwSignal<Option<String>>,
    busy: RwSignal<bool>,
    error: RwSignal<Option<String>>,
    on_uploaded: Option<Callback<String>>,
}

impl Upload {
    /// Checks and sends `file`; on success the preview switches to a fresh `?v=` URL.
    #[cfg(feature = "hydrate")]
    fn start(self, file: web_sys::File) {
        if self.busy.get_untracked() {
            return;
        }
        if let Some(problem) = image_problem(&file.type_(), file.size()) {
            self.error.set(Some(problem));
            return;
        }
        self.error.set(None);
        self.busy.set(true);
        leptos::task::spawn_local(async move {
            let sent = browser::post_image(&self.url.get_value(), &file).await;
            self.busy.set(false);
            match sent {
                Ok(()) => {
                    // The endpoint answers 204 without the hash; a timestamp busts the cache.
                    let stamp = format!("{}", web_sys::js_sys::Date::now() as u64);
                    self.version.set(Some(stamp.clone()));
                    if let Some(done) = self.on_uploaded {
                        done.run(stamp);
                    }
                }
                Err(message) => self.error.set(Some(message)),
            }
        });
    }
}

/// A titled image with, for editors, a drop zone that also opens the file picker.
///
/// The group is named by its visible heading (`label`), and the file input inside it is named
/// by the zone's own text, so "Front cover" names exactly one element on the page.
#[component]
pub fn ImageDropZone(
    /// Heading and accessible name, e.g. "Front cover".
    #[prop(into)]
    label: String,
    /// Id of the file input, unique on the page.
    id: &'static str,
    /// The image's address: GET shows it, POST replaces it.
    url: String,
    /// Content hash of the current image; `None` while there is none. When it changes (a
    /// generated cover was accepted elsewhere on the page), the zone shows the new image.
    #[prop(into)]
    hash: Signal<Option<String>>,
    /// Whether the caller may replace it. Viewers get the image and no zone at all.
    editable: bool,
    /// Aspect-ratio class of the preview.
    #[prop(default = "aspect-[54/85.6]")]
    shape: &'static str,
    /// Told the new version after a successful upload.
    #[prop(optional)]
    on_uploaded: Option<Callback<String>>,
) -> impl IntoView {
    let sep = if url.contains('?') { '&' } else { '?' };
    let upload = Upload {
        url: StoredValue::new(url.clone()),
        version: RwSignal::new(hash.get_untracked()),
        busy: RwSignal::new(false),
        error: RwSignal::new(None),
        on_uploaded,
    };
    Effect::new(move |_| upload.version.set(hash.get()));
    let src = move || upload.version.get().map(|v| format!("{url}{sep}v={v}"));
    let heading_id = format!("{id}-heading");
    let labelled_by = heading_id.clone();
    let preview = move || {
        match src() {
        Some(src) => view! { <img src=src alt=tr!("library-current-image") class="h-full w-full object-cover"/> }.into_any(),
        None => view! {
            <span class="flex h-full w-full items-center justify-center p-3 text-center text-sm text-slate-500">{tr!("library-no-image")}</span>
        }
        .into_any(),
    }
    };
    // A block <span>, not a <div>: it sits inside the zone's <label>, which takes phrasing
    // content only.
    let frame = format!("block {shape} w-full overflow-hidden rounded-xl bg-slate-100");
    view! {
        <div role="group" aria-labelledby=labelled_by class="space-y-2">
            <h3 id=heading_id class="text-sm font-medium text-slate-700">{label}</h3>
            {if editable {
                view! { <DropArea id frame upload preview/> }.into_any()
            } else {
                view! { <span class=frame>{preview}</span> }.into_any()
            }}
            <ErrorAlert message=upload.error inline=true/>
        </div>
    }
}

/// The zone of an editable image: its preview, what to do and the upload's progress.
#[component]
fn DropArea<P, V>(id: &'static str, frame: String, upload: Upload, preview: P) -> impl IntoView
where
    P: Fn() -> V + Send + Sync + 'static,
    V: IntoView + 'static,
{
    let on_files = Callback::new(move |files: Files| {
        #[cfg(feature = "hydrate")]
        if let Some(file) = files.get(0) {
            upload.start(file);
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (files, upload);
    });
    view! {
        <FileDrop id accept=ACCEPT input_label=tr!("library-choose-image") busy=upload.busy
            class="space-y-2 p-2" on_files>
            <span class=frame>{preview}</span>
            <span class="block text-center text-sm font-medium text-indigo-700">
                {move || if upload.busy.get() { tr!("library-uploading") } else { tr!("library-drop-image") }}
            </span>
            <Show when=move || upload.busy.get()>
                <span class="block h-1.5 w-full overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                    <span class="block h-full w-1/2 animate-pulse rounded-full bg-indigo-500"></span>
                </span>
            </Show>
            <span id=format!("{id}-hint") class="block text-center text-xs text-slate-500">{tr!("library-image-hint")}</span>
        </FileDrop>
    }
}

#[cfg(feature = "hydrate")]
mod browser {
    use cardsmith_model::Problem;

    use crate::api::UiError;

    /// Posts `file` as the multipart field `file`. Same-origin fetch sends the session cookie.
    pub async fn post_image(url: &str, file: &web_sys::File) -> Result<(), String> {
        let form = web_sys::FormData::new().map_err(|_| tr!("library-browser-cannot-send"))?;
        form.append_with_blob_and_filename("file", file, &file.name())
            .map_err(|_| tr!("library-browser-cannot-send"))?;
        let (status, body) = crate::api::rest::post_form(url, form).await?;
        if (200..300).contains(&status) {
            return Ok(());
        }
        Err(match serde_json::from_str::<Problem>(&body) {
            Ok(problem) => UiError::read(problem).to_string(),
            Err(_) if status == 413 => tr!("library-image-larger-than-server"),
            Err(_) => tr!("library-upload-failed", status = status),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_type_and_size_before_sending() {
        assert_eq!(image_problem("image/png", 1000.0), None);
        assert!(image_problem("image/svg+xml", 1000.0).is_some());
        assert!(image_problem("", 1000.0).is_some());
        assert!(image_problem("image/jpeg", 0.0).is_some());
        assert_eq!(image_problem("image/webp", MAX_IMAGE_BYTES), None);
        let too_big = image_problem("image/gif", MAX_IMAGE_BYTES + 1.0).unwrap();
        assert!(too_big.contains("10 MB"), "{too_big}");
    }
}

/// The accessible structure browser tests rely on, checked on the server-rendered HTML.
#[cfg(all(test, feature = "ssr"))]
mod render {
    use super::*;

    fn html(editable: bool) -> String {
        let owner = Owner::new();
        owner.set();
        view! {
            <ImageDropZone label={String::from("Front cover")} id="front" url="/api/cards/x/cover?side=front".to_owned()
                hash=Some("abc".to_owned()) editable/>
        }
        .to_html()
    }

    /// Fails, showing the whole markup, when `html` lacks `part`.
    fn holds(html: &str, part: &str) {
        assert!(html.contains(part), "no {part:?} in {html}");
    }

    #[test]
    fn the_zone_is_named_once_and_holds_the_file_input() {
        let html = html(true);
        holds(&html, r#"role="group" aria-labelledby="front-heading""#);
        holds(&html, r#"<h3 id="front-heading""#);
        holds(&html, r#"type="file""#);
        // The input has a name of its own, so "Front cover" matches only the group.
        holds(&html, r#"aria-label="Choose an image file""#);
        holds(&html, "/api/cards/x/cover?side=front&amp;v=abc");
    }

    #[test]
    fn read_only_zones_have_no_input() {
        let html = html(false);
        holds(&html, "Front cover");
        assert!(!html.contains("<input"), "no input expected in {html}");
    }
}
