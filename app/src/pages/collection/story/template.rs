//! Story templates: the offline way to start a story card. Without an AI provider nothing
//! can draft a story, so the panel offers a short, finished bedtime story instead, told
//! about the collection's child (their name, what they love, their pet and a friend from the
//! child profile) and picked by the theme of the preset and the idea (space, the sea, a
//! wood, a dragon, else a quiet night at home), never a theme the profile avoids. The parent
//! edits it into their own; read as it is, it still makes a good three-chapter card.

use cardsmith_model::collection::{CollectionProfileOut, PresetOut};

/// The name a story uses when the child profile has none.
const NO_NAME: &str = "Pip";

/// One story: its title and chapters, with `{name}`, `{loves}` ("who loved …"),
/// `{companion}` (a pet, or a teddy) and `{friend}` to fill in.
struct Template {
    /// Words of a preset, idea or avoided theme that point at this story.
    keywords: &'static [&'static str],
    title: &'static str,
    chapters: [(&'static str, &'static str); 3],
}

/// Themed stories, tried in this order; [`QUIET_NIGHT`] when none fits.
const THEMED: &[Template] = &[
    Template {
        keywords: &["space", "star", "moon", "planet", "rocket", "astronaut", "galaxy", "comet"],
        title: "{name} and the Sleepy Moon",
        chapters: [
            ("The Rocket in the Garden", "Once upon a time there was a child called {name}, {loves}. One night a small silver rocket landed softly in the garden, right beside the flower bed. Its door opened with a gentle hum. {name} put on warm slippers, took {companion}, and climbed aboard."),
            ("Among the Stars", "The rocket rose past the rooftops and the clouds, up and up, until the stars were all around. They twinkled hello. A comet drew a shining line across the sky, and the planets turned slowly, like sleepy spinning tops. {name} counted the stars: one, two, three, far too many to count."),
            ("The Moon's Lullaby", "At last the rocket reached the Moon, and the Moon was yawning. \"Thank you for visiting,\" it said in a soft, silvery voice. \"Now it is time for everyone to rest.\" It hummed a lullaby, and the rocket floated all the way home on the music. {name} snuggled into bed, still hearing the song, and decided to tell {friend} all about it in the morning. Goodnight, {name}. Sleep well."),
        ],
    },
    Template {
        keywords: &["sea", "ocean", "boat", "ship", "pirate", "fish", "beach", "whale", "dolphin", "island", "mermaid", "water"],
        title: "{name} and the Gentle Sea",
        chapters: [
            ("The Little Boat", "Once upon a time there was a child called {name}, {loves}. One evening, down by the shore, a little blue boat was waiting, rocking on the water. {name} climbed in with {companion}, and the boat set off across the calm, shining sea."),
            ("Friends of the Waves", "A family of dolphins swam alongside, leaping in silver arcs. A wise old turtle paddled by and nodded hello. Far below, little fish glowed like lanterns. The waves whispered hush, hush, hush, and the boat rocked gently from side to side."),
            ("Home with the Tide", "As the stars came out, the tide turned and carried the little boat home, slow and steady. The lighthouse blinked its warm, friendly light. {name} stepped onto the sand, warm and sleepy, and decided to tell {friend} about the dolphins in the morning. Back in bed, the sea still whispered hush, hush, hush. Goodnight, {name}. Sleep well."),
        ],
    },
    Template {
        keywords: &["forest", "wood", "woods", "tree", "animal", "fox", "bear", "owl", "rabbit", "hedgehog", "badger", "deer", "squirrel"],
        title: "{name} and the Moonlit Wood",
        chapters: [
            ("The Path Between the Trees", "Once upon a time there was a child called {name}, {loves}. One evening, at the end of the garden, a little path appeared that had never been there before. It wound between tall, friendly trees. {name} took {companion} and followed it, step by quiet step."),
            ("The Animals' Evening", "In a clearing, the animals of the wood were getting ready for bed. A rabbit fluffed up its burrow, a hedgehog curled into a cosy ball, and an owl blinked from a branch. \"You are just in time,\" hooted the owl. \"We are about to say goodnight to the wood.\""),
            ("Goodnight, Wood", "Together they whispered goodnight to the trees, to the stream and to the soft green moss. The wood whispered goodnight back, its leaves rustling like a lullaby. The path led {name} home again, right to the door. {name} decided to tell {friend} about the owl in the morning, then curled up in bed, warm and safe. Goodnight, {name}. Sleep well."),
        ],
    },
    Template {
        keywords: &["dragon", "castle", "knight", "princess", "prince", "magic", "wizard", "witch", "fairy", "unicorn"],
        title: "{name} and the Friendly Dragon",
        chapters: [
            ("A Tap at the Window", "Once upon a time there was a child called {name}, {loves}. One evening there came a tap, tap, tap at the window. Outside was a small green dragon with kind golden eyes. \"I have lost my way home to the castle,\" it said. \"Will you help me?\" {name} took {companion} and said yes at once."),
            ("The Castle on the Hill", "They flew over sleeping villages and silver rivers until a castle appeared on a hill, its windows glowing with candlelight. The dragon's family was waiting at the gate. They were so happy that they puffed a cloud of warm, sparkly smoke in the shape of a heart."),
            ("A Sleepy Flight Home", "The little dragon carried {name} home on its back, gliding gently through the quiet night. \"Thank you, friend,\" it said at the window. {name} decided to tell {friend} about the dragon in the morning, then snuggled down under the covers. Far away, the castle lights went out one by one. Goodnight, {name}. Sleep well."),
        ],
    },
];

/// The gentle story at home, for every other theme.
const QUIET_NIGHT: Template = Template {
    keywords: &[],
    title: "{name} and the Quiet Night",
    chapters: [
        ("The Sleepy House", "Once upon a time there was a child called {name}, {loves}. One evening, when the sky turned the colour of warm honey, the whole house began to get sleepy. The kettle stopped singing, the curtains swayed gently, and {name} put on the softest pyjamas in the drawer, with {companion} close by."),
        ("The Little Light", "Just as {name} climbed into bed, a tiny light appeared at the window. It was a firefly, glowing like a lantern. \"I am looking for the cosiest room in town,\" it whispered. {name} showed it the blanket, the pillow and the little lamp. The firefly sighed happily. \"This is it,\" it said. \"This is the cosiest room of all.\""),
        ("Goodnight", "The firefly settled on the windowsill and dimmed its light, slowly, slowly, like a yawn. {name} yawned too. Outside, the moon kept watch over the garden and the quiet street. {name} decided to tell {friend} about the firefly in the morning. Then, little by little, everything grew still. Goodnight, {name}. Sleep well."),
    ],
};

/// A story drawn from a template for `profile`'s child, themed by `preset` and `idea`: its
/// title, and its text with `Chapter N: Title` lines (how the card maker cuts chapters). The
/// idea, when given, opens the story so the parent sees where theirs goes.
pub fn story_template(
    profile: &CollectionProfileOut,
    preset: Option<&PresetOut>,
    idea: &str,
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
    let name = first_item(&profile.child_name).unwrap_or_else(|| NO_NAME.to_owned());
    let loves = match first_item(&profile.interests) {
        Some(interest) => format!("who loved {interest}"),
        None => "who loved a good story".to_owned(),
    };
    let companion = first_item(&profile.pets).unwrap_or_else(|| "a favourite teddy".to_owned());
    let friend = first_item(&profile.friends).unwrap_or_else(|| "everyone".to_owned());
    let fill = |s: &str| {
        s.replace("{name}", &name)
            .replace("{loves}", &loves)
            .replace("{companion}", &companion)
            .replace("{friend}", &friend)
    };
    let idea = sentence_middle(idea.trim().trim_end_matches(['.', '!', '?']));
    let mut text = String::new();
    for (n, (title, body)) in template.chapters.iter().enumerate() {
        if n > 0 {
            text.push_str("\n\n");
        }
        text.push_str(&format!("Chapter {}: {title}\n\n", n + 1));
        if n == 0 && !idea.is_empty() {
            text.push_str(&format!("This is a story about {idea}. "));
        }
        text.push_str(&fill(body));
    }
    (fill(template.title), text)
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
        .filter(|w| template.keywords.iter().any(|k| matches(w, k)))
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
    list.split([',', ';', '\n'])
        .flat_map(|part| part.split(" and "))
        .map(str::trim)
        .find(|item| !item.is_empty())
        .map(str::to_owned)
}

#[cfg(test)]
mod tests;
