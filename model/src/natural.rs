//! Natural order for names people number: "2 - Owls" before "10 - Bats", "Chapter 9" before
//! "chapter 10". Runs of digits compare as numbers, everything else case-insensitively; ties
//! fall back to the plain text so the order is total and the same everywhere (server and
//! browser).

use std::cmp::Ordering;

/// Compares `a` and `b` in natural order.
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    let (mut x, mut y) = (Runs::new(a), Runs::new(b));
    loop {
        match (x.next(), y.next()) {
            (None, None) => return a.cmp(b),
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(p), Some(q)) => {
                let order = compare_runs(p, q);
                if order != Ordering::Equal {
                    return order;
                }
            }
        }
    }
}

fn compare_runs(p: &str, q: &str) -> Ordering {
    let digits = |s: &str| s.starts_with(|c: char| c.is_ascii_digit());
    match (digits(p), digits(q)) {
        (true, true) => {
            let (p, q) = (p.trim_start_matches('0'), q.trim_start_matches('0'));
            p.len().cmp(&q.len()).then_with(|| p.cmp(q))
        }
        // a number sorts before words ("1 Intro" before "Afterword")
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        (false, false) => p
            .chars()
            .flat_map(char::to_lowercase)
            .cmp(q.chars().flat_map(char::to_lowercase)),
    }
}

/// The text split into alternating runs of ASCII digits and of anything else.
struct Runs<'a> {
    rest: &'a str,
}

impl<'a> Runs<'a> {
    fn new(text: &'a str) -> Self {
        Self { rest: text }
    }
}

impl<'a> Iterator for Runs<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let first = self.rest.chars().next()?;
        let digit = first.is_ascii_digit();
        let end = self
            .rest
            .find(|c: char| c.is_ascii_digit() != digit)
            .unwrap_or(self.rest.len());
        let (run, rest) = self.rest.split_at(end);
        self.rest = rest;
        Some(run)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_names_sort_as_people_count() {
        let mut names = vec![
            "10 - Bats",
            "2 - Owls",
            "1 - Intro",
            "Chapter 10",
            "chapter 9",
            "Afterword",
            "02 - Owls again",
            "disc 2/01",
            "disc 1/10",
        ];
        names.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(
            names,
            [
                "1 - Intro",
                "2 - Owls",
                "02 - Owls again",
                "10 - Bats",
                "Afterword",
                "chapter 9",
                "Chapter 10",
                "disc 1/10",
                "disc 2/01",
            ]
        );
    }

    #[test]
    fn the_order_is_total() {
        assert_eq!(natural_cmp("a", "A"), "a".cmp("A"));
        assert_eq!(natural_cmp("", ""), Ordering::Equal);
        assert_eq!(natural_cmp("", "a"), Ordering::Less);
        assert_eq!(
            natural_cmp("99999999999999999999999", "1"),
            Ordering::Greater
        );
    }
}
