//! The signed-in frame: checks the session, then shows the app bar around the page.

use cardsmith_model::user::UserOut;
use leptos::prelude::*;
use leptos_router::components::{Outlet, Redirect};

use crate::api::{current_user, UiError};
use crate::components::form::{Feedback, Tone};
use crate::components::navigation::AppBar;

/// The signed-in user, shared with every page inside the frame. A page that changes the user
/// (a new display name) sets it, and the app bar follows without reloading the page.
#[derive(Clone, Copy)]
pub struct CurrentUser(pub RwSignal<Option<UserOut>>);

impl CurrentUser {
    pub fn get(&self) -> Option<UserOut> {
        self.0.get()
    }

    pub fn set(&self, user: UserOut) {
        self.0.set(Some(user));
    }
}

#[component]
pub fn Frame() -> impl IntoView {
    // Loaded once per full page load: the session does not change under a rendered page.
    let session: Resource<Result<Option<UserOut>, UiError>> =
        Resource::new(|| (), |_| current_user());
    let me = CurrentUser(RwSignal::new(None));
    provide_context(me);
    let user = Signal::derive(move || me.get());
    view! {
        <Suspense fallback=|| view! { <p class="p-8 text-slate-500">"Loading…"</p> }>
            {move || Suspend::new(async move {
                match session.await {
                    Ok(Some(signed_in)) => {
                        me.set(signed_in);
                        view! {
                        <AppBar user/>
                        <main class="mx-auto max-w-6xl px-4 py-6">
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
            })}
        </Suspense>
    }
}
