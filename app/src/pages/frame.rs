//! The signed-in frame: checks the session, then shows the app bar around the page.

use cardsmith_model::user::UserOut;
use leptos::prelude::*;
use leptos_router::components::{Outlet, Redirect};
use leptos_router::hooks::use_location;

use crate::api::{current_user, UiError};
use crate::components::form::{Feedback, Tone};
use crate::components::layout::CurrentUser;
use crate::components::navigation::AppBar;

#[component]
pub fn Frame() -> impl IntoView {
    // Loaded once per full page load: the session does not change under a rendered page.
    let session: Resource<Result<Option<UserOut>, UiError>> =
        Resource::new(|| (), |_| current_user());
    let me = CurrentUser(RwSignal::new(None));
    provide_context(me);
    let path = use_location().pathname.get_untracked();
    view! {
        <Suspense fallback=|| view! { <p class="p-8 text-slate-500">{tr!("loading")}</p> }>
            {move || {
                let path = path.clone();
                Suspend::new(async move {
                match session.await {
                    Ok(Some(signed_in)) => {
                        me.set(signed_in.clone());
                        view! {
                        <a href="#main" class="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-3 focus:font-medium focus:text-indigo-700 focus:shadow-lg">
                            {tr!("frame-skip-to-content")}
                        </a>
                        <AppBar user=signed_in path/>
                        <main id="main" tabindex="-1" class="mx-auto max-w-6xl px-4 py-6 focus:outline-none">
                            <Outlet/>
                        </main>
                    }.into_any()
                    }
                    Ok(None) => view! { <Redirect path="/login"/> }.into_any(),
                    Err(e) => view! {
                        <main class="mx-auto max-w-xl p-8">
                            <Feedback tone=Tone::Error alert=true>{e.to_string()}</Feedback>
                        </main>
                    }.into_any(),
                }
            })}}
        </Suspense>
    }
}
