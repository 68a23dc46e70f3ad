//! Waveform trim editor (WASM island): the track's waveform on a canvas (from the peaks
//! endpoint), draggable start and end handles mirrored by number inputs and by keyboard
//! sliders (for keyboards and screen readers), zoom, playing just the selection (HTTP Range
//! does the seeking), split points, fades, and the edit submitted as a job with a progress
//! bar. The edited track is kept as a source, so the list offers Undo afterwards.
//!
//! Split by role: `selection` is the editor's logic as plain data (tested natively), `paint`
//! turns it into what the canvas shows (tested natively too), `browser` touches the canvas and
//! audio (with server stand-ins), `edits` submits the jobs, and this file wires events to them.

mod browser;
mod edits;
mod paint;
mod selection;

pub use edits::EditDone;

use cardsmith_model::card::TrackOut;
use cardsmith_model::track::{FadeInput, PeaksOutputBody, SplitInput, TrimInput};
use leptos::html::Canvas;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::rest;
use crate::components::form::ErrorAlert;
use crate::components::layout::BUTTON;
use edits::Edits;
use paint::WaveView;
use selection::{add_cut, Handle, Nudge, Selection};

/// The canvas's own size in pixels (CSS stretches it to the page's width).
const CANVAS_W: u32 = 1200;
const CANVAS_H: u32 = 160;
const INPUT: &str = "w-24 rounded-lg border border-slate-300 px-2 py-1 text-sm";

#[component]
pub fn WaveformEditor(
    card: String,
    track: TrackOut,
    on_done: Callback<EditDone>,
    on_close: Callback<()>,
) -> impl IntoView {
    let error = RwSignal::new(None::<String>);
    let progress = RwSignal::new(None::<f64>);
    let edits = Edits {
        card: StoredValue::new(card),
        slug: StoredValue::new(track.slug.clone()),
        track_id: StoredValue::new(track.id.clone()),
        error,
        progress,
        on_done,
    };
    let title = track.title.clone();
    // the track list's whole seconds until the peaks give the exact length
    let sel = RwSignal::new(Selection::new(track.duration.unwrap_or(0) as f64));
    let peaks = RwSignal::new(None::<PeaksOutputBody>);
    let splits = RwSignal::new(Vec::<f64>::new());
    let split_mode = RwSignal::new(false);
    let fade_in = RwSignal::new("500".to_owned());
    let fade_out = RwSignal::new("1500".to_owned());
    let canvas = NodeRef::<Canvas>::new();

    // asks again only when zooming changes how many peaks are wanted, not on every drag
    let buckets = Memo::new(move |_| sel.with(Selection::buckets));
    Effect::new(move |_| {
        let url = edits.url(&format!("/peaks?buckets={}", buckets.get()));
        spawn_local(async move {
            match rest::get::<PeaksOutputBody>(&url).await {
                Ok(p) => {
                    // the first answer selects the whole track; later ones (after zooming)
                    // only sharpen the drawing
                    if peaks.with_untracked(Option::is_none) {
                        sel.update(|s| s.measured(p.duration_ms as f64 / 1000.0));
                    }
                    peaks.set(Some(p));
                }
                Err(e) => error.set(Some(e)),
            }
        });
    });
    Effect::new(move |_| {
        let canvas = canvas.get();
        peaks.with(|p| {
            sel.with(|selection| {
                splits.with(|cuts| {
                    if let (Some(c), Some(p)) = (&canvas, p) {
                        let view = WaveView {
                            peaks: &p.peaks,
                            selection,
                            cuts,
                            width: CANVAS_W,
                            height: CANVAS_H,
                        };
                        browser::paint(c, &view.fills());
                    }
                })
            })
        });
    });

    // pointer: drag the nearest handle, or place a split point in split mode
    let on_down = move |ev: leptos::ev::PointerEvent| {
        let Some((x, width)) = browser::pointer_x(&ev) else {
            return;
        };
        let t = sel.with_untracked(|s| s.time_at(x, width));
        if split_mode.get_untracked() {
            splits.update(|cuts| add_cut(cuts, t));
            return;
        }
        sel.update(|s| {
            s.press(t);
        });
        browser::capture(&ev);
    };
    let on_move = move |ev: leptos::ev::PointerEvent| {
        if sel.with_untracked(|s| s.dragging().is_none()) {
            return;
        }
        if let Some((x, width)) = browser::pointer_x(&ev) {
            sel.update(|s| s.drag_to(s.time_at(x, width)));
        }
    };
    let on_up = move |_| sel.update(Selection::release);

    let audio = browser::player_slot();
    let play = move |_| {
        let (start, end) = sel.with_untracked(|s| (s.start(), s.end()));
        audio.set_value(browser::Player::play(&edits.url("/audio"), start, end));
    };

    let trim = move |_| {
        let (start, end) = sel.with_untracked(|s| (s.start(), s.end()));
        let message = tr!(
            "rec-edit-trimmed",
            start = figure(start, 2),
            end = figure(end, 2)
        );
        let input = TrimInput {
            start,
            end,
            title: None,
        };
        edits.submit("trim", input, message);
    };
    let split = move |_| {
        let split_points = splits.get_untracked();
        let message = tr!("rec-edit-split-done", count = split_points.len() + 1);
        let input = SplitInput {
            split_points,
            titles: None,
        };
        edits.submit("split", input, message);
    };
    let fade = move |_| {
        // an unreadable number goes as -1, so the server's refusal names the field
        let ms = |v: RwSignal<String>| v.get_untracked().trim().parse::<i64>().unwrap_or(-1);
        let input = FadeInput {
            fade_in_ms: ms(fade_in),
            fade_out_ms: ms(fade_out),
        };
        edits.submit("fade", input, tr!("rec-edit-faded"));
    };
    let typed = move |handle| {
        move |ev| {
            if let Ok(v) = event_target_value(&ev).parse::<f64>() {
                sel.update(|s| s.type_in(handle, v));
            }
        }
    };
    let shown = move |handle| move || format!("{:.2}", sel.with(|s| s.at(handle)));
    let busy = move || progress.get().is_some();
    let heading = tr!("rec-edit-heading", title = &title);
    let name = tr!("rec-edit-name", title = &title);

    view! {
        <section aria-label=name class="mt-3 space-y-3 rounded-xl border border-indigo-200 bg-indigo-50/40 p-3">
            <div class="flex flex-wrap items-center justify-between gap-2">
                <h4 class="font-semibold">{heading}</h4>
                <button type="button" class=BUTTON on:click=move |_| on_close.run(())>{tr!("rec-edit-close")}</button>
            </div>
            <ErrorAlert message=error/>
            <div class="relative">
            <canvas node_ref=canvas width=CANVAS_W height=CANVAS_H data-testid="waveform"
                aria-label=tr!("rec-edit-waveform")
                class="h-32 w-full touch-none rounded-lg bg-white sm:h-40"
                on:pointerdown=on_down on:pointermove=on_move on:pointerup=on_up on:pointercancel=on_up></canvas>
            <HandleSlider sel handle=Handle::Start/>
            <HandleSlider sel handle=Handle::End/>
            </div>
            <p class="text-xs text-slate-500">{tr!("rec-edit-keys")}</p>
            <div class="flex flex-wrap items-end gap-3 text-sm">
                <label class="flex flex-col">{tr!("rec-edit-start")}
                    <input type="number" step="0.01" min="0" class=INPUT prop:value=shown(Handle::Start) on:change=typed(Handle::Start)/>
                </label>
                <label class="flex flex-col">{tr!("rec-edit-end")}
                    <input type="number" step="0.01" min="0" class=INPUT prop:value=shown(Handle::End) on:change=typed(Handle::End)/>
                </label>
                <span class="text-slate-600">{move || sel.with(|s| tr!(
                    "rec-edit-selection",
                    length = figure(s.length(), 2),
                    duration = figure(s.duration(), 2)
                ))}</span>
                <div class="flex gap-1">
                    <button type="button" class=BUTTON aria-label=tr!("rec-edit-zoom-out") on:click=move |_| sel.update(Selection::zoom_out)>"−"</button>
                    <button type="button" class=BUTTON aria-label=tr!("rec-edit-zoom-in") on:click=move |_| sel.update(Selection::zoom_in)>"+"</button>
                </div>
                <button type="button" class=BUTTON on:click=play>{tr!("rec-edit-play")}</button>
            </div>
            <div class="flex flex-wrap items-center gap-2">
                <button type="button" class="rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold text-white disabled:opacity-60" disabled=busy on:click=trim>{tr!("rec-edit-trim")}</button>
                <label class="flex items-center gap-1 text-sm">
                    <input type="checkbox" prop:checked=move || split_mode.get() on:change=move |ev| split_mode.set(event_target_checked(&ev))/>
                    {tr!("rec-edit-split-mode")}
                </label>
                <span class="text-sm text-slate-600">{move || splits.with(|s| cuts_text(s))}</span>
                <button type="button" class=BUTTON disabled=move || busy() || splits.with(Vec::is_empty) on:click=split>{tr!("rec-edit-split")}</button>
                <button type="button" class=BUTTON disabled=move || splits.with(Vec::is_empty) on:click=move |_| splits.set(Vec::new())>{tr!("rec-edit-clear-cuts")}</button>
            </div>
            <div class="flex flex-wrap items-end gap-3 text-sm">
                <label class="flex flex-col">{tr!("rec-edit-fade-in")}<input type="number" min="0" step="100" class=INPUT bind:value=fade_in/></label>
                <label class="flex flex-col">{tr!("rec-edit-fade-out")}<input type="number" min="0" step="100" class=INPUT bind:value=fade_out/></label>
                <button type="button" class=BUTTON disabled=busy on:click=fade>{tr!("rec-edit-apply-fades")}</button>
            </div>
            {move || progress.get().map(|p| view! {
                <div class="space-y-1">
                    <progress class="h-2 w-full" max="100" value=(p * 100.0).round() aria-label=tr!("rec-edit-progress")></progress>
                    <p class="text-sm text-slate-600">{tr!("rec-edit-working", percent = format!("{:.0}", p * 100.0))}</p>
                </div>
            })}
        </section>
    }
}

/// A keyboard handle laid over the canvas where the pointer sees `handle`: focused, the slider
/// keys nudge it. It lets pointer events through to the canvas, which does the dragging.
#[component]
fn HandleSlider(sel: RwSignal<Selection>, handle: Handle) -> impl IntoView {
    let at = move || sel.with(|s| s.at(handle));
    let left = move || sel.with(|s| format!("{:.3}%", s.window().percent_of(s.at(handle))));
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        let Some(nudge) = Nudge::from_key(&ev.key(), ev.shift_key()) else {
            return;
        };
        ev.prevent_default();
        sel.update(|s| s.nudge(handle, nudge));
    };
    let label = match handle {
        Handle::Start => tr!("rec-edit-start-handle"),
        Handle::End => tr!("rec-edit-end-handle"),
    };
    view! {
        <span role="slider" tabindex="0" aria-label=label
            aria-valuemin="0" aria-valuemax=move || format!("{:.2}", sel.with(Selection::duration))
            aria-valuenow=move || format!("{:.2}", at())
            aria-valuetext=move || tr!("rec-edit-seconds", seconds = figure(at(), 2))
            class="pointer-events-none absolute inset-y-0 -ml-2 w-4 rounded outline-none focus-visible:bg-indigo-400/40 focus-visible:ring-2 focus-visible:ring-indigo-500"
            style:left=left on:keydown=on_key></span>
    }
}

/// "Cuts at 1.00 s, 2.50 s", or nothing before the first cut.
fn cuts_text(cuts: &[f64]) -> String {
    if cuts.is_empty() {
        return String::new();
    }
    let points: Vec<String> = cuts
        .iter()
        .map(|p| format!("{} s", figure(*p, 2)))
        .collect();
    tr!("rec-edit-cuts", points = points.join(", "))
}

/// Seconds with `places` decimals as the page's language writes them (`12.50`, `12,50`),
/// without thousands separators, so English reads as it always did.
fn figure(value: f64, places: usize) -> String {
    let fixed = format!("{value:.places$}");
    if crate::i18n::locale() == crate::i18n::Locale::En {
        fixed
    } else {
        fixed.replace('.', ",")
    }
}
