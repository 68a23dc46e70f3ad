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
    Signal::derive(move || problem.get().map(|p| link_problem(&p)))
}

/// The sentence for a refused link: the model's and the server's known reasons, each as a
/// whole message; any other reason as it came, after "This link".
fn link_problem(problem: &str) -> String {
    const MALFORMED: &str =
        "is not a valid link; copy the whole link from the mail, or ask for a new one";
    const NOT_VALID: &str = "is not valid; copy the whole link from the mail, or ask for a new one";
    const USED: &str =
        "has already been used (each link works once); ask for a new one if you need it";
    match problem {
        "is required" => tr!("account-link-incomplete"),
        MALFORMED => tr!("account-link-malformed"),
        NOT_VALID => tr!("account-link-not-valid"),
        USED => tr!("account-link-used"),
        _ => match expired_hours(problem) {
            Some(hours) => tr!("account-link-expired", hours = hours),
            None => tr!("account-link-problem", problem = problem),
        },
    }
}

/// The lifetime in hours of an expired link's refusal ("has expired (these links work for
/// 48 hours); ask for a new one").
fn expired_hours(problem: &str) -> Option<u32> {
    let rest = problem.strip_prefix("has expired (these links work for ")?;
    let (hours, rest) = rest.split_once(' ')?;
    let hours: u32 = hours.parse().ok()?;
    let unit = if hours == 1 { "hour" } else { "hours" };
    (rest == format!("{unit}); ask for a new one")).then_some(hours)
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
                        <h1 class="text-xl font-semibold">{tr!("account-forgot-heading")}</h1>
                        <p class="text-sm text-slate-600">{tr!("account-forgot-intro")}</p>
                        <ErrorAlert message=general_error(move || ask.value().get())/>
                        <TextField id="email" label=tr!("signin-email") kind="email" autocomplete="username" value=email
                            error=field_error(local, move || ask.value().get(), "email")/>
                        <div class="flex flex-wrap items-center justify-between gap-3">
                            <SubmitButton label=tr!("account-forgot-send") busy_label=tr!("account-forgot-sending") busy=ask.pending()/>
                            <a href="/login" class=format!("text-sm {LINK}")>{tr!("account-back-to-sign-in")}</a>
                        </div>
                    </form>
                }
            >
                <section class=PANEL aria-labelledby="sent-heading">
                    <h1 id="sent-heading" class="text-xl font-semibold">{tr!("account-forgot-sent-heading")}</h1>
                    <Feedback tone=Tone::Success>{move || sent()}</Feedback>
                    <p class="text-sm text-slate-600">{tr!("account-forgot-no-mail")}</p>
                    <a href="/login" class=format!("inline-block text-sm {LINK}")>{tr!("account-back-to-sign-in")}</a>
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
                tr!("account-password-mismatch"),
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
                        <h1 class="text-xl font-semibold">{tr!("title-reset-password")}</h1>
                        <p class="text-sm text-slate-600">{tr!("account-reset-intro")}</p>
                        <Show when=move || link_problem.get().is_some()>
                            <Feedback tone=Tone::Error alert=true>
                                <p>{move || link_problem.get()}</p>
                                <a href="/forgot-password" class=LINK>{tr!("account-ask-new-link")}</a>
                            </Feedback>
                        </Show>
                        <ErrorAlert message=general_error(move || reset.value().get())/>
                        <TextField id="new_password" label=tr!("settings-new-password") kind="password" autocomplete="new-password"
                            value=password hint=tr!("account-reset-password-hint")
                            error=field_error(local, move || reset.value().get(), "new_password")/>
                        <TextField id="new_password_again" label=tr!("account-reset-password-again") kind="password" autocomplete="new-password"
                            value=again error=field_error(local, move || reset.value().get(), "new_password_again")/>
                        <SubmitButton label=tr!("account-reset-submit") busy_label=tr!("saving") busy=reset.pending()/>
                    </form>
                }
            >
                <section class=PANEL aria-labelledby="reset-done-heading">
                    <h1 id="reset-done-heading" class="text-xl font-semibold">{tr!("account-reset-done-heading")}</h1>
                    <Feedback tone=Tone::Success>{tr!("account-reset-done")}</Feedback>
                    <a href="/login" class="inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500">{tr!("signin-submit")}</a>
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
                        <h1 class="text-xl font-semibold">{tr!("title-verify-email")}</h1>
                        <p class="text-sm text-slate-600">{tr!("account-verify-intro")}</p>
                        <Show when=move || link_problem.get().is_some()>
                            <Feedback tone=Tone::Error alert=true>
                                <p>{move || link_problem.get()}</p>
                                <p>{tr!("account-verify-new-link")}</p>
                            </Feedback>
                        </Show>
                        <ErrorAlert message=general_error(move || verify.value().get())/>
                        <SubmitButton label=tr!("account-verify-submit") busy_label=tr!("account-verify-busy") busy=verify.pending()/>
                    </form>
                }
            >
                <section class=PANEL aria-labelledby="verified-heading">
                    <h1 id="verified-heading" class="text-xl font-semibold">{tr!("account-verify-done-heading")}</h1>
                    <Feedback tone=Tone::Success>{tr!("account-verify-done")}</Feedback>
                    <a href="/cards" class=format!("inline-block text-sm {LINK}")>{tr!("account-verify-go")}</a>
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
                    <h1 class="text-xl font-semibold">{tr!("title-link-player")}</h1>
                    <p class="text-sm text-slate-600">{tr!("account-link-player-intro")}</p>
                    <ErrorAlert message=general_error(move || confirm.value().get())/>
                    <TextField id="link_code" label=tr!("account-link-player-code") value=code
                        error=field_error(local, move || confirm.value().get(), "user_code")
                        hint=tr!("account-link-player-code-hint")/>
                    <SubmitButton label=tr!("account-link-player-submit") busy_label=tr!("account-link-player-busy") busy=confirm.pending()/>
                </form>
            }
        >
            <section class=PANEL aria-labelledby="linked-heading">
                <h1 id="linked-heading" class="text-xl font-semibold">{tr!("account-link-player-done-heading")}</h1>
                <Feedback tone=Tone::Success>{tr!("account-link-player-done")}</Feedback>
            </section>
        </Show>
    }
}
