//! Keyboard conventions shared by inline editors, questions and dialogs: Escape backs out of
//! what it is pressed in, as Cancel would; Tab goes round a dialog's controls.

use leptos::ev::KeyboardEvent;
use leptos::html::Dialog;
use leptos::prelude::*;

/// What can take the focus inside a dialog, in the order Tab visits it.
#[cfg(feature = "hydrate")]
const FOCUSABLE: &str =
    "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), \
    select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])";

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

/// Where Tab (or Shift+Tab, `back`) must send the focus from the control at `at` of `count`
/// in a dialog so it goes round instead of leaving: `None` when the browser's own step stays
/// inside.
#[cfg_attr(not(feature = "hydrate"), allow(dead_code))]
pub fn wrapped_tab(at: Option<usize>, count: usize, back: bool) -> Option<usize> {
    match (at, back) {
        _ if count == 0 => None,
        (Some(i), false) if i + 1 == count => Some(0),
        (Some(0), true) => Some(count - 1),
        (None, false) => Some(0),
        (None, true) => Some(count - 1),
        _ => None,
    }
}

/// A `keydown` handler for a modal dialog: Tab from its last control goes to its first and
/// Shift+Tab from its first to its last. `showModal()` makes the page behind inert, but the
/// browser would still let Tab leave for its own toolbar; a keyboard user stays in the dialog
/// until they close it.
pub fn tab_stays_in(dialog: NodeRef<Dialog>) -> impl Fn(KeyboardEvent) + Copy + 'static {
    move |ev: KeyboardEvent| {
        if ev.key() != "Tab" || ev.default_prevented() {
            return;
        }
        #[cfg(feature = "hydrate")]
        {
            use leptos::wasm_bindgen::JsCast;
            let Some(dialog) = dialog.get_untracked() else {
                return;
            };
            let Ok(found) = dialog.query_selector_all(FOCUSABLE) else {
                return;
            };
            let controls: Vec<web_sys::HtmlElement> = (0..found.length())
                .filter_map(|i| found.item(i))
                .filter_map(|node| node.dyn_into::<web_sys::HtmlElement>().ok())
                .filter(|el| el.offset_width() > 0 || el.offset_height() > 0)
                .collect();
            let active = document().active_element();
            let at = controls
                .iter()
                .position(|el| active.as_ref() == Some(el.unchecked_ref::<web_sys::Element>()));
            if let Some(next) = wrapped_tab(at, controls.len(), ev.shift_key()) {
                ev.prevent_default();
                let _ = controls[next].focus();
            }
        }
        #[cfg(not(feature = "hydrate"))]
        let _ = dialog;
    }
}

#[cfg(test)]
mod tests {
    use super::wrapped_tab;

    #[test]
    fn tab_goes_round_a_dialog() {
        // the last goes to the first, the first back to the last
        assert_eq!(wrapped_tab(Some(2), 3, false), Some(0));
        assert_eq!(wrapped_tab(Some(0), 3, true), Some(2));
        // inside, the browser's own step is right
        assert_eq!(wrapped_tab(Some(1), 3, false), None);
        assert_eq!(wrapped_tab(Some(1), 3, true), None);
        // from outside (the dialog itself focused): in
        assert_eq!(wrapped_tab(None, 3, false), Some(0));
        assert_eq!(wrapped_tab(None, 3, true), Some(2));
        // nothing to focus
        assert_eq!(wrapped_tab(None, 0, false), None);
    }
}
