//! Languages in words: which language a voice speaks (a BCP 47-like tag such as `en-gb` or
//! `fr-be`) and the name a parent reads for it, in the language itself ("Français
//! (Belgique)"). The voices themselves carry no tag (`VoiceOut` is the REST shape), so it is
//! read from the id: espeak-ng ids are `espeak:<language>[+variant]`, flite's voices are
//! English.

use cardsmith_model::tts::VoiceOut;

/// Names of languages and regional variants, keyed by lower-case tag, each written in the
/// language itself. A tag not listed here nor in [`glossed`] falls back to its shorter forms
/// (`en-gb-scotland` → `en-gb`), then to the English name espeak-ng gives it.
const NAMES: &[(&str, &str)] = &[
    ("af", "Afrikaans"),
    ("bs", "Bosanski"),
    ("ca", "Català"),
    ("cs", "Čeština"),
    ("cy", "Cymraeg"),
    ("da", "Dansk"),
    ("de", "Deutsch"),
    ("en", "English"),
    ("en-029", "English (Caribbean)"),
    ("en-gb", "English (UK)"),
    ("en-us", "English (US)"),
    ("eo", "Esperanto"),
    ("es", "Español (España)"),
    ("es-419", "Español (Latinoamérica)"),
    ("et", "Eesti"),
    ("eu", "Euskara"),
    ("fi", "Suomi"),
    ("fr", "Français"),
    ("fr-be", "Français (Belgique)"),
    ("fr-ch", "Français (Suisse)"),
    ("fr-fr", "Français (France)"),
    ("ga", "Gaeilge"),
    ("gd", "Gàidhlig"),
    ("hr", "Hrvatski"),
    ("hu", "Magyar"),
    ("id", "Bahasa Indonesia"),
    ("is", "Íslenska"),
    ("it", "Italiano"),
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
    ("sk", "Slovenčina"),
    ("sl", "Slovenščina"),
    ("sq", "Shqip"),
    ("sv", "Svenska"),
    ("sw", "Kiswahili"),
    ("tr", "Türkçe"),
    ("vi", "Tiếng Việt"),
];

/// Languages in other scripts: their own name and, in brackets, their name in the page's
/// language, so a parent who cannot read the script still finds theirs.
fn glossed(tag: &str) -> Option<String> {
    Some(match tag {
        "ar" => tr!("rec-language-ar"),
        "bg" => tr!("rec-language-bg"),
        "bn" => tr!("rec-language-bn"),
        "cmn" => tr!("rec-language-cmn"),
        "el" => tr!("rec-language-el"),
        "fa" => tr!("rec-language-fa"),
        "he" => tr!("rec-language-he"),
        "hi" => tr!("rec-language-hi"),
        "ja" => tr!("rec-language-ja"),
        "ko" => tr!("rec-language-ko"),
        "ru" => tr!("rec-language-ru"),
        "sr" => tr!("rec-language-sr"),
        "ta" => tr!("rec-language-ta"),
        "th" => tr!("rec-language-th"),
        "uk" => tr!("rec-language-uk"),
        "ur" => tr!("rec-language-ur"),
        "yue" => tr!("rec-language-yue"),
        "zh" => tr!("rec-language-zh"),
        _ => return None,
    })
}

/// The name of the listed tag `tag`, if it is listed.
fn name_of(tag: &str) -> Option<String> {
    NAMES
        .iter()
        .find(|(key, _)| *key == tag)
        .map(|(_, name)| (*name).to_owned())
        .or_else(|| glossed(tag))
}

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
        if let Some(name) = name_of(candidate) {
            return (candidate.to_owned(), name);
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
mod tests;
