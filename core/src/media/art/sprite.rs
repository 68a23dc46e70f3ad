//! 16x16 chapter icons: a left-right symmetric sprite grown from a seed, in three colours
//! (body, highlight, dark outline) on a transparent background, like hand-made pixel art.

use image::{Rgba, RgbaImage};

use super::paint::{hsl, luma, mix};
use super::rng::Rng;
use super::Rgb;
use crate::media::icon::ICON_SIZE;

const N: usize = ICON_SIZE as usize;
/// Columns drawn; the others mirror them.
const HALF: usize = N / 2;
/// Fewest filled cells of a sprite: sparser ones read as noise at 16 pixels.
const MIN_FILLED: usize = 50;

/// The icon seeded by `seed`, in `palette`'s colours when given.
pub fn chapter_icon(seed: &str, palette: Option<&[Rgb]>) -> RgbaImage {
    let mut rng = Rng::from_parts(&["icon", seed]);
    let (body, highlight, outline) = colours(&mut rng, palette);
    let mut filled = [[false; N]; N];
    // densest in the middle, none on the one-pixel border the outline needs
    for _attempt in 0..16 {
        for (y, row) in filled.iter_mut().enumerate().take(N - 1).skip(1) {
            for x in 1..HALF {
                let dx = (HALF as f32 - 0.5 - x as f32) / HALF as f32;
                let dy = ((y as f32 + 0.5) - N as f32 / 2.0).abs() / (N as f32 / 2.0);
                let p = 0.85 - 0.6 * (dx * dx + dy * dy).sqrt();
                let on = rng.chance(p);
                row[x] = on;
                row[N - 1 - x] = on;
            }
        }
        filled = smoothed(&filled);
        if filled.iter().flatten().filter(|c| **c).count() >= MIN_FILLED {
            break;
        }
    }
    let mut icon = RgbaImage::new(ICON_SIZE, ICON_SIZE);
    for y in 0..N {
        for x in 0..N {
            let colour = if filled[y][x] {
                // lit from above: a filled cell with an empty one above it catches the light
                if y > 0 && !filled[y - 1][x] {
                    Some(highlight)
                } else {
                    Some(body)
                }
            } else if neighbours(&filled, x, y) {
                Some(outline)
            } else {
                None
            };
            if let Some([r, g, b]) = colour {
                icon.put_pixel(x as u32, y as u32, Rgba([r, g, b, 255]));
            }
        }
    }
    // two eyes on roughly one sprite in two, when there is body to put them on
    let eye_row = 5 + rng.below(4);
    let eye_col = 4 + rng.below(3);
    if rng.chance(0.5) && filled[eye_row][eye_col] && filled[eye_row][N - 1 - eye_col] {
        let [r, g, b] = outline;
        icon.put_pixel(eye_col as u32, eye_row as u32, Rgba([r, g, b, 255]));
        icon.put_pixel(
            (N - 1 - eye_col) as u32,
            eye_row as u32,
            Rgba([r, g, b, 255]),
        );
    }
    icon
}

/// One step of a cellular automaton that joins cells into blobs and drops specks: a cell is
/// filled when at least 5 of its 8 neighbours are (4 if it was filled already). The border
/// stays empty, and the result stays mirrored because the rule is.
fn smoothed(filled: &[[bool; N]; N]) -> [[bool; N]; N] {
    let mut out = [[false; N]; N];
    for y in 1..N - 1 {
        for x in 1..N - 1 {
            let mut around = 0;
            for (dx, dy) in [
                (-1i32, -1i32),
                (0, -1),
                (1, -1),
                (-1, 0),
                (1, 0),
                (-1, 1),
                (0, 1),
                (1, 1),
            ] {
                if filled[(y as i32 + dy) as usize][(x as i32 + dx) as usize] {
                    around += 1;
                }
            }
            out[y][x] = around >= if filled[y][x] { 4 } else { 5 };
        }
    }
    out
}

/// Whether any of the four cells next to (x, y) is filled.
fn neighbours(filled: &[[bool; N]; N], x: usize, y: usize) -> bool {
    let at = |x: Option<usize>, y: Option<usize>| match (x, y) {
        (Some(x), Some(y)) if x < N && y < N => filled[y][x],
        _ => false,
    };
    at(x.checked_sub(1), Some(y))
        || at(Some(x + 1), Some(y))
        || at(Some(x), y.checked_sub(1))
        || at(Some(x), Some(y + 1))
}

/// Body, highlight and outline: from the palette (a random colour of it as the body) or from
/// a random saturated hue.
fn colours(rng: &mut Rng, palette: Option<&[Rgb]>) -> (Rgb, Rgb, Rgb) {
    let body = match palette {
        Some(colours) if !colours.is_empty() => colours[rng.below(colours.len())],
        _ => hsl(
            rng.range(0.0, 360.0),
            rng.range(0.55, 0.85),
            rng.range(0.45, 0.6),
        ),
    };
    let highlight = mix(body, [255, 255, 255], 0.45);
    let outline = if luma(body) > 0.2 {
        mix(body, [0, 0, 0], 0.7)
    } else {
        mix(body, [255, 255, 255], 0.5)
    };
    (body, highlight, outline)
}
