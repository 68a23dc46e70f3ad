//! The mails that carry a link of [`super::tokens`]: "reset your password" and "confirm your
//! email". Each has a plain-text and an HTML body saying the same; every value a user chose
//! (their display name) is escaped in the HTML, and the link itself is only ever built by
//! [`crate::mail::link`] from this instance's public origin and a URL-safe token.

use super::tokens::Purpose;
use crate::mail::{self, escape_html, Mail};
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

/// The mail with a password reset link, for someone who asked for it.
pub fn reset(core: &Core, to: &str, display_name: &str, token: &str) -> Mail {
    let link = link(core, Purpose::ResetPassword, token);
    let lifetime = Purpose::ResetPassword.lifetime_text();
    compose(
        to,
        "Reset your Cardsmith password",
        display_name,
        &[
            "Somebody (hopefully you) asked to reset the password of your Cardsmith account."
                .to_owned(),
            format!(
                "Choose a new password with this link. It works once, for {lifetime}, and signs \
                 you out on every device:"
            ),
        ],
        &link,
        "Choose a new password",
        "If you did not ask for this, ignore this mail: your password stays as it is.",
    )
}

/// The mail with an email verification link, for a new account or a resend.
pub fn verification(core: &Core, to: &str, display_name: &str, token: &str) -> Mail {
    let link = link(core, Purpose::VerifyEmail, token);
    let lifetime = Purpose::VerifyEmail.lifetime_text();
    compose(
        to,
        "Confirm your email for Cardsmith",
        display_name,
        &[
            "An administrator created a Cardsmith account for you, or asked us to confirm its \
             address again."
                .to_owned(),
            format!("Confirm that this address is yours with this link (it works for {lifetime}):"),
        ],
        &link,
        "Confirm my email",
        "If you do not know what this is about, ignore this mail.",
    )
}

/// One mail in both forms: greeting, paragraphs, the link (as a button in HTML, written out in
/// both so it can be copied), and a closing line.
fn compose(
    to: &str,
    subject: &str,
    display_name: &str,
    paragraphs: &[String],
    link: &str,
    button: &str,
    closing: &str,
) -> Mail {
    let greeting = format!("Hello {display_name},");
    let text = format!(
        "{greeting}\n\n{}\n\n{link}\n\n{closing}\n\n-- \nCardsmith\n",
        paragraphs.join("\n\n")
    );
    let link_html = escape_html(link);
    let paragraphs_html: String = paragraphs
        .iter()
        .map(|p| format!("<p>{}</p>\n", escape_html(p)))
        .collect();
    let html = format!(
        "<!DOCTYPE html>\n<html><body style=\"font-family: sans-serif; color: #0f172a\">\n\
         <p>{}</p>\n{paragraphs_html}\
         <p><a href=\"{link_html}\" style=\"display: inline-block; padding: 10px 16px; \
         background: #4338ca; color: #ffffff; border-radius: 8px; text-decoration: none\">{}</a></p>\n\
         <p style=\"font-size: 13px; color: #475569\">Or copy this link: {link_html}</p>\n\
         <p>{}</p>\n<p>Cardsmith</p>\n</body></html>\n",
        escape_html(&greeting),
        escape_html(button),
        escape_html(closing),
    );
    Mail {
        to: to.to_owned(),
        subject: subject.to_owned(),
        text,
        html,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_values_are_escaped_in_html_only() {
        let m = compose(
            "a@example.org",
            "S",
            "<b>Eve</b> & co",
            &["p".to_owned()],
            "http://x/reset-password?token=abc",
            "Go",
            "bye",
        );
        assert!(m.text.contains("Hello <b>Eve</b> & co,"));
        assert!(m.html.contains("Hello &lt;b&gt;Eve&lt;/b&gt; &amp; co,"));
        assert!(!m.html.contains("<b>Eve"));
        assert!(m
            .html
            .contains("href=\"http://x/reset-password?token=abc\""));
        assert!(m.text.contains("\nhttp://x/reset-password?token=abc\n"));
    }
}
