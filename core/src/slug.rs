//! Unique slugs derived from titles.

use cardsmith_model::validate::{slugify, RESERVED_CARD_SLUGS, SLUG_MAX_CHARS};

use crate::db::DbPool;
use crate::{CoreError, CoreResult};

/// The 409 for a slug somebody else has.
pub fn taken(slug: &str) -> CoreError {
    CoreError::Conflict(format!("the slug {slug} is taken"))
}

/// The slug the caller asked for, else one derived from `title`.
pub async fn wanted_or_derived(
    pool: &DbPool,
    space: SlugSpace,
    wanted: Option<&str>,
    title: &str,
) -> CoreResult<String> {
    match wanted.filter(|s| !s.is_empty()) {
        Some(wanted) => Ok(wanted.to_owned()),
        None => unique_from_title(pool, space, title).await,
    }
}

/// Runs `insert` with the slug the caller asked for, else with one derived from `title`, and
/// answers the slug used. Deriving reads which slugs are free before the insert, so two
/// things of one title made at the same moment may derive the same slug: the insert that
/// loses (a unique violation, mapped to 409 by `insert`) derives the next one and tries
/// again. A slug the caller chose is never changed: taken is 409.
pub async fn insert_with_slug<F, Fut>(
    pool: &DbPool,
    space: SlugSpace,
    wanted: Option<&str>,
    title: &str,
    insert: F,
) -> CoreResult<String>
where
    F: Fn(String) -> Fut,
    Fut: std::future::Future<Output = CoreResult<()>>,
{
    // Of the inserts racing for one derived slug exactly one wins each round, so with N
    // racing the unluckiest needs N attempts (12 at once lost 10 rounds in a PostgreSQL run
    // when this was 10). Past this many at the same instant, the last ones get the 409.
    const ATTEMPTS: usize = 64;
    let derived = wanted.is_none_or(str::is_empty);
    let mut attempt = 1;
    loop {
        let slug = wanted_or_derived(pool, space, wanted, title).await?;
        match insert(slug.clone()).await {
            Ok(()) => return Ok(slug),
            Err(CoreError::Conflict(_)) if derived && attempt < ATTEMPTS => attempt += 1,
            Err(e) => return Err(e),
        }
    }
}

/// Tables whose `slug` column is unique across the table.
#[derive(Clone, Copy)]
pub enum SlugSpace {
    Collections,
    Cards,
}

impl SlugSpace {
    fn sql(self) -> &'static str {
        match self {
            Self::Collections => "SELECT COUNT(*) FROM collections WHERE slug = $1",
            Self::Cards => "SELECT COUNT(*) FROM cards WHERE slug = $1",
        }
    }

    /// What a title with nothing sluggable in it becomes.
    fn fallback(self) -> &'static str {
        match self {
            Self::Collections => "collection",
            Self::Cards => "card",
        }
    }
}

/// Whether `slug` cannot be had in `space`: somebody has it, or it is a fixed route (a card
/// called `slug-available` could never be reached).
pub async fn is_taken(pool: &DbPool, space: SlugSpace, slug: &str) -> CoreResult<bool> {
    if matches!(space, SlugSpace::Cards) && RESERVED_CARD_SLUGS.contains(&slug) {
        return Ok(true);
    }
    let n: i64 = sqlx::query_scalar(space.sql())
        .bind(slug)
        .fetch_one(pool)
        .await?;
    Ok(n > 0)
}

/// The slug of `title`, with `-2`, `-3`, … appended until it is free.
///
/// A race with a concurrent insert still ends in the unique constraint (409), never in a
/// duplicate.
pub async fn unique_from_title(pool: &DbPool, space: SlugSpace, title: &str) -> CoreResult<String> {
    let mut base = slugify(title);
    if base.is_empty() {
        base = space.fallback().to_owned();
    }
    if !is_taken(pool, space, &base).await? {
        return Ok(base);
    }
    for n in 2.. {
        let suffix = format!("-{n}");
        let stem: String = base.chars().take(SLUG_MAX_CHARS - suffix.len()).collect();
        let candidate = format!("{}{suffix}", stem.trim_end_matches('-'));
        if !is_taken(pool, space, &candidate).await? {
            return Ok(candidate);
        }
    }
    unreachable!("an unbounded counter always finds a free slug")
}
