//! The mails that carry a link of [`super::tokens`]: "reset your password" and "confirm your
//! email", in the recipient's language, laid out by [`crate::mail::letter`] (which escapes
//! every value in the HTML body). The link itself is only ever built by [`crate::mail::link`]
//! from this instance's public origin and a URL-safe token.

use cardsmith_i18n::{t, Locale};

use super::tokens::Purpose;
use crate::mail::letter::{self, Letter};
use crate::mail::{self, Mail};
use crate::Core;

/// The path of the page that takes a reset token.
pub const RESET_PATH: &str = "/reset-password";
/// The path of the page that takes a verification token.
pub const VERIFY_PATH: &str = "/verify-email";

/// The absolute link to the page for `purpose`, carrying `token`.
pub fn link(core: &Core, purpose: Purpose, token: &str) -> String {
    let path = match purpose {
        Purpose::ResetPassword => RESET_PATH,
        Purpose::VerifyEmail => VERIFY_PATH,
    };
    mail::link(core, &format!("{path}?token={token}"))
}

/// The mail with a password reset link, for someone who asked for it, in `locale`.
pub fn reset(core: &Core, locale: Locale, to: &str, display_name: &str, token: &str) -> Mail {
    let link = link(core, Purpose::ResetPassword, token);
    let lifetime = letter::hours(locale, Purpose::ResetPassword.lifetime().num_hours());
    Letter {
        locale,
        to,
        subject: t!(locale, "mail-reset-subject"),
        name: Some(display_name),
        paragraphs: vec![
            t!(locale, "mail-reset-why"),
            t!(locale, "mail-reset-how", lifetime = lifetime),
        ],
        link: &link,
        button: t!(locale, "mail-reset-button"),
        closing: t!(locale, "mail-reset-closing"),
    }
    .write()
}

/// The mail with an email verification link, for a new account or a resend, in `locale`.
pub fn verification(
    core: &Core,
    locale: Locale,
    to: &str,
    display_name: &str,
    token: &str,
) -> Mail {
    let link = link(core, Purpose::VerifyEmail, token);
    let lifetime = letter::hours(locale, Purpose::VerifyEmail.lifetime().num_hours());
    Letter {
        locale,
        to,
        subject: t!(locale, "mail-verify-subject"),
        name: Some(display_name),
        paragraphs: vec![
            t!(locale, "mail-verify-why"),
            t!(locale, "mail-verify-how", lifetime = lifetime),
        ],
        link: &link,
        button: t!(locale, "mail-verify-button"),
        closing: t!(locale, "mail-verify-closing"),
    }
    .write()
}
