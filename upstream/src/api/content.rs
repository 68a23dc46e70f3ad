//! Cards: library, full card, playable card, create/update, delete, signed downloads.

use reqwest::Method;

use crate::client::{AccountClient, ApiRequest};
use crate::error::{Result, UpstreamError};
use crate::model::content::{Card, CardEnvelope, CardList};
use crate::model::StatusOk;

impl AccountClient {
    /// `GET /content/mine`: every card of the account (user-made, purchased, streaming) in one
    /// unpaginated answer, as summaries without chapters.
    pub async fn my_cards(&self, show_deleted: bool) -> Result<Vec<Card>> {
        let mut request = ApiRequest::new(Method::GET, &["content", "mine"]);
        if show_deleted {
            request = request.query("showdeleted", "true");
        }
        let list: CardList = self.call(request).await?;
        Ok(list.cards)
    }

    /// `GET /content/{id}`: the full card with `yoto:#` media references.
    pub async fn card(&self, card_id: &str) -> Result<Card> {
        let envelope: CardEnvelope = self
            .call(ApiRequest::new(Method::GET, &["content", card_id]))
            .await?;
        Ok(envelope.card)
    }

    /// `GET /content/{id}?playable=true&signingType=s3`: track URLs become signed download URLs
    /// that expire soon, so download right away with [`AccountClient::download_signed`].
    pub async fn playable_card(&self, card_id: &str) -> Result<Card> {
        let request = ApiRequest::new(Method::GET, &["content", card_id])
            .query("playable", "true")
            .query("signingType", "s3");
        let envelope: CardEnvelope = self.call(request).await?;
        Ok(envelope.card)
    }

    /// `POST /content`: creates a card (no `cardId`) or replaces one entirely (with `cardId`;
    /// send every chapter to keep). Returns the card as stored.
    ///
    /// An update without a chapter list is refused: it is what a library summary looks like,
    /// and posting one would erase every track of the card upstream.
    pub async fn save_card(&self, card: &Card) -> Result<Card> {
        if card.card_id.is_some() && card.content.chapters.is_none() {
            return Err(UpstreamError::InvalidRequest(
                "card update without chapters (a library summary?) would erase its tracks".into(),
            ));
        }
        let envelope: CardEnvelope = self
            .call(ApiRequest::new(Method::POST, &["content"]).json(card)?)
            .await?;
        Ok(envelope.card)
    }

    /// `DELETE /content/{id}` (own cards only; others are 404).
    pub async fn delete_card(&self, card_id: &str) -> Result<StatusOk> {
        self.call(ApiRequest::new(Method::DELETE, &["content", card_id]))
            .await
    }
}
