//! What an editor can do to one track, behind its ⋯ button: rename, edit the audio, move,
//! change the icon, delete. The actions open under the row (not a floating menu), so on a
//! phone they are full-width buttons a thumb can hit, and a screen reader finds them right
//! after the button that opened them. Escape closes them with the focus back on ⋯.

use cardsmith_model::card::TrackOut;
use cardsmith_model::track::{
    source_type, transcode_status, TrackTitleInput, TrackTitleOutputBody,
};
use leptos::ev::SubmitEvent;
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::{Notice, Tracks};
use crate::api::rest::{self, track_url, Verb};
use crate::components::confirm::ConfirmButton;
use crate::components::form::{ErrorAlert, INPUT};
use crate::components::keys::escape_cancels;
use crate::components::layout::{human_bytes, BUTTON};

/// An action button: full width of its grid cell, its symbol before its words.
const ITEM: &str = "inline-flex min-h-11 w-full items-center justify-start gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-indigo-300 disabled:opacity-60";

/// The actions panel of one track.
#[component]
pub fn Actions(
    id: String,
    track: Memo<Option<TrackOut>>,
    renaming: RwSignal<bool>,
    back_to: NodeRef<leptos::html::Button>,
) -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let track_id = move || track.with(|t| t.as_ref().map(|t| t.id.clone()).unwrap_or_default());
    let title = move || track.with(|t| t.as_ref().map(|t| t.title.clone()).unwrap_or_default());
    let count = move || tracks.list.with(Vec::len);
    let index = move || {
        tracks
            .list
            .with(|l| l.iter().position(|t| t.id == track_id()))
    };
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
                    tracks.stop_if_playing(&t.id);
                    tracks.notice.set(Some(Notice {
                        text: tr!("card-track-deleted", title = &t.title),
                        undo: None,
                        quiet: false,
                    }));
                    tracks.sources_stamp.update(|n| *n += 1);
                }
                Err(e) => delete_error.set(Some(e)),
            }
            deleting.set(false);
        });
    });
    // the first action takes the focus when the panel opens, so a keyboard goes on from ⋯
    let first = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |_| {
        if first.get().is_some() {
            focus_soon(first);
        }
    });
    let close = move || {
        tracks.menu.set(None);
        focus_soon(back_to);
    };
    // a question open inside (Delete) closes itself first and marks the key handled
    let on_keydown = escape_cancels(close);
    let rename = move |_| {
        tracks.menu.set(None);
        renaming.set(true);
    };
    let edit = move |_| {
        tracks.menu.set(None);
        tracks.editing.set(Some(track_id()));
    };
    // A move to the top or the bottom disables the button just pressed, which would drop the
    // focus to the page: it goes to the other direction's button instead.
    let (up, down) = (
        NodeRef::<leptos::html::Button>::new(),
        NodeRef::<leptos::html::Button>::new(),
    );
    let shift = move |step: isize| {
        tracks.shift(&track_id(), step);
        match index() {
            Some(0) if step < 0 => focus_soon(down),
            Some(i) if step > 0 && i + 1 >= count() => focus_soon(up),
            _ => {}
        }
    };
    let change_icon = move |_| {
        tracks.menu.set(None);
        tracks.pick_icon(track.with_untracked(|t| t.as_ref().map_or(0, |t| t.position)));
    };
    view! {
        <div id=id role="group" aria-label=move || tr!("card-track-actions", title = title())
            class="space-y-2 border-t border-slate-200 bg-slate-50 px-3 pb-3 pt-2 sm:pl-20" on:keydown=on_keydown>
            <p class="truncate text-xs text-slate-500">
                <span class="font-mono">{move || track.with(|t| t.as_ref().map(|t| t.slug.clone()).unwrap_or_default())}</span>
                {move || track.with(|t| t.as_ref().map(describe_format).unwrap_or_default())}
            </p>
            <div class="grid grid-cols-2 gap-2 sm:grid-cols-3">
                <button type="button" node_ref=first class=ITEM aria-label=move || tr!("card-rename-label", title = title()) on:click=rename>
                    <span aria-hidden="true">"✎"</span>{tr!("card-rename")}
                </button>
                <Show when=editable>
                    <button type="button" class=ITEM aria-label=move || tr!("card-edit-label", title = title()) on:click=edit>
                        <span aria-hidden="true">"✂"</span>{tr!("card-edit")}
                    </button>
                </Show>
                <button type="button" class=ITEM aria-label=move || tr!("card-move-up-label", title = title()) node_ref=up
                    disabled=move || index() == Some(0) on:click=move |_| shift(-1)>
                    <span aria-hidden="true">"↑"</span>{tr!("card-move-up")}
                </button>
                <button type="button" class=ITEM aria-label=move || tr!("card-move-down-label", title = title()) node_ref=down
                    disabled=move || index().is_none_or(|i| i + 1 >= count()) on:click=move |_| shift(1)>
                    <span aria-hidden="true">"↓"</span>{tr!("card-move-down")}
                </button>
                <button type="button" class=ITEM aria-label=move || tr!("card-icon-label", title = title()) on:click=change_icon>
                    <span aria-hidden="true">"▦"</span>{tr!("card-icon")}
                </button>
            </div>
            <ConfirmButton label=tr!("card-track-delete") question=Signal::derive(move || tr!("card-track-delete-question", title = title()))
                confirm_label=tr!("card-track-delete-confirm") busy=deleting on_confirm=on_delete/>
            <ErrorAlert message=delete_error inline=true/>
        </div>
    }
}

/// Focuses the element of `target` on the next frame, when it exists by then.
fn focus_soon(target: NodeRef<leptos::html::Button>) {
    request_animation_frame(move || {
        if let Some(button) = target.try_get_untracked().flatten() {
            let _ = button.focus();
        }
    });
}

/// " · MP3 → M4A · 3.2 MB", or the stream note.
fn describe_format(t: &TrackOut) -> String {
    if t.source_type == source_type::STREAM {
        return format!(" · {}", tr!("card-format-stream"));
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

/// Renames in place; the slug follows the title, so the row shows the server's new slug.
/// The field takes the focus with its text selected; Escape or Cancel puts the focus back on
/// `back_to` (the row's ⋯ button), and so does a save.
#[component]
pub fn RenameForm(
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
        focus_soon(back_to);
    };
    let on_keydown = escape_cancels(close);
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = TrackTitleInput {
            title: value.get_untracked().trim().to_owned(),
        };
        if let Err(errors) = input.validate() {
            error.set(
                errors
                    .first()
                    .map(|e| tr!("card-title-problem", problem = &e.detail)),
            );
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
        <form class="space-y-2" aria-label=tr!("card-rename-form") novalidate on:submit=on_submit on:keydown=on_keydown>
            <label for=label_for class="sr-only">{tr!("card-new-title")}</label>
            <input id=input_id node_ref=field type="text" class=INPUT bind:value=value aria-label=tr!("card-new-title")
                aria-invalid=move || error.get().is_some().to_string()/>
            <ErrorAlert message=error inline=true/>
            <div class="flex gap-2">
                <button type="submit" class="inline-flex min-h-11 items-center rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-60"
                    disabled=move || busy.get()>{move || if busy.get() { tr!("saving") } else { tr!("card-save-title") }}</button>
                <button type="button" class=BUTTON on:click=move |_| close()>{tr!("card-cancel")}</button>
            </div>
        </form>
    }
}
