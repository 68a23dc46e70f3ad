//! Keyboard conventions shared by inline editors and questions: Escape backs out of what it
//! is pressed in, as Cancel would.

use leptos::ev::KeyboardEvent;

/// A `keydown` handler for an editor's container that runs `cancel` on Escape. The event is
/// marked handled, so an editor inside another (a question inside a track's actions) closes
/// alone: the outer handler sees the mark and leaves it.
pub fn escape_cancels(
    cancel: impl Fn() + Copy + 'static,
) -> impl Fn(KeyboardEvent) + Copy + 'static {
    move |ev: KeyboardEvent| {
        if ev.key() == "Escape" && !ev.default_prevented() {
            ev.prevent_default();
            cancel();
        }
    }
}
