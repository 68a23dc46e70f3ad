//! The library's search: one page of the cards a user can reach that answer a question
//! ([`CardQuery`]: words, collection, publish state, tracks, order, page), with the number of
//! matches, so a browser never receives the whole library.
//!
//! One query builds the page: the reachable cards (`repo::SELECT_REACHABLE`, so nobody sees a
//! card they could not open), narrowed by `AND` conditions whose every value is a bound
//! parameter, ordered, counted with `COUNT(*) OVER ()` and cut with `LIMIT`/`OFFSET`. Search
//! words match as substrings (`LIKE` with `%`, `_` and `\` escaped) in the title, author,
//! description or a playable track's title (`EXISTS` on `tracks`, no join fan-out). SQLite's
//! `LIKE` ignores case for ASCII letters only.
//!
//! Two publish states need the card's content hash, which is computed here, not stored:
//! "on player" and "changed since publishing". For those the query narrows to cards published
//! with nothing queued or failed, returns them all, and the badge decides in Rust before the
//! page is cut (still one query, and only the caller's published cards).

use cardsmith_model::library::{
    CardPage, CardQuery, CardSort, PublishFilter, TrackFilter, MAX_COLLECTION_SLUG_CHARS,
};
use cardsmith_model::publish::{PublishBadge, PublishSummary};
use cardsmith_model::validate::CollectionRole;

use super::repo::{CardRow, SELECT_REACHABLE};
use crate::auth::Actor;
use crate::collections::{access, repo as collections_repo};
use crate::{Core, CoreError, CoreResult};

/// One page of the cards `actor` can reach that answer `query`, as many as its view shows.
pub async fn search(core: &Core, actor: &Actor, query: &CardQuery) -> CoreResult<CardPage> {
    search_paged(core, actor, query, query.per_page()).await
}

/// [`search`] with pages of `per_page` cards (an API client's choice, validated by its door).
pub async fn search_paged(
    core: &Core,
    actor: &Actor,
    query: &CardQuery,
    per_page: u32,
) -> CoreResult<CardPage> {
    query.validate()?;
    let records = crate::player::publish::summaries(core, actor).await?;
    let search = Search::new(actor.id(), query);
    let (rows, total, page) = if search.decides_in_rust {
        let matching: Vec<CardRow> = search
            .run(core, None)
            .await?
            .into_iter()
            .map(|r| r.card)
            .filter(|card| query.publish.admits(badge(card, &records)))
            .collect();
        let total = matching.len() as u64;
        let page = query.page.min(last_page(total, per_page));
        let start = (page as usize - 1) * per_page as usize;
        let rows = matching
            .into_iter()
            .skip(start)
            .take(per_page as usize)
            .collect();
        (rows, total, page)
    } else {
        search.page(core, query.page, per_page).await?
    };
    let cards: Vec<_> = rows.into_iter().map(CardRow::into_out).collect();
    let publish = records
        .into_iter()
        .filter(|r| cards.iter().any(|c| c.slug == r.card_slug))
        .collect();
    Ok(CardPage {
        cards,
        total,
        page,
        per_page,
        publish,
    })
}

/// A page of one collection's cards, with what the caller is there (a list says Home or
/// Linked by the collection's id; an empty one invites only an editor to add a card).
#[derive(Debug)]
pub struct CollectionCards {
    pub collection_id: String,
    pub role: CollectionRole,
    pub page: CardPage,
}

/// The collection page's list: `query` within the collection `slug`, whose member the caller
/// must be (404 otherwise, like the page itself).
pub async fn search_collection(
    core: &Core,
    actor: &Actor,
    slug: &str,
    query: &CardQuery,
) -> CoreResult<CollectionCards> {
    let missing = || CoreError::not_found("no collection with that slug");
    // no slug is longer: a longer one names nothing, and never reaches the database
    if slug.chars().count() > MAX_COLLECTION_SLUG_CHARS {
        return Err(missing());
    }
    let id = collections_repo::id_by_slug(core.db.pool(), slug)
        .await?
        .ok_or_else(missing)?;
    let role = access::require_collection(core.db.pool(), actor, &id, CollectionRole::Viewer)
        .await
        .map_err(|e| match e {
            CoreError::NotFound(_) => missing(),
            other => other,
        })?;
    let within = CardQuery {
        collection: Some(slug.to_owned()),
        ..query.clone()
    };
    Ok(CollectionCards {
        collection_id: id,
        role,
        page: search(core, actor, &within).await?,
    })
}

/// The badge `card` wears among the caller's publish `records` (as its tile shows it).
fn badge(card: &CardRow, records: &[PublishSummary]) -> Option<PublishBadge> {
    PublishBadge::of(&card.slug, &card.content_hash(), records)
}

fn last_page(total: u64, per_page: u32) -> u32 {
    let pages = total.div_ceil(u64::from(per_page.max(1))).max(1);
    u32::try_from(pages).unwrap_or(u32::MAX)
}

/// A card row and the number of rows matching, all pages together.
#[derive(sqlx::FromRow)]
struct Found {
    #[sqlx(flatten)]
    card: CardRow,
    total: i64,
}

/// The query for one question, with its parameters in order (`$1` is the user).
struct Search {
    sql: String,
    params: Vec<String>,
    /// Whether the publish filter is applied to the rows in Rust (see the module doc).
    decides_in_rust: bool,
}

/// The caller's own publish records of `card` (through their linked accounts), with `extra`
/// narrowing them.
fn own_records(extra: &str) -> String {
    format!(
        "EXISTS (SELECT 1 FROM publish_records pr
                 JOIN player_accounts pa ON pa.id = pr.player_account_id
                 WHERE pa.user_id = $1 AND pr.card_id = card.id{extra})"
    )
}

impl Search {
    fn new(user_id: &str, query: &CardQuery) -> Self {
        let mut params = vec![user_id.to_owned()];
        let mut conditions = String::new();
        fn bind(params: &mut Vec<String>, value: String) -> String {
            params.push(value);
            format!("${}", params.len())
        }
        for term in query.terms() {
            // lower-cased on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's
            // does not; `lower` folds ASCII letters only on both (text is `COLLATE "C"`)
            let p = bind(&mut params, like_pattern(&term.to_ascii_lowercase()));
            conditions.push_str(&format!(
                " AND (lower(card.title) LIKE {p} ESCAPE '\\'
                       OR lower(card.author) LIKE {p} ESCAPE '\\'
                       OR lower(card.description) LIKE {p} ESCAPE '\\'
                       OR EXISTS (SELECT 1 FROM tracks t WHERE t.card_id = card.id
                                  AND t.is_source = 0 AND lower(t.title) LIKE {p} ESCAPE '\\'))"
            ));
        }
        if let Some(slug) = &query.collection {
            // only a collection the user is a member of: naming another one finds nothing
            let p = bind(&mut params, slug.clone());
            conditions.push_str(&format!(
                " AND EXISTS (SELECT 1 FROM collections fc
                              JOIN collection_members fm ON fm.collection_id = fc.id AND fm.user_id = $1
                              WHERE fc.slug = {p} AND (card.home_collection_id = fc.id OR EXISTS (
                                  SELECT 1 FROM collection_cards fl
                                  WHERE fl.collection_id = fc.id AND fl.card_id = card.id)))"
            ));
        }
        match query.tracks {
            TrackFilter::Any => {}
            TrackFilter::WithTracks => conditions.push_str(" AND card.track_count > 0"),
            TrackFilter::Empty => conditions.push_str(" AND card.track_count = 0"),
        }
        let busy = own_records(" AND pr.status IN ('queued', 'publishing')");
        let failed = own_records(" AND pr.status = 'failed'");
        let decides_in_rust = matches!(
            query.publish,
            PublishFilter::OnPlayer | PublishFilter::Changed
        );
        match query.publish {
            PublishFilter::Any => {}
            PublishFilter::Never => {
                conditions.push_str(&format!(" AND NOT {}", own_records("")));
            }
            PublishFilter::Publishing => conditions.push_str(&format!(" AND {busy}")),
            PublishFilter::Failed => {
                conditions.push_str(&format!(" AND {failed} AND NOT {busy}"));
            }
            PublishFilter::OnPlayer | PublishFilter::Changed => conditions.push_str(&format!(
                " AND {} AND NOT {busy} AND NOT {failed}",
                own_records("")
            )),
        }
        let order = match query.sort {
            CardSort::Title => "lower(found.title), found.id",
            CardSort::Updated => "found.updated_at DESC, found.id DESC",
            CardSort::Created => "found.created_at DESC, found.id DESC",
        };
        let sql = format!(
            "SELECT found.*, COUNT(*) OVER () AS total
             FROM ({}{conditions}) found
             ORDER BY {order}",
            *SELECT_REACHABLE
        );
        Self {
            sql,
            params,
            decides_in_rust,
        }
    }

    /// The rows in order: all of them, or `(limit, offset)`.
    async fn run(&self, core: &Core, window: Option<(i64, i64)>) -> CoreResult<Vec<Found>> {
        // the window's two numbers come after the question's own parameters
        let n = self.params.len();
        let sql = match window {
            Some(_) => format!("{} LIMIT ${} OFFSET ${}", self.sql, n + 1, n + 2),
            None => self.sql.clone(),
        };
        let mut q = sqlx::query_as::<_, Found>(&sql);
        for p in &self.params {
            q = q.bind(p);
        }
        if let Some((limit, offset)) = window {
            q = q.bind(limit).bind(offset);
        }
        Ok(q.fetch_all(core.db.pool()).await?)
    }

    /// Page `page` (the last when `page` is past it), the total and the page shown.
    async fn page(
        &self,
        core: &Core,
        page: u32,
        per_page: u32,
    ) -> CoreResult<(Vec<CardRow>, u64, u32)> {
        let window = |page: u32| {
            let limit = i64::from(per_page);
            (limit, i64::from(page - 1) * limit)
        };
        let found = self.run(core, Some(window(page))).await?;
        if let Some(first) = found.first() {
            let total = first.total.max(0) as u64;
            return Ok((found.into_iter().map(|f| f.card).collect(), total, page));
        }
        if page == 1 {
            return Ok((Vec::new(), 0, 1));
        }
        // past the end (a bookmark of a library that shrank): the last page instead
        let total = self
            .run(core, Some((1, 0)))
            .await?
            .first()
            .map_or(0, |f| f.total.max(0) as u64);
        let last = last_page(total, per_page);
        let found = self.run(core, Some(window(last))).await?;
        Ok((found.into_iter().map(|f| f.card).collect(), total, last))
    }
}

/// `%term%` for `LIKE … ESCAPE '\'`: the term's own `\`, `%` and `_` match literally.
fn like_pattern(term: &str) -> String {
    let mut pattern = String::with_capacity(term.len() + 2);
    pattern.push('%');
    for c in term.chars() {
        if matches!(c, '\\' | '%' | '_') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_patterns_match_wildcards_literally() {
        assert_eq!(like_pattern("100%"), "%100\\%%");
        assert_eq!(like_pattern("a_b"), "%a\\_b%");
        assert_eq!(like_pattern("c:\\x"), "%c:\\\\x%");
        assert_eq!(
            like_pattern("O'Brien"),
            "%O'Brien%",
            "quotes are data, bound"
        );
    }

    #[test]
    fn every_value_is_a_parameter() {
        let query = CardQuery {
            q: "moon' OR 1=1 -- %".into(),
            collection: Some("x'; DROP TABLE cards; --".into()),
            publish: PublishFilter::Failed,
            ..Default::default()
        };
        let search = Search::new("user-1", &query);
        assert!(!search.sql.contains("moon"), "{}", search.sql);
        assert!(!search.sql.contains("DROP"));
        assert_eq!(search.params.len(), 1 + 5 + 1, "user, five words, slug");
        assert!(!search.decides_in_rust);
        let hashed = Search::new(
            "u",
            &CardQuery {
                publish: PublishFilter::Changed,
                ..Default::default()
            },
        );
        assert!(hashed.decides_in_rust);
    }

    #[test]
    fn the_last_page_is_at_least_the_first() {
        assert_eq!(last_page(0, 48), 1);
        assert_eq!(last_page(48, 48), 1);
        assert_eq!(last_page(49, 48), 2);
        assert_eq!(last_page(1000, 100), 10);
    }
}
