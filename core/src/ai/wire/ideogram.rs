//! Ideogram image generation (v3): `Api-Key` header, a multipart form, and an answer that
//! holds temporary image URLs, downloaded at once. Its routes are versioned and change; this
//! is the one file that knows them.
//!
//! The download goes to the API's own host with the endpoint's client, or to another host
//! of the same parent domain (`ideogram.ai` serves what `api.ideogram.ai` makes) only after
//! that host resolved to public addresses, through a client pinned to them: an answer must
//! not be able to send us into the private network.

use serde::Deserialize;
use url::{Host, Url};

use super::http::{self, IMAGE_LIMIT, TEXT_LIMIT};
use super::{BinaryReply, Endpoint, ImageRequest, Usage, WireError};

const GENERATE: &str = "/v1/ideogram-v3/generate";

/// Aspect ratios v3 accepts, as (name, width / height).
const ASPECT_RATIOS: [(&str, f64); 15] = [
    ("1x3", 1.0 / 3.0),
    ("3x1", 3.0),
    ("1x2", 0.5),
    ("2x1", 2.0),
    ("9x16", 9.0 / 16.0),
    ("16x9", 16.0 / 9.0),
    ("10x16", 0.625),
    ("16x10", 1.6),
    ("2x3", 2.0 / 3.0),
    ("3x2", 1.5),
    ("3x4", 0.75),
    ("4x3", 4.0 / 3.0),
    ("4x5", 0.8),
    ("5x4", 1.25),
    ("1x1", 1.0),
];

fn authorize(ep: &Endpoint, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
    match &ep.api_key {
        Some(key) => request.header("Api-Key", key),
        None => request,
    }
}

fn aspect_ratio(width: u32, height: u32) -> &'static str {
    let wanted = f64::from(width.max(1)) / f64::from(height.max(1));
    ASPECT_RATIOS
        .iter()
        .min_by(|a, b| {
            (a.1 / wanted)
                .ln()
                .abs()
                .total_cmp(&(b.1 / wanted).ln().abs())
        })
        .map_or("1x1", |(name, _)| name)
}

/// v3 has no model parameter, only a speed; a model name with `turbo` or `quality` picks one.
fn rendering_speed(model: &str) -> &'static str {
    let model = model.to_ascii_lowercase();
    if model.contains("turbo") {
        "TURBO"
    } else if model.contains("quality") {
        "QUALITY"
    } else {
        "DEFAULT"
    }
}

#[derive(Deserialize)]
struct Generated {
    data: Vec<ImageEntry>,
}

#[derive(Deserialize)]
struct ImageEntry {
    #[serde(default)]
    url: Option<String>,
    #[serde(default = "safe_by_default")]
    is_image_safe: bool,
}

fn safe_by_default() -> bool {
    true
}

pub(super) async fn image(ep: &Endpoint, req: &ImageRequest) -> Result<BinaryReply, WireError> {
    let url = http::route(ep, GENERATE);
    let aspect = aspect_ratio(req.width, req.height);
    let speed = rendering_speed(&ep.model);
    let generated: Generated = http::call(ep, TEXT_LIMIT, |client| {
        let form = reqwest::multipart::Form::new()
            .text("prompt", req.prompt.clone())
            .text("aspect_ratio", aspect)
            .text("rendering_speed", speed)
            .text("magic_prompt", "OFF")
            .text("num_images", "1");
        authorize(ep, client.post(url.clone())).multipart(form)
    })
    .await?
    .json(ep)?;
    let mut any_unsafe = false;
    let mut image_url = None;
    for entry in generated.data {
        if !entry.is_image_safe {
            any_unsafe = true;
        } else if entry.url.is_some() {
            image_url = entry.url;
            break;
        }
    }
    let Some(image_url) = image_url else {
        return Err(if any_unsafe {
            WireError::Rejected("the provider judged the picture unsafe".into())
        } else {
            WireError::Malformed("the answer holds no image".into())
        });
    };
    let image_url = Url::parse(&image_url)
        .map_err(|_| WireError::Malformed("the image address is not a URL".into()))?;
    let bytes = download(ep, &image_url).await?;
    let content_type = super::openai::image_type(&bytes)
        .ok_or_else(|| WireError::Malformed("the image is not PNG, JPEG or WebP".into()))?;
    Ok(BinaryReply {
        bytes,
        content_type: content_type.into(),
        usage: Usage {
            images: 1,
            ..Usage::default()
        },
    })
}

/// Whether `image` may be fetched with the endpoint's own client (same host and port as
/// the API), or else whether it is in the API host's parent domain at all.
enum Place {
    SameHost,
    SiblingHost,
    Elsewhere,
}

fn place(api: &Url, image: &Url) -> Place {
    if !matches!(image.scheme(), "http" | "https") {
        return Place::Elsewhere;
    }
    if api.host() == image.host() && api.port_or_known_default() == image.port_or_known_default() {
        return Place::SameHost;
    }
    match (api.host(), image.host()) {
        (Some(Host::Domain(api_host)), Some(Host::Domain(image_host)))
            if image.scheme() == "https" =>
        {
            let parent = api_host.split_once('.').map_or("", |(_, parent)| parent);
            let inside = image_host == parent || image_host.ends_with(&format!(".{parent}"));
            if parent.contains('.') && inside {
                Place::SiblingHost
            } else {
                Place::Elsewhere
            }
        }
        _ => Place::Elsewhere,
    }
}

async fn download(ep: &Endpoint, image_url: &Url) -> Result<Vec<u8>, WireError> {
    let client = match place(&ep.base_url, image_url) {
        Place::SameHost => ep.client.clone(),
        Place::SiblingHost => {
            let addrs = cardsmith_upstream::guard::resolve_public(image_url, false)
                .await
                .map_err(|e| {
                    tracing::warn!(provider = %ep.kind, error = %e, "image address refused");
                    WireError::Rejected("the image address is not allowed".into())
                })?;
            cardsmith_upstream::guard::pinned_client(image_url, &addrs, ep.timeout)
                .map_err(|_| WireError::Unreachable)?
        }
        Place::Elsewhere => {
            tracing::warn!(provider = %ep.kind, host = ?image_url.host_str(), "image address outside the provider's domain");
            return Err(WireError::Rejected(
                "the image address is not allowed".into(),
            ));
        }
    };
    let fetch = Endpoint {
        client,
        ..ep.clone()
    };
    let answer = http::call(&fetch, IMAGE_LIMIT, |client| client.get(image_url.clone())).await?;
    Ok(answer.bytes)
}

/// A generate request without a prompt: the service checks the key first and then refuses
/// the empty form, so a key that works costs nothing to prove.
pub(super) async fn check(ep: &Endpoint) -> Result<String, WireError> {
    let url = http::route(ep, GENERATE);
    http::probe(ep, |client| {
        let form = reqwest::multipart::Form::new().text("rendering_speed", "TURBO");
        authorize(ep, client.post(url.clone())).multipart(form)
    })
    .await?;
    Ok("Connected to Ideogram: the key is accepted.".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aspect_ratios_are_the_nearest_supported() {
        assert_eq!(aspect_ratio(638, 1011), "10x16");
        assert_eq!(aspect_ratio(520, 400), "4x3");
        assert_eq!(aspect_ratio(600, 600), "1x1");
    }

    #[test]
    fn images_come_only_from_the_api_host_or_its_parent_domain() {
        let api = Url::parse("https://api.ideogram.ai").unwrap();
        let at = |s: &str| place(&api, &Url::parse(s).unwrap());
        assert!(matches!(
            at("https://api.ideogram.ai/x.png"),
            Place::SameHost
        ));
        assert!(matches!(
            at("https://ideogram.ai/api/images/ephemeral/x.png"),
            Place::SiblingHost
        ));
        assert!(matches!(
            at("https://cdn.ideogram.ai/x.png"),
            Place::SiblingHost
        ));
        assert!(matches!(at("http://ideogram.ai/x.png"), Place::Elsewhere));
        assert!(matches!(at("https://evil.example/x.png"), Place::Elsewhere));
        assert!(matches!(
            at("https://169.254.169.254/x.png"),
            Place::Elsewhere
        ));
        let local = Url::parse("http://127.0.0.1:4000").unwrap();
        assert!(matches!(
            place(
                &local,
                &Url::parse("http://127.0.0.1:4000/i/1.png").unwrap()
            ),
            Place::SameHost
        ));
        assert!(matches!(
            place(&local, &Url::parse("http://127.0.0.1:22/").unwrap()),
            Place::Elsewhere
        ));
        let short = Url::parse("https://ideogram.ai").unwrap();
        assert!(matches!(
            place(&short, &Url::parse("https://evil.ai/x.png").unwrap()),
            Place::Elsewhere
        ));
    }
}
