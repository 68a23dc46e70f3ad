//! What the waveform canvas shows, computed from one [`WaveView`] as a list of filled
//! rectangles: the selection's background, one bar per pixel column (kept or cut away), the
//! two handles and the split points. Pure, so the picture is tested natively; the browser side
//! only clears the canvas and fills the rectangles in order.

use super::selection::Selection;

/// Behind the selected part.
const SELECTED_BG: &str = "#e0e7ff";
/// Bars inside the selection (kept by a trim).
const KEPT: &str = "#4f46e5";
/// Bars outside it.
const CUT_AWAY: &str = "#94a3b8";
const HANDLE: &str = "#1e1b4b";
const SPLIT_POINT: &str = "#e11d48";
/// Room left above and below the loudest bar, in canvas pixels.
const MARGIN: f64 = 8.0;

/// Everything one drawing of the canvas depends on.
pub struct WaveView<'a> {
    /// Loudness per bucket, 0..1, evenly spread over the whole track.
    pub peaks: &'a [f32],
    pub selection: &'a Selection,
    /// Split points, in seconds.
    pub cuts: &'a [f64],
    /// The canvas's own size in pixels (not its CSS size).
    pub width: u32,
    pub height: u32,
}

/// One rectangle to fill, in canvas pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fill {
    pub colour: &'static str,
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl WaveView<'_> {
    /// The rectangles to fill on a cleared canvas, in order; none before there is anything to
    /// show.
    pub fn fills(&self) -> Vec<Fill> {
        let (w, h) = (f64::from(self.width), f64::from(self.height));
        let total = self.selection.duration();
        if self.peaks.is_empty() || total <= 0.0 {
            return Vec::new();
        }
        let window = self.selection.window();
        let x_of = |t: f64| window.x_of(t, w);
        let (start, end) = (self.selection.start(), self.selection.end());
        let column = |colour, x: f64, width: f64| Fill {
            colour,
            x,
            y: 0.0,
            w: width,
            h,
        };

        let mut fills = Vec::with_capacity(self.width as usize + 3 + self.cuts.len());
        fills.push(column(SELECTED_BG, x_of(start), x_of(end) - x_of(start)));
        let last = self.peaks.len() - 1;
        for px in 0..self.width {
            let x = f64::from(px);
            let t = window.time_at(x, w);
            let bucket = ((t / total) * self.peaks.len() as f64) as usize;
            let v = f64::from(self.peaks[bucket.min(last)]);
            let bar = (v * (h - MARGIN)).max(1.0);
            fills.push(Fill {
                colour: if (start..=end).contains(&t) {
                    KEPT
                } else {
                    CUT_AWAY
                },
                x,
                y: (h - bar) / 2.0,
                w: 1.0,
                h: bar,
            });
        }
        fills.extend([start, end].map(|t| column(HANDLE, x_of(t) - 1.5, 3.0)));
        fills.extend(
            self.cuts
                .iter()
                .map(|t| column(SPLIT_POINT, x_of(*t) - 1.0, 2.0)),
        );
        fills
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::components::waveform::selection::Handle;

    fn view<'a>(peaks: &'a [f32], selection: &'a Selection, cuts: &'a [f64]) -> WaveView<'a> {
        WaveView {
            peaks,
            selection,
            cuts,
            width: 100,
            height: 48,
        }
    }

    #[test]
    fn nothing_is_drawn_before_the_peaks_arrive() {
        let selection = Selection::new(4.0);
        assert!(view(&[], &selection, &[]).fills().is_empty());
        assert!(view(&[0.5], &Selection::new(0.0), &[]).fills().is_empty());
    }

    #[test]
    fn bars_inside_the_selection_are_kept_and_handles_and_cuts_sit_on_their_times() {
        let mut selection = Selection::new(10.0);
        selection.type_in(Handle::Start, 2.0);
        selection.type_in(Handle::End, 6.0);
        let peaks = [0.0, 1.0, 0.5, 0.25];
        let fills = view(&peaks, &selection, &[8.0]).fills();
        assert_eq!(fills.len(), 1 + 100 + 2 + 1);

        assert_eq!(
            fills[0],
            Fill {
                colour: SELECTED_BG,
                x: 20.0,
                y: 0.0,
                w: 40.0,
                h: 48.0
            }
        );
        let bars = &fills[1..101];
        assert_eq!(bars[19].colour, CUT_AWAY);
        assert_eq!(bars[20].colour, KEPT);
        assert_eq!(bars[60].colour, KEPT, "the end is still kept");
        assert_eq!(bars[61].colour, CUT_AWAY);
        // column 30 is at 3 s, in the second of four buckets (full loudness)
        assert_eq!((bars[30].y, bars[30].h), (4.0, 40.0));
        // silence still shows a hairline
        assert_eq!((bars[0].y, bars[0].h), (23.5, 1.0));
        assert_eq!(fills[101].x, 20.0 - 1.5);
        assert_eq!(fills[102].x, 60.0 - 1.5);
        assert_eq!(
            fills[103],
            Fill {
                colour: SPLIT_POINT,
                x: 79.0,
                y: 0.0,
                w: 2.0,
                h: 48.0
            }
        );
    }

    #[test]
    fn a_zoomed_view_draws_its_window_only() {
        let mut selection = Selection::new(10.0);
        selection.type_in(Handle::Start, 5.0);
        selection.zoom_in(); // 5 s wide, from 4.5 s
        let peaks = [0.0; 10];
        let fills = view(&peaks, &selection, &[]).fills();
        // the start handle sits a tenth into the window, the end off its right edge
        assert_eq!(fills[101].x, 10.0 - 1.5);
        assert!(fills[102].x > 100.0);
        assert_eq!(fills[1].colour, CUT_AWAY, "4.5 s is before the selection");
        assert_eq!(fills[100].colour, KEPT);
    }
}
