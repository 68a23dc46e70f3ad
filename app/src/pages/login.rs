//! Sign-in, and the frame of every page reached without a session. Validates in the browser
//! with the server's own rules before sending anything.

use cardsmith_model::user::LoginInput;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;
use leptos::server_fn::ServerFn;

use crate::api::Login;
use crate::components::form::{ErrorAlert, SubmitButton, TextField};
use crate::components::layout::PANEL;

/// The frame of the pages people reach without a session (sign-in, forgot and reset
/// password, verify email): the logo above one narrow column, centred.
#[component]
pub fn SignedOutShell(children: Children) -> impl IntoView {
    view! {
        <main class="flex min-h-screen items-center justify-center px-4 py-10">
            <div class="w-full max-w-sm">
                <a href="/login" class="mb-6 flex items-center justify-center gap-2" aria-label="Cardsmith: sign in">
                    <img src="/favicon.svg" alt="" class="h-10 w-10"/>
                    <span class="text-2xl font-bold text-indigo-700">"Cardsmith"</span>
                </a>
                {children()}
            </div>
        </main>
    }
}

#[component]
pub(crate) fn LoginForm() -> impl IntoView {
    let email = RwSignal::new(String::new());
    let password = RwSignal::new(String::new());
    let field_errors = RwSignal::new(Vec::new());
    let login = ServerAction::<Login>::new();

    let server_error = Signal::derive(move || match login.value().get() {
        Some(Err(e)) => Some(e.to_string()),
        _ => None,
    });
    Effect::new(move |_| {
        if let Some(Ok(_)) = login.value().get() {
            let _ = window().location().set_href("/cards");
        }
    });
    let error_for = move |field: &'static str| {
        Signal::derive(move || {
            field_errors.with(|errors: &Vec<cardsmith_model::FieldError>| {
                errors
                    .iter()
                    .find(|e| e.field() == field)
                    .map(|e| e.detail.clone())
            })
        })
    };

    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = LoginInput {
            email: email.get_untracked(),
            password: password.get_untracked(),
        };
        match input.validate() {
            Ok(()) => {
                field_errors.set(Vec::new());
                login.dispatch(Login {
                    email: input.email,
                    password: input.password,
                });
            }
            Err(errors) => field_errors.set(errors),
        }
    };

    view! {
        <form
            method="post"
            action=Login::PATH
            novalidate
            on:submit=on_submit
            class=PANEL
        >
            <h1 class="text-xl font-semibold">"Sign in"</h1>
            <ErrorAlert message=server_error/>
            <TextField id="email" label="Email" kind="email" autocomplete="username" value=email error=error_for("email")/>
            <TextField id="password" label="Password" kind="password" autocomplete="current-password" value=password error=error_for("password")/>
            <div class="flex flex-wrap items-center justify-between gap-3">
                <SubmitButton label="Sign in" busy_label="Signing in…" busy=login.pending()/>
                <a href="/forgot-password" class="text-sm font-medium text-indigo-700 hover:underline">"Forgot password?"</a>
            </div>
            <crate::components::oidc::SignInWithProvider/>
        </form>
    }
}
