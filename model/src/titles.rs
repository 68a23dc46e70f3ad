//! Chapter titles made from file names, shared by the server (a file uploaded without a
//! title) and the browser (which shows the title a file will get before sending it).

/// The file name without its folders and extension, `_` and `-` read as spaces:
/// "03_The-Moon.mp3" → "03 The Moon".
pub fn title_from_filename(name: &str) -> String {
    let stem = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let stem = stem.rsplit_once('.').map_or(stem, |(s, _)| s);
    let spaced: String = stem
        .chars()
        .map(|c| if c == '_' || c == '-' { ' ' } else { c })
        .filter(|c| !c.is_control())
        .collect();
    spaced.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What may stand between a track number and the title.
const SEPARATORS: [char; 8] = ['.', ')', ':', '-', '_', ' ', '\u{2013}', '\u{2014}'];

/// `title` without the track number a ripper or a download put in front of it:
/// "01 The Cave" and "1. The Cave" → "The Cave". A number the title is made of stays
/// ("101 Dalmatians", "1984"): only one or two digits are taken, or three with a leading
/// zero, and only before a separator with words after it. Chapters are numbered by their
/// place on the card, so a number kept from the file name drifts once they are reordered.
pub fn without_track_number(title: &str) -> &str {
    let digits = title.chars().take_while(char::is_ascii_digit).count();
    let numbered = matches!(digits, 1 | 2) || (digits == 3 && title.starts_with('0'));
    if !numbered {
        return title;
    }
    let rest = &title[digits..];
    let after = rest.trim_start_matches(SEPARATORS);
    if rest.starts_with(SEPARATORS) && after.chars().next().is_some_and(char::is_alphabetic) {
        after
    } else {
        title
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_come_from_file_names() {
        assert_eq!(title_from_filename("03_The-Moon.mp3"), "03 The Moon");
        assert_eq!(title_from_filename("C:\\x\\story.m4a"), "story");
        assert_eq!(title_from_filename("noext"), "noext");
    }

    #[test]
    fn track_numbers_go_and_numbers_of_the_title_stay() {
        for (title, stripped) in [
            ("01 The Cave", "The Cave"),
            ("1. The Cave", "The Cave"),
            ("07 - Goodnight", "Goodnight"),
            ("3) Three Bears", "Three Bears"),
            ("001 Prologue", "Prologue"),
            ("12 – Über den Berg", "Über den Berg"),
            ("101 Dalmatians", "101 Dalmatians"),
            ("1984", "1984"),
            ("2 4 6 8", "2 4 6 8"),
            ("3D Shapes", "3D Shapes"),
            ("The Cave", "The Cave"),
            ("", ""),
            ("42", "42"),
        ] {
            assert_eq!(without_track_number(title), stripped, "{title}");
        }
    }
}
