//! The recorder (WASM island), phones first: MediaRecorder with a timeslice, each chunk
//! uploaded in order with its sequence number, retried with backoff while the connection is
//! down (nothing is dropped), a level meter and the elapsed time. Stop & save waits until every
//! chunk is stored, then finishes the take into a track; the server encodes while the chunks
//! arrive, so saving a long take is quick.
//!
//! A take survives a reload or a crashed tab: each chunk is also written to IndexedDB until the
//! server acknowledges it, beside the session id, card and title. Reopening the card offers to
//! finish that take (send what is kept, then finish the session: a session belongs to the user,
//! not the tab) or to discard it. A new take cannot be appended to the old container, so
//! "resume" means upload and finish, and the page says so. What MediaRecorder had not yet handed
//! over as a chunk when the page died (less than one chunk interval) is the only part lost.
//!
//! Parts: this file is the view; `queue` is the pure chunk bookkeeping (tested natively);
//! `browser` holds everything that touches the browser: the take (`take`: microphone,
//! MediaRecorder, meter), the uploader (`upload`) and the durable copy (`kept`: IndexedDB). On
//! the server `browser` is a stand-in that never records, so this file needs no `cfg`.

mod browser;
mod offer;
pub mod queue;

use cardsmith_model::recording::{RecordStartInput, RecordStartOutputBody};
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::{Deserialize, Serialize};

use crate::api::rest::{self, Verb};
use crate::components::confirm::ConfirmButton;
use crate::components::form::{ErrorAlert, StatusNote};
use crate::components::layout::Panel;

/// Where the recorder, and the take it holds, stand. The page shows it; the take's own copy
/// decides what its uploader may still do (an abandoned take's uploader stops).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
// the later phases are reached only by the browser's take
#[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
pub enum Phase {
    /// No take: the start button (and an offer to finish an interrupted take, if any).
    Idle,
    /// Opening the session and asking for the microphone.
    Starting,
    Recording,
    /// Recording stopped (or an interrupted take is being finished): the chunks left are sent,
    /// then the take is finished.
    Saving,
    /// The finish request is on its way.
    Finishing,
    /// Every chunk is stored but finishing failed: it can be tried again.
    Unsaved,
    /// The take became a track.
    Done,
    /// The take was abandoned: nothing of it is kept.
    Abandoned,
}

/// What the page shows while recording (shared with the browser-side code).
#[derive(Clone, Copy)]
pub struct Ui {
    pub phase: RwSignal<Phase>,
    pub elapsed_s: RwSignal<u32>,
    /// 0..1, the loudness of the last fraction of a second.
    pub level: RwSignal<f64>,
    pub sent: RwSignal<u32>,
    pub waiting: RwSignal<u32>,
    pub error: RwSignal<Option<String>>,
    pub note: RwSignal<Option<String>>,
}

impl Ui {
    fn new() -> Self {
        Self {
            phase: RwSignal::new(Phase::Idle),
            elapsed_s: RwSignal::new(0),
            level: RwSignal::new(0.0),
            sent: RwSignal::new(0),
            waiting: RwSignal::new(0),
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
                Ok(s) => browser::Take::start(s, card, title, ui, on_saved).await,
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
            match browser::Take::resume(kept.clone(), ui, on_saved).await {
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
            ui.note
                .set(Some("The unfinished recording was discarded.".into()));
        });
    });
    let stop = move |_| {
        take.with_value(|t| {
            if let Some(t) = t {
                t.stop();
            }
        })
    };
    let save_again = move |_| {
        ui.error.set(None);
        take.with_value(|t| {
            if let Some(t) = t {
                t.finish_again();
            }
        });
    };
    let abandon = Callback::new(move |()| {
        take.update_value(|t| {
            if let Some(t) = t.take() {
                t.abandon();
            }
        });
        ui.phase.set(Phase::Idle);
        ui.note
            .set(Some("Recording abandoned; nothing was kept.".into()));
    });
    let clock = move || {
        let s = ui.elapsed_s.get();
        format!("{}:{:02}", s / 60, s % 60)
    };
    let recording = move || ui.phase.get() == Phase::Recording;
    let idle = move || ui.phase.get() == Phase::Idle;
    let progress = move || match ui.phase.get() {
        Phase::Starting => "Asking for the microphone…".to_owned(),
        Phase::Saving | Phase::Finishing => {
            format!("Saving… {} chunk(s) left", ui.waiting.get())
        }
        Phase::Unsaved => "Recorded, not saved yet".to_owned(),
        _ => format!("{} saved, {} waiting", ui.sent.get(), ui.waiting.get()),
    };
    let saving = Signal::derive(move || matches!(ui.phase.get(), Phase::Saving | Phase::Finishing));

    view! {
        <Panel id="record" title="Record" intro="Record a story with this device's microphone. Each few seconds are saved as you go, so a dropped connection loses nothing and a reload at most the last few seconds.">
            <ErrorAlert message=ui.error/>
            <StatusNote message=ui.note/>
            {move || offer.get().filter(|_| idle()).map(|kept| view! {
                <offer::KeptOffer kept on_finish=finish_kept on_discard=discard_kept/>
            })}
            <label class="block text-sm font-medium" for="record_title">"Title of the recording"</label>
            <input id="record_title" class="w-full rounded-lg border border-slate-300 px-3 py-2" placeholder="e.g. The three bears"
                bind:value=title disabled=move || !idle()/>
            <Show when=idle>
                <button type="button" class="w-full rounded-xl bg-rose-600 px-4 py-4 text-lg font-semibold text-white hover:bg-rose-700" on:click=start>
                    "● Start recording"
                </button>
            </Show>
            <Show when=move || !idle()>
                <div class="space-y-3" aria-live="polite">
                    <div class="flex items-center justify-between">
                        <span class="text-3xl font-bold tabular-nums" data-testid="record-clock">{clock}</span>
                        <span class="text-sm text-slate-600">{progress}</span>
                    </div>
                    <div class="h-3 w-full overflow-hidden rounded-full bg-slate-200" role="meter" aria-label="Microphone level"
                        aria-valuemin="0" aria-valuemax="100" aria-valuenow=move || (ui.level.get() * 100.0).round()>
                        <div class="h-full bg-emerald-500 transition-[width]" style:width=move || format!("{:.0}%", ui.level.get() * 100.0)></div>
                    </div>
                    <div class="grid grid-cols-2 gap-2">
                        <Show when=move || ui.phase.get() == Phase::Unsaved
                            fallback=move || view! {
                                <button type="button" class="rounded-xl bg-indigo-600 px-4 py-3 font-semibold text-white disabled:opacity-60"
                                    disabled=move || !recording() on:click=stop>"■ Stop & save"</button>
                            }>
                            <button type="button" class="rounded-xl bg-indigo-600 px-4 py-3 font-semibold text-white" on:click=save_again>
                                "↻ Try saving again"
                            </button>
                        </Show>
                        <ConfirmButton label="Abandon" question="Abandon this recording? Nothing of it is kept."
                            confirm_label="Yes, abandon" busy=saving on_confirm=abandon/>
                    </div>
                </div>
            </Show>
            <p class="text-xs text-slate-500">"Works in current phone and laptop browsers; the page asks for the microphone first."</p>
        </Panel>
    }
}
