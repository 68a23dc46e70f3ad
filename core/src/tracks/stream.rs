//! Stream tracks: audio the player fetches from an address of the user's choosing.
//!
//! The server itself contacts that address once (to tell the user whether it answers), so it
//! must not become a way into the private network: the host is resolved, every address is
//! checked (no loopback, private, link-local, metadata, NAT64/6to4-wrapped private or other
//! special addresses unless `allow_private_streams` is configured), and the check connects to
//! exactly the addresses it checked, without a proxy and without following redirects
//! (`cardsmith_upstream::guard`, shared with downloads from the player platform).

use std::net::SocketAddr;
use std::time::Duration;

use cardsmith_model::card::TrackOut;
use cardsmith_model::track::{source_type, stream_status, transcode_status, StreamTrackInput};
use cardsmith_model::validate::{slugify, CollectionRole};
use cardsmith_upstream::guard;

use super::repo::{self, NewTrack};
use crate::audit::AuditEvent;
use crate::auth::Actor;
use crate::cards::repo::CardRow;
use crate::cards::require_card;
use crate::db::DbTx;
use crate::{new_id, Core, CoreError, CoreResult};

pub async fn add(
    core: &Core,
    actor: &Actor,
    card: &str,
    input: StreamTrackInput,
) -> CoreResult<TrackOut> {
    input.validate()?;
    let card = require_card(core.db.pool(), actor, card, CollectionRole::Editor).await?;
    let url = reqwest::Url::parse(input.stream_url.trim())
        .map_err(|_| CoreError::invalid("stream_url", "is not a valid address"))?;
    let targets = resolve_public(&url, core.settings.allow_private_streams).await?;
    let status = if reachable(&url, &targets).await {
        stream_status::REACHABLE
    } else {
        stream_status::UNREACHABLE
    };
    let mut tx = core.db.begin().await?;
    let (id, slug) = insert(&mut tx, core, &card, &input.title, &url, status).await?;
    super::commit_change(
        tx,
        &card.id,
        AuditEvent::own(actor, "track.stream_added", format!("{}/{slug}", card.slug)),
    )
    .await?;
    let row = repo::find_by_id(core.db.pool(), &id)
        .await?
        .ok_or_else(|| CoreError::Internal("the new track vanished".into()))?;
    Ok(row.into_out(&card.slug))
}

/// Appends a stream track of `url` (checked by the caller) to `card` inside `tx`, within the
/// card's track cap; answers its id and slug. The caller commits.
pub async fn insert(
    tx: &mut DbTx<'_>,
    core: &Core,
    card: &CardRow,
    title: &str,
    url: &reqwest::Url,
    status: &str,
) -> CoreResult<(String, String)> {
    super::limits::check_room(core, &mut **tx, &card.id, 1).await?;
    let id = new_id();
    let position = repo::next_position(tx, &card.id).await?;
    let slug = repo::free_slug(tx, &card.id, &slugify(title), &id).await?;
    repo::insert(
        tx,
        &NewTrack {
            id: id.clone(),
            card_id: card.id.clone(),
            slug: slug.clone(),
            title: title.trim().to_owned(),
            position,
            source_type: source_type::STREAM.into(),
            transcode_status: transcode_status::NOT_NEEDED.into(),
            stream_url: Some(url.to_string()),
            stream_status: Some(status.into()),
            ..Default::default()
        },
    )
    .await?;
    Ok((id, slug))
}

/// The addresses to contact for `url`, refusing hosts that resolve to non-public addresses
/// (the guard is shared with platform downloads: `cardsmith_upstream::guard`).
async fn resolve_public(url: &reqwest::Url, allow_private: bool) -> CoreResult<Vec<SocketAddr>> {
    guard::resolve_public(url, allow_private)
        .await
        .map_err(|e| CoreError::invalid("stream_url", e.to_string()))
}

/// Asks for the first byte, at the checked addresses only; any 2xx answer within 5 s counts
/// as reachable.
async fn reachable(url: &reqwest::Url, targets: &[SocketAddr]) -> bool {
    let Ok(client) = guard::pinned_client(url, targets, Duration::from_secs(5)) else {
        return false;
    };
    match client
        .get(url.clone())
        .header("Range", "bytes=0-0")
        .send()
        .await
    {
        Ok(r) => r.status().is_success(),
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn private_hosts_are_refused_at_the_stream_url_field() {
        for raw in [
            "http://127.0.0.1/a.mp3",
            "http://169.254.169.254/latest/meta-data",
            "http://[64:ff9b::7f00:1]/a.mp3",
            "http://[::ffff:10.0.0.1]/a.mp3",
        ] {
            let url = reqwest::Url::parse(raw).unwrap();
            match resolve_public(&url, false).await {
                Err(CoreError::Invalid(errors)) => {
                    assert_eq!(errors[0].pointer, "/stream_url", "{raw}");
                    assert!(errors[0].detail.contains("private network"), "{raw}");
                }
                other => panic!("{raw}: {other:?}"),
            }
        }
        let local = reqwest::Url::parse("http://127.0.0.1:9/a.mp3").unwrap();
        assert!(resolve_public(&local, true).await.is_ok());
    }
}
