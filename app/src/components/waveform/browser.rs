//! The editor's browser side: filling the canvas, pointer geometry and capture, and playing
//! the selection. The server renders the same component, so it gets stand-ins with the same
//! names that never draw or play, and the component needs no `cfg` of its own.

pub use imp::*;

#[cfg(feature = "hydrate")]
mod imp {
    use leptos::prelude::*;
    use web_sys::wasm_bindgen::closure::Closure;
    use web_sys::wasm_bindgen::JsCast;
    use web_sys::{CanvasRenderingContext2d, HtmlAudioElement, HtmlCanvasElement};

    use crate::components::waveform::paint::Fill;

    /// Clears `canvas` and fills `fills` on it in order.
    pub fn paint(canvas: &HtmlCanvasElement, fills: &[Fill]) {
        let Some(ctx) = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
        else {
            return;
        };
        ctx.clear_rect(
            0.0,
            0.0,
            f64::from(canvas.width()),
            f64::from(canvas.height()),
        );
        for f in fills {
            ctx.set_fill_style_str(f.colour);
            ctx.fill_rect(f.x, f.y, f.w, f.h);
        }
    }

    /// The pointer's x inside the element and the element's width (CSS pixels).
    pub fn pointer_x(ev: &leptos::ev::PointerEvent) -> Option<(f64, f64)> {
        let el: web_sys::Element = ev.target()?.dyn_into().ok()?;
        let rect = el.get_bounding_client_rect();
        Some((f64::from(ev.client_x()) - rect.left(), rect.width()))
    }

    /// Keeps the pointer's events on the canvas while a handle is dragged past its edge.
    pub fn capture(ev: &leptos::ev::PointerEvent) {
        if let Some(el) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        {
            let _ = el.set_pointer_capture(ev.pointer_id());
        }
    }

    /// Where the playing selection is kept. Audio elements live on the page's one thread, so
    /// the slot is thread-bound here.
    pub fn player_slot() -> StoredValue<Option<Player>, LocalStorage> {
        StoredValue::new_local(None)
    }

    /// Plays `start..end` of `url` (HTTP Range requests do the seeking); dropping it stops.
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
mod imp {
    use leptos::prelude::*;

    use crate::components::waveform::paint::Fill;

    pub fn paint<C>(_: &C, _: &[Fill]) {}

    pub fn pointer_x(_: &leptos::ev::PointerEvent) -> Option<(f64, f64)> {
        None
    }

    pub fn capture(_: &leptos::ev::PointerEvent) {}

    /// `Send`, unlike the browser's: a thread-bound value would panic when another worker
    /// thread drops the rendered page.
    pub fn player_slot() -> StoredValue<Option<Player>> {
        StoredValue::new(None)
    }

    pub struct Player;

    impl Player {
        pub fn play(_: &str, _: f64, _: f64) -> Option<Self> {
            None
        }
    }
}
