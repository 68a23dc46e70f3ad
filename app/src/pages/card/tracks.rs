//! The card's tracks (its chapters): the ordered list of one-line rows with one shared
//! player, and for editors the ways to add chapters, renaming, deleting, reordering, edits
//! and kept sources.
//!
//! The list starts from the page bundle (`detail.tracks`) and lives in one signal that every
//! section updates after a change, refreshing from the REST API in the background. No section
//! creates a resource: resources created inside the page's resolved `Suspend` break hydration
//! after a full reload (see `api::pages`). Tracks still being converted are polled every 1.5 s
//! until they settle, so their badges and players appear without a reload.

mod actions;
mod add;
mod batch;
mod player;
mod row;
mod selection;
mod sources;
mod uploads;

use std::collections::HashMap;

use cardsmith_model::card::{CardOut, TrackOut};
use cardsmith_model::track::{transcode_status, ReorderTracksInput, TrackDetailOut};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::rest::{self, track_url, Verb};
use crate::components::form::ErrorAlert;
use crate::components::layout::Panel;

pub use sources::SourcesPanel;

/// How often tracks being converted are asked about, in milliseconds.
const POLL_MS: i32 = 1500;

/// How long a notice with nothing to undo or answer stays, in milliseconds.
const SAY_MS: i32 = 6000;

/// What the toast's Undo takes back.
#[derive(Debug, Clone, PartialEq)]
pub enum Undo {
    /// An edit: restoring the source with this id.
    Source(String),
    /// The card's last batch action (`batch`).
    Batch,
}

/// A change the user may want to take back, shown above the list ("Trimmed … Undo").
#[derive(Debug, Clone, PartialEq)]
pub struct Notice {
    pub text: String,
    pub undo: Option<Undo>,
    /// Leaves the focus where it is. An edit or a delete removed the focused control, so
    /// their notice takes the focus; a move did not.
    pub quiet: bool,
}

/// The card's track list and what the sections share about it; `Copy`, so every handler and
/// task can hold it.
#[derive(Clone, Copy)]
pub struct Tracks {
    pub list: RwSignal<Vec<TrackOut>>,
    /// Why a track's conversion failed, by track id (only the track's detail says).
    failures: RwSignal<HashMap<String, String>>,
    /// The track whose waveform editor is open.
    pub editing: RwSignal<Option<String>>,
    /// The track whose actions (⋯) are open; one at a time.
    pub menu: RwSignal<Option<String>>,
    /// The track in the player bar, and whether it is paused.
    pub playing: RwSignal<Option<String>>,
    pub paused: RwSignal<bool>,
    pub notice: RwSignal<Option<Notice>>,
    /// The last failure of a list-wide change (reorder, reload).
    pub error: RwSignal<Option<String>>,
    /// Bumped whenever the kept sources may have changed, so their panel reloads.
    pub sources_stamp: RwSignal<u32>,
    /// The track being dragged, and the order before the drag started.
    dragging: RwSignal<Option<String>>,
    order_before: StoredValue<Vec<String>>,
    polling: StoredValue<bool>,
    card: RwSignal<CardOut>,
    pub editor: bool,
    /// Whether the list is a checklist for a batch action, and what is checked.
    pub selecting: RwSignal<bool>,
    pub selection: RwSignal<selection::Selection>,
}

/// Whether the server is still working on `track`'s audio.
pub fn is_busy(track: &TrackOut) -> bool {
    matches!(
        track.transcode_status.as_str(),
        transcode_status::PENDING | transcode_status::PROCESSING
    )
}

impl Tracks {
    pub fn new(card: RwSignal<CardOut>, initial: Vec<TrackOut>, editor: bool) -> Self {
        Self {
            list: RwSignal::new(initial),
            failures: RwSignal::new(HashMap::new()),
            editing: RwSignal::new(None),
            menu: RwSignal::new(None),
            playing: RwSignal::new(None),
            paused: RwSignal::new(false),
            notice: RwSignal::new(None),
            error: RwSignal::new(None),
            sources_stamp: RwSignal::new(0),
            dragging: RwSignal::new(None),
            order_before: StoredValue::new(Vec::new()),
            polling: StoredValue::new(false),
            card,
            editor,
            selecting: RwSignal::new(false),
            selection: RwSignal::new(selection::Selection::default()),
        }
    }

    /// A click on `id`'s box (`shift`: the run from the last one clicked).
    pub fn pick(self, id: &str, shift: bool) {
        let order: Vec<String> = self
            .list
            .with_untracked(|l| l.iter().map(|t| t.id.clone()).collect());
        self.selection.update(|s| s.click(id, shift, &order));
    }

    pub fn card_slug(&self) -> String {
        self.card.with_untracked(|c| c.slug.clone())
    }

    /// Replaces the list (and the sources) with the server's, in the background.
    pub fn reload(self) {
        self.sources_stamp.update(|n| *n += 1);
        spawn_local(async move {
            match rest::card_tracks(&self.card_slug()).await {
                Ok(list) => self.list.set(list),
                Err(e) => self.error.set(Some(e)),
            }
        });
    }

    /// Puts `track` in place of the one with its id, or at the end when it is new.
    pub fn upsert(self, track: TrackOut) {
        self.list
            .update(|list| match list.iter_mut().find(|t| t.id == track.id) {
                Some(old) => *old = track,
                None => list.push(track),
            });
    }

    pub fn menu_is_open(self, id: &str) -> bool {
        self.menu.with(|m| m.as_deref() == Some(id))
    }

    /// Opens the actions of `id` (closing any other row's), or closes them.
    pub fn toggle_menu(self, id: &str) {
        let next = (!self.menu_is_open(id)).then(|| id.to_owned());
        self.menu.set(next);
    }

    /// Plays track `id` in the player bar.
    pub fn play(self, id: String) {
        self.paused.set(false);
        self.playing.set(Some(id));
    }

    /// Goes on to the next ready track after the one playing, or closes the player at the end.
    pub fn play_next(self) {
        let next = self.playing.with_untracked(|current| {
            self.list.with_untracked(|l| {
                let at = l.iter().position(|t| Some(&t.id) == current.as_ref())?;
                l[at + 1..]
                    .iter()
                    .find(|t| t.transcode_status == transcode_status::READY)
                    .map(|t| t.id.clone())
            })
        });
        match next {
            Some(id) => self.play(id),
            None => self.stop(),
        }
    }

    pub fn stop(self) {
        self.playing.set(None);
    }

    /// Closes the player when `id` (just deleted) is what it plays.
    pub fn stop_if_playing(self, id: &str) {
        if self.playing.with_untracked(|p| p.as_deref() == Some(id)) {
            self.stop();
        }
    }

    /// Opens the card's icon section at chapter `position`, its prompt field focused.
    pub fn pick_icon(self, position: i64) {
        #[cfg(feature = "hydrate")]
        {
            use leptos::wasm_bindgen::JsCast;
            let doc = document();
            if let Some(section) = doc
                .get_element_by_id("section-card-art")
                .and_then(|e| e.dyn_into::<web_sys::HtmlDetailsElement>().ok())
            {
                section.set_open(true);
            }
            // the icon studio is drawn when the section first opens, a few frames later
            crate::components::disclosure::when_drawn(
                format!("variation-prompt-{position}"),
                |field| {
                    field.scroll_into_view();
                    let _ = field.focus();
                },
            );
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = position;
    }

    pub fn failure(self, id: &str) -> Option<String> {
        self.failures.with(|f| f.get(id).cloned())
    }

    /// Moves track `id` to `index` on screen only; `save_order` sends the result.
    pub fn move_to(self, id: &str, index: usize) {
        self.list.update(|list| {
            if let Some(from) = list.iter().position(|t| t.id == id) {
                let track = list.remove(from);
                list.insert(index.min(list.len()), track);
            }
        });
    }

    fn slugs(self) -> Vec<String> {
        self.list
            .with_untracked(|l| l.iter().map(|t| t.slug.clone()).collect())
    }

    /// Moves `id` by `step` places and saves the new order at once (Move up/down buttons).
    pub fn shift(self, id: &str, step: isize) {
        let before = self.slugs();
        let Some(from) = self
            .list
            .with_untracked(|l| l.iter().position(|t| t.id == id))
        else {
            return;
        };
        let Some(to) = from.checked_add_signed(step) else {
            return;
        };
        self.move_to(id, to);
        self.save_order(before, id);
    }

    /// Sends the order on screen if it differs from `before`; on failure the server's order
    /// comes back, so the list never shows an order that was not saved. A saved move of
    /// `moved` is said in the toast ("“The Cave” is now chapter 2").
    fn save_order(self, before: Vec<String>, moved: &str) {
        let after = self.slugs();
        if after == before {
            return;
        }
        self.error.set(None);
        let said = self.list.with_untracked(|l| {
            let at = l.iter().position(|t| t.id == moved)?;
            Some(tr!(
                "card-track-moved",
                title = &l[at].title,
                number = at + 1
            ))
        });
        let url = format!("/api/cards/{}/tracks/reorder", self.card_slug());
        spawn_local(async move {
            let input = ReorderTracksInput { positions: after };
            match rest::send_empty(Verb::Put, &url, &input).await {
                Ok(()) => {
                    if let Some(text) = said {
                        self.say(text);
                    }
                }
                Err(e) => {
                    self.error.set(Some(tr!("card-order-not-saved", error = e)));
                    self.reload();
                }
            }
        });
    }

    /// Shows `text` in the toast, with nothing to undo, without taking the focus from where
    /// the parent is working (a move keeps the focus on its button).
    fn say(self, text: String) {
        self.notice.set(Some(Notice {
            text: text.clone(),
            undo: None,
            quiet: true,
        }));
        // a word with nothing to act on goes away by itself, unless another took its place
        spawn_local(async move {
            rest::sleep(SAY_MS).await;
            if self
                .notice
                .with_untracked(|n| n.as_ref().is_some_and(|n| n.text == text))
            {
                self.notice.set(None);
            }
        });
    }

    /// Starts dragging `id` (pointer down on its handle).
    pub fn drag_start(self, id: String) {
        self.order_before.set_value(self.slugs());
        self.dragging.set(Some(id));
    }

    #[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
    /// The dragged track passes over the track `over`: it takes that place.
    pub fn drag_over(self, over: &str) {
        let Some(id) = self.dragging.get_untracked() else {
            return;
        };
        if id == over {
            return;
        }
        if let Some(index) = self
            .list
            .with_untracked(|l| l.iter().position(|t| t.id == over))
        {
            self.move_to(&id, index);
        }
    }

    /// The pointer is released: the drag's order is saved.
    pub fn drag_end(self) {
        if let Some(id) = self.dragging.get_untracked() {
            self.dragging.set(None);
            self.save_order(self.order_before.get_value(), &id);
        }
    }

    pub fn is_dragged(self, id: &str) -> bool {
        self.dragging.with(|d| d.as_deref() == Some(id))
    }

    /// Whether the row of `track` should ask the server about it: it is being converted, or
    /// it failed and the reason is not known yet.
    fn needs_look(self, track: &TrackOut) -> bool {
        is_busy(track)
            || (track.transcode_status == transcode_status::FAILED
                && self.failures.with_untracked(|f| !f.contains_key(&track.id)))
    }

    /// Polls while any track needs a look; started again whenever the list gains one.
    fn watch(self) {
        Effect::new(move |_| {
            let needed = self.list.with(|l| l.iter().any(|t| self.needs_look(t)));
            if needed && !self.polling.get_value() {
                self.polling.set_value(true);
                spawn_local(async move {
                    self.poll().await;
                    self.polling.set_value(false);
                });
            }
        });
    }

    async fn poll(self) {
        loop {
            rest::sleep(POLL_MS).await;
            let due: Vec<String> = self.list.with_untracked(|l| {
                l.iter()
                    .filter(|t| self.needs_look(t))
                    .map(|t| t.slug.clone())
                    .collect()
            });
            if due.is_empty() {
                return;
            }
            for slug in due {
                let url = track_url(&self.card_slug(), &slug, "");
                match rest::get::<TrackDetailOut>(&url).await {
                    Ok(detail) => {
                        if detail.track.transcode_status == transcode_status::FAILED {
                            let why = detail
                                .error
                                .unwrap_or_else(|| tr!("card-conversion-failed"));
                            self.failures
                                .update(|f| drop(f.insert(detail.track.id.clone(), why)));
                        }
                        self.upsert(detail.track);
                    }
                    // Renamed or deleted meanwhile: the whole list has the truth.
                    Err(_) => {
                        if let Ok(list) = rest::card_tracks(&self.card_slug()).await {
                            self.list.set(list);
                        }
                        break;
                    }
                }
            }
        }
    }
}

/// The Tracks panel: what is on the card, in play order, and for editors the ways to add
/// more. Reads the `Tracks` the card page provides, which the other sections share.
#[component]
pub fn TracksPanel() -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    tracks.watch();
    // the selection follows the list: deleted tracks leave it, the order is the card's
    Effect::new(move |_| {
        let order: Vec<String> = tracks
            .list
            .with(|l| l.iter().map(|t| t.id.clone()).collect());
        tracks.selection.update(|s| s.follow(&order));
    });
    let intro = if tracks.editor {
        tr!("card-tracks-intro-editor")
    } else {
        tr!("card-tracks-intro")
    };
    let empty = move || tracks.list.with(Vec::is_empty);
    view! {
        <Panel id="tracks" title=tr!("card-tracks-title") intro>
            <ErrorAlert message=tracks.error/>
            {tracks.editor.then(|| view! { <Show when=move || !empty()><batch::BatchBar/></Show> })}
            <Show when=empty fallback=|| view! { <TrackList/> }>
                <p class="rounded-xl border-2 border-dashed border-slate-300 p-4 text-center text-slate-600">
                    {if tracks.editor {
                        tr!("card-no-tracks-editor")
                    } else {
                        tr!("card-no-tracks")
                    }}
                </p>
            </Show>
            {tracks.editor.then(|| view! { <add::AddToCard/> })}
        </Panel>
        <Dock/>
    }
}

/// The foot of the screen: the outcome of the last edit above the player bar, both where the
/// eye is whichever part of the card the parent is on.
#[component]
fn Dock() -> impl IntoView {
    view! {
        <div class="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex flex-col items-center gap-2 p-3 sm:items-end sm:p-6">
            <NoticeBar/>
            <player::PlayerBar/>
        </div>
    }
}

#[component]
fn TrackList() -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    view! {
        <ol class="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200" aria-label=tr!("card-track-list")
            on:pointerup=move |_| tracks.drag_end() on:pointercancel=move |_| tracks.drag_end()>
            <For each=move || tracks.list.get() key=|t| t.id.clone() let:track>
                <row::TrackRow id=track.id/>
            </For>
        </ol>
    }
}

/// The outcome of the last edit, with Undo while the source it made can be restored: a
/// toast at the foot of the screen, where the eye is whichever part of the card it is on.
/// The action that led here removed the focused button (an edit closes its editor, a delete
/// its row), so the focus goes to Undo, or to Dismiss when there is nothing to undo.
#[component]
fn NoticeBar() -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let busy = RwSignal::new(false);
    let undo_button = NodeRef::<leptos::html::Button>::new();
    let dismiss_button = NodeRef::<leptos::html::Button>::new();
    let undo = move |_| {
        let Some(undo) = tracks.notice.with_untracked(|n| n.as_ref()?.undo.clone()) else {
            return;
        };
        busy.set(true);
        spawn_local(async move {
            match undo {
                Undo::Source(source) => sources::restore_by_id(tracks, &source).await,
                Undo::Batch => tracks.undo_batch().await,
            }
            busy.set(false);
        });
    };
    Effect::new(move |_| {
        let Some(undoable) = tracks
            .notice
            .with(|n| n.as_ref().filter(|n| !n.quiet).map(|n| n.undo.is_some()))
        else {
            return;
        };
        let target = if undoable {
            undo_button
        } else {
            dismiss_button
        };
        request_animation_frame(move || {
            if let Some(button) = target.try_get_untracked().flatten() {
                let _ = button.focus();
            }
        });
    });
    view! {
            {move || tracks.notice.get().map(|notice| view! {
                <div role="status" data-testid="toast"
                    class="pointer-events-auto flex w-full max-w-md flex-wrap items-center gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg">
                    <span class="min-w-0 flex-1">{notice.text}</span>
                    {notice.undo.map(|_| view! {
                        <button type="button" node_ref=undo_button disabled=move || busy.get() on:click=undo
                            class="min-h-11 rounded-lg bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60">
                            {move || if busy.get() { tr!("card-undoing") } else { tr!("card-undo") }}
                        </button>
                    })}
                    <button type="button" node_ref=dismiss_button aria-label=tr!("card-dismiss") on:click=move |_| tracks.notice.set(None)
                        class="min-h-11 min-w-11 rounded-lg px-2 text-lg leading-none text-slate-300 hover:bg-slate-800 hover:text-white">"✕"</button>
                </div>
            })}
    }
}
