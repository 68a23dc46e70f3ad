//! A stored message as the MIME document that is sent or written to the outbox: one
//! `multipart/alternative` with the plain-text and the HTML body, so every mail program shows
//! one of them.

use lettre::message::header::ContentType;
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::Message;

use crate::{CoreError, CoreResult, CoreSettings};

/// The parts of a message the job needs (a row of `mail_messages`).
pub(super) struct Stored<'a> {
    pub id: &'a str,
    pub recipient: &'a str,
    pub subject: &'a str,
    pub text: &'a str,
    pub html: &'a str,
}

/// Escapes text for HTML element content and attribute values: every user-supplied value in
/// an HTML body goes through this.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Reads `CARDSMITH_MAIL_FROM` (`Name <address>` or a bare address).
pub fn parse_from(text: &str) -> Result<Mailbox, String> {
    text.trim().parse::<Mailbox>().map_err(|e| {
        format!("the sender address does not read as `Name <address>` or an address: {e}")
    })
}

/// The MIME document of `mail`, from the configured sender. Its `Message-ID` derives from the
/// row's id, so a message sent again after an attempt that did reach the server is recognisable
/// as the same one.
pub(super) fn build(settings: &CoreSettings, mail: &Stored<'_>) -> CoreResult<Message> {
    let from = parse_from(&settings.mail_from)
        .map_err(|e| CoreError::internal("the configured sender", e))?;
    let to: Mailbox = mail
        .recipient
        .parse()
        .map_err(|_| CoreError::invalid("to", "the recipient is not an email address"))?;
    let domain = from.email.domain().to_owned();
    Message::builder()
        .from(from)
        .to(to)
        .subject(mail.subject)
        .message_id(Some(format!("<{}@{}>", mail.id, domain)))
        .multipart(
            MultiPart::alternative()
                .singlepart(
                    SinglePart::builder()
                        .header(ContentType::TEXT_PLAIN)
                        .body(mail.text.to_owned()),
                )
                .singlepart(
                    SinglePart::builder()
                        .header(ContentType::TEXT_HTML)
                        .body(mail.html.to_owned()),
                ),
        )
        .map_err(|e| CoreError::internal("building a mail", e))
}
