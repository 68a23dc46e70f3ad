//! The signed-in frame: checks the session, then shows the app bar around the page.

use cardsmith_model::user::UserOut;
use leptos::prelude::*;
use leptos_router::components::{Outlet, Redirect};
use leptos_router::hooks::use_location;

use crate::api::{current_user, UiError};
use crate::components::form::{Feedback, Tone};
use crate::components::navigation::AppBar;

/// The signed-in user, shared with every page inside the frame (on the server) and by the
/// page's islands (in the browser: [`CurrentUser::in_island`]). A page that changes the user
/// (a new display name) sets it, and the app bar follows without reloading the page.
#[derive(Clone, Copy)]
pub struct CurrentUser(pub RwSignal<Option<UserOut>>);

impl CurrentUser {
    /// For an island that shows or changes the signed-in user (the server hands it `user`):
    /// provides it as context to the island's components. In the browser every island of the
    /// page shares one signal, so the app bar follows a new display name set in another
    /// island; on the server each render has its own.
    pub fn in_island(user: UserOut) -> Self {
        let me = CurrentUser(shared_user_signal(user));
        provide_context(me);
        me
    }

    pub fn get(&self) -> Option<UserOut> {
        self.0.get()
    }

    pub fn set(&self, user: UserOut) {
        self.0.set(Some(user));
    }
}

#[cfg(feature = "hydrate")]
fn shared_user_signal(user: UserOut) -> RwSignal<Option<UserOut>> {
    thread_local! {
        static SHARED: std::cell::OnceCell<ArcRwSignal<Option<UserOut>>> =
            const { std::cell::OnceCell::new() };
    }
    SHARED.with(|shared| {
        shared
            .get_or_init(|| ArcRwSignal::new(Some(user)))
            .clone()
            .into()
    })
}

#[cfg(not(feature = "hydrate"))]
fn shared_user_signal(user: UserOut) -> RwSignal<Option<UserOut>> {
    RwSignal::new(Some(user))
}

#[component]
pub fn Frame() -> impl IntoView {
    // Loaded once per full page load: the session does not change under a rendered page.
    let session: Resource<Result<Option<UserOut>, UiError>> =
        Resource::new(|| (), |_| current_user());
    let me = CurrentUser(RwSignal::new(None));
    provide_context(me);
    let path = use_location().pathname.get_untracked();
    view! {
        <Suspense fallback=|| view! { <p class="p-8 text-slate-500">"Loading…"</p> }>
            {move || {
                let path = path.clone();
                Suspend::new(async move {
                match session.await {
                    Ok(Some(signed_in)) => {
                        me.set(signed_in.clone());
                        view! {
                        <AppBar user=signed_in path/>
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
            })}}
        </Suspense>
    }
}
