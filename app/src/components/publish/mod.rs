//! Publishing from the UI: the badge a published card wears, and the dialog that publishes
//! one card or a collection's cards to linked player accounts (plan first, then one progress
//! bar per card and account, then the outcome).

mod dialog;
mod runs;

pub use dialog::PublishButton;

use cardsmith_model::publish::{PublishBadge, PublishSummary};
use leptos::prelude::*;

use super::layout::Badge;

/// The card's publish badge, or nothing when it was never published.
#[component]
pub fn PublishState(
    slug: String,
    content_hash: String,
    records: Vec<PublishSummary>,
) -> impl IntoView {
    PublishBadge::of(&slug, &content_hash, &records).map(|badge| {
        let tone = match badge {
            PublishBadge::OnPlayer => "bg-emerald-50 text-emerald-700",
            PublishBadge::Changed => "bg-amber-50 text-amber-800",
            PublishBadge::Publishing => "bg-sky-50 text-sky-700",
            PublishBadge::Failed => "bg-rose-50 text-rose-700",
        };
        view! {
            <span data-testid="publish-badge">
                <Badge text=badge.text().to_owned() tone/>
            </span>
        }
    })
}
