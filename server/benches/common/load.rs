//! Load with `wrk`, the same tool and settings for Cardsmith and its reference, so the
//! ratio compares the servers and not the clients.

use std::process::Command;

/// How long every load runs, in seconds.
pub const SECONDS: u32 = 8;

/// The Range every ranged GET asks for (a `wrk` header): the file's second MiB.
pub const RANGE: &str = "Range: bytes=1048576-2097151";
/// How many bytes [`RANGE`] asks for.
pub const RANGE_BYTES: usize = 1024 * 1024;

/// What one `wrk` run measured.
#[derive(Debug, Clone, Copy)]
pub struct Load {
    pub requests_per_s: f64,
    pub requests: u64,
    /// Bytes read per second (headers and bodies), as wrk reports them.
    pub bytes_per_s: f64,
}

/// Runs `wrk` for [`SECONDS`] against `url` with `connections` open connections (on at most
/// two threads, the machine's cores) and the extra request `headers` (`Name: value`).
/// Panics when wrk fails or any answer was not 2xx/3xx or a socket failed: a figure of
/// error pages would be a fake one.
pub fn wrk(url: &str, connections: u32, headers: &[&str]) -> Load {
    let mut command = Command::new("wrk");
    command.args([
        "-t",
        &connections.min(2).to_string(),
        "-c",
        &connections.to_string(),
        "-d",
        &format!("{SECONDS}s"),
    ]);
    for header in headers {
        command.args(["-H", header]);
    }
    let out = command
        .arg(url)
        .output()
        .expect("wrk is installed (scripts/bootstrap installs it)");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "wrk {url}: {text}");
    assert!(
        !text.contains("Non-2xx"),
        "wrk {url}: error answers\n{text}"
    );
    assert!(
        !text.contains("Socket errors"),
        "wrk {url}: socket errors\n{text}"
    );
    parse(&text).unwrap_or_else(|| panic!("wrk {url}: unexpected output\n{text}"))
}

/// The figures of wrk's summary:
///
/// ```text
///   8000 requests in 8.00s, 7.81GB read
/// Requests/sec:   1000.00
/// Transfer/sec:    0.98GB
/// ```
fn parse(text: &str) -> Option<Load> {
    let field = |name: &str| {
        text.lines()
            .find_map(|l| l.trim().strip_prefix(name))
            .map(str::trim)
    };
    let requests = text
        .lines()
        .find(|l| l.contains(" requests in "))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(Load {
        requests_per_s: field("Requests/sec:")?.parse().ok()?,
        requests,
        bytes_per_s: bytes(field("Transfer/sec:")?)?,
    })
}

/// wrk's sizes: `512.00B`, `1.50KB`, `3.20MB`, `1.01GB` (binary multiples).
fn bytes(size: &str) -> Option<f64> {
    let unit = size.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    let number: f64 = size[..size.len() - unit.len()].parse().ok()?;
    let scale = match unit {
        "B" => 1.0,
        "KB" => 1024.0,
        "MB" => 1024.0 * 1024.0,
        "GB" => 1024.0 * 1024.0 * 1024.0,
        "TB" => 1024.0f64.powi(4),
        _ => return None,
    };
    Some(number * scale)
}
