//! The recorder (WASM island), phones first: MediaRecorder with a timeslice, each chunk
//! uploaded in order with its sequence number, retried with backoff while the connection is
//! down (nothing is dropped), a level meter, the elapsed time and the upload in plain words
//! ("Everything is saved on the server", "3 parts waiting for signal").
//!
//! A take can be paused and resumed (the clock stops, the uploader goes on). Stop does not add
//! anything to the card: the parent first listens to the take, played from the chunks the
//! browser holds, then keeps it (every chunk stored, then the session is finished into a
//! track; the server encodes while the chunks arrive, so that is quick) or records it again
//! (the session and the device's copy are deleted, the title stays). After a kept take the
//! title field is empty and focused for the next one.
//!
//! A take survives a reload or a crashed tab: each chunk is also written to IndexedDB until the
//! server acknowledges it, beside the session id, card and title. Reopening the card offers to
//! finish that take (send what is kept, then finish the session: a session belongs to the user,
//! not the tab) or to discard it. A new take cannot be appended to the old container, so
//! "resume" means upload and finish, and the page says so. What MediaRecorder had not yet handed
//! over as a chunk when the page died (less than one chunk interval) is the only part lost;
//! pausing hands it over, so nothing is lost during a pause.
//!
//! Parts: this file is the view and its actions; `gauges` shows the take (state, clock, meter,
//! upload, the player to listen back); `phase` is the pure state machine of a take and its
//! clock, `progress` the upload's words and `queue` the chunk bookkeeping (all three tested
//! natively); `browser` holds everything that touches the browser: the take (`take`:
//! microphone, MediaRecorder, meter), the uploader (`upload`), the durable copy (`kept`:
//! IndexedDB) and the object URL to listen back (`listen`). On the server `browser` is a
//! stand-in that never records, so the view needs no `cfg`.

mod browser;
mod gauges;
mod offer;
pub mod phase;
pub mod progress;
pub mod queue;

use cardsmith_model::recording::{RecordStartInput, RecordStartOutputBody};
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::{Deserialize, Serialize};

pub use self::phase::Phase;
use self::progress::Upload;
use crate::api::rest::{self, Verb};
use crate::components::confirm::ConfirmButton;
use crate::components::form::{ErrorAlert, StatusNote};
use crate::components::layout::Panel;

/// What the page shows while recording (shared with the browser-side code).
#[derive(Clone, Copy)]
pub struct Ui {
    pub phase: RwSignal<Phase>,
    pub elapsed_s: RwSignal<u32>,
    /// 0..1, the loudness of the last fraction of a second.
    pub level: RwSignal<f64>,
    pub upload: RwSignal<Upload>,
    /// While the take is listened back to: an object URL of the whole take (released when the
    /// review ends).
    pub review: RwSignal<Option<String>>,
    pub error: RwSignal<Option<String>>,
    pub note: RwSignal<Option<String>>,
}

impl Ui {
    fn new() -> Self {
        Self {
            phase: RwSignal::new(Phase::Idle),
            elapsed_s: RwSignal::new(0),
            level: RwSignal::new(0.0),
            upload: RwSignal::new(Upload {
                saved: 0,
                waiting: 0,
                offline: false,
            }),
            review: RwSignal::new(None),
            error: RwSignal::new(None),
            note: RwSignal::new(None),
        }
    }
}

/// A take as IndexedDB keeps it beside its chunks: enough to finish it after a reload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KeptTake {
    pub session: String,
    /// The card's slug: the offer appears on this card's page.
    pub card: String,
    pub title: String,
    /// The recorder's `Content-Type`, sent with every chunk.
    pub mime: String,
    /// The last `next_seq` the server answered: every chunk below it is stored.
    pub acked: u64,
}

/// A big button of the recorder: a thumb finds it without looking.
const BIG: &str = "inline-flex min-h-14 w-full items-center justify-center gap-2 rounded-xl px-4 py-3 text-lg font-semibold focus:outline-none focus-visible:ring-4 disabled:opacity-60";

/// Puts the focus on `target` once the page has drawn it (it may only now be enabled or shown).
fn focus_later<E>(target: NodeRef<E>)
where
    E: leptos::html::ElementType,
    E::Output: leptos::wasm_bindgen::JsCast + Clone + AsRef<leptos::web_sys::HtmlElement> + 'static,
{
    request_animation_frame(move || {
        if let Some(el) = target.get_untracked() {
            let el: &leptos::web_sys::HtmlElement = el.as_ref();
            let _ = el.focus();
        }
    });
}

#[component]
pub fn Recorder(
    card: String,
    on_saved: Callback<String>,
    /// Told when this device kept an unfinished take of the card, so a page that folds the
    /// recorder away can show it.
    #[prop(optional)]
    on_kept: Option<Callback<()>>,
) -> impl IntoView {
    let ui = Ui::new();
    let title = RwSignal::new(String::new());
    let title_field = NodeRef::<leptos::html::Input>::new();
    let start_button = NodeRef::<leptos::html::Button>::new();
    let card = StoredValue::new(card);
    let take = browser::take_slot();
    let offer = RwSignal::new(None::<KeptTake>);
    // An interrupted take of this card? Effects run only in the browser.
    Effect::new(move |_| {
        let card = card.get_value();
        spawn_local(async move {
            let kept = browser::kept_take(&card).await;
            if let (Some(_), Some(tell)) = (&kept, on_kept) {
                tell.run(());
            }
            offer.set(kept);
        });
    });
    // a take became a track: a fresh, focused title field for the next one
    let saved = Callback::new(move |slug: String| {
        title.set(String::new());
        focus_later(title_field);
        on_saved.run(slug);
    });
    let with_take = move |act: fn(&browser::Take)| {
        take.with_value(|t| t.as_ref().map(act));
    };
    // the take goes, nothing of it is kept; the recorder is ready for another
    let discard = move |note: String| {
        take.update_value(|t| {
            if let Some(t) = t.take() {
                t.discard();
            }
        });
        ui.phase.set(Phase::Idle);
        ui.note.set(Some(note));
        focus_later(start_button);
    };

    let start = move |_| {
        ui.error.set(None);
        ui.note.set(None);
        ui.phase.set(Phase::Starting);
        let card = card.get_value();
        let url = format!("/api/cards/{card}/tracks/record-start");
        let title = title.get_untracked();
        spawn_local(async move {
            let input = RecordStartInput {
                title: Some(title.clone()),
            };
            let started = rest::send::<_, RecordStartOutputBody>(Verb::Post, &url, &input).await;
            let result = match started {
                Ok(s) => browser::Take::start(s, card, title, ui, saved).await,
                Err(e) => Err(e),
            };
            match result {
                Ok(t) => take.set_value(Some(t)),
                Err(e) => {
                    ui.phase.set(Phase::Idle);
                    ui.error.set(Some(e));
                }
            }
        });
    };
    let finish_kept = Callback::new(move |kept: KeptTake| {
        ui.error.set(None);
        ui.note.set(None);
        ui.phase.set(Phase::Saving);
        offer.set(None);
        spawn_local(async move {
            match browser::Take::from_kept(kept.clone(), ui, saved).await {
                Ok(t) => take.set_value(Some(t)),
                Err(e) => {
                    ui.phase.set(Phase::Idle);
                    ui.error.set(Some(e));
                    offer.set(Some(kept));
                }
            }
        });
    });
    let discard_kept = Callback::new(move |kept: KeptTake| {
        offer.set(None);
        spawn_local(async move {
            browser::discard(&kept).await;
            ui.note.set(Some(tr!("rec-kept-discarded")));
        });
    });
    let paused = move || ui.phase.get() == Phase::Paused;
    let toggle_pause = move |_| {
        if ui.phase.get_untracked() == Phase::Paused {
            with_take(browser::Take::resume);
        } else {
            with_take(browser::Take::pause);
        }
    };
    let keep = move |_| {
        ui.error.set(None);
        let title = title.get_untracked();
        take.with_value(|t| t.as_ref().map(|t| t.keep(title)));
    };
    let save_again = move |_| {
        ui.error.set(None);
        with_take(browser::Take::finish_again);
    };
    let again = Callback::new(move |()| discard(tr!("rec-take-deleted")));
    let abandon = Callback::new(move |()| discard(tr!("rec-abandoned")));
    let phase = move || ui.phase.get();
    let idle = move || phase() == Phase::Idle;
    let saving = Signal::derive(move || matches!(phase(), Phase::Saving | Phase::Finishing));

    view! {
        <Panel id="record" title=tr!("rec-title") intro=tr!("rec-intro")>
            <ErrorAlert message=ui.error/>
            <StatusNote message=ui.note/>
            {move || offer.get().filter(|_| idle()).map(|kept| view! {
                <offer::KeptOffer kept on_finish=finish_kept on_discard=discard_kept/>
            })}
            <div class="space-y-1">
                <label class="block text-sm font-medium" for="record_title">{tr!("rec-title-label")}</label>
                <input id="record_title" node_ref=title_field class="min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2 disabled:bg-slate-50 disabled:text-slate-500"
                    placeholder=tr!("rec-title-placeholder") bind:value=title disabled=move || !phase().title_editable()/>
            </div>
            <Show when=idle>
                <button type="button" node_ref=start_button on:click=start
                    class=format!("{BIG} bg-rose-600 text-white hover:bg-rose-700 focus-visible:ring-rose-300")>
                    {tr!("rec-start")}
                </button>
            </Show>
            <Show when=move || !idle()>
                <div class="space-y-3" aria-live="polite">
                    <gauges::Gauges ui/>
                    <Show when=move || phase() == Phase::Review>
                        <gauges::ReviewPlayer ui/>
                    </Show>
                    {move || match phase() {
                        Phase::Starting | Phase::Recording | Phase::Paused => view! {
                            <div class="grid grid-cols-2 gap-2">
                                <button type="button" aria-pressed=move || paused().to_string() disabled=move || phase() == Phase::Starting
                                    on:click=toggle_pause
                                    class=move || format!("{BIG} border-2 {}", if paused() {
                                        "border-rose-600 bg-rose-600 text-white hover:bg-rose-700 focus-visible:ring-rose-300"
                                    } else {
                                        "border-slate-300 bg-white text-slate-900 hover:bg-slate-50 focus-visible:ring-indigo-300"
                                    })>
                                    <span aria-hidden="true">{move || if paused() { "●" } else { "❚❚" }}</span>
                                    {move || if paused() { tr!("rec-resume") } else { tr!("rec-pause") }}
                                </button>
                                <button type="button" disabled=move || phase() == Phase::Starting on:click=move |_| with_take(browser::Take::stop)
                                    class=format!("{BIG} bg-indigo-600 text-white hover:bg-indigo-500 focus-visible:ring-indigo-300")>
                                    <span aria-hidden="true">"■"</span>{tr!("rec-stop")}
                                </button>
                            </div>
                        }.into_any(),
                        Phase::Review => view! {
                            <div class="grid gap-2 sm:grid-cols-2">
                                <button type="button" on:click=keep
                                    class=format!("{BIG} bg-emerald-600 text-white hover:bg-emerald-700 focus-visible:ring-emerald-300")>
                                    <span aria-hidden="true">"✓"</span>{tr!("rec-keep")}
                                </button>
                                <ConfirmButton label=tr!("rec-again") question=tr!("rec-again-question")
                                    confirm_label=tr!("rec-again-confirm") busy=false on_confirm=again/>
                            </div>
                        }.into_any(),
                        Phase::Unsaved => view! {
                            <button type="button" on:click=save_again
                                class=format!("{BIG} bg-indigo-600 text-white hover:bg-indigo-500 focus-visible:ring-indigo-300")>
                                {tr!("rec-save-again")}
                            </button>
                        }.into_any(),
                        _ => ().into_any(),
                    }}
                    <Show when=move || phase() != Phase::Review>
                        <div class="grid">
                            <ConfirmButton label=tr!("rec-abandon") question=tr!("rec-abandon-question")
                                confirm_label=tr!("rec-abandon-confirm") busy=saving on_confirm=abandon/>
                        </div>
                    </Show>
                </div>
            </Show>
            <p class="text-xs text-slate-500">{tr!("rec-works-in")}</p>
        </Panel>
    }
}
