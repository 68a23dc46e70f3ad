//! One action over many cards of the library (`POST /cards/batch`): move them to another
//! collection, link them into one, or delete them. All or nothing: a card the caller may not
//! act on refuses the whole batch, naming it. `preview` answers what would happen (how many
//! tracks a delete takes along) without doing it. Exporting and publishing many cards are
//! `POST /exports` with `card_slugs` and `POST /publish`.

use serde::{Deserialize, Serialize};

use crate::validate::{check_references, reference_problem, Checker};
use crate::FieldError;

/// Most cards one batch names.
pub const BATCH_MAX_CARDS: usize = 500;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum CardBatchAction {
    /// Make `collection_id` their home (owner of each card's home, editor there).
    Move,
    /// Show them in `collection_id` too (editor of each card's home, editor there); a card
    /// already at home there is left as it is.
    Link,
    /// Delete them with their tracks (editor of each card's home).
    Delete,
}

impl CardBatchAction {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Move => "move",
            Self::Link => "link",
            Self::Delete => "delete",
        }
    }
}

/// `POST /cards/batch`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CardBatchInput {
    /// The cards (slug or id), each once.
    #[cfg_attr(feature = "openapi", schema(schema_with = crate::field_schemas::batch_cards))]
    pub cards: Vec<String>,
    pub action: CardBatchAction,
    /// `move` and `link`: the collection.
    #[serde(default)]
    #[cfg_attr(
        feature = "openapi",
        schema(min_length = 1, max_length = 200, pattern = r"\S")
    )]
    pub collection_id: Option<String>,
    /// Answer what would change without changing anything.
    #[serde(default)]
    pub preview: bool,
}

impl CardBatchInput {
    /// The shape alone: which cards exist is the library's to say.
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut check = Checker::default();
        if self.cards.is_empty() {
            check.check("cards", Some("must name at least one card"));
        } else if self.cards.len() > BATCH_MAX_CARDS {
            check.check(
                "cards",
                Some(format!("must name at most {BATCH_MAX_CARDS} cards")),
            );
        }
        check_references(&mut check, "cards", &self.cards);
        let collection = self.collection_id.as_deref();
        check.check("collection_id", collection.and_then(reference_problem));
        if self.action != CardBatchAction::Delete && collection.is_none() {
            check.check(
                "collection_id",
                Some(format!(
                    "is required when the action is {}",
                    self.action.as_str()
                )),
            );
        }
        check.finish()
    }
}

/// One card a batch acted on (or, with `preview`, would).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CardBatchItem {
    pub slug: String,
    pub title: String,
    /// Its tracks (a delete takes them along).
    pub track_count: i64,
}

/// What a card batch did, or would do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CardBatchOut {
    pub action: CardBatchAction,
    pub preview: bool,
    /// In the order named.
    pub cards: Vec<CardBatchItem>,
    /// Their tracks in all.
    pub tracks: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shape_is_checked_field_by_field() {
        let input = |action, collection: Option<&str>| CardBatchInput {
            cards: vec!["a".into(), "b".into()],
            action,
            collection_id: collection.map(str::to_owned),
            preview: false,
        };
        assert!(input(CardBatchAction::Delete, None).validate().is_ok());
        assert!(input(CardBatchAction::Move, Some("c")).validate().is_ok());
        let errors = input(CardBatchAction::Link, None).validate().unwrap_err();
        assert_eq!(errors[0].pointer, "/collection_id");
        let mut twice = input(CardBatchAction::Delete, None);
        twice.cards.push("a".into());
        assert_eq!(twice.validate().unwrap_err()[0].pointer, "/cards/2");
    }
}
