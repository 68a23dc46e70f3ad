//! Password reset and email verification links: the same services as
//! `POST /auth/forgot-password`, `/auth/reset-password`, `/auth/verify-email` and the admin's
//! `POST /admin/users/{id}/resend-verification|reset-password|verify-email`.

use cardsmith_model::recovery::{
    AdminResetPasswordOutputBody, ForgotPasswordInput, ResetPasswordInput, VerifyEmailInput,
};
use leptos::prelude::*;
use leptos::server_fn::codec::Json;

#[cfg(feature = "ssr")]
use super::ssr;
use super::UiError;

/// Mails a reset link if an account has the email; answers the same sentence either way.
#[server(prefix = "/rpc", endpoint = "forgot_password", input = Json)]
pub async fn forgot_password(input: ForgotPasswordInput) -> Result<String, UiError> {
    use cardsmith_core::users::recovery;
    let locale = crate::i18n::locale();
    recovery::forgot_password(&ssr::core(), input, ssr::client().await, locale).await?;
    Ok(recovery::forgot_password_message(locale))
}

/// Sets a new password with a reset link's token (every session of the account ends).
#[server(prefix = "/rpc", endpoint = "reset_password", input = Json)]
pub async fn reset_password(input: ResetPasswordInput) -> Result<(), UiError> {
    let core = ssr::core();
    Ok(cardsmith_core::users::recovery::reset_password(&core, input, ssr::client().await).await?)
}

/// Confirms an email with a verification link's token.
#[server(prefix = "/rpc", endpoint = "verify_email", input = Json)]
pub async fn verify_email(input: VerifyEmailInput) -> Result<(), UiError> {
    let core = ssr::core();
    Ok(
        cardsmith_core::users::verification::verify_email(&core, input, ssr::client().await)
            .await?,
    )
}

/// Mails a user a new verification link (admins only); answers where the mail went.
#[server(prefix = "/rpc", endpoint = "admin_resend_verification")]
pub async fn admin_resend_verification(id: String) -> Result<String, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::users::verification::resend(&core, &actor, &id).await?)
}

/// Makes a reset link for a user, for the admin to hand over (admins only).
#[server(prefix = "/rpc", endpoint = "admin_reset_password")]
pub async fn admin_reset_password(id: String) -> Result<AdminResetPasswordOutputBody, UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::users::recovery::admin_reset_link(&core, &actor, &id).await?)
}

/// Marks a user's email verified (admins only).
#[server(prefix = "/rpc", endpoint = "admin_verify_email")]
pub async fn admin_verify_email(id: String) -> Result<(), UiError> {
    let (core, actor) = ssr::caller().await?;
    Ok(cardsmith_core::users::verification::mark_verified(&core, &actor, &id).await?)
}
