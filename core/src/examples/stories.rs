//! The example cards: short original bedtime stories, one chapter per track. Kept short so
//! seeding takes seconds and the tracks half a minute each.

/// One example card.
pub(super) struct Story {
    pub(super) title: &'static str,
    pub(super) description: &'static str,
    /// Voices to speak it with, best first; the first one this server has is used.
    pub(super) voices: &'static [&'static str],
    pub(super) chapters: &'static [(&'static str, &'static str)],
}

pub(super) const STORIES: &[Story] = &[
    Story {
        title: "The Lighthouse Cat",
        description: "A cat who keeps the light burning through a stormy night. Three short chapters.",
        voices: &["flite:slt", "espeak:en-us+f3"],
        chapters: &[
            (
                "The Keeper's Cat",
                "On a rock at the edge of the sea stood a tall white lighthouse. \
                 In it lived an old keeper and a small grey cat called Moss. \
                 Every evening the keeper climbed the winding stairs to light the great lamp, \
                 and every evening Moss climbed right behind him, counting the steps with her paws.",
            ),
            (
                "The Storm",
                "One night the wind howled and the waves leapt high over the rocks. \
                 The keeper had caught a cold and fell asleep in his chair. \
                 Moss looked at the dark window. Far out on the water, a little boat was looking for home. \
                 So Moss climbed the stairs alone, one hundred and twelve of them.",
            ),
            (
                "The Light",
                "At the top, Moss pushed the old brass switch with both front paws. \
                 Click! The great lamp turned and shone across the sea. \
                 The little boat saw the light and sailed safely into the harbour. \
                 In the morning the keeper found Moss asleep beside the lamp, and he gave her a whole sardine.",
            ),
        ],
    },
    Story {
        title: "Pip and the Paper Boat",
        description: "A paper boat sails down the stream to the sea. Two short chapters.",
        voices: &["flite:awb", "espeak:en-gb+m3"],
        chapters: &[
            (
                "Folding the Boat",
                "Pip folded a boat from a page of an old comic. \
                 He folded it once, and twice, and pressed the corners flat. \
                 Then he wrote his name on the sail and set it on the stream at the bottom of the garden. \
                 The boat spun round once, as if to wave goodbye, and floated away.",
            ),
            (
                "To the Sea",
                "The paper boat sailed under the bridge, past the ducks, and along the reeds. \
                 A frog sat on it for a while and then jumped off. \
                 At last the stream met the river, and the river met the sea. \
                 Far away, a girl on the beach picked up the boat, read the name on its sail, and smiled.",
            ),
        ],
    },
    Story {
        title: "The Moon Garden",
        description: "A garden that only blooms at night. Three short chapters.",
        voices: &["flite:rms", "espeak:en-us+m3"],
        chapters: &[
            (
                "Seeds",
                "Grandma gave Ada a paper bag of silver seeds. \
                 These only grow in moonlight, she said. \
                 So Ada planted them in a pot on her windowsill and waited for the full moon.",
            ),
            (
                "Night Flowers",
                "When the full moon rose, the seeds woke up. \
                 Little green shoots stretched and curled, and then, one by one, white flowers opened. \
                 They glowed softly, like tiny lanterns, and smelled of honey and rain.",
            ),
            (
                "Sharing the Light",
                "Moths came to visit the moon flowers, and a sleepy owl, and a hedgehog from next door. \
                 Ada sat at the window and watched until her eyes were heavy. \
                 In the morning the flowers had closed, but Ada knew they would shine again tonight. \
                 Good night, moon garden.",
            ),
        ],
    },
];
