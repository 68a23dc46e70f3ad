//! Tags and names read from voices.

use super::*;

#[test]
fn tags_fall_back_to_their_shorter_forms_then_to_the_engines_name() {
    assert_eq!(
        language_of("en-gb-scotland", "English (Scotland)"),
        ("en-gb".to_owned(), "English (UK)".to_owned())
    );
    assert_eq!(language_of("fr-be", "x").1, "Français (Belgique)");
    assert_eq!(language_of("vi-vn-x-south", "x").1, "Tiếng Việt");
    // other scripts carry the name in the page's language (English here)
    assert_eq!(
        language_of("cmn-latn-pinyin", "x"),
        ("cmn".to_owned(), "中文 (Chinese, Mandarin)".to_owned())
    );
    assert_eq!(
        language_of("hyw", "Armenian (West Armenia)"),
        ("hyw".to_owned(), "Armenian (West Armenia)".to_owned())
    );
}

#[test]
fn places_and_varieties_are_read_from_tags_and_names() {
    assert!(same_place("en-gb-scotland", "en-gb"));
    assert!(same_place("fr", "fr-fr"));
    assert!(!same_place("fr", "fr-be"));
    assert!(!same_place("en", "eo"));
    assert!(same_language("fr", "fr-be"));
    assert_eq!(
        variety("English (America, New York City)"),
        Some("New York City")
    );
    assert_eq!(variety("German"), None);
    assert_eq!(
        spoken_language("English (Scotland) [en-gb-scotland], default voice, robotic"),
        "English (Scotland)"
    );
    assert_eq!(
        spoken_language("English (US), female, clear"),
        "English (US)"
    );
    assert_eq!(normalize("en_GB"), "en-gb");
    assert!(sort_key("Čeština") > sort_key("Català") && sort_key("Čeština") < sort_key("Dansk"));
}
