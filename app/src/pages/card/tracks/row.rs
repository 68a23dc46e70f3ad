//! One track in the list, on one line: number, icon, title, length and state, a Play button
//! for the shared player, and for editors a grip to drag and a ⋯ button that opens the
//! track's actions under the line (see `actions`).
//!
//! One line per track is what lets a ten-chapter card fit a phone screen: everything a row
//! used to show at once (slug, format, its own player, five buttons) is one tap away.

use cardsmith_model::card::TrackOut;
use cardsmith_model::track::{stream_status, transcode_status};
use leptos::prelude::*;

use super::actions::{Actions, RenameForm};
use super::Tracks;
use crate::components::layout::clock;
use crate::components::waveform::{EditDone, WaveformEditor};

/// A row reads its track from the shared list by id, so status, title and position follow
/// every change without the row being rebuilt (an open rename form or menu stays).
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
    let title = Signal::derive(move || {
        track.with(|t| t.as_ref().map(|t| t.title.clone()).unwrap_or_default())
    });
    let position = move || {
        key.with_value(|id| tracks.list.with(|l| l.iter().position(|t| &t.id == id)))
            .map_or(0, |i| i + 1)
    };
    let renaming = RwSignal::new(false);
    // where the focus goes back to when the menu or a rename closes
    let menu_button = NodeRef::<leptos::html::Button>::new();
    let menu_open = Signal::derive(move || key.with_value(|id| tracks.menu_is_open(id)));
    let row_class = move || {
        if key.with_value(|id| tracks.is_dragged(id)) {
            "bg-indigo-50 ring-2 ring-inset ring-indigo-300"
        } else if menu_open.get() {
            "bg-slate-50"
        } else {
            "bg-white"
        }
    };
    let icon_src = move || {
        track.with(|t| {
            t.as_ref()
                .map(|t| {
                    t.icon_path.clone().unwrap_or_else(|| {
                        format!("/api/cards/{}/icons/{}", tracks.card_slug(), t.position)
                    })
                })
                .unwrap_or_default()
        })
    };
    let menu_id = format!("track-menu-{id}");
    let toggle_menu = move |_| key.with_value(|id| tracks.toggle_menu(id));
    view! {
        <li data-track-id=id class=row_class aria-label=move || tr!("card-track-row", number = position(), title = title.get())>
            <div class="flex min-h-14 items-center gap-1 px-1 py-1 sm:gap-2 sm:px-2">
                {tracks.editor.then(|| view! {
                    <Show when=move || tracks.selecting.get() fallback=move || view! { <DragHandle id=key title/> }>
                        <PickBox id=key title/>
                    </Show>
                })}
                <span class="w-6 shrink-0 text-right font-mono text-sm text-slate-500" aria-hidden="true">{position}</span>
                <img src=icon_src width="16" height="16" alt="" class="h-8 w-8 shrink-0 rounded-sm" style="image-rendering: pixelated" data-testid="track-icon"/>
                <div class="min-w-0 flex-1 pl-1">
                    <p class="truncate font-medium" title=move || title.get()>{move || title.get()}</p>
                    <p class="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
                        <span data-testid="duration">{move || track.with(|t| clock(t.as_ref().and_then(|t| t.duration).map(|d| d as f64)))}</span>
                        <StatusBadge track/>
                    </p>
                </div>
                <super::player::PlayButton id=key title/>
                {tracks.editor.then(|| view! {
                    <button type="button" node_ref=menu_button on:click=toggle_menu
                        aria-label=move || tr!("card-track-actions", title = title.get())
                        aria-expanded=move || menu_open.get().to_string() aria-controls=menu_id.clone()
                        class="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-xl text-slate-500 hover:bg-slate-100 focus:outline-none focus:ring-2 focus:ring-indigo-300">
                        "⋯"
                    </button>
                })}
            </div>
            <Failure track/>
            <Show when=move || renaming.get()>
                <div class="px-3 pb-3 sm:pl-20">
                    <RenameForm track renaming back_to=menu_button/>
                </div>
            </Show>
            {tracks.editor.then(|| {
                let menu_id = format!("track-menu-{}", key.get_value());
                view! {
                    <Show when=move || menu_open.get()>
                        <Actions id=menu_id.clone() track renaming back_to=menu_button/>
                    </Show>
                }
            })}
            <Show when=move || key.with_value(|id| tracks.editing.with(|e| e.as_ref() == Some(id)))>
                {move || track.get().map(|t| view! { <div class="px-2 pb-3 sm:px-3"><Editor track=t/></div> })}
            </Show>
        </li>
    }
}

/// The track's state when it is not simply ready to play; announced when it changes.
#[component]
fn StatusBadge(track: Memo<Option<TrackOut>>) -> impl IntoView {
    let state = move || {
        let t = track.get()?;
        let (text, tone, spin) = match (t.transcode_status.as_str(), t.stream_status.as_deref()) {
            (_, Some(stream_status::REACHABLE)) => {
                (tr!("card-status-stream"), "text-emerald-700", false)
            }
            (_, Some(stream_status::UNREACHABLE)) => {
                (tr!("card-status-unreachable"), "text-amber-800", false)
            }
            (transcode_status::PENDING, _) => (tr!("card-status-waiting"), "text-slate-700", true),
            (transcode_status::PROCESSING, _) => {
                (tr!("card-status-converting"), "text-indigo-700", true)
            }
            (transcode_status::FAILED, _) => (tr!("card-status-failed"), "text-rose-700", false),
            _ => return None,
        };
        Some((text, tone, spin))
    };
    view! {
        <span aria-live="polite" class="inline-flex items-center">
            {move || state().map(|(text, tone, spin)| view! {
                <span class=format!("inline-flex items-center gap-1 font-medium {tone}")>
                    {spin.then(|| view! {
                        <span class="inline-block h-3 w-3 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true"></span>
                    })}
                    {text}
                </span>
            })}
        </span>
    }
}

/// Why a conversion failed, on a line of its own under the row.
#[component]
fn Failure(track: Memo<Option<TrackOut>>) -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let why = move || {
        let t = track.get()?;
        (t.transcode_status == transcode_status::FAILED)
            .then(|| tracks.failure(&t.id))
            .flatten()
    };
    move || why().map(|why| view! { <p class="px-3 pb-2 text-sm text-rose-700 sm:pl-20">{why}</p> })
}

/// The row's box while the list is a checklist: a 44-pixel target around the box; a
/// shift-click selects the run from the last one clicked.
#[component]
fn PickBox(id: StoredValue<String>, title: Signal<String>) -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let checked = move || id.with_value(|id| tracks.selection.with(|s| s.contains(id)));
    let on_click = move |ev: leptos::ev::MouseEvent| {
        id.with_value(|id| tracks.pick(id, ev.shift_key()));
    };
    view! {
        <label class="flex h-11 w-11 shrink-0 cursor-pointer items-center justify-center rounded-md hover:bg-indigo-50">
            <input type="checkbox" class="h-6 w-6 accent-indigo-600" data-testid="track-pick"
                aria-label=move || tr!("card-batch-pick", title = title.get())
                prop:checked=checked on:click=on_click/>
        </label>
    }
}

/// The grip a pointer (mouse, finger, pen) drags the row by. Pointer events rather than
/// HTML5 drag and drop, which phones do not fire; keyboards use Move up / Move down.
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
            aria-label=move || tr!("card-drag-handle", title = title.get())
            title=tr!("card-drag-title")
            class="flex h-11 w-8 shrink-0 cursor-grab touch-none select-none items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 active:cursor-grabbing"
            on:pointerdown=on_down
            on:pointermove=on_move
        >
            "⠿"
        </span>
    }
}

/// The waveform editor of this track; a finished edit closes it and reports to the toast.
#[component]
fn Editor(track: TrackOut) -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let on_done = Callback::new(move |done: EditDone| {
        tracks.editing.set(None);
        tracks.notice.set(Some(super::Notice {
            text: done.message,
            undo: done.source_id.map(super::Undo::Source),
            quiet: false,
        }));
        tracks.reload();
    });
    let on_close = Callback::new(move |()| tracks.editing.set(None));
    view! { <WaveformEditor card=tracks.card_slug() track on_done on_close/> }
}
