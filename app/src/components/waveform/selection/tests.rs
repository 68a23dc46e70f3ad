//! The selection's rules, natively: dragging each handle, the minimum gap, nudging at the
//! track's edges, typed values, the window's pixel↔second mapping and split points.

use super::*;

/// Close enough for sums of decimal steps.
fn near(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// The invariant dragging and nudging keep on a track at least `MIN_GAP_S` long.
fn assert_ordered(s: &Selection) {
    assert!(s.start() >= 0.0, "{s:?}");
    assert!(s.end() <= s.duration(), "{s:?}");
    assert!(s.end() - s.start() >= MIN_GAP_S - 1e-9, "{s:?}");
}

#[test]
fn a_new_selection_is_the_whole_track_and_measuring_moves_the_end() {
    let mut s = Selection::new(4.0);
    assert_eq!((s.start(), s.end(), s.length()), (0.0, 4.0, 4.0));
    s.type_in(Handle::Start, 1.0);
    s.measured(4.25);
    assert_eq!((s.start(), s.end(), s.duration()), (1.0, 4.25, 4.25));
    // a track shorter than the guess pulls a late start back before the end
    s.type_in(Handle::Start, 4.2);
    s.measured(2.0);
    assert!(near(s.start(), 2.0 - MIN_GAP_S));
    assert_ordered(&s);
}

#[test]
fn pressing_moves_the_nearer_handle_and_dragging_follows_it() {
    let mut s = Selection::new(10.0);
    assert_eq!(s.press(3.0), Handle::Start);
    assert_eq!(s.start(), 3.0);
    s.drag_to(4.0);
    assert_eq!((s.start(), s.end()), (4.0, 10.0));
    s.release();
    assert_eq!(s.dragging(), None);
    // without a held handle, moving the pointer changes nothing
    s.drag_to(6.0);
    assert_eq!(s.start(), 4.0);

    assert_eq!(s.press(8.0), Handle::End);
    assert_eq!(s.dragging(), Some(Handle::End));
    s.drag_to(7.5);
    assert_eq!((s.start(), s.end()), (4.0, 7.5));
    s.release();

    // halfway between the handles, the start wins the tie
    assert_eq!(s.press(5.75), Handle::Start);
}

#[test]
fn dragged_handles_never_cross_nor_come_closer_than_the_gap() {
    let mut s = Selection::new(5.0);
    s.press(1.0);
    s.drag_to(9.0);
    assert!(near(s.start(), 5.0 - MIN_GAP_S));
    assert_ordered(&s);
    s.release();
    s.press(4.99);
    assert_eq!(s.dragging(), Some(Handle::End));
    s.drag_to(-3.0);
    assert!(near(s.end(), s.start() + MIN_GAP_S));
    assert_ordered(&s);

    // sweep both handles over and past the whole track, back and forth
    for step in 0..=120 {
        let t = f64::from(step) / 20.0 - 0.5;
        for handle_at in [0.0, 5.0] {
            let mut s = Selection::new(5.0);
            s.press(handle_at);
            s.drag_to(t);
            assert_ordered(&s);
            s.drag_to(5.5 - t);
            assert_ordered(&s);
        }
    }
}

#[test]
fn keys_nudge_by_a_tenth_or_a_second_and_stop_at_the_edges() {
    assert_eq!(
        Nudge::from_key("ArrowRight", false),
        Some(Nudge::By(NUDGE_S))
    );
    assert_eq!(
        Nudge::from_key("ArrowDown", true),
        Some(Nudge::By(-NUDGE_S * 10.0))
    );
    assert_eq!(Nudge::from_key("Home", false), Some(Nudge::TrackStart));
    assert_eq!(Nudge::from_key("End", true), Some(Nudge::TrackEnd));
    assert_eq!(Nudge::from_key("Tab", false), None);

    let mut s = Selection::new(3.0);
    s.type_in(Handle::Start, 0.5);
    s.nudge(Handle::Start, Nudge::By(NUDGE_S));
    assert_eq!(s.start(), 0.6);
    s.nudge(Handle::Start, Nudge::By(-NUDGE_S));
    assert_eq!(s.start(), 0.5);
    s.nudge(Handle::Start, Nudge::By(-NUDGE_S * 10.0));
    assert_eq!(s.start(), 0.0, "stops at the track's start");
    s.nudge(Handle::End, Nudge::By(NUDGE_S));
    assert_eq!(s.end(), 3.0, "stops at the track's end");

    s.nudge(Handle::Start, Nudge::TrackEnd);
    assert!(
        near(s.start(), 3.0 - MIN_GAP_S),
        "End stops before the other handle"
    );
    s.nudge(Handle::End, Nudge::TrackStart);
    assert_eq!(s.end(), 3.0, "Home cannot pass the start");
    s.nudge(Handle::Start, Nudge::TrackStart);
    s.nudge(Handle::End, Nudge::TrackStart);
    assert_eq!((s.start(), s.end()), (0.0, MIN_GAP_S));
    assert_ordered(&s);
}

#[test]
fn nudging_a_track_shorter_than_the_gap_does_not_panic() {
    // before the peaks arrive a track may have no known length at all
    let mut s = Selection::new(0.0);
    s.nudge(Handle::Start, Nudge::By(NUDGE_S));
    s.nudge(Handle::End, Nudge::By(-NUDGE_S));
    assert_eq!((s.start(), s.end()), (0.0, 0.0));
}

#[test]
fn typed_values_stay_on_the_track_and_may_invert() {
    let mut s = Selection::new(4.0);
    s.type_in(Handle::End, 9.0);
    assert_eq!(s.end(), 4.0);
    s.type_in(Handle::Start, -1.0);
    assert_eq!(s.start(), 0.0);
    s.type_in(Handle::Start, f64::NAN);
    assert_eq!(s.start(), 0.0);
    s.type_in(Handle::End, 1.0);
    s.type_in(Handle::Start, 2.0);
    assert_eq!((s.start(), s.end(), s.length()), (2.0, 1.0, 0.0));
    // the next drag puts the handles back in order
    s.press(1.2);
    assert_ordered(&s);
}

#[test]
fn the_window_maps_pixels_to_seconds_and_follows_the_start_when_zoomed() {
    let mut s = Selection::new(8.0);
    let w = s.window();
    assert_eq!(
        w,
        Window {
            from: 0.0,
            span: 8.0
        }
    );
    assert_eq!(w.time_at(600.0, 1200.0), 4.0);
    assert_eq!(w.x_of(2.0, 1200.0), 300.0);
    assert_eq!(w.percent_of(6.0), 75.0);
    assert_eq!(s.time_at(-50.0, 1200.0), 0.0, "kept on the track");
    assert_eq!(s.time_at(1300.0, 1200.0), 8.0);
    assert_eq!(s.buckets(), 1600);

    s.type_in(Handle::Start, 4.0);
    s.zoom_in();
    s.zoom_in();
    let w = s.window();
    assert_eq!(w.span, 2.0);
    assert!(
        near(w.from, 4.0 - 0.2),
        "a tenth of the window before the start"
    );
    assert!(near(s.time_at(0.0, 1200.0), 3.8));
    assert!(near(s.time_at(1200.0, 1200.0), 5.8));
    assert!(near(w.x_of(4.0, 1200.0), 120.0));
    assert_eq!(w.percent_of(7.0), 100.0, "off the window: kept at its edge");
    assert_eq!(w.percent_of(1.0), 0.0);
    assert_eq!(s.buckets(), 6400);

    // the window never runs off the track's end
    s.type_in(Handle::Start, 7.9);
    assert_eq!(s.window().from, 6.0);
    for _ in 0..10 {
        s.zoom_in();
    }
    assert_eq!(s.window().span, 8.0 / MAX_ZOOM);
    assert_eq!(s.buckets(), 20_000, "capped at the server's limit");
    for _ in 0..10 {
        s.zoom_out();
    }
    assert_eq!(
        s.window(),
        Window {
            from: 0.0,
            span: 8.0
        }
    );

    // an empty track still maps pixels to finite times
    let empty = Selection::new(0.0);
    assert_eq!(empty.window().span, MIN_SPAN_S);
    assert_eq!(empty.time_at(600.0, 1200.0), 0.0);
}

#[test]
fn cuts_are_sorted_to_the_millisecond_without_repeats() {
    let mut cuts = Vec::new();
    add_cut(&mut cuts, 2.5004);
    add_cut(&mut cuts, 1.25);
    add_cut(&mut cuts, 2.4996);
    add_cut(&mut cuts, 3.0);
    assert_eq!(cuts, [1.25, 2.5, 3.0]);
}
