//! Waveform trim editor: the track's waveform on a canvas (from the peaks endpoint), draggable
//! start and end handles mirrored by number inputs (keyboard and screen readers use those),
//! zoom, playing just the selection (HTTP Range does the seeking), split points, fades, and
//! the edit submitted as a job with a progress bar. The edited track is kept as a source, so
//! the list offers Undo afterwards.

use cardsmith_model::card::TrackOut;
use cardsmith_model::job::JobIDOutputBody;
use cardsmith_model::track::PeaksOutputBody;
use leptos::html::Canvas;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::{json, Value};

use crate::api::rest::{self, track_url, Verb};
use crate::components::layout::BUTTON;

/// What a finished edit tells the track list.
#[derive(Debug, Clone)]
pub struct EditDone {
    pub message: String,
    /// The source an Undo restores.
    pub source_id: Option<String>,
}

/// Peaks asked for at zoom 1 (more than the canvas has columns); zooming in asks for
/// proportionally more, up to the server's limit, so a zoomed view stays detailed.
const BUCKETS: f64 = 1600.0;
const MAX_BUCKETS: f64 = 20_000.0;
/// How far an arrow key moves the focused handle, in seconds (Shift: ten times as far).
const NUDGE_S: f64 = 0.1;
const INPUT: &str = "w-24 rounded-lg border border-slate-300 px-2 py-1 text-sm";

#[component]
pub fn WaveformEditor(
    card: String,
    track: TrackOut,
    on_done: Callback<EditDone>,
    on_close: Callback<()>,
) -> impl IntoView {
    let peaks = RwSignal::new(None::<PeaksOutputBody>);
    let error = RwSignal::new(None::<String>);
    let start = RwSignal::new(0.0f64);
    let end = RwSignal::new(track.duration.unwrap_or(0) as f64);
    let zoom = RwSignal::new(1.0f64);
    let splits = RwSignal::new(Vec::<f64>::new());
    let split_mode = RwSignal::new(false);
    let fade_in = RwSignal::new("500".to_owned());
    let fade_out = RwSignal::new("1500".to_owned());
    let progress = RwSignal::new(None::<f64>);
    let canvas = NodeRef::<Canvas>::new();
    let card = StoredValue::new(card);
    let slug = StoredValue::new(track.slug.clone());
    let track_id = StoredValue::new(track.id.clone());
    let title = track.title.clone();

    Effect::new(move |_| {
        let buckets = (BUCKETS * zoom.get()).min(MAX_BUCKETS) as usize;
        let url = track_url(
            &card.get_value(),
            &slug.get_value(),
            &format!("/peaks?buckets={buckets}"),
        );
        spawn_local(async move {
            match rest::fetch_json::<PeaksOutputBody>(Verb::Get, &url, None).await {
                Ok(p) => {
                    // the first answer sets the selection to the whole track; later ones
                    // (after zooming) only sharpen the drawing
                    if peaks.with_untracked(Option::is_none) {
                        end.set(p.duration_ms as f64 / 1000.0);
                    }
                    peaks.set(Some(p));
                }
                Err(e) => error.set(Some(e)),
            }
        });
    });
    let duration =
        move || peaks.with(|p| p.as_ref().map_or(0.0, |p| p.duration_ms as f64 / 1000.0));
    // the visible window: the whole track at zoom 1, else centred on the selection's start
    let window = move || {
        let total = duration();
        let span = total / zoom.get().max(1.0);
        let from = (start.get() - span * 0.1).clamp(0.0, (total - span).max(0.0));
        (from, span.max(0.001))
    };
    Effect::new(move |_| {
        let (from, span) = window();
        let (s, e, cuts) = (start.get(), end.get(), splits.get());
        peaks.with(|p| {
            if let (Some(p), Some(c)) = (p.as_ref(), canvas.get()) {
                draw::waveform(&c, &p.peaks, duration(), from, span, s, e, &cuts);
            }
        });
    });

    // pointer: drag the nearest handle, or place a split point in split mode
    let dragging = RwSignal::new(None::<bool>);
    let time_at = move |x: f64, width: f64| {
        let (from, span) = window();
        (from + span * (x / width.max(1.0))).clamp(0.0, duration())
    };
    let on_down = move |ev: leptos::ev::PointerEvent| {
        let Some((x, width)) = draw::pointer_x(&ev) else {
            return;
        };
        let t = time_at(x, width);
        if split_mode.get_untracked() {
            splits.update(|v| {
                v.push((t * 1000.0).round() / 1000.0);
                v.sort_by(f64::total_cmp);
            });
            return;
        }
        let nearer_start = (t - start.get_untracked()).abs() <= (t - end.get_untracked()).abs();
        dragging.set(Some(nearer_start));
        if nearer_start {
            start.set(t.min(end.get_untracked() - 0.05))
        } else {
            end.set(t.max(start.get_untracked() + 0.05))
        }
        draw::capture(&ev);
    };
    let on_move = move |ev: leptos::ev::PointerEvent| {
        let Some(which) = dragging.get_untracked() else {
            return;
        };
        let Some((x, width)) = draw::pointer_x(&ev) else {
            return;
        };
        let t = time_at(x, width);
        if which {
            start.set(t.min(end.get_untracked() - 0.05).max(0.0))
        } else {
            end.set(t.max(start.get_untracked() + 0.05).min(duration()))
        }
    };
    let on_up = move |_| dragging.set(None);

    // thread-bound in the browser only (see the recorder): the server's placeholder is `Send`
    #[cfg(feature = "hydrate")]
    let audio = StoredValue::new_local(None::<draw::Player>);
    #[cfg(not(feature = "hydrate"))]
    let audio = StoredValue::new(None::<draw::Player>);
    let play = move |_| {
        let url = track_url(&card.get_value(), &slug.get_value(), "/audio");
        audio.update_value(|a| {
            *a = draw::Player::play(&url, start.get_untracked(), end.get_untracked())
        });
    };

    let submit = move |op: &'static str, body: Value, message: String| {
        let url = track_url(&card.get_value(), &slug.get_value(), &format!("/{op}"));
        error.set(None);
        progress.set(Some(0.0));
        spawn_local(async move {
            let outcome =
                match rest::fetch_json::<JobIDOutputBody>(Verb::Post, &url, Some(body)).await {
                    Ok(job) => rest::wait_for_job(&job.job_id, progress).await.map(drop),
                    Err(e) => Err(e),
                };
            progress.set(None);
            match outcome {
                Ok(()) => on_done.run(EditDone {
                    message,
                    source_id: Some(track_id.get_value()),
                }),
                Err(e) => error.set(Some(e)),
            }
        });
    };
    let trim = move |_| {
        let (s, e) = (start.get_untracked(), end.get_untracked());
        submit(
            "trim",
            json!({"start": s, "end": e}),
            format!("Trimmed to {s:.2}–{e:.2} s"),
        );
    };
    let split = move |_| {
        let points = splits.get_untracked();
        let n = points.len() + 1;
        submit(
            "split",
            json!({"split_points": points}),
            format!("Split into {n} tracks"),
        );
    };
    let fade = move |_| {
        let ms = |v: String| v.trim().parse::<i64>().unwrap_or(-1);
        submit(
            "fade",
            json!({"fade_in_ms": ms(fade_in.get_untracked()), "fade_out_ms": ms(fade_out.get_untracked())}),
            "Faded".to_owned(),
        );
    };
    let seconds = |signal: RwSignal<f64>| {
        move |ev| {
            if let Ok(v) = event_target_value(&ev).parse::<f64>() {
                signal.set(v);
            }
        }
    };
    let busy = move || progress.get().is_some();
    // Keyboard handles over the canvas, where the pointer sees them: arrows nudge them.
    let handle = move |is_start: bool| {
        let value = if is_start { start } else { end };
        let left = move || {
            let (from, span) = window();
            format!(
                "{:.3}%",
                ((value.get() - from) / span * 100.0).clamp(0.0, 100.0)
            )
        };
        let on_key = move |ev: leptos::ev::KeyboardEvent| {
            let step = if ev.shift_key() {
                NUDGE_S * 10.0
            } else {
                NUDGE_S
            };
            let t = value.get_untracked();
            let wanted = match ev.key().as_str() {
                "ArrowLeft" | "ArrowDown" => t - step,
                "ArrowRight" | "ArrowUp" => t + step,
                "Home" => 0.0,
                "End" => duration(),
                _ => return,
            };
            ev.prevent_default();
            let clamped = if is_start {
                wanted.clamp(0.0, end.get_untracked() - 0.05)
            } else {
                wanted.clamp(start.get_untracked() + 0.05, duration())
            };
            value.set((clamped * 100.0).round() / 100.0);
        };
        view! {
            <span role="slider" tabindex="0"
                aria-label=if is_start { "Start handle" } else { "End handle" }
                aria-valuemin="0" aria-valuemax=move || format!("{:.2}", duration())
                aria-valuenow=move || format!("{:.2}", value.get())
                aria-valuetext=move || format!("{:.2} seconds", value.get())
                class="pointer-events-none absolute inset-y-0 -ml-2 w-4 rounded outline-none focus-visible:bg-indigo-400/40 focus-visible:ring-2 focus-visible:ring-indigo-500"
                style:left=left on:keydown=on_key></span>
        }
    };

    view! {
        <section aria-label=format!("Edit {title}") class="mt-3 space-y-3 rounded-xl border border-indigo-200 bg-indigo-50/40 p-3">
            <div class="flex flex-wrap items-center justify-between gap-2">
                <h4 class="font-semibold">"Edit “" {title.clone()} "”"</h4>
                <button type="button" class=BUTTON on:click=move |_| on_close.run(())>"Close"</button>
            </div>
            {move || error.get().map(|e| view! { <p role="alert" class="rounded-lg border border-rose-200 bg-rose-50 p-2 text-sm text-rose-800">{e}</p> })}
            <div class="relative">
            <canvas node_ref=canvas width="1200" height="160" data-testid="waveform"
                aria-label="Waveform: drag the handles to choose the part to keep"
                class="h-32 w-full touch-none rounded-lg bg-white sm:h-40"
                on:pointerdown=on_down on:pointermove=on_move on:pointerup=on_up on:pointercancel=on_up></canvas>
            {handle(true)}
            {handle(false)}
            </div>
            <p class="text-xs text-slate-500">"Drag a handle, or focus it and use the arrow keys (Shift for whole seconds)."</p>
            <div class="flex flex-wrap items-end gap-3 text-sm">
                <label class="flex flex-col">"Start (s)"
                    <input type="number" step="0.01" min="0" class=INPUT prop:value=move || format!("{:.2}", start.get()) on:change=seconds(start)/>
                </label>
                <label class="flex flex-col">"End (s)"
                    <input type="number" step="0.01" min="0" class=INPUT prop:value=move || format!("{:.2}", end.get()) on:change=seconds(end)/>
                </label>
                <span class="text-slate-600">{move || format!("Selection {:.2} s of {:.2} s", (end.get() - start.get()).max(0.0), duration())}</span>
                <div class="flex gap-1">
                    <button type="button" class=BUTTON aria-label="Zoom out" on:click=move |_| zoom.update(|z| *z = (*z / 2.0).max(1.0))>"−"</button>
                    <button type="button" class=BUTTON aria-label="Zoom in" on:click=move |_| zoom.update(|z| *z = (*z * 2.0).min(64.0))>"+"</button>
                </div>
                <button type="button" class=BUTTON on:click=play>"▶ Play selection"</button>
            </div>
            <div class="flex flex-wrap items-center gap-2">
                <button type="button" class="rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold text-white disabled:opacity-60" disabled=busy on:click=trim>"Trim to selection"</button>
                <label class="flex items-center gap-1 text-sm">
                    <input type="checkbox" prop:checked=move || split_mode.get() on:change=move |ev| split_mode.set(event_target_checked(&ev))/>
                    "Split mode: click the waveform to place cuts"
                </label>
                <span class="text-sm text-slate-600">{move || { let s = splits.get(); if s.is_empty() { String::new() } else { format!("Cuts at {}", s.iter().map(|p| format!("{p:.2} s")).collect::<Vec<_>>().join(", ")) } }}</span>
                <button type="button" class=BUTTON disabled=move || busy() || splits.with(Vec::is_empty) on:click=split>"Split"</button>
                <button type="button" class=BUTTON disabled=move || splits.with(Vec::is_empty) on:click=move |_| splits.set(Vec::new())>"Clear cuts"</button>
            </div>
            <div class="flex flex-wrap items-end gap-3 text-sm">
                <label class="flex flex-col">"Fade in (ms)"<input type="number" min="0" step="100" class=INPUT bind:value=fade_in/></label>
                <label class="flex flex-col">"Fade out (ms)"<input type="number" min="0" step="100" class=INPUT bind:value=fade_out/></label>
                <button type="button" class=BUTTON disabled=busy on:click=fade>"Apply fades"</button>
            </div>
            {move || progress.get().map(|p| view! {
                <div class="space-y-1">
                    <progress class="h-2 w-full" max="100" value=(p * 100.0).round() aria-label="Edit progress"></progress>
                    <p class="text-sm text-slate-600">{format!("Working… {:.0}%", p * 100.0)}</p>
                </div>
            })}
        </section>
    }
}

/// Canvas drawing, pointer geometry and playback: browser-only.
#[cfg(feature = "hydrate")]
mod draw {
    use web_sys::wasm_bindgen::closure::Closure;
    use web_sys::wasm_bindgen::JsCast;
    use web_sys::{HtmlAudioElement, HtmlCanvasElement};

    #[allow(clippy::too_many_arguments)]
    pub fn waveform(
        canvas: &HtmlCanvasElement,
        peaks: &[f32],
        total: f64,
        from: f64,
        span: f64,
        start: f64,
        end: f64,
        cuts: &[f64],
    ) {
        let Some(ctx) = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
        else {
            return;
        };
        let (w, h) = (f64::from(canvas.width()), f64::from(canvas.height()));
        ctx.clear_rect(0.0, 0.0, w, h);
        if peaks.is_empty() || total <= 0.0 {
            return;
        }
        let x_of = |t: f64| (t - from) / span * w;
        ctx.set_fill_style_str("#e0e7ff");
        ctx.fill_rect(x_of(start), 0.0, x_of(end) - x_of(start), h);
        for px in 0..w as usize {
            let t = from + span * (px as f64 / w);
            let i = ((t / total) * peaks.len() as f64) as usize;
            let v = f64::from(peaks.get(i.min(peaks.len() - 1)).copied().unwrap_or(0.0));
            let inside = t >= start && t <= end;
            ctx.set_fill_style_str(if inside { "#4f46e5" } else { "#94a3b8" });
            let bar = (v * (h - 8.0)).max(1.0);
            ctx.fill_rect(px as f64, (h - bar) / 2.0, 1.0, bar);
        }
        ctx.set_fill_style_str("#1e1b4b");
        for t in [start, end] {
            ctx.fill_rect(x_of(t) - 1.5, 0.0, 3.0, h);
        }
        ctx.set_fill_style_str("#e11d48");
        for t in cuts {
            ctx.fill_rect(x_of(*t) - 1.0, 0.0, 2.0, h);
        }
    }

    /// The pointer's x inside the element and the element's width (CSS pixels).
    pub fn pointer_x(ev: &leptos::ev::PointerEvent) -> Option<(f64, f64)> {
        let el: web_sys::Element = ev.target()?.dyn_into().ok()?;
        let rect = el.get_bounding_client_rect();
        Some((f64::from(ev.client_x()) - rect.left(), rect.width()))
    }

    pub fn capture(ev: &leptos::ev::PointerEvent) {
        if let Some(el) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        {
            let _ = el.set_pointer_capture(ev.pointer_id());
        }
    }

    /// Plays `start..end` of `url`; dropping it stops playback.
    pub struct Player {
        audio: HtmlAudioElement,
        _stop: Closure<dyn FnMut()>,
    }

    impl Player {
        pub fn play(url: &str, start: f64, end: f64) -> Option<Self> {
            let audio = HtmlAudioElement::new_with_src(url).ok()?;
            audio.set_current_time(start);
            let watched = audio.clone();
            let stop = Closure::<dyn FnMut()>::new(move || {
                if watched.current_time() >= end {
                    let _ = watched.pause();
                }
            });
            audio.set_ontimeupdate(Some(stop.as_ref().unchecked_ref()));
            let _ = audio.play();
            Some(Self { audio, _stop: stop })
        }
    }

    impl Drop for Player {
        fn drop(&mut self) {
            let _ = self.audio.pause();
        }
    }
}

#[cfg(not(feature = "hydrate"))]
mod draw {
    //! Server renders never draw or play.

    #[allow(clippy::too_many_arguments)]
    pub fn waveform<C>(_: &C, _: &[f32], _: f64, _: f64, _: f64, _: f64, _: f64, _: &[f64]) {}

    pub fn pointer_x(_: &leptos::ev::PointerEvent) -> Option<(f64, f64)> {
        None
    }

    pub fn capture(_: &leptos::ev::PointerEvent) {}

    pub struct Player;

    impl Player {
        pub fn play(_: &str, _: f64, _: f64) -> Option<Self> {
            None
        }
    }
}
