//! The admin's email actions on one user (Users page): resend the verification mail, mark the
//! email verified, and make a password reset link to hand over (shown with a Copy button,
//! so resets work on instances without mail). Also the "email verified" badge.

use cardsmith_model::user::UserOut;
use leptos::prelude::*;

use crate::api::{AdminResendVerification, AdminResetPassword, AdminVerifyEmail};
use crate::components::confirm::ConfirmButton;
use crate::components::form::{general_error, ErrorAlert, Feedback, StatusNote, Tone};
use crate::components::layout::BUTTON;

/// "email verified" or "email not verified", as a badge beside the user's status.
#[component]
pub fn EmailBadge(verified: bool) -> impl IntoView {
    let (text, class) = if verified {
        (tr!("account-email-verified"), "bg-sky-50 text-sky-700")
    } else {
        (
            tr!("account-email-not-verified"),
            "bg-amber-50 text-amber-800",
        )
    };
    view! {
        <span class=format!("rounded-full px-2 py-0.5 text-xs font-medium {class}")>{text}</span>
    }
}

/// Resend verification and Mark email verified (while the email is unverified), and Reset
/// password (asks first, then shows the link).
#[component]
pub fn EmailLinkActions(user: UserOut, reload: Callback<()>) -> impl IntoView {
    let resend = ServerAction::<AdminResendVerification>::new();
    let verify = ServerAction::<AdminVerifyEmail>::new();
    let reset = ServerAction::<AdminResetPassword>::new();
    Effect::new(move |_| {
        if let Some(Ok(())) = verify.value().get() {
            reload.run(());
        }
    });
    let resent = Signal::derive(move || resend.value().get().and_then(Result::ok));
    let resend_error = general_error(move || resend.value().get());
    let verify_error = general_error(move || verify.value().get());
    let reset_error = general_error(move || reset.value().get());
    let unverified = !user.email_confirmed;
    let email = user.email.clone();
    let question = tr!("account-email-reset-question", email = &email);
    let reset_id = user.id.clone();
    let on_confirm = Callback::new(move |()| {
        reset.dispatch(AdminResetPassword {
            id: reset_id.clone(),
        });
    });
    let link_user = user.id.clone();
    let resend_id = user.id.clone();
    let verify_id = user.id;
    let label_resend = tr!("account-email-resend-label", email = &email);
    let label_verify = tr!("account-email-verify-label", email = &email);
    view! {
        <div class="mt-2 space-y-2">
            <div class="flex flex-wrap items-start gap-2">
                {unverified.then(|| view! {
                    <button type="button" class=BUTTON aria-label=label_resend
                        disabled=move || resend.pending().get()
                        on:click=move |_| { resend.dispatch(AdminResendVerification { id: resend_id.clone() }); }>
                        {tr!("account-email-resend")}
                    </button>
                })}
                {unverified.then(|| view! {
                    <button type="button" class=BUTTON aria-label=label_verify
                        disabled=move || verify.pending().get()
                        on:click=move |_| { verify.dispatch(AdminVerifyEmail { id: verify_id.clone() }); }>
                        {tr!("account-email-verify")}
                    </button>
                })}
                <ConfirmButton label=tr!("account-email-reset") question=question
                    confirm_label=tr!("account-email-reset-confirm") busy=reset.pending() on_confirm/>
            </div>
            <StatusNote message=resent/>
            <ErrorAlert message=resend_error/>
            <ErrorAlert message=verify_error/>
            <ErrorAlert message=reset_error/>
            {move || reset.value().get().and_then(Result::ok).map(|out| view! {
                <ResetLink user_id=link_user.clone() message=out.message link=out.reset_link/>
            })}
        </div>
    }
}

/// The reset link an admin made, selectable, with a Copy button.
#[component]
fn ResetLink(user_id: String, message: String, link: String) -> impl IntoView {
    let field_id = format!("reset-link-{user_id}");
    let label_for = field_id.clone();
    let note = RwSignal::new(None::<String>);
    let on_focus = move |ev: leptos::ev::FocusEvent| {
        #[cfg(feature = "hydrate")]
        select_all(&ev);
        #[cfg(not(feature = "hydrate"))]
        let _ = ev;
    };
    let to_copy = link.clone();
    let on_copy = move |_| {
        #[cfg(feature = "hydrate")]
        note.set(Some(if crate::components::copy::copy_text(&to_copy) {
            tr!("account-email-copied")
        } else {
            tr!("account-email-copy-by-hand")
        }));
        #[cfg(not(feature = "hydrate"))]
        let _ = &to_copy;
    };
    view! {
        <div class="space-y-2 rounded-xl border border-indigo-100 bg-indigo-50 p-3">
            <p class="text-sm text-indigo-900">{message}</p>
            <label for=label_for class="sr-only">{tr!("account-email-reset-link")}</label>
            <div class="flex flex-col gap-2 sm:flex-row sm:items-center">
                <input id=field_id readonly type="text" value=link
                    class="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-xs"
                    on:focus=on_focus/>
                <button type="button" class=BUTTON aria-label=tr!("account-email-copy-link") on:click=on_copy>{tr!("account-email-copy")}</button>
            </div>
            <Feedback tone=Tone::Success inline=true>{move || note.get()}</Feedback>
        </div>
    }
}

/// Selects the whole link when its field is focused, ready to copy by hand.
#[cfg(feature = "hydrate")]
fn select_all(ev: &leptos::ev::FocusEvent) {
    let input: web_sys::HtmlInputElement = event_target(ev);
    input.select();
}
