//! One track in the list: what it is, how far the server got with it, a player, and for
//! editors renaming, moving, editing and deleting.

use cardsmith_model::card::TrackOut;
use cardsmith_model::track::{
    source_type, stream_status, transcode_status, TrackTitleInput, TrackTitleOutputBody,
};
use leptos::ev::SubmitEvent;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::{Notice, Tracks};
use crate::api::rest::{self, track_url, Verb};
use crate::components::confirm::ConfirmButton;
use crate::components::form::{ErrorAlert, INPUT};
use crate::components::layout::{clock, human_bytes, BUTTON};
use crate::components::waveform::{EditDone, WaveformEditor};

/// A row reads its track from the shared list by id, so status, title and position follow
/// every change without the row being rebuilt (an open rename form or a playing player stay).
#[component]
pub fn TrackRow(id: String) -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let key = StoredValue::new(id.clone());
    let track = Memo::new(move |_| {
        key.with_value(|id| {
            tracks
                .list
                .with(|l| l.iter().find(|t| &t.id == id).cloned())
        })
    });
    // Reads one field of the track; the row is gone before the track is.
    let field =
        move |f: fn(&TrackOut) -> String| track.with(|t| t.as_ref().map(f).unwrap_or_default());
    let title = move || field(|t| t.title.clone());
    let position = move || {
        key.with_value(|id| tracks.list.with(|l| l.iter().position(|t| &t.id == id)))
            .map_or(0, |i| i + 1)
    };
    let ready = move || field(|t| t.transcode_status.clone()) == transcode_status::READY;
    let renaming = RwSignal::new(false);
    // where the focus goes back to when renaming ends
    let rename_button = NodeRef::<leptos::html::Button>::new();
    let row_class = move || {
        let dragged = key.with_value(|id| tracks.is_dragged(id));
        format!(
            "space-y-3 p-3 sm:p-4 {}",
            if dragged {
                "bg-indigo-50 ring-2 ring-inset ring-indigo-300"
            } else {
                "bg-white"
            }
        )
    };
    view! {
        <li data-track-id=id class=row_class aria-label=move || format!("Track {}: {}", position(), title())>
            <div class="flex items-start gap-3">
                {tracks.editor.then(|| view! { <DragHandle id=key title=Signal::derive(title)/> })}
                <span class="mt-0.5 w-6 shrink-0 text-right font-mono text-sm text-slate-500" aria-hidden="true">{position}</span>
                <img src=move || track.with(|t| t.as_ref().map(|t| t.icon_path.clone().unwrap_or_else(|| format!("/api/cards/{}/icons/{}", tracks.card_slug(), t.position))).unwrap_or_default())
                    width="16" height="16" alt="" class="mt-0.5 h-8 w-8 shrink-0 rounded-sm" style="image-rendering: pixelated" data-testid="track-icon"/>
                <div class="min-w-0 flex-1 space-y-1">
                    <Show when=move || renaming.get() fallback=move || view! {
                        <p class="break-words font-medium">{title}</p>
                    }>
                        <RenameForm track renaming back_to=rename_button/>
                    </Show>
                    <p class="text-xs text-slate-500">
                        <span class="font-mono">{move || field(|t| t.slug.clone())}</span>
                        " · " <span data-testid="duration">{move || track.with(|t| clock(t.as_ref().and_then(|t| t.duration).map(|d| d as f64)))}</span>
                        {move || field(describe_format)}
                    </p>
                    <StatusBadge track/>
                </div>
            </div>
            <Show when=ready>
                <audio controls preload="none" class="h-10 w-full" aria-label=move || format!("Play {}", title())
                    src=move || track.with(|t| t.as_ref().map(audio_src).unwrap_or_default())></audio>
            </Show>
            {tracks.editor.then(|| view! { <Actions track renaming rename_button/> })}
            <Show when=move || key.with_value(|id| tracks.editing.with(|e| e.as_ref() == Some(id)))>
                {move || track.get().map(|t| view! { <Editor track=t/> })}
            </Show>
        </li>
    }
}

/// Where a track's audio plays from; the id in the query keeps a browser from replaying a
/// cached copy of an older track that had the same slug (e.g. before a trim).
fn audio_src(t: &TrackOut) -> String {
    let card = expect_context::<Tracks>().card_slug();
    format!("{}?v={}", track_url(&card, &t.slug, "/audio"), t.id)
}

/// " · MP3 → M4A · 3.2 MB", or the stream note.
fn describe_format(t: &TrackOut) -> String {
    if t.source_type == source_type::STREAM {
        return " · stream".to_owned();
    }
    let from = t.original_format.to_uppercase();
    let to = t.transcoded_format.to_uppercase();
    let format = if to.is_empty() || to == from {
        from
    } else {
        format!("{from} → {to}")
    };
    let size = if t.file_size_bytes > 0 {
        format!(" · {}", human_bytes(t.file_size_bytes))
    } else {
        String::new()
    };
    format!(" · {format}{size}")
}

/// The track's state in words and colour; announced when it changes.
#[component]
fn StatusBadge(track: Memo<Option<TrackOut>>) -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let state = move || {
        let t = track.get()?;
        let (text, tone, spin) = match (t.transcode_status.as_str(), t.stream_status.as_deref()) {
            (_, Some(stream_status::REACHABLE)) => {
                ("Stream reachable", "bg-emerald-50 text-emerald-700", false)
            }
            (_, Some(stream_status::UNREACHABLE)) => {
                ("Stream unreachable", "bg-amber-50 text-amber-800", false)
            }
            (transcode_status::PENDING, _) => {
                ("Waiting to convert", "bg-slate-100 text-slate-700", true)
            }
            (transcode_status::PROCESSING, _) => {
                ("Converting", "bg-indigo-50 text-indigo-700", true)
            }
            (transcode_status::READY, _) => ("Ready", "bg-emerald-50 text-emerald-700", false),
            (transcode_status::FAILED, _) => ("Failed", "bg-rose-50 text-rose-700", false),
            _ => return None,
        };
        let why = (t.transcode_status == transcode_status::FAILED)
            .then(|| tracks.failure(&t.id))
            .flatten();
        Some((text, tone, spin, why))
    };
    view! {
        <div aria-live="polite" class="flex flex-wrap items-center gap-2 text-xs">
            {move || state().map(|(text, tone, spin, why)| view! {
                <span class=format!("inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 font-medium {tone}")>
                    {spin.then(|| view! {
                        <span class="inline-block h-3 w-3 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true"></span>
                    })}
                    {text}
                </span>
                {why.map(|why| view! { <span class="text-rose-700">{why}</span> })}
            })}
        </div>
    }
}

/// The grip a pointer (mouse, finger, pen) drags the row by. Pointer events rather than
/// HTML5 drag and drop, which phones do not fire; keyboards use the Up/Down buttons.
#[component]
fn DragHandle(id: StoredValue<String>, title: Signal<String>) -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let on_down = move |ev: leptos::ev::PointerEvent| {
        ev.prevent_default();
        #[cfg(feature = "hydrate")]
        {
            let handle: web_sys::Element = event_target(&ev);
            // Keeps the moves coming to the handle while the finger is over other rows.
            let _ = handle.set_pointer_capture(ev.pointer_id());
        }
        tracks.drag_start(id.get_value());
    };
    let on_move = move |ev: leptos::ev::PointerEvent| {
        #[cfg(feature = "hydrate")]
        {
            let over = document()
                .element_from_point(ev.client_x() as f32, ev.client_y() as f32)
                .and_then(|el| el.closest("[data-track-id]").ok().flatten())
                .and_then(|row| row.get_attribute("data-track-id"));
            if let Some(over) = over {
                tracks.drag_over(&over);
            }
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = ev;
    };
    view! {
        <span
            role="img"
            aria-label=move || format!("Drag handle of {}", title.get())
            title="Drag to reorder"
            class="mt-0.5 flex h-8 w-8 shrink-0 cursor-grab touch-none select-none items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 active:cursor-grabbing"
            on:pointerdown=on_down
            on:pointermove=on_move
        >
            "⠿"
        </span>
    }
}

/// Editors' buttons under a track.
#[component]
fn Actions(
    track: Memo<Option<TrackOut>>,
    renaming: RwSignal<bool>,
    rename_button: NodeRef<leptos::html::Button>,
) -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let id = move || track.with(|t| t.as_ref().map(|t| t.id.clone()).unwrap_or_default());
    let title = move || track.with(|t| t.as_ref().map(|t| t.title.clone()).unwrap_or_default());
    let count = move || tracks.list.with(Vec::len);
    let index = move || tracks.list.with(|l| l.iter().position(|t| t.id == id()));
    let editable = move || {
        track.with(|t| {
            t.as_ref().is_some_and(|t| {
                t.transcode_status == transcode_status::READY
                    && t.source_type != source_type::STREAM
            })
        })
    };
    let deleting = RwSignal::new(false);
    let delete_error = RwSignal::new(None::<String>);
    let on_delete = Callback::new(move |()| {
        let Some(t) = track.get_untracked() else {
            return;
        };
        deleting.set(true);
        spawn_local(async move {
            let url = track_url(&tracks.card_slug(), &t.slug, "");
            match rest::call_empty(Verb::Delete, &url).await {
                Ok(()) => {
                    tracks.list.update(|l| l.retain(|x| x.id != t.id));
                    tracks.notice.set(Some(Notice {
                        text: format!("Deleted “{}”", t.title),
                        undo: None,
                    }));
                    tracks.sources_stamp.update(|n| *n += 1);
                }
                Err(e) => delete_error.set(Some(e)),
            }
            deleting.set(false);
        });
    });
    let small = "min-h-10 min-w-10 px-3";
    view! {
        <div class="flex flex-wrap items-center gap-2">
            <button type="button" class=format!("{BUTTON} {small}") aria-label=move || format!("Move {} up", title())
                disabled=move || index() == Some(0) on:click=move |_| tracks.shift(&id(), -1)>"↑ Up"</button>
            <button type="button" class=format!("{BUTTON} {small}") aria-label=move || format!("Move {} down", title())
                disabled=move || index().is_none_or(|i| i + 1 >= count()) on:click=move |_| tracks.shift(&id(), 1)>"↓ Down"</button>
            <button type="button" class=format!("{BUTTON} {small}") aria-label=move || format!("Rename {}", title())
                node_ref=rename_button on:click=move |_| renaming.set(true)>"Rename"</button>
            <Show when=editable>
                <button type="button" class=format!("{BUTTON} {small}") aria-label=move || format!("Edit {}", title())
                    aria-expanded=move || (tracks.editing.get() == Some(id())).to_string()
                    on:click=move |_| tracks.editing.update(|e| *e = if e.as_deref() == Some(&id()) { None } else { Some(id()) })>
                    "Edit"
                </button>
            </Show>
            <ConfirmButton label="Delete" question=Signal::derive(move || format!("Delete “{}”? Its audio leaves the card.", title()))
                confirm_label="Yes, delete track" busy=deleting on_confirm=on_delete/>
        </div>
        <ErrorAlert message=delete_error inline=true/>
    }
}

/// Renames in place; the slug follows the title, so the row shows the server's new slug.
/// The field takes the focus with its text selected; Escape or Cancel puts the focus back on
/// `back_to` (the Rename button), and so does a save.
#[component]
fn RenameForm(
    track: Memo<Option<TrackOut>>,
    renaming: RwSignal<bool>,
    back_to: NodeRef<leptos::html::Button>,
) -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let start = track
        .get_untracked()
        .unwrap_or_else(|| unreachable!("a row has its track"));
    let value = RwSignal::new(start.title.clone());
    let error = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    let input_id = format!("rename-{}", start.id);
    let field = NodeRef::<leptos::html::Input>::new();
    // a frame later: the bound value is in the field by then, so selecting takes all of it
    Effect::new(move |_| {
        if field.get().is_some() {
            request_animation_frame(move || {
                if let Some(input) = field.try_get_untracked().flatten() {
                    let _ = input.focus();
                    input.select();
                }
            });
        }
    });
    let close = move || {
        renaming.set(false);
        request_animation_frame(move || {
            if let Some(button) = back_to.try_get_untracked().flatten() {
                let _ = button.focus();
            }
        });
    };
    let on_keydown = move |ev: leptos::ev::KeyboardEvent| {
        if ev.key() == "Escape" {
            ev.prevent_default();
            close();
        }
    };
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = TrackTitleInput {
            title: value.get_untracked().trim().to_owned(),
        };
        if let Err(errors) = input.validate() {
            error.set(errors.first().map(|e| format!("Title {}", e.detail)));
            return;
        }
        let Some(mut t) = track.get_untracked() else {
            return;
        };
        busy.set(true);
        spawn_local(async move {
            let url = track_url(&tracks.card_slug(), &t.slug, "/title");
            let answer = rest::send::<_, TrackTitleOutputBody>(Verb::Put, &url, &input).await;
            busy.set(false);
            match answer {
                Ok(renamed) => {
                    t.title = renamed.title;
                    t.slug = renamed.slug;
                    tracks.upsert(t);
                    close();
                }
                Err(e) => error.set(Some(e)),
            }
        });
    };
    let label_for = input_id.clone();
    view! {
        <form class="space-y-2" aria-label="Rename track" novalidate on:submit=on_submit on:keydown=on_keydown>
            <label for=label_for class="sr-only">"New title"</label>
            <input id=input_id node_ref=field type="text" class=INPUT bind:value=value aria-label="New title"
                aria-invalid=move || error.get().is_some().to_string()/>
            <ErrorAlert message=error inline=true/>
            <div class="flex gap-2">
                <button type="submit" class="inline-flex items-center rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60"
                    disabled=move || busy.get()>{move || if busy.get() { "Saving…" } else { "Save title" }}</button>
                <button type="button" class=BUTTON on:click=move |_| close()>"Cancel"</button>
            </div>
        </form>
    }
}

/// The waveform editor of this track; a finished edit closes it and reports to the panel.
#[component]
fn Editor(track: TrackOut) -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let on_done = Callback::new(move |done: EditDone| {
        tracks.editing.set(None);
        tracks.notice.set(Some(Notice {
            text: done.message,
            undo: done.source_id,
        }));
        tracks.reload();
    });
    let on_close = Callback::new(move |()| tracks.editing.set(None));
    view! { <WaveformEditor card=tracks.card_slug() track on_done on_close/> }
}
