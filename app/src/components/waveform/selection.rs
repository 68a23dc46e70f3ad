//! The trim editor's selection as plain data: the kept part of the track (`start..end`), which
//! handle a pointer drags, what the keys do to a focused handle, and which part of the track
//! the canvas shows (zoom). It knows no browser types, so every rule the editor follows is
//! unit-tested natively; the component only turns events into these calls and draws the result.

/// The closest the two handles may come, in seconds. Closer, they overlap on the canvas and
/// the selection is too short to be worth a trim job (the server needs `end > start`).
pub const MIN_GAP_S: f64 = 0.05;
/// How far an arrow key moves the focused handle, in seconds (Shift: ten times as far).
pub const NUDGE_S: f64 = 0.1;
/// The deepest zoom: the canvas then shows a 64th of the track.
pub const MAX_ZOOM: f64 = 64.0;
/// When zoomed in, the window starts this fraction of its width before the start handle, so
/// the handle stays in sight with a little context to its left.
const LEAD: f64 = 0.1;
/// The narrowest window, in seconds: keeps the pixel↔time mapping finite for an empty track.
const MIN_SPAN_S: f64 = 0.001;
/// Peaks asked for at zoom 1 (more than the canvas has columns); zooming in asks for
/// proportionally more, up to the server's limit, so a zoomed view stays detailed.
const BUCKETS: f64 = 1600.0;
const MAX_BUCKETS: f64 = 20_000.0;

/// One of the two handles bounding the selection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handle {
    Start,
    End,
}

/// What a key does to the focused handle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Nudge {
    /// Move by this many seconds (negative: towards the start).
    By(f64),
    /// Home: as far towards the track's start as the other handle allows.
    TrackStart,
    /// End: as far towards the track's end as the other handle allows.
    TrackEnd,
}

impl Nudge {
    /// The nudge a key stands for (`KeyboardEvent.key`), the slider keys of ARIA; `None` for
    /// other keys, which the page keeps (Tab must still leave the handle).
    pub fn from_key(key: &str, shift: bool) -> Option<Self> {
        let step = if shift { NUDGE_S * 10.0 } else { NUDGE_S };
        Some(match key {
            "ArrowLeft" | "ArrowDown" => Self::By(-step),
            "ArrowRight" | "ArrowUp" => Self::By(step),
            "Home" => Self::TrackStart,
            "End" => Self::TrackEnd,
            _ => return None,
        })
    }
}

/// The part of the track the canvas shows: `from..from + span` seconds across its width.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Window {
    pub from: f64,
    pub span: f64,
}

impl Window {
    /// The time under pixel `x` of a canvas `width` pixels wide (not kept on the track).
    pub fn time_at(self, x: f64, width: f64) -> f64 {
        self.from + self.span * (x / width.max(1.0))
    }

    /// The pixel of time `t` on a canvas `width` pixels wide; outside `0..width` when `t` is
    /// out of the window.
    pub fn x_of(self, t: f64, width: f64) -> f64 {
        (t - self.from) / self.span * width
    }

    /// Where `t` sits across the window in percent, kept on the canvas: the left of the
    /// keyboard handle over it.
    pub fn percent_of(self, t: f64) -> f64 {
        self.x_of(t, 100.0).clamp(0.0, 100.0)
    }
}

/// The selection on a track of `duration` seconds, the zoom, and the handle being dragged.
///
/// Dragging and nudging keep `0 <= start`, `start + MIN_GAP_S <= end` and `end <= duration`
/// (on a track shorter than the gap, the end stops at the track's end). Typed values are only
/// kept on the track: a number input passes through inverted states while someone types a
/// new range, and the server refuses an inverted trim with a readable error.
#[derive(Debug, Clone, PartialEq)]
pub struct Selection {
    duration: f64,
    start: f64,
    end: f64,
    zoom: f64,
    dragging: Option<Handle>,
}

impl Selection {
    /// The whole track selected, unzoomed. `duration` may be a first guess (the track list's
    /// whole seconds) until [`Selection::measured`] gives the exact length.
    pub fn new(duration: f64) -> Self {
        let duration = duration.max(0.0);
        Self {
            duration,
            start: 0.0,
            end: duration,
            zoom: 1.0,
            dragging: None,
        }
    }

    /// The track's exact length, from its peaks: the end handle goes to the end of the track,
    /// the start handle stays where it is unless that is now too late.
    pub fn measured(&mut self, duration: f64) {
        self.duration = duration.max(0.0);
        self.end = self.duration;
        self.start = self.start.min(self.end - MIN_GAP_S).max(0.0);
    }

    pub fn duration(&self) -> f64 {
        self.duration
    }

    pub fn start(&self) -> f64 {
        self.start
    }

    pub fn end(&self) -> f64 {
        self.end
    }

    /// The position of `handle`, in seconds.
    pub fn at(&self, handle: Handle) -> f64 {
        match handle {
            Handle::Start => self.start,
            Handle::End => self.end,
        }
    }

    /// The selected length in seconds (0 while typed values are inverted).
    pub fn length(&self) -> f64 {
        (self.end - self.start).max(0.0)
    }

    /// The part of the track the canvas shows: the whole track at zoom 1, else a
    /// `1/zoom` slice that follows the start handle.
    pub fn window(&self) -> Window {
        let span = self.duration / self.zoom;
        let from = (self.start - span * LEAD).clamp(0.0, (self.duration - span).max(0.0));
        Window {
            from,
            span: span.max(MIN_SPAN_S),
        }
    }

    /// How many peaks to ask the server for at this zoom.
    pub fn buckets(&self) -> usize {
        (BUCKETS * self.zoom).min(MAX_BUCKETS) as usize
    }

    pub fn zoom_in(&mut self) {
        self.zoom = (self.zoom * 2.0).min(MAX_ZOOM);
    }

    pub fn zoom_out(&mut self) {
        self.zoom = (self.zoom / 2.0).max(1.0);
    }

    /// The time under pixel `x` of a canvas `width` pixels wide, kept on the track.
    pub fn time_at(&self, x: f64, width: f64) -> f64 {
        self.window().time_at(x, width).clamp(0.0, self.duration)
    }

    /// A pointer went down at time `t`: the nearer handle (the start on a tie) jumps there,
    /// as far as the other allows, and follows the pointer until [`Selection::release`].
    pub fn press(&mut self, t: f64) -> Handle {
        let handle = if (t - self.start).abs() <= (t - self.end).abs() {
            Handle::Start
        } else {
            Handle::End
        };
        self.dragging = Some(handle);
        self.place(handle, t);
        handle
    }

    /// The pointer moved to time `t`: the dragged handle follows; nothing happens when no
    /// handle is held.
    pub fn drag_to(&mut self, t: f64) {
        if let Some(handle) = self.dragging {
            self.place(handle, t);
        }
    }

    /// The pointer let go (or the browser took it away).
    pub fn release(&mut self) {
        self.dragging = None;
    }

    /// The handle a pointer is dragging, if any.
    pub fn dragging(&self) -> Option<Handle> {
        self.dragging
    }

    /// A key moved `handle`: steps land on hundredths of a second (what the inputs show).
    pub fn nudge(&mut self, handle: Handle, nudge: Nudge) {
        let wanted = match nudge {
            Nudge::By(step) => ((self.at(handle) + step) * 100.0).round() / 100.0,
            Nudge::TrackStart => 0.0,
            Nudge::TrackEnd => self.duration,
        };
        self.place(handle, wanted);
    }

    /// A number typed for `handle`: kept on the track, not checked against the other handle
    /// (see the type's docs). Not-a-number is ignored.
    pub fn type_in(&mut self, handle: Handle, t: f64) {
        if !t.is_finite() {
            return;
        }
        let t = t.clamp(0.0, self.duration);
        match handle {
            Handle::Start => self.start = t,
            Handle::End => self.end = t,
        }
    }

    /// Moves `handle` to `t`, as far as the track and the other handle allow.
    fn place(&mut self, handle: Handle, t: f64) {
        match handle {
            Handle::Start => self.start = t.min(self.end - MIN_GAP_S).max(0.0),
            Handle::End => self.end = t.max(self.start + MIN_GAP_S).min(self.duration),
        }
    }
}

/// Adds a split point at `t` seconds (to the millisecond) to the sorted `cuts`; a point
/// already there is not added twice (the server refuses repeated points).
pub fn add_cut(cuts: &mut Vec<f64>, t: f64) {
    let t = (t * 1000.0).round() / 1000.0;
    if let Err(at) = cuts.binary_search_by(|c| c.total_cmp(&t)) {
        cuts.insert(at, t);
    }
}

#[cfg(test)]
mod tests;
