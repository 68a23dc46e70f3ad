//! The pages reached without a session from a mail (or a link an admin handed over): ask for a
//! password reset, set a new password, confirm an email. Each validates in the browser with
//! the server's own rules first; a link that is unknown, used or expired says so and offers
//! what to do next.

use cardsmith_model::player::ConfirmLinkInput;
use cardsmith_model::recovery::{ForgotPasswordInput, ResetPasswordInput, VerifyEmailInput};
use cardsmith_model::FieldError;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use crate::api::{ConfirmPlayerLink, ForgotPassword, ResetPassword, UiError, VerifyEmail};
use crate::components::form::{
    field_error, general_error, ErrorAlert, Feedback, SubmitButton, TextField, Tone,
};
use crate::components::layout::PANEL;

const LINK: &str = "font-medium text-indigo-700 hover:underline";

/// The `token` of the page's query, trimmed ('' when absent).
fn query_token() -> Signal<String> {
    Signal::stored(
        crate::address::query_value("token")
            .map(|t| t.trim().to_owned())
            .unwrap_or_default(),
    )
}

/// Why the link's token was refused (the server's error on `token`, or the browser's own
/// check of it), for a banner: the person cannot edit a token, only get a new link.
fn token_error<T: Clone + Send + Sync + 'static>(
    local: RwSignal<Vec<FieldError>>,
    outcome: impl Fn() -> Option<Result<T, UiError>> + Send + Sync + 'static,
) -> Signal<Option<String>> {
    let problem = field_error(local, outcome, "token");
    Signal::derive(move || {
        problem.get().map(|p| match p.as_str() {
            "is required" => "This page needs the whole link from the mail.".to_owned(),
            _ => format!("This link {p}"),
        })
    })
}

#[component]
pub(crate) fn ForgotPasswordForm() -> impl IntoView {
    let email = RwSignal::new(String::new());
    let local = RwSignal::new(Vec::new());
    let ask = ServerAction::<ForgotPassword>::new();
    let sent = move || ask.value().get().and_then(Result::ok);
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = ForgotPasswordInput {
            email: email.get_untracked(),
        };
        match input.validate() {
            Ok(()) => {
                local.set(Vec::new());
                ask.dispatch(ForgotPassword { input });
            }
            Err(errors) => local.set(errors),
        }
    };
    view! {
            <Show
                when=move || sent().is_some()
                fallback=move || view! {
                    <form novalidate on:submit=on_submit class=PANEL>
                        <h1 class="text-xl font-semibold">"Forgot your password?"</h1>
                        <p class="text-sm text-slate-600">"Enter the email of your account. We mail you a link to choose a new password."</p>
                        <ErrorAlert message=general_error(move || ask.value().get())/>
                        <TextField id="email" label="Email" kind="email" autocomplete="username" value=email
                            error=field_error(local, move || ask.value().get(), "email")/>
                        <div class="flex flex-wrap items-center justify-between gap-3">
                            <SubmitButton label="Send reset link" busy_label="Sending…" busy=ask.pending()/>
                            <a href="/login" class=format!("text-sm {LINK}")>"Back to sign in"</a>
                        </div>
                    </form>
                }
            >
                <section class=PANEL aria-labelledby="sent-heading">
                    <h1 id="sent-heading" class="text-xl font-semibold">"Check your mail"</h1>
                    <Feedback tone=Tone::Success>{move || sent()}</Feedback>
                    <p class="text-sm text-slate-600">"No mail? Check the spam folder, or ask an administrator: they can give you a reset link themselves."</p>
                    <a href="/login" class=format!("inline-block text-sm {LINK}")>"Back to sign in"</a>
                </section>
            </Show>
    }
}

#[component]
pub(crate) fn ResetPasswordForm() -> impl IntoView {
    let token = query_token();
    let password = RwSignal::new(String::new());
    let again = RwSignal::new(String::new());
    let local = RwSignal::new(Vec::new());
    let reset = ServerAction::<ResetPassword>::new();
    let done = move || matches!(reset.value().get(), Some(Ok(())));
    let link_problem = token_error(local, move || reset.value().get());
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = ResetPasswordInput {
            token: token.get_untracked(),
            new_password: password.get_untracked(),
        };
        let mut errors = input.validate().err().unwrap_or_default();
        if password.get_untracked() != again.get_untracked() {
            errors.push(FieldError::new(
                "new_password_again",
                "does not match the new password",
            ));
        }
        if errors.is_empty() {
            local.set(Vec::new());
            reset.dispatch(ResetPassword { input });
        } else {
            local.set(errors);
        }
    };
    view! {
            <Show
                when=done
                fallback=move || view! {
                    <form novalidate on:submit=on_submit class=PANEL>
                        <h1 class="text-xl font-semibold">"Choose a new password"</h1>
                        <p class="text-sm text-slate-600">"Setting it signs you out on every device; then sign in with the new password."</p>
                        <Show when=move || link_problem.get().is_some()>
                            <Feedback tone=Tone::Error alert=true>
                                <p>{move || link_problem.get()}</p>
                                <a href="/forgot-password" class=LINK>"Ask for a new link"</a>
                            </Feedback>
                        </Show>
                        <ErrorAlert message=general_error(move || reset.value().get())/>
                        <TextField id="new_password" label="New password" kind="password" autocomplete="new-password"
                            value=password hint="At least 10 characters."
                            error=field_error(local, move || reset.value().get(), "new_password")/>
                        <TextField id="new_password_again" label="New password again" kind="password" autocomplete="new-password"
                            value=again error=field_error(local, move || reset.value().get(), "new_password_again")/>
                        <SubmitButton label="Set new password" busy_label="Saving…" busy=reset.pending()/>
                    </form>
                }
            >
                <section class=PANEL aria-labelledby="reset-done-heading">
                    <h1 id="reset-done-heading" class="text-xl font-semibold">"Password changed"</h1>
                    <Feedback tone=Tone::Success>"Your new password is set, and every device that was signed in has been signed out."</Feedback>
                    <a href="/login" class="inline-flex items-center justify-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500">"Sign in"</a>
                </section>
            </Show>
    }
}

#[component]
pub(crate) fn VerifyEmailForm() -> impl IntoView {
    let token = query_token();
    let local = RwSignal::new(Vec::new());
    let verify = ServerAction::<VerifyEmail>::new();
    let done = move || matches!(verify.value().get(), Some(Ok(())));
    let link_problem = token_error(local, move || verify.value().get());
    // A button rather than acting on load: mail scanners open links, and a GET changes nothing.
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = VerifyEmailInput {
            token: token.get_untracked(),
        };
        match input.validate() {
            Ok(()) => {
                local.set(Vec::new());
                verify.dispatch(VerifyEmail { input });
            }
            Err(errors) => local.set(errors),
        }
    };
    view! {
            <Show
                when=done
                fallback=move || view! {
                    <form novalidate on:submit=on_submit class=PANEL>
                        <h1 class="text-xl font-semibold">"Confirm your email"</h1>
                        <p class="text-sm text-slate-600">"Confirming tells Cardsmith this address reaches you, so password reset mails find you."</p>
                        <Show when=move || link_problem.get().is_some()>
                            <Feedback tone=Tone::Error alert=true>
                                <p>{move || link_problem.get()}</p>
                                <p>"An administrator can send you a new one from the Users page."</p>
                            </Feedback>
                        </Show>
                        <ErrorAlert message=general_error(move || verify.value().get())/>
                        <SubmitButton label="Confirm my email" busy_label="Confirming…" busy=verify.pending()/>
                    </form>
                }
            >
                <section class=PANEL aria-labelledby="verified-heading">
                    <h1 id="verified-heading" class="text-xl font-semibold">"Email confirmed"</h1>
                    <Feedback tone=Tone::Success>"Thank you: your email is verified."</Feedback>
                    <a href="/cards" class=format!("inline-block text-sm {LINK}")>"Go to Cardsmith"</a>
                </section>
            </Show>
    }
}

#[component]
pub(crate) fn LinkPlayerForm() -> impl IntoView {
    let link_id = Signal::stored(crate::address::query_value("link").unwrap_or_default());
    let code = RwSignal::new(String::new());
    let local = RwSignal::new(Vec::new());
    let confirm = ServerAction::<ConfirmPlayerLink>::new();
    let done = move || matches!(confirm.value().get(), Some(Ok(())));
    let on_submit = move |ev: SubmitEvent| {
        ev.prevent_default();
        let input = ConfirmLinkInput {
            user_code: code.get_untracked(),
        };
        match input.validate() {
            Ok(()) => {
                local.set(Vec::new());
                confirm.dispatch(ConfirmPlayerLink {
                    link_id: link_id.get_untracked(),
                    input,
                });
            }
            Err(errors) => local.set(errors),
        }
    };
    view! {
        <Show
            when=done
            fallback=move || view! {
                <form novalidate on:submit=on_submit class=PANEL>
                    <h1 class="text-xl font-semibold">"Link your player account"</h1>
                    <p class="text-sm text-slate-600">
                        "Type the code your app shows. Only type a code shown by your own app: "
                        "linking lets that Cardsmith account use your players."
                    </p>
                    <ErrorAlert message=general_error(move || confirm.value().get())/>
                    <TextField id="link_code" label="Code from your app" value=code
                        error=field_error(local, move || confirm.value().get(), "user_code")
                        hint="8 letters, like WDJB-MJHT"/>
                    <SubmitButton label="Link account" busy_label="Linking…" busy=confirm.pending()/>
                </form>
            }
        >
            <section class=PANEL aria-labelledby="linked-heading">
                <h1 id="linked-heading" class="text-xl font-semibold">"Player account linked"</h1>
                <Feedback tone=Tone::Success>"Done: you can close this window and go back to your app."</Feedback>
            </section>
        </Show>
    }
}
