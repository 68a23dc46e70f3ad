//! Choosing what to drop and sending it: a folder picker, a files-or-ZIP picker and a zone
//! that takes dragged folders too; then one progress bar over every byte, the files' states
//! (sent, refused with why, waiting for the connection) and "Resume" for the paused ones.

// Sending happens only in the browser: on the server these helpers go unused.
#![cfg_attr(not(feature = "hydrate"), allow(dead_code, unused_imports))]

use cardsmith_model::drop::{CreateDropInput, DropOut};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::queue::{FileState, Outcome};
use super::DropState;
use crate::api::rest::{self, Verb};
use crate::components::layout::{human_bytes, ProgressBar, BUTTON};

/// The pickers and the drop zone.
#[component]
pub(super) fn Choose() -> impl IntoView {
    let state = expect_context::<DropState>();
    let dragging = RwSignal::new(false);
    let on_input = move |ev: leptos::ev::Event| {
        #[cfg(feature = "hydrate")]
        {
            let input: web_sys::HtmlInputElement = event_target(&ev);
            if let Some(list) = input.files() {
                take(state, super::picker::from_list(&list));
            }
            input.set_value("");
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = (ev, state);
    };
    let on_drop = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        dragging.set(false);
        #[cfg(feature = "hydrate")]
        if let Some(data) = ev.data_transfer() {
            let entries = super::picker::entries_of(&data);
            spawn_local(async move { take(state, super::picker::walk(entries).await) });
        }
    };
    let zone = move || {
        let base =
            "flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed p-6 text-center";
        if dragging.get() {
            format!("{base} border-indigo-500 bg-indigo-50")
        } else {
            format!("{base} border-slate-300 bg-white")
        }
    };
    view! {
        <section aria-labelledby="drop-choose-heading" class=zone
            on:dragover=move |ev: leptos::ev::DragEvent| { ev.prevent_default(); dragging.set(true); }
            on:dragleave=move |_| dragging.set(false)
            on:drop=on_drop>
            <h2 id="drop-choose-heading" class="text-lg font-semibold">{tr!("drop-choose-heading")}</h2>
            <p class="max-w-prose text-sm text-slate-600">{tr!("drop-choose-hint")}</p>
            <div class="flex flex-wrap justify-center gap-2">
                <label class=format!("{BUTTON} cursor-pointer focus-within:ring-2 focus-within:ring-indigo-300")>
                    <input id="drop-folder" type="file" class="sr-only" multiple=true
                        {..leptos::tachys::html::attribute::custom::custom_attribute("webkitdirectory", "")} on:change=on_input/>
                    {tr!("drop-choose-folder")}
                </label>
                <label class=format!("{BUTTON} cursor-pointer focus-within:ring-2 focus-within:ring-indigo-300")>
                    <input id="drop-files" type="file" class="sr-only" multiple=true
                        accept="audio/*,image/*,.zip,application/zip" on:change=on_input/>
                    {tr!("drop-choose-files")}
                </label>
            </div>
        </section>
    }
}

/// The overall bar, the counts, and each file's state.
#[component]
pub(super) fn Progress() -> impl IntoView {
    let state = expect_context::<DropState>();
    let fraction = Signal::derive(move || {
        state.queue.with(|q| {
            let (done, all) = q.bytes();
            if all > 0.0 {
                done / all
            } else {
                1.0
            }
        })
    });
    let count = move |f: fn(&FileState) -> bool| state.queue.with(|q| q.count(f));
    let any = move || state.queue.with(|q| !q.items.is_empty());
    let paused = move || count(|s| *s == FileState::Paused) > 0;
    let resume = move |_| {
        state.queue.update(|q| q.resume());
        pump(state);
    };
    // the connection is back: paused files go on by themselves
    #[cfg(feature = "hydrate")]
    {
        let online = window_event_listener(leptos::ev::online, move |_| {
            state.queue.update(|q| q.resume());
            pump(state);
        });
        on_cleanup(move || online.remove());
    }
    view! {
        <Show when=any>
            <section aria-labelledby="drop-progress-heading" class="space-y-2 rounded-2xl bg-white p-4 shadow-sm">
                <h2 id="drop-progress-heading" class="font-semibold">{tr!("drop-progress-heading")}</h2>
                <ProgressBar fraction label=tr!("drop-progress-label")/>
                <p class="text-sm text-slate-600" role="status" data-testid="drop-counts">
                    {move || tr!("drop-progress-counts",
                        sent = count(|s| *s == FileState::Stored),
                        all = state.queue.with(|q| q.items.len()),
                        refused = count(|s| matches!(s, FileState::Refused(_))))}
                </p>
                <Show when=paused>
                    <div class="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="alert">
                        <span>{tr!("drop-paused")}</span>
                        <button type="button" class=BUTTON on:click=resume>{tr!("drop-resume")}</button>
                    </div>
                </Show>
                <details class="text-sm">
                    <summary class="cursor-pointer py-1 font-medium text-indigo-700">{tr!("drop-files-list")}</summary>
                    <ul class="mt-2 max-h-80 space-y-1 overflow-y-auto" aria-label=tr!("drop-files-list")>
                        <For each=move || state.queue.get().items key=|i| (i.key, format!("{:?}", i.state)) let:item>
                            <FileLine path=item.path size=item.size state=item.state/>
                        </For>
                    </ul>
                </details>
            </section>
        </Show>
    }
}

#[component]
fn FileLine(path: String, size: f64, state: FileState) -> impl IntoView {
    let (tone, said) = match &state {
        FileState::Stored => ("text-emerald-700", tr!("drop-file-stored")),
        FileState::Sending => ("text-indigo-700", tr!("drop-file-sending")),
        FileState::Waiting => ("text-slate-500", tr!("drop-file-waiting")),
        FileState::Paused => ("text-amber-800", tr!("drop-file-paused")),
        FileState::Empty => ("text-slate-500", tr!("drop-file-empty")),
        FileState::Refused(why) => ("text-rose-700", why.clone()),
    };
    view! {
        <li class="flex flex-wrap items-baseline justify-between gap-x-3 border-b border-slate-100 py-1">
            <span class="min-w-0 break-all">{path}</span>
            <span class=format!("shrink-0 text-xs {tone}")>{said}" · "{human_bytes(size as i64)}</span>
        </li>
    }
}

/// Takes the picked files: starts the drop when none is open, queues each file the server
/// does not hold yet, and starts sending.
#[cfg(feature = "hydrate")]
fn take(state: DropState, picked: Vec<super::picker::Picked>) {
    if picked.is_empty() {
        return;
    }
    spawn_local(async move {
        if state.drop_id().is_none() {
            let name = super::picker::drop_name(&picked);
            let url = format!(
                "/api/collections/{}/drops",
                state.collection.get_untracked()
            );
            match rest::send::<_, DropOut>(Verb::Post, &url, &CreateDropInput { name }).await {
                Ok(drop) => {
                    crate::address::replace(&format!("/drop?drop={}", drop.id));
                    state.drop.set(Some(drop));
                }
                Err(e) => {
                    state.error.set(Some(e));
                    return;
                }
            }
        }
        let held = state.drop.with_untracked(|d| {
            d.as_ref()
                .map(|d| {
                    d.files
                        .iter()
                        .map(|f| (f.path.clone(), f.size_bytes))
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        });
        for (path, file) in picked {
            let size = file.size();
            let stored = held.iter().any(|(p, s)| *p == path && *s as f64 == size);
            if let Some(key) = state
                .queue
                .try_update(|q| q.add(&path, size, stored))
                .flatten()
            {
                state.files.update_value(|f| {
                    f.insert(key, file);
                });
            }
        }
        pump(state);
    });
}

/// Starts sends until [`super::queue::PARALLEL`] are on their way.
pub(super) fn pump(state: DropState) {
    #[cfg(feature = "hydrate")]
    while let Some(key) = state.queue.try_update(|q| q.next()).flatten() {
        spawn_local(send(state, key));
    }
    #[cfg(not(feature = "hydrate"))]
    let _ = state;
}

/// Sends one file, records how it ended, and goes on.
#[cfg(feature = "hydrate")]
async fn send(state: DropState, key: u32) {
    use crate::api::xhr::{post_form, Sent};
    let (Some(drop), Some(file)) = (
        state.drop_id(),
        state.files.with_value(|f| f.get(&key).cloned()),
    ) else {
        return;
    };
    let path = state
        .queue
        .with_untracked(|q| {
            q.items
                .iter()
                .find(|i| i.key == key)
                .map(|i| i.path.clone())
        })
        .unwrap_or_default();
    let outcome = match web_sys::FormData::new() {
        Err(_) => Outcome::Refused(tr!("card-upload-unsupported")),
        Ok(form) => {
            let _ = form.append_with_str("path", &path);
            let _ = form.append_with_blob_and_filename("file", &file, &file.name());
            let url = format!("/api/drops/{drop}/files");
            let on_progress = move |p| state.queue.update(|q| q.progress(key, p));
            match post_form(&url, &form, on_progress).await {
                Sent::Answered(status, _) if (200..300).contains(&status) => Outcome::Stored,
                Sent::Answered(status, body) => Outcome::Refused(rest::problem_text(status, &body)),
                Sent::Offline => Outcome::Offline,
            }
        }
    };
    let offline = outcome == Outcome::Offline;
    state.queue.update(|q| q.finished(key, outcome));
    if offline {
        // give the connection a moment before the next try
        rest::sleep(2000).await;
    }
    let (stored, idle) = state
        .queue
        .with_untracked(|q| (q.count(|s| *s == FileState::Stored), q.idle()));
    if idle || stored % 5 == 0 {
        super::plan_view::refresh_plan(state);
    }
    pump(state);
}
