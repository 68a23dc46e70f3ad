//! One player for the whole card: each row has a Play button, and the audio plays in a bar
//! pinned to the foot of the screen that goes on to the next chapter, as the real player
//! does. A player per row was 50 px of controls on every line and let two chapters play over
//! each other.

use leptos::prelude::*;

use super::Tracks;
use crate::api::rest::track_url;
use cardsmith_model::track::transcode_status;

/// Play / pause of one row; only for tracks whose audio is ready.
#[component]
pub fn PlayButton(id: StoredValue<String>, title: Signal<String>) -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let ready = move || {
        id.with_value(|id| {
            tracks.list.with(|l| {
                l.iter()
                    .any(|t| &t.id == id && t.transcode_status == transcode_status::READY)
            })
        })
    };
    let current = move || id.with_value(|id| tracks.playing.with(|p| p.as_ref() == Some(id)));
    let sounding = move || current() && !tracks.paused.get();
    let press = move |_| {
        if current() {
            tracks.paused.update(|p| *p = !*p);
        } else {
            tracks.play(id.get_value());
        }
    };
    view! {
        <Show when=ready fallback=|| view! { <span class="h-11 w-11 shrink-0" aria-hidden="true"></span> }>
            <button type="button" on:click=press
                aria-label=move || {
                    if sounding() { tr!("card-pause-track", title = title.get()) } else { tr!("card-play-track", title = title.get()) }
                }
                aria-pressed=move || sounding().to_string()
                class=move || format!("flex h-11 w-11 shrink-0 items-center justify-center rounded-full focus:outline-none focus:ring-2 focus:ring-indigo-300 {}",
                    if current() { "bg-indigo-600 text-white hover:bg-indigo-500" } else { "text-indigo-700 hover:bg-indigo-50" })>
                <span aria-hidden="true">{move || if sounding() { "❚❚" } else { "▶" }}</span>
            </button>
        </Show>
    }
}

/// The bar at the foot of the screen while a chapter plays. The `<audio>` element is the
/// browser's own (seek, volume, keyboard), following `Tracks::playing` and `paused`.
#[component]
pub fn PlayerBar() -> impl IntoView {
    let tracks = expect_context::<Tracks>();
    let audio = NodeRef::<leptos::html::Audio>::new();
    let now = Memo::new(move |_| {
        let id = tracks.playing.get()?;
        tracks.list.with(|l| {
            let index = l.iter().position(|t| t.id == id)?;
            let t = &l[index];
            // the id in the query keeps a browser from replaying a cached older track that had
            // the same slug (e.g. before a trim)
            let src = format!(
                "{}?v={}",
                track_url(&tracks.card_slug(), &t.slug, "/audio"),
                t.id
            );
            Some((index + 1, t.title.clone(), src))
        })
    });
    // the paused flag drives the element; the element's own controls report back below
    Effect::new(move |_| {
        let paused = tracks.paused.get();
        if let Some(el) = audio.get() {
            if paused {
                let _ = el.pause();
            } else if el.paused() {
                play(&el);
            }
        }
    });
    let on_ended = move |_| tracks.play_next();
    // room under the page while the bar covers its foot, so the last chapter can be reached
    Effect::new(move |_| {
        let open = tracks.playing.with(Option::is_some);
        if let Some(body) = document().body() {
            let _ = body
                .style()
                .set_property("padding-bottom", if open { "7rem" } else { "" });
        }
    });
    view! {
        {move || now.get().map(|(number, title, src)| view! {
            <div role="region" aria-label=tr!("card-player") data-testid="player-bar"
                class="pointer-events-auto flex w-full max-w-2xl flex-wrap items-center gap-x-2 rounded-xl border border-slate-200 bg-white px-3 py-1 shadow-lg sm:flex-nowrap sm:py-2">
                <p class="order-1 min-w-0 flex-1 truncate text-sm font-medium sm:flex-none sm:basis-1/3" aria-live="polite">
                    <span class="font-mono text-slate-500">{number}". "</span>{title.clone()}
                </p>
                <audio node_ref=audio controls autoplay src=src class="order-3 mb-1 h-10 w-full min-w-0 sm:order-2 sm:mb-0 sm:w-auto sm:flex-1"
                    aria-label=tr!("card-playing", title = &title)
                    on:play=move |_| tracks.paused.set(false)
                    on:pause=move |_| tracks.paused.set(true)
                    on:ended=on_ended></audio>
                <button type="button" aria-label=tr!("card-player-close") on:click=move |_| tracks.stop()
                    class="order-2 flex h-11 sm:order-3 w-11 shrink-0 items-center justify-center rounded-lg text-lg text-slate-500 hover:bg-slate-100">"✕"</button>
            </div>
        })}
    }
}

/// Starts `el`. The browser's promise is awaited so that a start cut short (another chapter
/// chosen while it loads: "interrupted by a new load request") is not an unhandled error.
fn play(el: &leptos::web_sys::HtmlAudioElement) {
    #[cfg(feature = "hydrate")]
    if let Ok(promise) = el.play() {
        leptos::task::spawn_local(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
        });
    }
    #[cfg(not(feature = "hydrate"))]
    let _ = el;
}
