//! The curated offline icons: 16x16 pixel glyphs drawn in code as letter grids, each with
//! the words that call for it. A glyph names palette roles, not colours, so one drawing
//! takes any theme: `o` outline, `f` fill, `s` shade (the lower right, away from the light),
//! `h` highlight (the upper left), `a` accent (eyes, details, a second colour), `.` clear.

mod animals;
mod food;
mod sky;
mod things;

/// One drawing and the words that choose it.
#[derive(Debug)]
pub struct Glyph {
    /// A short English name, also its first keyword.
    pub name: &'static str,
    /// Lower-case words and phrases (singular; plurals and common endings are matched by
    /// the keyword matcher).
    pub keywords: &'static [&'static str],
    pub grid: [&'static str; 16],
}

/// A palette role of a glyph pixel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    Outline,
    Fill,
    Shade,
    Highlight,
    Accent,
}

impl Role {
    pub const ALL: [Role; 5] = [
        Role::Outline,
        Role::Fill,
        Role::Shade,
        Role::Highlight,
        Role::Accent,
    ];

    /// The role of a grid letter; `None` for a clear pixel (`.`) and anything unknown.
    pub fn of(letter: char) -> Option<Self> {
        match letter {
            'o' => Some(Self::Outline),
            'f' => Some(Self::Fill),
            's' => Some(Self::Shade),
            'h' => Some(Self::Highlight),
            'a' => Some(Self::Accent),
            _ => None,
        }
    }
}

/// Every glyph, in a fixed order (ties between equally good matches go to the earlier one).
pub fn all() -> impl Iterator<Item = &'static Glyph> {
    [animals::GLYPHS, sky::GLYPHS, things::GLYPHS, food::GLYPHS]
        .into_iter()
        .flatten()
}

/// The glyph called `name`.
pub fn named(name: &str) -> Option<&'static Glyph> {
    all().find(|g| g.name == name)
}

impl Glyph {
    /// The role of each pixel, row by row (`None`: clear). Grids are checked by the tests,
    /// so every row has exactly 16 letters.
    pub fn roles(&self) -> [[Option<Role>; 16]; 16] {
        let mut out = [[None; 16]; 16];
        for (y, row) in self.grid.iter().enumerate() {
            for (x, letter) in row.chars().take(16).enumerate() {
                out[y][x] = Role::of(letter);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_grid_is_16_by_16_in_known_letters() {
        let mut names = HashSet::new();
        for glyph in all() {
            assert!(names.insert(glyph.name), "{} twice", glyph.name);
            for row in glyph.grid {
                assert_eq!(row.chars().count(), 16, "{}: {row:?}", glyph.name);
                assert!(
                    row.chars().all(|c| c == '.' || Role::of(c).is_some()),
                    "{}: {row:?}",
                    glyph.name
                );
            }
            let filled = glyph
                .grid
                .iter()
                .flat_map(|r| r.chars())
                .filter(|c| *c != '.')
                .count();
            assert!(
                filled >= 40,
                "{} is too sparse to read: {filled}",
                glyph.name
            );
            assert!(
                glyph.keywords.contains(&glyph.name),
                "{} names itself",
                glyph.name
            );
            assert!(glyph.keywords.iter().all(|k| *k == k.to_lowercase()));
        }
        assert!(names.len() >= 60, "only {} glyphs", names.len());
    }
}
