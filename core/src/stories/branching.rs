//! The offline writer of interactive stories: with no AI provider, a real branching story of
//! the asked size from templates, about the parent's idea and for the collection's child.
//!
//! Its shape: an opening (and as many scenes after it as the size leaves room for), then
//! `choice_points` crossroads. At each, the left and the right button lead to a scene of
//! their own; both go on by themselves to the next crossroads, and at the last they are two
//! different endings. So every passage is reachable, every path ends, and a crossroads plays
//! again until a button is pressed. Each crossroads says its choices and which button is
//! which: the child cannot read them.

use cardsmith_model::interactive::plan::{PlannedChoice, PlannedPassage, StoryPlan};

/// The fewest passages a story with `choice_points` crossroads takes.
pub fn min_passages(choice_points: usize) -> usize {
    3 * choice_points + 1
}

/// One crossroads: where it is, the two ways (as the child hears them) and what happens on
/// each.
struct Crossroads {
    place: &'static str,
    left: &'static str,
    right: &'static str,
    left_scene: &'static str,
    right_scene: &'static str,
}

const CROSSROADS: &[Crossroads] = &[
    Crossroads {
        place: "{name} came to a fork in the path. One way led into a whispering forest, the other down to a sparkling lake",
        left: "walk into the forest",
        right: "go down to the lake",
        left_scene: "In the forest, the trees whispered a secret about {idea}, and a friendly owl showed {name} the way.",
        right_scene: "At the lake, a family of ducks splashed hello, and {name} found a clue about {idea} shining in the water.",
    },
    Crossroads {
        place: "A little door stood in a hill, and beside it a ladder climbed up to the clouds",
        left: "open the little door",
        right: "climb the ladder",
        left_scene: "Behind the door was a cosy room full of lanterns, and a mouse who knew all about {idea}.",
        right_scene: "Up in the clouds, {name} bounced from cloud to cloud and could see all the way to where {idea} began.",
    },
    Crossroads {
        place: "Two friends called out to {name}: a sleepy bear by a cave and a busy squirrel in a tall tree",
        left: "visit the bear",
        right: "help the squirrel",
        left_scene: "The bear yawned a big yawn and shared warm honey, and told a story about {idea}.",
        right_scene: "{name} helped the squirrel gather acorns, and together they laughed about {idea}.",
    },
    Crossroads {
        place: "The wind began to hum a song, and a boat waited by the shore while a bridge stretched over the river",
        left: "sail the boat",
        right: "cross the bridge",
        left_scene: "The little boat rocked gently, and the fish sang along as {name} sailed closer to {idea}.",
        right_scene: "On the bridge, {name} counted ten stepping stars and waved at the rainbow over {idea}.",
    },
    Crossroads {
        place: "Night was falling. A glow-worm offered to lead the way, and a map lay open on a stone",
        left: "follow the glow-worm",
        right: "read the map",
        left_scene: "The glow-worm's light danced ahead, and soon {name} saw where {idea} was hiding.",
        right_scene: "The map had a big red cross on it, and {name} traced the path all the way to {idea}.",
    },
];

/// The two endings of the last crossroads: the left one, then the right one.
const ENDINGS: &[(&str, &str)] = &[
    (
        "And so {name} found {idea} at last, and everyone had a party under the stars. The end.",
        "And so {name} went home with a pocket full of stories about {idea}, and slept the happiest sleep. The end.",
    ),
    (
        "{name} and all the new friends sang a song about {idea} until the moon came up. The end.",
        "{name} tucked the adventure of {idea} into a dream, to visit again tomorrow. The end.",
    ),
];

const SCENES: &[&str] = &[
    "The sun was warm, and {name} skipped along, humming a happy tune about {idea}.",
    "A butterfly landed on {name}'s nose and whispered that something wonderful was near.",
    "{name} stopped to listen: the whole world seemed to be talking about {idea}.",
];

/// A branching story of `passages` passages with `choice_points` crossroads (`passages` at
/// least [`min_passages`]), about `idea`, for `name` (a child's name, or empty).
pub fn write(idea: &str, name: &str, passages: usize, choice_points: usize) -> StoryPlan {
    let idea = idea.trim().trim_end_matches(['.', '!', '?']);
    let idea = if idea.is_empty() {
        "a great adventure"
    } else {
        idea
    };
    let name = if name.trim().is_empty() {
        "Our hero"
    } else {
        name.trim()
    };
    let fill = |t: &str| t.replace("{name}", name).replace("{idea}", idea);
    // a story about a different idea takes different turns
    let seed = idea
        .bytes()
        .fold(0usize, |h, b| h.wrapping_mul(31).wrapping_add(b as usize));
    let choice_points = choice_points.max(1);
    let passages = passages.max(min_passages(choice_points));
    let extra = passages - min_passages(choice_points);
    let first_choice = 1 + extra;
    let mut plan = Vec::with_capacity(passages);
    plan.push(PlannedPassage {
        title: "Once upon a time".into(),
        text: fill("Once upon a time, {name} set off on an adventure about {idea}. Listen carefully: soon you will choose what happens, with the left button or the right button."),
        left: None,
        right: None,
        next: Some(1),
    });
    for i in 0..extra {
        plan.push(PlannedPassage {
            title: format!("Along the way {}", i + 1),
            text: fill(SCENES[(seed + i) % SCENES.len()]),
            left: None,
            right: None,
            next: Some(plan.len() + 1),
        });
    }
    for point in 0..choice_points {
        let at = first_choice + 3 * point;
        let last = point + 1 == choice_points;
        let c = &CROSSROADS[(seed + point) % CROSSROADS.len()];
        let on = (!last).then_some(at + 3);
        plan.push(PlannedPassage {
            title: format!("Crossroads {}", point + 1),
            text: fill(&format!(
                "{}. Should {name} {}? Press the left button. Or should {name} {}? Press the right button.",
                c.place, c.left, c.right
            )),
            left: Some(PlannedChoice {
                label: capitalised(c.left),
                target: at + 1,
            }),
            right: Some(PlannedChoice {
                label: capitalised(c.right),
                target: at + 2,
            }),
            // waits for a button: the crossroads plays again
            next: Some(at),
        });
        let ending = ENDINGS[(seed + point) % ENDINGS.len()];
        for (scene, way, end) in [
            (c.left_scene, c.left, ending.0),
            (c.right_scene, c.right, ending.1),
        ] {
            let text = if last {
                format!("{} {}", fill(scene), fill(end))
            } else {
                fill(scene)
            };
            plan.push(PlannedPassage {
                title: capitalised(way),
                text,
                left: None,
                right: None,
                next: on,
            });
        }
    }
    StoryPlan {
        title: title_of(idea),
        start: 0,
        passages: plan,
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// "The adventure of …", within a card title's length.
fn title_of(idea: &str) -> String {
    let title = format!("The adventure of {idea}");
    title.chars().take(100).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_story_has_its_size_and_every_passage_leads_somewhere() {
        for (passages, points) in [(4, 1), (7, 2), (12, 3), (40, 13)] {
            let plan = write("a dragon who bakes bread.", "Mia", passages, points);
            assert_eq!(plan.passages.len(), passages);
            let choices = plan.passages.iter().filter(|p| p.left.is_some()).count();
            assert_eq!(choices, points, "{passages} passages, {points} crossroads");
            let problems = plan.problems();
            assert!(problems.is_empty(), "{problems:?}");
        }
    }

    #[test]
    fn each_crossroads_says_its_choices_and_buttons_for_the_child() {
        let plan = write("a dragon who bakes", "Mia", 7, 2);
        assert_eq!(plan.title, "The adventure of a dragon who bakes");
        for p in plan.passages.iter().filter(|p| p.left.is_some()) {
            let left = p.left.as_ref().unwrap().label.to_lowercase();
            let right = p.right.as_ref().unwrap().label.to_lowercase();
            assert!(
                p.text.contains(&left) && p.text.contains(&right),
                "{}",
                p.text
            );
            assert!(p.text.contains("left button") && p.text.contains("right button"));
            assert!(p.text.contains("Mia"));
        }
        assert!(
            plan.passages.iter().all(|p| !p.text.contains('{')),
            "every blank filled"
        );
        // two endings at the last crossroads, different words
        let endings: Vec<&PlannedPassage> =
            plan.passages.iter().filter(|p| p.next.is_none()).collect();
        assert_eq!(endings.len(), 2);
        assert_ne!(endings[0].text, endings[1].text);
        // no child's name: the story has a hero all the same
        let other = write("a moon made of cheese", "", 7, 2);
        assert!(other.passages[0].text.contains("Our hero"));
    }
}
