//! The one shape of every mail Cardsmith writes, in the recipient's language: an optional
//! greeting, paragraphs, one link (a button in HTML, written out in both forms so it can be
//! copied) and a closing line, as plain text and as HTML saying the same.

use cardsmith_i18n::{t, Locale};

use super::{escape_html, Mail};

/// A mail's words, already in the recipient's language; [`Letter::write`] lays them out.
pub struct Letter<'a> {
    pub locale: Locale,
    pub to: &'a str,
    pub subject: String,
    /// The recipient's name, when the mail knows it.
    pub name: Option<&'a str>,
    pub paragraphs: Vec<String>,
    /// The absolute link the mail is about (built by [`super::link`] only).
    pub link: &'a str,
    /// The words on the link's button.
    pub button: String,
    pub closing: String,
}

impl Letter<'_> {
    /// The mail, with every value escaped in the HTML body (the words of the messages and the
    /// values people chose alike).
    pub fn write(self) -> Mail {
        let locale = self.locale;
        let greeting = self.name.map(|name| t!(locale, "mail-hello", name = name));
        let mut text = String::new();
        let mut html = String::from(
            "<!DOCTYPE html>\n<html><body style=\"font-family: sans-serif; color: #0f172a\">\n",
        );
        for paragraph in greeting.iter().chain(&self.paragraphs) {
            text.push_str(paragraph);
            text.push_str("\n\n");
            html.push_str(&format!("<p>{}</p>\n", escape_html(paragraph)));
        }
        let link = self.link;
        let link_html = escape_html(link);
        text.push_str(&format!("{link}\n\n{}\n\n-- \nCardsmith\n", self.closing));
        html.push_str(&format!(
            "<p><a href=\"{link_html}\" style=\"display: inline-block; padding: 10px 16px; \
             background: #4338ca; color: #ffffff; border-radius: 8px; text-decoration: none\">{}</a></p>\n\
             <p style=\"font-size: 13px; color: #475569\">{} {link_html}</p>\n\
             <p>{}</p>\n<p>Cardsmith</p>\n</body></html>\n",
            escape_html(&self.button),
            escape_html(&t!(locale, "mail-copy-link")),
            escape_html(&self.closing),
        ));
        Mail {
            to: self.to.to_owned(),
            subject: self.subject,
            text,
            html,
        }
    }
}

/// How long something lasts, in hours, as a person reads it ("1 hour", "48 Stunden").
pub fn hours(locale: Locale, hours: i64) -> String {
    t!(locale, "mail-hours", count = hours)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letter(locale: Locale, name: &str) -> Mail {
        Letter {
            locale,
            to: "a@example.org",
            subject: "S".into(),
            name: Some(name),
            paragraphs: vec!["p".into()],
            link: "http://x/reset-password?token=abc",
            button: "Go".into(),
            closing: "bye".into(),
        }
        .write()
    }

    #[test]
    fn user_values_are_escaped_in_html_only() {
        let m = letter(Locale::En, "<b>Eve</b> & co");
        assert!(m.text.contains("Hello <b>Eve</b> & co,"));
        assert!(m.html.contains("Hello &lt;b&gt;Eve&lt;/b&gt; &amp; co,"));
        assert!(!m.html.contains("<b>Eve"));
        assert!(m
            .html
            .contains("href=\"http://x/reset-password?token=abc\""));
        assert!(m.text.contains("\nhttp://x/reset-password?token=abc\n"));
    }

    #[test]
    fn the_fixed_words_follow_the_language() {
        let m = letter(Locale::Fr, "Élise");
        assert!(m.text.starts_with("Bonjour Élise,"), "{}", m.text);
        assert!(m.html.contains("Ou copiez ce lien"), "{}", m.html);
        assert_eq!(hours(Locale::De, 1), "1 Stunde");
        assert_eq!(hours(Locale::De, 48), "48 Stunden");
        assert_eq!(hours(Locale::Es, 48), "48 horas");
    }
}
