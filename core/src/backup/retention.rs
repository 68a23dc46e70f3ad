//! Which backups to keep (`--backup-keep last=3,daily=7,weekly=4`): the newest L backups, the
//! newest backup of each of the last N days that have one, and of each of the last M weeks, and
//! always the newest of all.
//! Pure, so the rule is tested on its own.

use std::collections::BTreeSet;

use chrono::Datelike;

use super::manifest::taken_at;

/// How many days and weeks of backups to keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Retention {
    pub last: u32,
    pub daily: u32,
    pub weekly: u32,
}

impl Default for Retention {
    fn default() -> Self {
        Self {
            last: 3,
            daily: 7,
            weekly: 4,
        }
    }
}

impl std::fmt::Display for Retention {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "last={},daily={},weekly={}",
            self.last, self.daily, self.weekly
        )
    }
}

impl std::str::FromStr for Retention {
    type Err = String;

    /// `last=3,daily=7,weekly=4`; a part left out keeps none of that kind (`daily=14`).
    fn from_str(text: &str) -> Result<Self, String> {
        let mut out = Self {
            last: 0,
            daily: 0,
            weekly: 0,
        };
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (kind, n) = part
                .split_once('=')
                .ok_or_else(|| format!("`{part}` is not kind=count"))?;
            let n: u32 = n
                .trim()
                .parse()
                .ok()
                .filter(|n| *n <= 1000)
                .ok_or_else(|| format!("`{part}`: the count must be 0 to 1000"))?;
            match kind.trim() {
                "last" => out.last = n,
                "daily" => out.daily = n,
                "weekly" => out.weekly = n,
                other => return Err(format!("`{other}`: the kinds are last, daily and weekly")),
            }
        }
        Ok(out)
    }
}

impl Retention {
    /// The ids of `backups` (oldest first, as listed) to keep.
    pub fn keep<'a>(&self, backups: &'a [String]) -> BTreeSet<&'a str> {
        let mut keep = BTreeSet::new();
        let newest = backups.len().saturating_sub(self.last.max(1) as usize);
        keep.extend(backups[newest..].iter().map(String::as_str));
        let dated: Vec<(&str, chrono::DateTime<chrono::Utc>)> = backups
            .iter()
            .rev()
            .filter_map(|id| Some((id.as_str(), taken_at(id)?)))
            .collect();
        let mut days = BTreeSet::new();
        let mut weeks = BTreeSet::new();
        for (id, at) in dated {
            let day = at.date_naive();
            if days.len() < self.daily as usize && days.insert(day) {
                keep.insert(id);
            }
            let week = (at.iso_week().year(), at.iso_week().week());
            if weeks.len() < self.weekly as usize && weeks.insert(week) {
                keep.insert(id);
            }
        }
        keep
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(day: u32, hour: u32) -> String {
        format!("202611{day:02}T{hour:02}0000000Zabcd")
    }

    #[test]
    fn the_newest_of_each_day_and_week_is_kept() {
        // two a day from 1 to 30 November 2026 (a Sunday to a Monday)
        let backups: Vec<String> = (1..=30).flat_map(|d| [id(d, 3), id(d, 15)]).collect();
        let kept = Retention {
            last: 1,
            daily: 3,
            weekly: 2,
        }
        .keep(&backups);
        let expected: BTreeSet<String> = [
            id(30, 15), // today, the newest (and this week's)
            id(29, 15), // yesterday (and last week's newest: Sunday)
            id(28, 15),
        ]
        .into_iter()
        .collect();
        assert_eq!(
            kept.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>(),
            expected
        );
        let weekly = Retention {
            last: 0,
            daily: 0,
            weekly: 3,
        }
        .keep(&backups);
        // weeks of Nov 30 (Mon), Nov 23–29, Nov 16–22: their newest backups
        assert_eq!(
            weekly.into_iter().collect::<Vec<_>>(),
            vec![
                id(22, 15).as_str(),
                id(29, 15).as_str(),
                id(30, 15).as_str()
            ]
        );
    }

    #[test]
    fn the_newest_is_always_kept_and_settings_parse() {
        let backups = vec![id(1, 1)];
        let none = Retention {
            last: 0,
            daily: 0,
            weekly: 0,
        };
        assert_eq!(none.keep(&backups).len(), 1);
        assert!(none.keep(&[]).is_empty());
        let three = Retention { last: 3, ..none };
        let backups: Vec<String> = (1..=5).map(|h| id(1, h)).collect();
        assert_eq!(three.keep(&backups).len(), 3);
        assert!(!three.keep(&backups).contains(id(1, 2).as_str()));
        assert_eq!(
            "daily=14, weekly=8".parse::<Retention>().unwrap(),
            Retention {
                last: 0,
                daily: 14,
                weekly: 8
            }
        );
        assert_eq!(
            "daily=2".parse::<Retention>().unwrap(),
            Retention {
                last: 0,
                daily: 2,
                weekly: 0
            }
        );
        for bad in ["daily", "monthly=3", "daily=-1", "daily=5000"] {
            assert!(bad.parse::<Retention>().is_err(), "{bad}");
        }
        assert_eq!(Retention::default().to_string(), "last=3,daily=7,weekly=4");
        assert_eq!(
            Retention::default().to_string().parse::<Retention>(),
            Ok(Retention::default())
        );
    }
}
