//! The curated offline icons: 16x16 pixel glyphs drawn as letter grids, each with the words
//! that call for it. A glyph names palette roles, not colours, so one drawing takes any
//! theme: `o` outline, `f` fill, `s` shade (the lower right, away from the light), `h`
//! highlight (the upper left), `a` accent (eyes, details, a second colour), `.` clear.
//!
//! The glyphs are content, not code: they live in the text files beside this one
//! (`animals.txt`, `sky.txt`, `things.txt`, `food.txt`), compiled in and read at first use.
//! Adding one is adding a paragraph there; the tests read every file.

use std::sync::LazyLock;

/// The glyph files, in the order ties between equally good matches go to.
const FILES: [(&str, &str); 4] = [
    ("animals.txt", include_str!("animals.txt")),
    ("sky.txt", include_str!("sky.txt")),
    ("things.txt", include_str!("things.txt")),
    ("food.txt", include_str!("food.txt")),
];

/// Every glyph of [`FILES`]. The files are compiled in and checked by the tests, so one that
/// does not read is a build that never shipped.
static LIBRARY: LazyLock<Vec<Glyph>> = LazyLock::new(|| {
    FILES
        .iter()
        .flat_map(|(file, text)| parse(text).unwrap_or_else(|e| panic!("{file}: {e}")))
        .collect()
});

/// One drawing and the words that choose it.
#[derive(Debug)]
pub struct Glyph {
    /// A short English name, also its first keyword.
    pub name: String,
    /// Lower-case words and phrases (singular; plurals and common endings are matched by
    /// the keyword matcher).
    pub keywords: Vec<String>,
    /// 16 rows of 16 letters.
    pub grid: Vec<String>,
}

/// The glyphs of one file: `#` lines and blank lines are skipped; a glyph is a line
/// `name: keyword, keyword, …` and then its 16 rows of 16 letters.
fn parse(text: &str) -> Result<Vec<Glyph>, String> {
    let mut glyphs = Vec::new();
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'));
    while let Some((n, header)) = lines.next() {
        let (name, words) = header
            .split_once(':')
            .ok_or_else(|| format!("line {}: expected `name: keywords`", n + 1))?;
        let keywords = words.split(',').map(|k| k.trim().to_owned()).collect();
        let mut grid = Vec::with_capacity(16);
        for _ in 0..16 {
            let (n, row) = lines
                .next()
                .ok_or_else(|| format!("{name}: fewer than 16 rows"))?;
            let known = row.chars().all(|c| c == '.' || Role::of(c).is_some());
            if row.chars().count() != 16 || !known {
                return Err(format!("line {}: a row is 16 of `.ofsha`", n + 1));
            }
            grid.push(row.to_owned());
        }
        glyphs.push(Glyph {
            name: name.trim().to_owned(),
            keywords,
            grid,
        });
    }
    Ok(glyphs)
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
    LIBRARY.iter()
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
    fn a_glyph_file_that_does_not_read_says_where() {
        assert!(parse("moon: moon\n....\n").unwrap_err().contains("line 2"));
        assert!(parse("no colon here").unwrap_err().contains("line 1"));
        assert!(parse("moon: moon\n").unwrap_err().contains("fewer than 16"));
        let one = parse(&format!(
            "# a comment\n\nsun: sun, sunny\n{}",
            "o".repeat(16) + "\n"
        ));
        assert!(one.is_err(), "one row is not a grid");
    }

    #[test]
    fn every_grid_is_16_by_16_in_known_letters() {
        let mut names = HashSet::new();
        for glyph in all() {
            assert!(names.insert(glyph.name.as_str()), "{} twice", glyph.name);
            for row in &glyph.grid {
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
            assert_eq!(glyph.grid.len(), 16, "{}", glyph.name);
        }
        assert!(names.len() >= 60, "only {} glyphs", names.len());
    }
}
