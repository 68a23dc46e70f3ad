//! Contacting addresses somebody else chose (a stream a user typed in, a file URL the platform
//! handed out) without becoming a way into the private network (SSRF).
//!
//! The host is resolved once and every address checked with [`is_public`]; the request then
//! goes to exactly those addresses ([`pinned_client`]: no second lookup that could answer
//! differently), never through a proxy from the environment (the proxy would do its own
//! lookup), and never follows redirects (a redirect could point anywhere). Operators who serve
//! audio from their home network relax the check as a whole (`allow_private`).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use url::Url;

/// Why an address may not be contacted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GuardError {
    #[error("it names no host")]
    NoHost,
    #[error("its host name could not be resolved in time")]
    ResolveTimeout,
    #[error("its host name does not resolve")]
    Unresolvable,
    #[error("it points into a private network; only public internet addresses are allowed")]
    NotPublic,
}

/// How long resolving a host may take.
const RESOLVE_TIMEOUT: Duration = Duration::from_secs(5);

/// The addresses to contact for `url`: all of them public, unless `allow_private`.
pub async fn resolve_public(url: &Url, allow_private: bool) -> Result<Vec<SocketAddr>, GuardError> {
    let host = url.host_str().ok_or(GuardError::NoHost)?;
    let port = url.port_or_known_default().unwrap_or(80);
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let addrs: Vec<SocketAddr> =
        tokio::time::timeout(RESOLVE_TIMEOUT, tokio::net::lookup_host((host, port)))
            .await
            .map_err(|_| GuardError::ResolveTimeout)?
            .map_err(|_| GuardError::Unresolvable)?
            .collect();
    if addrs.is_empty() {
        return Err(GuardError::Unresolvable);
    }
    if !allow_private && addrs.iter().any(|a| !is_public(a.ip())) {
        return Err(GuardError::NotPublic);
    }
    Ok(addrs)
}

/// A client that reaches `url`'s host only at `addrs` (checked by [`resolve_public`]), with no
/// proxy and no redirects.
pub fn pinned_client(
    url: &Url,
    addrs: &[SocketAddr],
    timeout: Duration,
) -> reqwest::Result<reqwest::Client> {
    let mut builder = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .timeout(timeout)
        .user_agent(concat!("cardsmith-upstream/", env!("CARGO_PKG_VERSION")));
    if let Some(host) = url.host_str() {
        builder = builder.resolve_to_addrs(host, addrs);
    }
    builder.build()
}

/// Whether an address is on the public internet. Everything else is refused: loopback,
/// private, shared (CGNAT), link-local (cloud metadata at 169.254.169.254), documentation,
/// benchmarking, protocol-assignment, multicast, reserved; in IPv6 only global unicast counts,
/// and addresses that embed an IPv4 one (mapped, NAT64, 6to4) are judged by that address.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(v4: Ipv4Addr) -> bool {
    let o = v4.octets();
    !(v4.is_loopback()
        || v4.is_private()
        || v4.is_link_local()
        || v4.is_unspecified()
        || v4.is_broadcast()
        || v4.is_multicast()
        || v4.is_documentation()
        || o[0] == 0
        || (o[0] == 100 && (64..128).contains(&o[1])) // shared address space (CGNAT)
        || (o[0] == 192 && o[1] == 0 && o[2] == 0) // IETF protocol assignments
        || (o[0] == 192 && o[1] == 88 && o[2] == 99) // 6to4 relay anycast
        || (o[0] == 198 && (o[1] == 18 || o[1] == 19)) // benchmarking
        || o[0] >= 240) // reserved
}

fn is_public_v6(v6: Ipv6Addr) -> bool {
    let s = v6.segments();
    let embedded_v4 = |hi: u16, lo: u16| Ipv4Addr::from((u32::from(hi) << 16) | u32::from(lo));
    if let Some(v4) = v6.to_ipv4_mapped() {
        return is_public_v4(v4); // ::ffff:a.b.c.d
    }
    if s[..6] == [0; 6] {
        return false; // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d
    }
    if s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        return is_public_v4(embedded_v4(s[6], s[7])); // NAT64 64:ff9b::a.b.c.d
    }
    if s[0] == 0x2002 {
        return is_public_v4(embedded_v4(s[1], s[2])); // 6to4 2002:aabb:ccdd::
    }
    let global_unicast = (s[0] & 0xe000) == 0x2000; // 2000::/3
    global_unicast
        && !(s[0] == 0x2001 && s[1] == 0) // Teredo 2001::/32
        && !(s[0] == 0x2001 && s[1] == 0xdb8) // documentation
        && !(s[0] == 0x2001 && s[1] == 0x2 && s[2] == 0) // benchmarking 2001:2::/48
        && !(s[0] == 0x2001 && (0x10..0x30).contains(&s[1])) // ORCHID 2001:10::/28, 2001:20::/28
        && !(s[0] == 0x3fff && s[1] < 0x1000) // documentation 3fff::/20
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(ips: &[&str]) {
        for ip in ips {
            assert!(
                !is_public(ip.parse().unwrap()),
                "{ip} must not count as public"
            );
        }
    }

    #[test]
    fn ordinary_public_addresses_pass() {
        for ip in [
            "93.184.216.34",
            "8.8.8.8",
            "2606:4700::1111",
            "2a00:1450:4001::200e",
            "::ffff:93.184.216.34",
            "64:ff9b::808:808",
            "2002:5db8:d822::1",
        ] {
            assert!(is_public(ip.parse().unwrap()), "{ip} is public");
        }
    }

    #[test]
    fn loopback_private_and_link_local_v4_are_refused() {
        refused(&[
            "127.0.0.1",
            "127.1.2.3",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "0.1.2.3",
            "255.255.255.255",
        ]);
    }

    #[test]
    fn special_purpose_v4_ranges_are_refused() {
        refused(&[
            "100.64.0.1",   // CGNAT
            "192.0.0.1",    // IETF protocol assignments
            "192.0.0.170",  // NAT64 discovery
            "192.0.2.1",    // documentation
            "198.51.100.1", // documentation
            "203.0.113.1",  // documentation
            "198.18.0.1",   // benchmarking
            "192.88.99.1",  // 6to4 relay
            "224.0.0.1",    // multicast
            "240.0.0.1",    // reserved
        ]);
    }

    #[test]
    fn local_v6_ranges_are_refused() {
        refused(&[
            "::1",
            "::",
            "fd00::1",
            "fc00::1",
            "fe80::1",
            "fec0::1",
            "ff02::1",
            "2001:db8::1",
            "2001::1",
            "2001:2::1",
            "2001:10::1",
            "100::1",
        ]);
    }

    #[test]
    fn ipv4_mapped_addresses_are_judged_by_their_ipv4() {
        refused(&[
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "::ffff:169.254.169.254",
        ]);
    }

    #[test]
    fn ipv4_compatible_addresses_are_refused() {
        refused(&["::127.0.0.1", "::10.0.0.1", "::8.8.8.8"]);
    }

    #[test]
    fn nat64_addresses_are_judged_by_their_ipv4() {
        refused(&[
            "64:ff9b::7f00:1",    // 127.0.0.1
            "64:ff9b::a9fe:a9fe", // 169.254.169.254
            "64:ff9b::c0a8:101",  // 192.168.1.1
            "64:ff9b:1::1",       // local-use NAT64
        ]);
    }

    #[test]
    fn sixtofour_addresses_are_judged_by_their_ipv4() {
        refused(&[
            "2002:7f00:1::1",   // 127.0.0.1
            "2002:a9fe:a9fe::", // 169.254.169.254
            "2002:c0a8:101::1", // 192.168.1.1
            "2002:a00:1::",     // 10.0.0.1
        ]);
    }

    #[tokio::test]
    async fn resolution_refuses_private_hosts_unless_allowed() {
        let url = Url::parse("http://127.0.0.1:9/x").unwrap();
        assert_eq!(
            resolve_public(&url, false).await,
            Err(GuardError::NotPublic)
        );
        let addrs = resolve_public(&url, true).await.unwrap();
        assert_eq!(addrs, vec!["127.0.0.1:9".parse::<SocketAddr>().unwrap()]);
        let metadata = Url::parse("http://169.254.169.254/latest/meta-data").unwrap();
        assert_eq!(
            resolve_public(&metadata, false).await,
            Err(GuardError::NotPublic)
        );
        let localhost = Url::parse("http://localhost:9/").unwrap();
        assert_eq!(
            resolve_public(&localhost, false).await,
            Err(GuardError::NotPublic)
        );
        let nameless = Url::parse("data:text/plain,hi").unwrap();
        assert_eq!(
            resolve_public(&nameless, false).await,
            Err(GuardError::NoHost)
        );
    }
}
