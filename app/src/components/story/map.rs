//! The map of the story: every passage a box, every way an arrow (green left, blue right,
//! grey by itself), laid out by [`super::layout`]. A passage's box is a link to its editor
//! (an SVG group with the link role: an `<a>` made here would not be SVG's): Tab reaches
//! each, Enter or a click opens it.

use leptos::prelude::*;

use super::layout::{layout, Way, NODE_H, NODE_W};
use super::Story;

#[component]
pub(super) fn StoryMap(story: Story) -> impl IntoView {
    let map = Memo::new(move |_| story.draft.with(layout));
    let go_to = move |id: String| {
        story.focus.set(Some(id.clone()));
        #[cfg(feature = "hydrate")]
        if let Some(el) = leptos::prelude::document().get_element_by_id(&format!("passage-{id}")) {
            el.scroll_into_view();
            if let Ok(el) = leptos::wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el) {
                let _ = el.focus();
            }
        }
    };
    view! {
        <figure class="overflow-x-auto rounded-xl border border-slate-200 bg-slate-50 p-2" data-testid="story-map">
            <figcaption class="px-1 pb-1 text-sm font-medium">{tr!("story-map")}
                <span class="ml-2 font-normal text-slate-500">{tr!("story-map-legend")}</span>
            </figcaption>
            <svg role="group" aria-label=tr!("story-map") width=move || map.with(|m| m.width) height=move || map.with(|m| m.height)
                viewBox=move || map.with(|m| format!("0 0 {:.0} {:.0}", m.width, m.height))>
                <defs>
                    {[("left", "#16a34a"), ("right", "#2563eb"), ("by-itself", "#94a3b8")].map(|(name, colour)| view! {
                        <marker id=format!("story-arrow-{name}") viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                            <path d="M0,0 L10,5 L0,10 z" fill=colour/>
                        </marker>
                    })}
                </defs>
                {move || map.with(|m| m.arrows.iter().filter_map(|a| {
                    let (name, colour, dash) = match a.way {
                        Way::Left => ("left", "#16a34a", ""),
                        Way::Right => ("right", "#2563eb", ""),
                        Way::ByItself => ("by-itself", "#94a3b8", "4 3"),
                    };
                    m.path(a).map(|d| view! {
                        <path d=d fill="none" stroke=colour stroke-width="2" stroke-dasharray=dash
                            marker-end=format!("url(#story-arrow-{name})")/>
                    })
                }).collect_view())}
                {move || map.with(|m| m.nodes.iter().map(|n| {
                    let id = n.id.clone();
                    let title = story.title(&id);
                    let short: String = if title.chars().count() > 18 { title.chars().take(17).chain(['…']).collect() } else { title.clone() };
                    let start = story.draft.with(|d| d.start == id);
                    let (x, y) = (n.x, n.y);
                    let target = id.clone();
                    let key_target = id.clone();
                    view! {
                        <g role="link" tabindex="0" class="cursor-pointer focus:outline-none [&:focus>rect]:stroke-indigo-600" aria-label=tr!("story-map-open", passage = &title)
                            on:click=move |_| go_to(target.clone())
                            on:keydown=move |ev: leptos::ev::KeyboardEvent| if ev.key() == "Enter" || ev.key() == " " { ev.prevent_default(); go_to(key_target.clone()); }>
                            <rect x=x y=y width=NODE_W height=NODE_H rx="10"
                                fill=if start { "#eef2ff" } else { "#ffffff" }
                                stroke=if start { "#4f46e5" } else { "#cbd5e1" } stroke-width="2"/>
                            <text x=x + NODE_W / 2.0 y=y + NODE_H / 2.0 + 5.0 text-anchor="middle" font-size="13" fill="#0f172a">
                                {if start { format!("▶ {short}") } else { short }}
                            </text>
                        </g>
                    }
                }).collect_view())}
            </svg>
        </figure>
    }
}
