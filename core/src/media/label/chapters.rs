//! The chapter list: a row per chapter with its number, the icon the player shows for it and
//! its title, as many as fit on the label; when some do not, the last row says "+ N more"
//! instead of running off the card.

use cardsmith_i18n::{t, Locale};

use super::layout::Item;
use super::style::{Face, Style, CAP_HEIGHT, INK, MM_PER_PT, MUTED};
use super::text::{ellipsize, one_line, wrap, Fonts};
use super::LabelTrack;

/// Row pitch, in mm: an icon plus a little air.
const ROW: f32 = 3.3;
/// Side of a printed icon: 16 pixels at ~150 dpi, big enough to match the player's screen.
const ICON: f32 = 2.7;
const GAP: f32 = 0.9;
/// A title takes a second row only while rows are left over, and never more.
const MAX_TITLE_LINES: usize = 2;

pub(super) const CHAPTER: Style = Style::new(Face::Regular, 6.5, INK, ROW);
const NUMBER: Style = Style::new(Face::Regular, 6.5, MUTED, ROW);

/// Lays `tracks` out from `[x, top]`, `width` wide, down to `bottom`. `icons` holds each
/// track's index among the sheet's icons.
pub(super) fn chapter_list(
    out: &mut Vec<Item>,
    fonts: &Fonts,
    tracks: &[LabelTrack],
    icons: &[Option<usize>],
    [x, top, width]: [f32; 3],
    bottom: f32,
    locale: Locale,
) {
    let rows = ((bottom - top) / ROW + 1e-3).floor().max(0.0) as usize;
    let (shown, more) = split(tracks.len(), rows);
    let numbers: Vec<String> = tracks[..shown]
        .iter()
        .map(|t| format!("{}.", t.number))
        .collect();
    let number_w = numbers
        .iter()
        .map(|n| fonts.width(NUMBER, n))
        .fold(0.0, f32::max);
    // no icon column when none of the rows has an icon
    let icon_x = x + number_w + GAP;
    let text_x = match icons[..shown].iter().any(Option::is_some) {
        true => icon_x + ICON + GAP,
        false => icon_x,
    };
    let mut spare = rows - shown - usize::from(more > 0);
    let text_w = x + width - text_x;
    let lines = tracks[..shown]
        .iter()
        .map(|track| title_lines(fonts, &track.title, text_w, &mut spare));
    let baseline = (ROW + CAP_HEIGHT * CHAPTER.size * MM_PER_PT) / 2.0;
    let mut row_top = top;
    for ((lines, number), icon) in lines.zip(numbers).zip(icons) {
        let number_x = x + number_w - fonts.width(NUMBER, &number);
        out.push(Item::Text([number_x, row_top + baseline], NUMBER, number));
        if let Some(icon) = *icon {
            out.push(Item::Icon(
                [icon_x, row_top + (ROW - ICON) / 2.0, ICON],
                icon,
            ));
        }
        for line in lines {
            out.push(Item::Text([text_x, row_top + baseline], CHAPTER, line));
            row_top += ROW;
        }
    }
    if more > 0 {
        let more = t!(locale, "label-more", count = more);
        out.push(Item::Text([text_x, row_top + baseline], NUMBER, more));
    }
}

/// How many of `count` chapters get rows, and how many are left out: all while they fit,
/// else one row fewer, for "+ N more".
fn split(count: usize, rows: usize) -> (usize, usize) {
    match rows {
        0 => (0, 0),
        _ if count <= rows => (count, 0),
        _ => (rows - 1, count - (rows - 1)),
    }
}

/// A title on one line, cut with "…" if need be; or wrapped onto two while `spare` rows are
/// left (rows no chapter needs), which it then uses up first come first served.
fn title_lines(fonts: &Fonts, title: &str, width: f32, spare: &mut usize) -> Vec<String> {
    let title = one_line(title);
    let wrapped = wrap(fonts, CHAPTER, &title, width, MAX_TITLE_LINES);
    if wrapped.len() > 1 && *spare > 0 {
        *spare -= 1;
        return wrapped;
    }
    vec![ellipsize(fonts, CHAPTER, &title, width)]
}

#[cfg(test)]
mod tests {
    use super::super::text::FONTS;
    use super::*;

    fn tracks(n: usize, title: impl Fn(usize) -> String) -> Vec<LabelTrack> {
        let track = |i: usize| LabelTrack {
            number: i as i64,
            title: title(i),
            icon: None,
        };
        (1..=n).map(track).collect()
    }

    fn texts(items: &[Item]) -> Vec<&str> {
        items
            .iter()
            .filter_map(|item| match item {
                Item::Text(_, _, text) => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }

    fn list(tracks: &[LabelTrack], icons: &[Option<usize>], rows: f32) -> Vec<Item> {
        list_in(Locale::En, tracks, icons, rows)
    }

    fn list_in(
        locale: Locale,
        tracks: &[LabelTrack],
        icons: &[Option<usize>],
        rows: f32,
    ) -> Vec<Item> {
        let mut items = Vec::new();
        let fonts = FONTS.as_ref().unwrap();
        chapter_list(
            &mut items,
            fonts,
            tracks,
            icons,
            [0.0, 0.0, 48.0],
            rows * ROW,
            locale,
        );
        items
    }

    #[test]
    fn every_chapter_gets_a_numbered_row_with_its_icon() {
        let five = tracks(5, |i| format!("Chapter {i}"));
        let icons = [Some(0), Some(1), None, Some(0), Some(2)];
        let items = list(&five, &icons, 8.0);
        let expected = [
            "1.",
            "Chapter 1",
            "2.",
            "Chapter 2",
            "3.",
            "Chapter 3",
            "4.",
            "Chapter 4",
            "5.",
            "Chapter 5",
        ];
        assert_eq!(texts(&items), expected);
        let drawn: Vec<usize> = items
            .iter()
            .filter_map(|item| match item {
                Item::Icon([_, _, side], index) if *side == ICON => Some(*index),
                _ => None,
            })
            .collect();
        assert_eq!(drawn, [0, 1, 0, 2], "chapter 3 has no icon");
        // rows go down the label, one pitch apart
        let baselines: Vec<f32> = items
            .iter()
            .filter_map(|item| match item {
                Item::Text([_, y], style, _) if style.color == MUTED => Some(*y),
                _ => None,
            })
            .collect();
        assert!(baselines
            .windows(2)
            .all(|w| (w[1] - w[0] - ROW).abs() < 1e-4));
    }

    #[test]
    fn chapters_that_do_not_fit_are_counted() {
        let forty = tracks(40, |i| format!("Track {i}"));
        let items = list(&forty, &[None; 40], 10.0);
        let texts = texts(&items);
        assert_eq!(texts.last(), Some(&"+ 31 more"));
        let german = list_in(Locale::De, &forty, &[None; 40], 10.0);
        assert_eq!(super::tests::texts(&german).last(), Some(&"+ 31 weitere"));
        assert!(texts.contains(&"9.") && texts.contains(&"Track 9"));
        assert!(!texts.contains(&"Track 10"));
        // nothing runs below the list's bottom
        assert!(items.iter().all(|item| match item {
            Item::Text([_, y], _, _) => *y <= 10.0 * ROW,
            _ => true,
        }));
        assert!(
            list(&forty, &[None; 40], 0.5).is_empty(),
            "no room, no rows"
        );
    }

    #[test]
    fn long_titles_wrap_into_spare_rows_and_are_cut_when_there_are_none() {
        let long = "A very long chapter title that cannot possibly fit on one line of a card";
        let three = tracks(3, |_| long.to_string());
        let texts_of = |rows| {
            let items = list(&three, &[None; 3], rows);
            texts(&items)
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
        };
        // five rows for three chapters: the first two titles wrap, the third is cut
        let roomy = texts_of(5.0);
        assert_eq!(roomy.len(), 3 + 5);
        assert!(roomy[1].starts_with("A very long") && !roomy[1].ends_with('…'));
        assert!(roomy[7].ends_with('…'));
        // three rows: one line each
        let tight = texts_of(3.0);
        assert_eq!(tight.len(), 6);
        assert!(tight.iter().skip(1).step_by(2).all(|t| t.ends_with('…')));
    }
}
