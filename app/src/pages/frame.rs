//! The signed-in frame: checks the session, then shows the app bar around the page.

use cardsmith_model::user::UserOut;
use leptos::prelude::*;
use leptos_router::components::{Outlet, Redirect};

use crate::api::{current_user, UiError};
use crate::components::navigation::AppBar;

/// The signed-in user, shared with every page inside the frame. Pages that change the user
/// (a new display name) call `refetch` so the app bar follows.
#[derive(Clone, Copy)]
pub struct CurrentUser(pub Resource<Result<Option<UserOut>, UiError>>);

impl CurrentUser {
    pub fn get(&self) -> Option<UserOut> {
        self.0.get().and_then(|r| r.ok()).flatten()
    }

    pub fn refetch(&self) {
        self.0.refetch();
    }
}

#[component]
pub fn Frame() -> impl IntoView {
    let me = CurrentUser(Resource::new(|| (), |_| current_user()));
    provide_context(me);
    let user = Signal::derive(move || me.get());
    view! {
        <Transition fallback=|| view! { <p class="p-8 text-slate-500">"Loading…"</p> }>
            {move || Suspend::new(async move {
                match me.0.await {
                    Ok(Some(_)) => view! {
                        <AppBar user/>
                        <main class="mx-auto max-w-6xl px-4 py-6">
                            <Outlet/>
                        </main>
                    }.into_any(),
                    Ok(None) => view! { <Redirect path="/login"/> }.into_any(),
                    Err(e) => view! {
                        <main class="mx-auto max-w-xl p-8">
                            <div role="alert" class="rounded-lg border border-rose-200 bg-rose-50 p-4 text-rose-800">
                                {e.to_string()}
                            </div>
                        </main>
                    }.into_any(),
                }
            })}
        </Transition>
    }
}
