//! A card's cover as a thumbnail: one look in the library's tiles and rows and in the label
//! builder.

use leptos::prelude::*;

use super::layout::tint;

/// Where a cover is read. The `v` parameter is the image's content hash, so a new cover gets a
/// new URL and no browser cache shows the old one.
pub fn cover_url(slug: &str, side: &str, version: &str) -> String {
    format!("/api/cards/{slug}/cover?side={side}&v={version}")
}

/// The front cover, or a tinted placeholder with the title's initial when there is none.
/// Decorative (`alt=""`): the title is always shown beside it. Phrasing content only, so it
/// can sit inside a `<label>`.
#[component]
pub fn CoverThumb(
    slug: String,
    title: String,
    hash: Option<String>,
    /// A thumbnail a few pixels wide (a list row): the initial in small type.
    #[prop(optional)]
    small: bool,
) -> impl IntoView {
    match hash {
        Some(hash) => view! {
            <img src=cover_url(&slug, "front", &hash) alt="" loading="lazy" class="h-full w-full object-cover"/>
        }
        .into_any(),
        None => {
            let initial = title
                .chars()
                .next()
                .map(|c| c.to_uppercase().to_string())
                .unwrap_or_default();
            let size = if small { "text-sm" } else { "text-3xl" };
            view! {
                <span aria-hidden="true" class=format!(
                    "flex h-full w-full items-center justify-center bg-linear-to-br {} {size} font-bold text-white/90",
                    tint(&slug),
                )>{initial}</span>
            }
            .into_any()
        }
    }
}
