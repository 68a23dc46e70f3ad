use leptos::prelude::*;
use leptos_meta::Title;

#[component]
pub fn NotFound() -> impl IntoView {
    #[cfg(feature = "ssr")]
    if let Some(options) = use_context::<leptos_axum::ResponseOptions>() {
        options.set_status(http::StatusCode::NOT_FOUND);
    }
    view! {
        <Title text=tr!("not-found-title")/>
        <main class="mx-auto max-w-xl p-8 text-center">
            <h1 class="text-2xl font-bold">{tr!("not-found-heading")}</h1>
            <p class="mt-2 text-slate-600">{tr!("not-found-text")}</p>
            <a href="/cards" class="mt-4 inline-block font-medium text-indigo-700 hover:underline">{tr!("not-found-home")}</a>
        </main>
    }
}
