//! Languages in words: which language a voice speaks (a BCP 47-like tag such as `en-gb` or
//! `fr-be`) and the name a parent reads for it, in the language itself ("Français
//! (Belgique)"). The voices themselves carry no tag (`VoiceOut` is the REST shape), so it is
//! read from the id: espeak-ng ids are `espeak:<language>[+variant]`, flite's voices are
//! English.

use cardsmith_model::tts::VoiceOut;

/// Names of languages and regional variants, keyed by lower-case tag. A tag not listed
/// falls back to its shorter forms (`en-gb-scotland` → `en-gb`), then to the English name
/// espeak-ng gives it. Languages in other scripts carry their English name too, so a parent
/// who cannot read the script still finds theirs.
const NAMES: &[(&str, &str)] = &[
    ("af", "Afrikaans"),
    ("ar", "العربية (Arabic)"),
    ("bg", "Български (Bulgarian)"),
    ("bn", "বাংলা (Bengali)"),
    ("bs", "Bosanski"),
    ("ca", "Català"),
    ("cmn", "中文 (Chinese, Mandarin)"),
    ("cs", "Čeština"),
    ("cy", "Cymraeg"),
    ("da", "Dansk"),
    ("de", "Deutsch"),
    ("el", "Ελληνικά (Greek)"),
    ("en", "English"),
    ("en-029", "English (Caribbean)"),
    ("en-gb", "English (UK)"),
    ("en-us", "English (US)"),
    ("eo", "Esperanto"),
    ("es", "Español (España)"),
    ("es-419", "Español (Latinoamérica)"),
    ("et", "Eesti"),
    ("eu", "Euskara"),
    ("fa", "فارسی (Persian)"),
    ("fi", "Suomi"),
    ("fr", "Français"),
    ("fr-be", "Français (Belgique)"),
    ("fr-ch", "Français (Suisse)"),
    ("fr-fr", "Français (France)"),
    ("ga", "Gaeilge"),
    ("gd", "Gàidhlig"),
    ("he", "עברית (Hebrew)"),
    ("hi", "हिन्दी (Hindi)"),
    ("hr", "Hrvatski"),
    ("hu", "Magyar"),
    ("id", "Bahasa Indonesia"),
    ("is", "Íslenska"),
    ("it", "Italiano"),
    ("ja", "日本語 (Japanese)"),
    ("ko", "한국어 (Korean)"),
    ("la", "Latina"),
    ("lt", "Lietuvių"),
    ("lv", "Latviešu"),
    ("mi", "Māori"),
    ("ms", "Bahasa Melayu"),
    ("nb", "Norsk bokmål"),
    ("nl", "Nederlands"),
    ("pl", "Polski"),
    ("pt", "Português (Portugal)"),
    ("pt-br", "Português (Brasil)"),
    ("ro", "Română"),
    ("ru", "Русский (Russian)"),
    ("sk", "Slovenčina"),
    ("sl", "Slovenščina"),
    ("sq", "Shqip"),
    ("sr", "Српски (Serbian)"),
    ("sv", "Svenska"),
    ("sw", "Kiswahili"),
    ("ta", "தமிழ் (Tamil)"),
    ("th", "ไทย (Thai)"),
    ("tr", "Türkçe"),
    ("uk", "Українська (Ukrainian)"),
    ("ur", "اردو (Urdu)"),
    ("vi", "Tiếng Việt"),
    ("yue", "粵語 (Chinese, Cantonese)"),
    ("zh", "中文 (Chinese)"),
];

/// flite's voices that are not American English: its Scottish voices.
const FLITE_SCOTTISH: &[&str] = &["awb", "awb_time"];

/// The language a voice speaks, or `None` for a remote voice that speaks whatever it is
/// given (OpenAI's and ElevenLabs' multilingual voices).
pub fn tag_of(voice: &VoiceOut) -> Option<String> {
    tag_of_id(&voice.id)
}

/// [`tag_of`] from a voice id alone (a collection's voice need not be installed here).
pub fn tag_of_id(id: &str) -> Option<String> {
    let (engine, name) = id.split_once(':')?;
    match engine {
        "espeak" => Some(name.split('+').next().unwrap_or(name).to_ascii_lowercase()),
        "flite" if FLITE_SCOTTISH.contains(&name) => Some("en-gb-scotland".to_owned()),
        "flite" => Some("en-us".to_owned()),
        _ => None,
    }
}

/// A language tag as browsers and voices write it, compared lower-case (`en-US` → `en-us`).
pub fn normalize(tag: &str) -> String {
    tag.trim().replace('_', "-").to_ascii_lowercase()
}

/// The listed tag `tag` belongs to and its name: the longest listed prefix of `tag`
/// (`en-gb-scotland` → `en-gb`, "English (UK)"), else `tag` itself named `fallback`.
pub fn language_of(tag: &str, fallback: &str) -> (String, String) {
    let mut candidate = tag;
    loop {
        if let Some((key, name)) = NAMES.iter().find(|(key, _)| *key == candidate) {
            return ((*key).to_owned(), (*name).to_owned());
        }
        match candidate.rsplit_once('-') {
            Some((shorter, _)) => candidate = shorter,
            None => return (tag.to_owned(), fallback.to_owned()),
        }
    }
}

/// The language part of a voice's description, as the server words it: espeak-ng's
/// "English (Scotland) [en-gb-scotland], default voice, robotic" and flite's "English
/// (Scottish), male" both start with it.
pub fn spoken_language(description: &str) -> &str {
    let end = description
        .find(" [")
        .or_else(|| description.find(", "))
        .unwrap_or(description.len());
    description[..end].trim()
}

/// The variety inside a language name's brackets, the narrowest part last: "English (America,
/// New York City)" → "New York City"; `None` without brackets.
pub fn variety(language: &str) -> Option<&str> {
    let inner = language.split_once('(')?.1.trim_end_matches(')');
    inner
        .rsplit(", ")
        .next()
        .map(str::trim)
        .filter(|v| !v.is_empty())
}

/// Whether two tags name the same language (`fr-be` and `fr`).
pub fn same_language(a: &str, b: &str) -> bool {
    primary(a) == primary(b)
}

/// Whether `wanted` (a browser's or collection's tag) asks for exactly the listed `listed`
/// tag: the same tag, a narrower form of it (`en-gb-scotland` for `en-gb`), or a language
/// without a region whose home region is listed (`fr` for `fr-fr`).
pub fn same_place(wanted: &str, listed: &str) -> bool {
    wanted == listed
        || wanted
            .strip_prefix(listed)
            .is_some_and(|rest| rest.starts_with('-'))
        || listed == format!("{wanted}-{wanted}")
}

fn primary(tag: &str) -> &str {
    tag.split('-').next().unwrap_or(tag)
}

/// A key that sorts names as people expect: case and the common accents ignored, so
/// "Čeština" comes between "Català" and "Dansk".
pub fn sort_key(name: &str) -> String {
    name.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => 'a',
            'ç' | 'ć' | 'č' => 'c',
            'ď' => 'd',
            'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ę' | 'ě' => 'e',
            'ì' | 'í' | 'î' | 'ï' | 'ī' => 'i',
            'ł' | 'ľ' => 'l',
            'ñ' | 'ń' | 'ň' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' => 'o',
            'ř' => 'r',
            'ś' | 'š' | 'ș' | 'ş' => 's',
            'ť' | 'ț' => 't',
            'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' => 'u',
            'ý' | 'ÿ' => 'y',
            'ź' | 'ż' | 'ž' => 'z',
            other => other,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_fall_back_to_their_shorter_forms_then_to_the_engines_name() {
        assert_eq!(
            language_of("en-gb-scotland", "English (Scotland)"),
            ("en-gb".to_owned(), "English (UK)".to_owned())
        );
        assert_eq!(language_of("fr-be", "x").1, "Français (Belgique)");
        assert_eq!(language_of("vi-vn-x-south", "x").1, "Tiếng Việt");
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
        assert!(
            sort_key("Čeština") > sort_key("Català") && sort_key("Čeština") < sort_key("Dansk")
        );
    }
}
