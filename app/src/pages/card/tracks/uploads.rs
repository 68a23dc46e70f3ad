//! Adding tracks: audio files (several at once, by picker or drop, each with its own progress
//! bar and error) and streams.
//!
//! Files go to `POST /api/cards/{slug}/tracks` one after another, in the order chosen, so the
//! new tracks land in that order. Each is titled after its file name, without the track
//! number a ripper put in front ("01 The Cave" → "The Cave") unless the parent says to keep
//! it: chapters are numbered by their place on the card. They are sent with `XMLHttpRequest`, because fetch reports
//! no upload progress; the server decides what is audio (415) and how much is too much (413).

// Uploading happens only in the browser: on the server the queue goes unused.
#![cfg_attr(not(feature = "hydrate"), allow(dead_code))]

use cardsmith_model::card::TrackOut;
use cardsmith_model::titles::{title_from_filename, without_track_number};
use cardsmith_model::track::StreamTrackInput;
use cardsmith_model::FieldError;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::Tracks;
use crate::api::rest::{self, Verb};
use crate::components::file_drop::{FileDrop, Files};
use crate::components::form::{CheckField, ErrorAlert, Feedback, SubmitButton, TextField, Tone};
use crate::components::layout::{human_bytes, BUTTON};

/// One chosen file on its way to the server.
#[derive(Clone)]
struct Item {
    key: u32,
    name: String,
    size: f64,
    /// 0..1 of the bytes sent.
    progress: RwSignal<f64>,
    /// The new track's title, or why the file was refused.
    outcome: RwSignal<Option<Result<String, String>>>,
}

/// The files chosen so far and the ones still to send (browser objects stay in the browser).
#[derive(Clone, Copy)]
struct Queue {
    items: RwSignal<Vec<Item>>,
    next_key: StoredValue<u32>,
    #[cfg(feature = "hydrate")]
    waiting: StoredValue<std::collections::VecDeque<(u32, web_sys::File)>, LocalStorage>,
    sending: StoredValue<bool>,
    /// Whether titles drop the file name's leading track number.
    drop_numbers: RwSignal<bool>,
}

impl Queue {
    fn new() -> Self {
        Self {
            items: RwSignal::new(Vec::new()),
            next_key: StoredValue::new(0),
            #[cfg(feature = "hydrate")]
            waiting: StoredValue::new_local(Default::default()),
            sending: StoredValue::new(false),
            drop_numbers: RwSignal::new(true),
        }
    }

    /// The title a file named `name` is given.
    fn title_of(self, name: &str) -> String {
        chapter_title(name, self.drop_numbers.get_untracked())
    }

    /// Queues every file of `files` and starts sending if nothing is being sent.
    #[cfg(feature = "hydrate")]
    fn add(self, files: web_sys::FileList, tracks: Tracks) {
        for file in (0..files.length()).filter_map(|i| files.get(i)) {
            let key = self.next_key.get_value();
            self.next_key.set_value(key + 1);
            self.items.update(|items| {
                items.push(Item {
                    key,
                    name: file.name(),
                    size: file.size(),
                    progress: RwSignal::new(0.0),
                    outcome: RwSignal::new(None),
                })
            });
            self.waiting.update_value(|w| w.push_back((key, file)));
        }
        if !self.sending.get_value() {
            self.sending.set_value(true);
            spawn_local(self.send_all(tracks));
        }
    }

    #[cfg(feature = "hydrate")]
    async fn send_all(self, tracks: Tracks) {
        let url = format!("/api/cards/{}/tracks", tracks.card_slug());
        while let Some((key, file)) = self.waiting.try_update_value(|w| w.pop_front()).flatten() {
            let Some(item) = self
                .items
                .with_untracked(|i| i.iter().find(|i| i.key == key).cloned())
            else {
                continue;
            };
            let title = self.title_of(&item.name);
            let sent = xhr::upload(&url, &file, &title, item.progress).await;
            item.outcome.set(Some(sent.map(|track| {
                let title = track.title.clone();
                tracks.upsert(track);
                title
            })));
        }
        self.sending.set_value(false);
    }

    fn clear_finished(self) {
        self.items
            .update(|items| items.retain(|i| i.outcome.get_untracked().is_none()));
    }
}

/// The drop zone for audio files, with the upload list.
#[component]
pub fn AudioDrop() -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let queue = Queue::new();
    let on_files = Callback::new(move |files: Files| {
        #[cfg(feature = "hydrate")]
        queue.add(files, tracks);
        #[cfg(not(feature = "hydrate"))]
        let _ = (files, tracks);
    });
    let finished = move || {
        queue
            .items
            .with(|i| i.iter().any(|i| i.outcome.get().is_some()))
    };
    view! {
        <FileDrop id="track_files" accept="audio/*" input_label=tr!("card-upload-choose") multiple=true
            class="p-5 text-center" on_files>
            <span class="block font-medium text-indigo-700">{tr!("card-upload-drop")}</span>
            <span id="track_files-hint" class="mt-1 block text-xs text-slate-500">
                {tr!("card-upload-hint")}
            </span>
        </FileDrop>
        <CheckField id="drop_track_numbers" label=tr!("card-drop-numbers")
            checked=queue.drop_numbers hint=tr!("card-drop-numbers-hint")/>
        <Show when=move || queue.items.with(|i| !i.is_empty())>
            <ul class="space-y-2" aria-label=tr!("card-uploads")>
                <For each=move || queue.items.get() key=|i| i.key let:item>
                    <UploadLine item/>
                </For>
            </ul>
            <Show when=finished>
                <button type="button" class=BUTTON on:click=move |_| queue.clear_finished()>{tr!("card-uploads-clear")}</button>
            </Show>
        </Show>
    }
}

#[component]
fn UploadLine(item: Item) -> impl IntoView {
    let Item {
        name,
        size,
        progress,
        outcome,
        ..
    } = item;
    let percent = move || (progress.get() * 100.0).round();
    let bar = move || match outcome.get() {
        Some(Err(_)) => "bg-rose-500",
        Some(Ok(_)) => "bg-emerald-500",
        None => "bg-indigo-500",
    };
    let label = tr!("card-upload-of", name = &name);
    view! {
        <li class="space-y-1 rounded-lg border border-slate-200 p-3 text-sm">
            <div class="flex items-baseline justify-between gap-2">
                <span class="min-w-0 truncate font-medium">{name}</span>
                <span class="shrink-0 text-xs text-slate-500">{human_bytes(size as i64)}</span>
            </div>
            <div role="progressbar" aria-label=label aria-valuemin="0" aria-valuemax="100"
                aria-valuenow=move || percent().to_string() class="h-2 w-full overflow-hidden rounded-full bg-slate-200">
                <div class=move || format!("h-full rounded-full transition-all {}", bar()) style:width=move || format!("{}%", percent())></div>
            </div>
            {move || match outcome.get() {
                None => view! { <p class="text-xs text-slate-600">{move || tr!("card-uploading", percent = percent())}</p> }.into_any(),
                Some(Ok(title)) => view! { <p class="text-xs text-emerald-700">{tr!("card-upload-added", title = &title)}</p> }.into_any(),
                Some(Err(e)) => view! { <Feedback tone=Tone::Error alert=true inline=true>{e}</Feedback> }.into_any(),
            }}
        </li>
    }
}

/// Adds a track the player streams from an address instead of a file.
#[component]
pub fn StreamForm() -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let title = RwSignal::new(String::new());
    let url = RwSignal::new(String::new());
    let local = RwSignal::new(Vec::<FieldError>::new());
    let error = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    let field = move |name: &'static str| {
        Signal::derive(move || {
            local.with(|e| {
                e.iter()
                    .find(|e| e.field() == name)
                    .map(|e| e.detail.clone())
            })
        })
    };
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = StreamTrackInput {
            stream_url: url.get_untracked().trim().to_owned(),
            title: title.get_untracked().trim().to_owned(),
        };
        if let Err(errors) = input.validate() {
            local.set(errors);
            return;
        }
        local.set(Vec::new());
        error.set(None);
        busy.set(true);
        spawn_local(async move {
            let path = format!("/api/cards/{}/tracks/stream", tracks.card_slug());
            match rest::send::<_, TrackOut>(Verb::Post, &path, &input).await {
                Ok(track) => {
                    tracks.upsert(track);
                    title.set(String::new());
                    url.set(String::new());
                }
                Err(e) => error.set(Some(e)),
            }
            busy.set(false);
        });
    };
    view! {
        <form class="space-y-3" aria-label=tr!("card-stream-form") novalidate on:submit=on_submit>
                <p class="text-sm text-slate-600">{tr!("card-stream-intro")}</p>
                <ErrorAlert message=error/>
                <TextField id="stream_title" label=tr!("card-stream-title") value=title error=field("title")/>
                <TextField id="stream_url" label=tr!("card-stream-url") kind="url" value=url error=field("stream_url")
                    hint=tr!("card-stream-url-hint")/>
                <SubmitButton label=tr!("card-stream-add") busy_label=tr!("card-stream-adding") busy=busy/>
            </form>
    }
}

#[cfg(feature = "hydrate")]
mod xhr {
    use cardsmith_model::card::TrackOut;
    use leptos::prelude::*;
    use web_sys::{File, FormData};

    /// Posts `file` as the multipart field `file` with its `title`, reporting 0..1 to
    /// `progress` as it goes.
    pub async fn upload(
        url: &str,
        file: &File,
        title: &str,
        progress: RwSignal<f64>,
    ) -> Result<TrackOut, String> {
        let cannot = |_| tr!("card-upload-unsupported");
        let form = FormData::new().map_err(cannot)?;
        if !title.is_empty() {
            form.append_with_str("title", title).map_err(cannot)?;
        }
        form.append_with_blob_and_filename("file", file, &file.name())
            .map_err(cannot)?;
        crate::api::xhr::post_form_json(url, &form, progress).await
    }
}

/// The title of a file named `name`: its name without folders and extension, and without a
/// leading track number when `drop_numbers` ("01 The Cave.mp3" → "The Cave").
fn chapter_title(name: &str, drop_numbers: bool) -> String {
    let title = title_from_filename(name);
    if drop_numbers {
        without_track_number(&title).to_owned()
    } else {
        title
    }
}

#[cfg(test)]
mod tests {
    use super::chapter_title;

    #[test]
    fn titles_drop_the_track_number_when_asked() {
        assert_eq!(chapter_title("01_The-Cave.mp3", true), "The Cave");
        assert_eq!(chapter_title("01_The-Cave.mp3", false), "01 The Cave");
        assert_eq!(chapter_title("101 Dalmatians.m4a", true), "101 Dalmatians");
    }
}
