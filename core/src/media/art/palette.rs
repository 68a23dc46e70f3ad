//! What a cover shows and in which colours: a scene chosen by the words of the prompt and
//! title (night → moon and stars in deep blues, ocean → waves in teals, forest → pines in
//! greens …), coloured by the card's approved theme when it has one, else by the scene's own
//! colours varied by the seed.

use super::paint::hsl;
use super::rng::Rng;
use crate::media::colour::{luma, mix, Rgb};

/// The kinds of picture the cover generator composes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Scene {
    Night,
    Sea,
    Forest,
    Space,
    Garden,
    Snow,
    Desert,
    Meadow,
}

/// Words that choose each scene: a word matches a key, or the key with a common ending
/// ("stars", "sleepy"); a key ending in `*` matches any word it starts. The scene with the
/// most hits wins, the meadow when none hits.
const KEYWORDS: [(Scene, &[&str]); 7] = [
    (
        Scene::Night,
        &[
            "night", "moon", "star", "starry", "sleep", "bed", "dream", "owl", "dark", "evening",
            "lullab*", "nacht", "mond", "stern*", "schlaf*", "firefl*",
        ],
    ),
    (
        Scene::Sea,
        &[
            "ocean",
            "sea",
            "wave",
            "fish",
            "whale",
            "boat",
            "ship",
            "beach",
            "island",
            "pirate",
            "mermaid",
            "lake",
            "river",
            "water",
            "lighthouse",
            "shell",
            "sail",
            "dolphin",
            "octopus",
            "meer",
            "swim",
        ],
    ),
    (
        Scene::Forest,
        &[
            "forest", "tree", "wood", "fox", "bear", "deer", "mushroom", "jungle", "leaf",
            "leaves", "autumn", "pine", "hedgehog", "squirrel", "wald", "camp",
        ],
    ),
    (
        Scene::Space,
        &[
            "space",
            "rocket",
            "planet",
            "astronaut",
            "galax*",
            "alien",
            "comet",
            "orbit",
            "universe",
            "robot",
            "mars",
            "saturn",
        ],
    ),
    (
        Scene::Garden,
        &[
            "garden",
            "flower",
            "bee",
            "butterfl*",
            "spring",
            "bunny",
            "rabbit",
            "rose",
            "tulip",
            "daisy",
            "picnic",
            "fairy",
            "ladybird",
            "ladybug",
            "flowers",
            "blume",
        ],
    ),
    (
        Scene::Snow,
        &[
            "snow",
            "winter",
            "ice",
            "christmas",
            "penguin",
            "frost",
            "cold",
            "sledge",
            "sled",
            "polar",
            "snowman",
            "schnee",
            "mitten",
        ],
    ),
    (
        Scene::Desert,
        &[
            "desert", "sand", "camel", "dune", "sun", "summer", "hot", "safari", "lion", "pyramid",
            "cactus",
        ],
    ),
];

impl Scene {
    /// The scene the words of `text` call for.
    pub(super) fn from_words(text: &str) -> Self {
        let text = text.to_lowercase();
        let words: Vec<&str> = text
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        let mut best = (0, Scene::Meadow);
        for (scene, keys) in KEYWORDS {
            let hits = words
                .iter()
                .filter(|w| keys.iter().any(|k| matches(w, k)))
                .count();
            if hits > best.0 {
                best = (hits, scene);
            }
        }
        best.1
    }
}

fn matches(word: &str, key: &str) -> bool {
    match key.strip_suffix('*') {
        Some(stem) => word.starts_with(stem),
        None => word
            .strip_prefix(key)
            .is_some_and(|rest| ["", "s", "es", "y", "ing", "ed", "en"].contains(&rest)),
    }
}

/// The colours of one picture.
#[derive(Debug, Clone, Copy)]
pub(super) struct Palette {
    pub(super) sky_top: Rgb,
    pub(super) sky_bottom: Rgb,
    /// The sun, moon or planet.
    pub(super) light: Rgb,
    /// Far to near.
    pub(super) ground: [Rgb; 3],
    /// Small things: flowers, windows, the title plate's rule.
    pub(super) accent: Rgb,
    /// Paper for plates and the darkest ink for lettering on it.
    pub(super) paper: Rgb,
    pub(super) ink: Rgb,
}

impl Palette {
    /// Whether the sky is dark (night, space): lettering and stars go light.
    pub(super) fn dark_sky(&self) -> bool {
        luma(self.sky_top) < 0.35
    }

    /// The scene's colours, varied a little by the seed so two covers of one scene differ.
    pub(super) fn for_scene(scene: Scene, rng: &mut Rng) -> Self {
        let j = |rng: &mut Rng, spread: f32| rng.range(-spread, spread);
        let (h, d) = (j(rng, 14.0), j(rng, 0.05));
        match scene {
            Scene::Night => Self::build(
                (hsl(232.0 + h, 0.6, 0.13), hsl(255.0 + h, 0.45, 0.36)),
                hsl(48.0, 0.95, 0.84),
                [
                    hsl(238.0 + h, 0.35, 0.3 + d),
                    hsl(244.0 + h, 0.4, 0.21 + d),
                    hsl(250.0 + h, 0.45, 0.13),
                ],
                hsl(45.0, 0.95, 0.65),
                h,
            ),
            Scene::Sea => Self::build(
                (hsl(195.0 + h, 0.65, 0.55), hsl(40.0 + h, 0.85, 0.86)),
                hsl(40.0 + h, 1.0, 0.7),
                [
                    hsl(185.0 + h, 0.55, 0.5 + d),
                    hsl(190.0 + h, 0.65, 0.36 + d),
                    hsl(198.0 + h, 0.7, 0.24),
                ],
                hsl(12.0 + h, 0.85, 0.6),
                h,
            ),
            Scene::Forest => Self::build(
                (hsl(165.0 + h, 0.35, 0.62), hsl(55.0 + h, 0.75, 0.86)),
                hsl(45.0 + h, 1.0, 0.72),
                [
                    hsl(105.0 + h, 0.35, 0.5 + d),
                    hsl(125.0 + h, 0.42, 0.33 + d),
                    hsl(145.0 + h, 0.5, 0.19),
                ],
                hsl(18.0 + h, 0.8, 0.55),
                h,
            ),
            Scene::Space => Self::build(
                (hsl(265.0 + h, 0.65, 0.07), hsl(290.0 + h, 0.5, 0.3)),
                hsl(25.0 + h, 0.85, 0.62),
                [
                    hsl(270.0 + h, 0.2, 0.42 + d),
                    hsl(275.0 + h, 0.22, 0.3 + d),
                    hsl(280.0 + h, 0.25, 0.18),
                ],
                hsl(175.0 + h, 0.8, 0.6),
                h,
            ),
            Scene::Garden => Self::build(
                (hsl(200.0 + h, 0.7, 0.74), hsl(335.0 + h, 0.75, 0.9)),
                hsl(50.0, 1.0, 0.68),
                [
                    hsl(100.0 + h, 0.45, 0.62 + d),
                    hsl(115.0 + h, 0.45, 0.46 + d),
                    hsl(130.0 + h, 0.5, 0.3),
                ],
                hsl(335.0 + h, 0.85, 0.62),
                h,
            ),
            Scene::Snow => Self::build(
                (hsl(212.0 + h, 0.5, 0.55), hsl(200.0 + h, 0.45, 0.88)),
                hsl(45.0, 0.9, 0.88),
                [
                    hsl(210.0 + h, 0.35, 0.95),
                    hsl(210.0 + h, 0.4, 0.87 + d / 2.0),
                    hsl(214.0 + h, 0.45, 0.78),
                ],
                hsl(355.0 + h, 0.75, 0.52),
                h,
            ),
            Scene::Desert => Self::build(
                (hsl(22.0 + h, 0.85, 0.6), hsl(45.0 + h, 0.95, 0.83)),
                hsl(8.0 + h, 0.9, 0.6),
                [
                    hsl(35.0 + h, 0.7, 0.64 + d),
                    hsl(28.0 + h, 0.65, 0.52 + d),
                    hsl(20.0 + h, 0.6, 0.38),
                ],
                hsl(150.0 + h, 0.45, 0.38),
                h,
            ),
            Scene::Meadow => {
                let hue = rng.range(0.0, 360.0);
                let sky = hue + rng.range(150.0, 210.0);
                Self::build(
                    (hsl(sky, 0.6, 0.58), hsl(sky + 20.0, 0.7, 0.86)),
                    hsl(hue + 40.0, 0.95, 0.64),
                    [
                        hsl(hue - 25.0, 0.45, 0.58),
                        hsl(hue, 0.5, 0.43),
                        hsl(hue + 25.0, 0.55, 0.28),
                    ],
                    hsl(hue + 180.0, 0.8, 0.6),
                    hue,
                )
            }
        }
    }

    fn build(sky: (Rgb, Rgb), light: Rgb, ground: [Rgb; 3], accent: Rgb, hue: f32) -> Self {
        Self {
            sky_top: sky.0,
            sky_bottom: sky.1,
            light,
            ground,
            accent,
            paper: mix(hsl(hue + 40.0, 0.6, 0.96), [255, 255, 255], 0.3),
            ink: dark_ink(ground[2]),
        }
    }

    /// The card's theme colours arranged for the scene: ordered light to dark, the sky takes
    /// a light and a mid colour (darkened at the top for night-like scenes), the ground the
    /// darker ones, the light the brightest lifted towards white.
    pub(super) fn from_colours(colours: &[Rgb], scene: Scene, rng: &mut Rng) -> Self {
        // the most colourful one is the accent; the rest, light to dark, make sky and ground
        let accent = *colours
            .iter()
            .max_by(|a, b| saturation(**a).total_cmp(&saturation(**b)))
            .expect("two or more colours");
        let mut sorted: Vec<Rgb> = colours.to_vec();
        if sorted.len() >= 4 {
            sorted.retain(|c| *c != accent);
        }
        sorted.sort_by(|a, b| luma(*b).total_cmp(&luma(*a)));
        let n = sorted.len();
        let pick = |i: usize| sorted[i.min(n - 1)];
        let offset = usize::from(n > 4 && rng.chance(0.5));
        let dark = matches!(scene, Scene::Night | Scene::Space);
        let sky_top = if dark {
            mix(pick(n - 1), [8, 10, 24], 0.5)
        } else {
            mix(pick(1), [16, 18, 28], 0.15)
        };
        let sky_bottom = if dark {
            mix(pick(n / 2), [8, 10, 24], 0.2)
        } else {
            mix(pick(0), [255, 255, 255], 0.35)
        };
        let ground = [
            pick(1 + offset),
            pick((2 + offset).min(n - 1)),
            mix(pick(n - 1), [10, 12, 20], 0.25),
        ];
        Self {
            sky_top,
            sky_bottom,
            light: mix(pick(0), [255, 250, 220], 0.55),
            ground,
            accent,
            paper: mix(pick(0), [255, 255, 255], 0.85),
            ink: dark_ink(pick(n - 1)),
        }
    }
}

/// `colour` darkened until lettering in it reads on paper (luma at most 0.2).
fn dark_ink(colour: Rgb) -> Rgb {
    let mut ink = mix(colour, [12, 14, 24], 0.55);
    while luma(ink) > 0.2 {
        ink = mix(ink, [12, 14, 24], 0.3);
    }
    ink
}

/// Chroma on 0..1: how far a colour is from grey.
fn saturation(c: Rgb) -> f32 {
    let (max, min) = (c.iter().max().copied(), c.iter().min().copied());
    f32::from(max.unwrap_or(0) - min.unwrap_or(0)) / 255.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_choose_the_scene() {
        assert_eq!(
            Scene::from_words("A sleepy owl under the stars"),
            Scene::Night
        );
        assert_eq!(
            Scene::from_words("Pip and the Paper Boat at sea"),
            Scene::Sea
        );
        assert_eq!(
            Scene::from_words("The fox in the pine forest"),
            Scene::Forest
        );
        assert_eq!(Scene::from_words("Rocket to the red planet"), Scene::Space);
        assert_eq!(Scene::from_words("Bees in Grandma's garden"), Scene::Garden);
        assert_eq!(Scene::from_words("Penguins in the snow"), Scene::Snow);
        assert_eq!(Scene::from_words("Camel crossing the dunes"), Scene::Desert);
        assert_eq!(Scene::from_words("Tom's new shoes"), Scene::Meadow);
        // a word merely starting like a keyword does not count
        assert_eq!(Scene::from_words("It has been a season"), Scene::Meadow);
        assert_eq!(Scene::from_words("A starry, sleepy lullaby"), Scene::Night);
    }

    #[test]
    fn night_skies_are_dark_and_day_skies_light() {
        let mut rng = Rng::from_parts(&["t"]);
        assert!(Palette::for_scene(Scene::Night, &mut rng).dark_sky());
        assert!(Palette::for_scene(Scene::Space, &mut rng).dark_sky());
        assert!(!Palette::for_scene(Scene::Sea, &mut rng).dark_sky());
        let themed = Palette::from_colours(
            &[[250, 240, 200], [40, 60, 120], [200, 80, 60]],
            Scene::Night,
            &mut rng,
        );
        assert!(themed.dark_sky());
    }
}
