//! What the recorder shows about a take in progress, phone first: whether it is recording or
//! paused (a parent glancing at the phone must see it at once), the clock, the microphone's
//! level and the upload in words; and, once stopped, the take to listen back to.

use leptos::prelude::*;

use super::browser;
use super::phase::Phase;
use super::Ui;

/// The state line, the clock, the level meter and the upload state of the take in `ui`.
#[component]
pub fn Gauges(ui: Ui) -> impl IntoView {
    let phase = move || ui.phase.get();
    let paused = move || phase() == Phase::Paused;
    let recording = move || phase() == Phase::Recording;
    let clock = move || {
        let s = ui.elapsed_s.get();
        format!("{}:{:02}", s / 60, s % 60)
    };
    let state = move || match phase() {
        Phase::Recording => tr!("rec-state-recording"),
        Phase::Paused => tr!("rec-state-paused"),
        Phase::Review => tr!("rec-state-stopped"),
        Phase::Starting => tr!("rec-state-starting"),
        _ => tr!("rec-state-saving"),
    };
    let words = move || ui.upload.get().words(phase());
    let level = move || if paused() { 0.0 } else { ui.level.get() };
    view! {
        <div class=move || format!("space-y-3 rounded-2xl border p-4 {}",
                if paused() { "border-amber-300 bg-amber-50" } else { "border-slate-200 bg-slate-50" })>
            <div class="flex items-center justify-between gap-3">
                <span data-testid="record-state" class=move || format!("inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold {}",
                        match phase() {
                            Phase::Recording => "bg-rose-100 text-rose-800",
                            Phase::Paused => "bg-amber-200 text-amber-950",
                            _ => "bg-slate-200 text-slate-800",
                        })>
                    <span aria-hidden="true" class=move || format!("h-2.5 w-2.5 rounded-full {}",
                        if recording() { "animate-pulse bg-rose-600" } else if paused() { "bg-amber-600" } else { "bg-slate-500" })></span>
                    {state}
                </span>
                <span class=move || format!("text-4xl font-bold tabular-nums {}", if paused() { "text-amber-900" } else { "text-slate-900" })
                    data-testid="record-clock">{clock}</span>
            </div>
            <Show when=move || phase().live()>
                <div class=move || format!("h-4 w-full overflow-hidden rounded-full {}", if paused() { "bg-amber-200" } else { "bg-slate-200" })
                    role="meter" aria-label=tr!("rec-level")
                    aria-valuemin="0" aria-valuemax="100" aria-valuenow=move || (level() * 100.0).round()
                    aria-valuetext=move || if paused() { tr!("rec-state-paused") } else { format!("{:.0}%", level() * 100.0) }>
                    <div class="h-full bg-emerald-500 transition-[width]" style:width=move || format!("{:.0}%", level() * 100.0)></div>
                </div>
            </Show>
            <Show when=paused>
                <p class="text-sm font-medium text-amber-950">{tr!("rec-paused-note")}</p>
            </Show>
            <p class="text-sm text-slate-700" data-testid="record-upload-state"
                data-saved=move || ui.upload.get().saved data-waiting=move || ui.upload.get().waiting
                data-offline=move || ui.upload.get().offline.to_string()>
                {words}
            </p>
        </div>
    }
}

/// The stopped take, to listen to before keeping it. The `<audio>` plays the chunks held in the
/// browser; it gets focus, so a keyboard or screen reader lands on it.
#[component]
pub fn ReviewPlayer(ui: Ui) -> impl IntoView {
    let audio = NodeRef::<leptos::html::Audio>::new();
    Effect::new(move |_| {
        if let Some(audio) = audio.get() {
            let _ = audio.focus();
        }
    });
    view! {
        <section aria-labelledby="record-review-heading" class="space-y-3 rounded-2xl border border-indigo-200 bg-indigo-50 p-4">
            <h4 id="record-review-heading" class="font-semibold text-indigo-950">{tr!("rec-review-heading")}</h4>
            <p class="text-sm text-indigo-950">
                {tr!("rec-review-text")}
            </p>
            {move || match ui.review.get() {
                Some(url) => view! {
                    <audio node_ref=audio controls preload="auto" src=url data-testid="record-review"
                        class="w-full" aria-label=tr!("rec-review-player")
                        on:loadedmetadata=browser::find_duration
                        on:durationchange=browser::rewind on:timeupdate=browser::rewind></audio>
                }.into_any(),
                None => view! {
                    <p class="text-sm text-indigo-900">{tr!("rec-review-preparing")}</p>
                }.into_any(),
            }}
        </section>
    }
}

/// The contract the browser tests rely on, checked on the server-rendered HTML.
#[cfg(all(test, feature = "ssr"))]
mod tests;
