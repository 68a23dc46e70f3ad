//! Each language's messages as one Fluent file, as the server sends it to the browser
//! (`crate::browser` loads it there). `build.rs` joins a language's `.ftl` files and digests
//! the text; the digest names the file, so a URL never stands for two texts and the
//! browser may keep it for good.

use crate::Locale;

include!(concat!(env!("OUT_DIR"), "/digests.rs"));

/// The digest of `locale`'s joined text.
fn digest(locale: Locale) -> &'static str {
    DIGESTS
        .iter()
        .find(|(code, _)| *code == locale.code())
        .map(|(_, digest)| *digest)
        .expect("build.rs digests every language of locales/")
}

/// Where the server answers with `locale`'s messages: `/i18n/<code>.<digest>.ftl`.
pub fn messages_path(locale: Locale) -> String {
    format!("/i18n/{}.{}.ftl", locale.code(), digest(locale))
}

/// The language whose current messages file is called `name` (`de.<digest>.ftl`); `None`
/// for any other name, an old digest included.
pub fn messages_file(name: &str) -> Option<Locale> {
    let (code, rest) = name.split_once('.')?;
    let locale = Locale::ALL.into_iter().find(|l| l.code() == code)?;
    (rest.strip_suffix(".ftl")? == digest(locale)).then_some(locale)
}

/// `locale`'s messages: its `.ftl` files joined, the text [`messages_path`] names.
#[cfg(not(target_arch = "wasm32"))]
pub fn messages_text(locale: Locale) -> &'static str {
    match locale {
        Locale::En => include_str!(concat!(env!("OUT_DIR"), "/en.ftl")),
        Locale::De => include_str!(concat!(env!("OUT_DIR"), "/de.ftl")),
        Locale::Fr => include_str!(concat!(env!("OUT_DIR"), "/fr.ftl")),
        Locale::Es => include_str!(concat!(env!("OUT_DIR"), "/es.ftl")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_language_has_one_current_file_name() {
        for locale in Locale::ALL {
            let path = messages_path(locale);
            let name = path.strip_prefix("/i18n/").unwrap();
            assert_eq!(messages_file(name), Some(locale));
            assert!(messages_text(locale).contains("nav-cards"));
        }
        let stale = format!("{}.0000000000000000.ftl", Locale::De.code());
        assert_eq!(messages_file(&stale), None);
        assert_eq!(messages_file("xx.0000000000000000.ftl"), None);
        assert_eq!(messages_file("de.ftl"), None);
        assert_eq!(messages_file(""), None);
    }
}
