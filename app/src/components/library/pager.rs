//! Paging through the answers: "Showing 1–48 of 1,000 cards", then previous, the page numbers
//! around the current one (first and last always) and next. Pages are links, so they work
//! before hydration, open in a new tab, and each is a history entry.

use cardsmith_model::library::{CardPage, CardQuery};
use leptos::prelude::*;

use super::query::href_for;

/// `n` with the page's language's thousands separator: `1,000` (`1.000` in German).
pub fn grouped(n: u64) -> String {
    cardsmith_i18n::integer(crate::i18n::locale(), i64::try_from(n).unwrap_or(i64::MAX))
}

/// What the page shows, in words: "Showing 1–48 of 1,000 cards".
pub fn summary(page: &CardPage) -> String {
    let total = grouped(page.total);
    match page.shown_range() {
        (0, _) => tr!("library-none-shown", total = total),
        (first, last) => tr!(
            "library-showing",
            count = page.total,
            first = grouped(first),
            last = grouped(last),
            total = total
        ),
    }
}

/// The page numbers to offer around `page` of `pages`: the first, the last, and one either
/// side of the current; `None` stands for the gap between.
pub fn numbers(page: u32, pages: u32) -> Vec<Option<u32>> {
    let mut out = Vec::new();
    let mut last = 0;
    for n in 1..=pages {
        let near = n.abs_diff(page) <= 1;
        if n == 1 || n == pages || near {
            if n > last + 1 {
                out.push(None);
            }
            out.push(Some(n));
            last = n;
        }
    }
    out
}

const STEP: &str = "inline-flex h-10 min-w-10 items-center justify-center rounded-lg border px-3 text-sm font-medium";
const LINK: &str =
    "border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-indigo-300";

#[component]
pub fn Pager(
    /// The page shown, 1-based.
    current: u32,
    /// How many pages the answers fill.
    pages: u32,
    /// The question it answers, for the other pages' addresses.
    query: CardQuery,
    /// The page's path (`/cards`, `/collections/bedtime`).
    path: String,
) -> impl IntoView {
    if pages <= 1 {
        return ().into_any();
    }
    let href = move |n: u32| href_for(&path, &query.on_page(n));
    let step = |to: Option<u32>, text: String, label: String| {
        match to {
        Some(n) => view! {
            <a href=href(n) class=format!("{STEP} {LINK}") aria-label=label>{text}</a>
        }
        .into_any(),
        None => view! {
            <span class=format!("{STEP} border-slate-200 text-slate-400") aria-hidden="true">{text}</span>
        }
        .into_any(),
    }
    };
    view! {
        <nav aria-label=tr!("library-pages") class="flex flex-wrap items-center justify-center gap-1.5">
            {step((current > 1).then(|| current - 1), tr!("library-previous"), tr!("library-previous-page"))}
            <ul class="flex flex-wrap items-center gap-1.5">
                {numbers(current, pages).into_iter().map(|n| match n {
                    Some(n) if n == current => view! {
                        <li><a href=href(n) aria-current="page" aria-label=tr!("library-page", page = n)
                            class=format!("{STEP} border-indigo-600 bg-indigo-600 text-white")>{n}</a></li>
                    }.into_any(),
                    Some(n) => view! {
                        <li><a href=href(n) aria-label=tr!("library-page", page = n) class=format!("{STEP} {LINK}")>{n}</a></li>
                    }.into_any(),
                    None => view! { <li aria-hidden="true" class="px-1 text-slate-400">"…"</li> }.into_any(),
                }).collect_view()}
            </ul>
            {step((current < pages).then(|| current + 1), tr!("library-next"), tr!("library-next-page"))}
        </nav>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_show_both_ends_and_the_neighbours() {
        assert_eq!(numbers(1, 1), [Some(1)]);
        assert_eq!(numbers(1, 3), [Some(1), Some(2), Some(3)]);
        assert_eq!(
            numbers(6, 21),
            [Some(1), None, Some(5), Some(6), Some(7), None, Some(21)]
        );
        assert_eq!(numbers(1, 21), [Some(1), Some(2), None, Some(21)]);
        assert_eq!(
            numbers(3, 21),
            [Some(1), Some(2), Some(3), Some(4), None, Some(21)]
        );
    }

    #[test]
    fn counts_read_like_a_person_writes_them() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(1234567), "1,234,567");
        let page = CardPage {
            cards: Vec::new(),
            total: 1000,
            page: 1,
            per_page: 48,
            publish: Vec::new(),
        };
        assert_eq!(summary(&page), "No cards of 1,000 shown");
    }
}
