//! Stream tracks: audio the player fetches from an address of the user's choosing.
//!
//! The server itself contacts that address once (to tell the user whether it answers), so it
//! must not become a way into the private network: the host is resolved, every address is
//! checked (no loopback, private, link-local, unique-local, multicast or unspecified ones unless
//! `allow_private_streams` is configured), and the check connects to exactly the address it
//! checked, without following redirects.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use cardsmith_model::card::TrackOut;
use cardsmith_model::track::{source_type, stream_status, transcode_status, StreamTrackInput};
use cardsmith_model::validate::{slugify, CollectionRole};

use super::repo::{self, NewTrack};
use crate::audit::AuditEvent;
use crate::auth::Actor;
use crate::cards::require_card;
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
    let target = resolve_public(&url, core.settings.allow_private_streams).await?;
    let status = if reachable(&url, target).await {
        stream_status::REACHABLE
    } else {
        stream_status::UNREACHABLE
    };
    let id = new_id();
    let mut tx = core.db.begin().await?;
    let position = repo::next_position(&mut tx, &card.id).await?;
    let slug = repo::free_slug(&mut tx, &card.id, &slugify(&input.title), &id).await?;
    repo::insert(
        &mut tx,
        &NewTrack {
            id: id.clone(),
            card_id: card.id.clone(),
            slug: slug.clone(),
            title: input.title.trim().to_owned(),
            position,
            source_type: source_type::STREAM.into(),
            transcode_status: transcode_status::NOT_NEEDED.into(),
            stream_url: Some(url.to_string()),
            stream_status: Some(status.into()),
            ..Default::default()
        },
    )
    .await?;
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

/// The address to contact for `url`, refusing hosts that resolve to non-public addresses.
async fn resolve_public(url: &reqwest::Url, allow_private: bool) -> CoreResult<SocketAddr> {
    let host = url
        .host_str()
        .ok_or_else(|| CoreError::invalid("stream_url", "must name a host"))?;
    let port = url.port_or_known_default().unwrap_or(80);
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let addrs: Vec<SocketAddr> = tokio::time::timeout(
        Duration::from_secs(5),
        tokio::net::lookup_host((host, port)),
    )
    .await
    .map_err(|_| CoreError::invalid("stream_url", "its host name could not be resolved in time"))?
    .map_err(|_| CoreError::invalid("stream_url", "its host name does not resolve"))?
    .collect();
    let first = *addrs
        .first()
        .ok_or_else(|| CoreError::invalid("stream_url", "its host name does not resolve"))?;
    if !allow_private && addrs.iter().any(|a| !is_public(a.ip())) {
        return Err(CoreError::invalid(
            "stream_url",
            "points into a private network; only public internet addresses can be streams",
        ));
    }
    Ok(first)
}

/// Whether an address is on the public internet.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let o = v4.octets();
            !(v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_multicast()
                || v4.is_documentation()
                || o[0] == 0
                || (o[0] == 100 && (64..128).contains(&o[1])) // carrier-grade NAT
                || (o[0] == 198 && (o[1] == 18 || o[1] == 19)) // benchmarking
                || o[0] >= 240)
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_public(IpAddr::V4(v4));
            }
            let s = v6.segments();
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (s[0] & 0xfe00) == 0xfc00 // unique local
                || (s[0] & 0xffc0) == 0xfe80) // link local
        }
    }
}

/// Asks for the first byte; any 2xx answer within 5 s counts as reachable.
async fn reachable(url: &reqwest::Url, target: SocketAddr) -> bool {
    let Some(host) = url.host_str() else {
        return false;
    };
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .resolve(host, target)
        .timeout(Duration::from_secs(5))
        .build();
    let Ok(client) = client else { return false };
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
    use super::is_public;

    #[test]
    fn private_addresses_are_not_public() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "192.168.1.1",
            "172.16.0.1",
            "169.254.169.254",
            "0.0.0.0",
            "::1",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "100.64.0.1",
        ] {
            assert!(!is_public(ip.parse().unwrap()), "{ip}");
        }
        for ip in ["93.184.216.34", "2606:4700::1111"] {
            assert!(is_public(ip.parse().unwrap()), "{ip}");
        }
    }
}
