//! Story templates: the offline way to start a story card. Without an AI provider nothing
//! can draft a story, so the panel offers a short, finished bedtime story instead, told
//! about the collection's child (their name, what they love, their pet and a friend from the
//! child profile) and picked by the theme of the preset and the idea (space, the sea, a
//! wood, a dragon, else a quiet night at home), never a theme the profile avoids. The parent
//! edits it into their own; read as it is, it still makes a good three-chapter card. The
//! stories are messages (`coll-tale-*`), told in the collection's language when Cardsmith
//! speaks it, else in the page's.

use cardsmith_i18n::{t, Locale};
use cardsmith_model::collection::{CollectionProfileOut, PresetOut};

/// The name a story uses when the child profile has none.
const NO_NAME: &str = "Pip";

/// Who a story is told about, as its messages take it: `name`, `loves` ("who loved …"),
/// `companion` (a pet, or a teddy) and `friend`.
struct Child {
    /// The language the story is told in.
    locale: Locale,
    name: String,
    loves: String,
    companion: String,
    friend: String,
}

/// A story in its language: its title and its chapters' titles and texts.
type Told = (String, [(String, String); 3]);

/// One story: the words that point at it, and the story told about a child.
struct Template {
    /// Words of a preset, idea or avoided theme that point at this story, separated by spaces,
    /// in the languages Cardsmith speaks. A word that means something else in English is left
    /// out (the German "Boot", "Wal": Wales), or pointed at its English meaning too ("mars",
    /// which the Spanish "mar" would take to the sea).
    keywords: &'static str,
    told: fn(&Child) -> Told,
}

/// Themed stories, tried in this order; [`QUIET_NIGHT`] when none fits.
const THEMED: &[Template] = &[
    Template {
        keywords: "space star moon planet mars rocket astronaut galaxy comet \
            weltraum weltall sterne sternen mond planeten rakete raketen astronauten astronautin \
            galaxie komet kometen \
            espace étoile lune planète fusée astronaute comète \
            espacio estrella luna planeta cohete astronauta galaxia cometa",
        told: sleepy_moon,
    },
    Template {
        keywords: "sea ocean boat ship pirate fish beach whale dolphin island mermaid water \
            meer ozean boote schiff schiffe piraten fisch fische delfin delfine delphin \
            insel meerjungfrau wasser \
            mer océan bateau bateaux navire poisson plage baleine dauphin île sirène eau \
            mar océano barco pirata pez peces playa ballena delfín isla sirena agua",
        told: gentle_sea,
    },
    Template {
        keywords: "forest wood woods tree animal fox bear owl rabbit hedgehog badger deer \
            squirrel \
            wald wälder baum bäume tiere fuchs füchse bär bären eule eulen hase hasen igel dachs \
            reh rehe hirsch eichhörnchen \
            forêt bois arbre animaux renard hibou hiboux chouette lapin hérisson blaireau cerf \
            biche écureuil \
            bosque árbol árboles animales oso búho lechuza conejo erizo tejón ciervo ardilla",
        told: moonlit_wood,
    },
    Template {
        keywords: "dragon castle knight princess prince magic wizard witch fairy unicorn \
            drache drachen burg schloss ritter prinzessin prinz zauber zauberer hexe hexen feen \
            einhorn einhörner \
            château chevalier princesse magie magicien sorcier sorcière fée licorne \
            dragón castillo caballero princesa príncipe magia mago bruja hada unicornio",
        told: friendly_dragon,
    },
];

/// The gentle story at home, for every other theme.
const QUIET_NIGHT: Template = Template {
    keywords: "",
    told: quiet_night,
};

fn sleepy_moon(c: &Child) -> Told {
    (
        t!(c.locale, "coll-tale-moon", name = &c.name),
        [
            (
                t!(c.locale, "coll-tale-moon-1-title"),
                t!(
                    c.locale,
                    "coll-tale-moon-1",
                    name = &c.name,
                    loves = &c.loves,
                    companion = &c.companion
                ),
            ),
            (
                t!(c.locale, "coll-tale-moon-2-title"),
                t!(c.locale, "coll-tale-moon-2", name = &c.name),
            ),
            (
                t!(c.locale, "coll-tale-moon-3-title"),
                t!(
                    c.locale,
                    "coll-tale-moon-3",
                    name = &c.name,
                    friend = &c.friend
                ),
            ),
        ],
    )
}

fn gentle_sea(c: &Child) -> Told {
    (
        t!(c.locale, "coll-tale-sea", name = &c.name),
        [
            (
                t!(c.locale, "coll-tale-sea-1-title"),
                t!(
                    c.locale,
                    "coll-tale-sea-1",
                    name = &c.name,
                    loves = &c.loves,
                    companion = &c.companion
                ),
            ),
            (
                t!(c.locale, "coll-tale-sea-2-title"),
                t!(c.locale, "coll-tale-sea-2"),
            ),
            (
                t!(c.locale, "coll-tale-sea-3-title"),
                t!(
                    c.locale,
                    "coll-tale-sea-3",
                    name = &c.name,
                    friend = &c.friend
                ),
            ),
        ],
    )
}

fn moonlit_wood(c: &Child) -> Told {
    (
        t!(c.locale, "coll-tale-wood", name = &c.name),
        [
            (
                t!(c.locale, "coll-tale-wood-1-title"),
                t!(
                    c.locale,
                    "coll-tale-wood-1",
                    name = &c.name,
                    loves = &c.loves,
                    companion = &c.companion
                ),
            ),
            (
                t!(c.locale, "coll-tale-wood-2-title"),
                t!(c.locale, "coll-tale-wood-2"),
            ),
            (
                t!(c.locale, "coll-tale-wood-3-title"),
                t!(
                    c.locale,
                    "coll-tale-wood-3",
                    name = &c.name,
                    friend = &c.friend
                ),
            ),
        ],
    )
}

fn friendly_dragon(c: &Child) -> Told {
    (
        t!(c.locale, "coll-tale-dragon", name = &c.name),
        [
            (
                t!(c.locale, "coll-tale-dragon-1-title"),
                t!(
                    c.locale,
                    "coll-tale-dragon-1",
                    name = &c.name,
                    loves = &c.loves,
                    companion = &c.companion
                ),
            ),
            (
                t!(c.locale, "coll-tale-dragon-2-title"),
                t!(c.locale, "coll-tale-dragon-2"),
            ),
            (
                t!(c.locale, "coll-tale-dragon-3-title"),
                t!(
                    c.locale,
                    "coll-tale-dragon-3",
                    name = &c.name,
                    friend = &c.friend
                ),
            ),
        ],
    )
}

fn quiet_night(c: &Child) -> Told {
    (
        t!(c.locale, "coll-tale-night", name = &c.name),
        [
            (
                t!(c.locale, "coll-tale-night-1-title"),
                t!(
                    c.locale,
                    "coll-tale-night-1",
                    name = &c.name,
                    loves = &c.loves,
                    companion = &c.companion
                ),
            ),
            (
                t!(c.locale, "coll-tale-night-2-title"),
                t!(c.locale, "coll-tale-night-2", name = &c.name),
            ),
            (
                t!(c.locale, "coll-tale-night-3-title"),
                t!(
                    c.locale,
                    "coll-tale-night-3",
                    name = &c.name,
                    friend = &c.friend
                ),
            ),
        ],
    )
}

/// A story drawn from a template for `profile`'s child, themed by `preset` and `idea`: its
/// title, and its text with a heading line per chapter (`Chapter N: Title` in English, `# Title`
/// in the other languages: how the card maker cuts chapters). The idea, when given, opens the
/// story so the parent sees where theirs goes. Told in the page's language.
pub fn story_template(
    profile: &CollectionProfileOut,
    preset: Option<&PresetOut>,
    idea: &str,
    locale: Locale,
) -> (String, String) {
    let theme = [
        preset.map_or("", |p| p.name.as_str()),
        preset.map_or("", |p| p.prompt_template.as_str()),
        idea,
        &profile.prompt_template,
        &profile.interests,
    ]
    .join(" ");
    let (theme, avoided) = (words(&theme), words(&profile.avoid_themes));
    // the theme most words point at (the first on a tie), never one the profile avoids
    let mut best: Option<(&Template, usize)> = None;
    for template in THEMED {
        let shunned = avoided
            .iter()
            .any(|w| hits(template, std::slice::from_ref(w)) > 0);
        let n = hits(template, &theme);
        if !shunned && n > best.map_or(0, |(_, most)| most) {
            best = Some((template, n));
        }
    }
    let template = best.map_or(&QUIET_NIGHT, |(t, _)| t);
    let child = Child {
        locale,
        name: first_item(&profile.child_name).unwrap_or_else(|| NO_NAME.to_owned()),
        loves: match first_item(&profile.interests) {
            Some(interest) => t!(locale, "coll-tale-loves", interest = interest),
            None => t!(locale, "coll-tale-loves-stories"),
        },
        companion: first_item(&profile.pets).unwrap_or_else(|| t!(locale, "coll-tale-teddy")),
        friend: first_item(&profile.friends).unwrap_or_else(|| t!(locale, "coll-tale-everyone")),
    };
    let (title, chapters) = (template.told)(&child);
    let idea = sentence_middle(idea.trim().trim_end_matches(['.', '!', '?']));
    let mut text = String::new();
    for (n, (heading, body)) in chapters.iter().enumerate() {
        if n > 0 {
            text.push_str("\n\n");
        }
        text.push_str(&t!(
            locale,
            "coll-tale-chapter",
            number = n + 1,
            title = heading
        ));
        text.push_str("\n\n");
        if n == 0 && !idea.is_empty() {
            text.push_str(&t!(locale, "coll-tale-idea", idea = &idea));
            text.push(' ');
        }
        text.push_str(body);
    }
    (title, text)
}

/// An idea as it reads inside a sentence: "A whale who sings" → "a whale who sings" (only
/// an article loses its capital; a name keeps it).
fn sentence_middle(idea: &str) -> String {
    let first = idea.split_whitespace().next().unwrap_or_default();
    if ["A", "An", "The", "Some"].contains(&first) {
        first.to_lowercase() + &idea[first.len()..]
    } else {
        idea.to_owned()
    }
}

/// How many of `words` point at `template`.
fn hits(template: &Template, words: &[String]) -> usize {
    words
        .iter()
        .filter(|w| template.keywords.split_whitespace().any(|k| matches(w, k)))
        .count()
}

/// `word` is `keyword` or its plural.
fn matches(word: &str, keyword: &str) -> bool {
    word.strip_prefix(keyword)
        .is_some_and(|rest| rest.is_empty() || rest == "s" || rest == "es")
}

fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The first entry of a profile list ("dinosaurs, trains and boats" → "dinosaurs").
fn first_item(list: &str) -> Option<String> {
    /// "and" in the languages Cardsmith speaks, between two items of a list.
    const AND: [&str; 4] = [" and ", " und ", " et ", " y "];
    list.split([',', ';', '\n'])
        .map(|part| {
            AND.iter()
                .filter_map(|and| part.find(and))
                .min()
                .map_or(part, |cut| &part[..cut])
        })
        .map(str::trim)
        .find(|item| !item.is_empty())
        .map(str::to_owned)
}

#[cfg(test)]
mod tests;
