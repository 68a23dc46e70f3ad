//! Drawing one chapter icon with the best drawer available: a text model's pixel grid
//! (cheapest), else an image model's picture reduced to the palette, else the curated glyphs
//! offline (keywords of the chapter), else the chapter's number on a tile. Every result is
//! a 16x16 RGBA picture in the theme's colours.

use ::image::RgbaImage;

use super::keywords::{self, Weighted};
use super::library::Glyph;
use super::render::{self, RoleColours};
use super::theme::{Style, Theme};
use super::{grid, quantise, OFFLINE};
use crate::ai::audience::Audience;
use crate::ai::{self, ImageRequest, TextRequest};
use crate::media::colour::{hex, Rgb};
use crate::media::{icon, image};
use crate::tracks::repo::TrackRow;
use crate::{Core, CoreResult};

/// Fewest drawn pixels of a usable icon from a provider.
const MIN_DRAWN: usize = 24;

/// What an icon is drawn for, and in which colours.
pub struct Context {
    pub theme: Theme,
    pub palette: Vec<Rgb>,
    pub style: Style,
    pub audience: Audience,
}

/// A drawn icon and who drew it (`offline` or the provider kind), with a few words on what
/// it shows for messages.
pub struct Drawn {
    pub icon: RgbaImage,
    pub provider: String,
    pub shows: String,
}

/// The words that describe a chapter, heaviest first: a variations prompt, the icon prompt,
/// the title, the description.
pub fn subject<'a>(track: &'a TrackRow, prompt: Option<&'a str>) -> Vec<Weighted<'a>> {
    let mut texts = Vec::new();
    if let Some(p) = prompt.filter(|p| !p.trim().is_empty()) {
        texts.push(Weighted { text: p, weight: 8 });
    }
    texts.push(Weighted {
        text: &track.icon_prompt,
        weight: 4,
    });
    texts.push(Weighted {
        text: &track.title,
        weight: 3,
    });
    texts.push(Weighted {
        text: &track.description,
        weight: 1,
    });
    texts
}

/// One icon for `track`, the `variant`th way, from the user's providers when they can,
/// else offline. `avoid` is a picture the result should differ from (the current icon, when
/// regenerating): offline variants are tried until one does.
pub async fn draw(
    core: &Core,
    user_id: &str,
    ctx: &Context,
    track: &TrackRow,
    prompt: Option<&str>,
    variant: usize,
    avoid: Option<&RgbaImage>,
) -> CoreResult<Drawn> {
    let description = describe(track, prompt);
    if let Some(drawn) = by_text(core, user_id, ctx, &description).await? {
        return Ok(drawn);
    }
    if let Some(drawn) = by_image(core, user_id, ctx, &description).await? {
        return Ok(drawn);
    }
    let ranked = keywords::ranked(&subject(track, prompt));
    let offline_variant =
        |variant| offline(&ctx.palette, ctx.style, track.position, &ranked, variant);
    let mut drawn = offline_variant(variant);
    for next in variant + 1..variant + 8 {
        if avoid != Some(&drawn.icon) {
            break;
        }
        drawn = offline_variant(next);
    }
    Ok(drawn)
}

/// The offline icon of chapter `number`, in `palette` and `style`: the `variant`th
/// candidate among the matching glyphs (other glyphs first, then other colourings, mirrored
/// every other time), or else the number on a tile.
pub fn offline(
    palette: &[Rgb],
    style: Style,
    number: i64,
    ranked: &[&'static Glyph],
    variant: usize,
) -> Drawn {
    match ranked.len() {
        0 => {
            let c = RoleColours::from_palette(palette, variant);
            Drawn {
                icon: icon::marked_tile(number, c.fill, c.highlight, c.outline),
                provider: OFFLINE.into(),
                shows: format!("its number, {number}"),
            }
        }
        n => {
            let glyph = ranked[variant % n];
            Drawn {
                icon: render::render(glyph, palette, style, variant / n + variant % n),
                provider: OFFLINE.into(),
                shows: glyph.name.to_owned(),
            }
        }
    }
}

fn describe(track: &TrackRow, prompt: Option<&str>) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for text in [
        prompt.unwrap_or(""),
        &track.icon_prompt,
        &track.title,
        &track.description,
    ] {
        let text = text.trim();
        if !text.is_empty() {
            parts.push(text);
        }
    }
    let joined = parts.join(". ");
    joined.chars().take(600).collect()
}

/// A text model's grid, when the cascade has a text provider and its answer is exact.
async fn by_text(
    core: &Core,
    user_id: &str,
    ctx: &Context,
    description: &str,
) -> CoreResult<Option<Drawn>> {
    let request = TextRequest {
        system: format!(
            "{} {}",
            ctx.audience.system_rules(),
            grid::instructions(&ctx.palette)
        ),
        prompt: format!("Draw an icon for this chapter of a children's story: {description}"),
        max_tokens: 900,
        json: true,
    };
    let Some(answer) = ai::generate_text(core, user_id, &request).await? else {
        return Ok(None);
    };
    match grid::parse(&answer.value, &ctx.palette) {
        Some(icon) => Ok(Some(Drawn {
            icon,
            provider: answer.provider,
            shows: "a pixel grid".into(),
        })),
        None => {
            tracing::warn!(provider = %answer.provider, "the icon grid was not exact; trying the next drawer");
            Ok(None)
        }
    }
}

/// An image model's picture reduced to the palette, when the cascade can draw.
async fn by_image(
    core: &Core,
    user_id: &str,
    ctx: &Context,
    description: &str,
) -> CoreResult<Option<Drawn>> {
    let colours: Vec<String> = ctx.palette.iter().map(|c| hex(*c)).collect();
    let mut prompt = format!(
        "A simple, bold, flat icon of one object for a children's story chapter: \
         {description}. Centred on a plain white background, thick dark outline, no text, \
         nothing scary. Use only these colours: {}.",
        colours.join(", ")
    );
    if !ctx.audience.avoid.is_empty() {
        prompt.push_str(&format!(" Do not show: {}.", ctx.audience.avoid.join(", ")));
    }
    let request = ImageRequest {
        prompt,
        width: 1024,
        height: 1024,
    };
    let Some(picture) = ai::generate_image(core, user_id, &request).await? else {
        return Ok(None);
    };
    let max = core.settings.max_image_bytes;
    let palette = ctx.palette.clone();
    let bytes = picture.value;
    let reduced = image::with_decoded(bytes, max, move |decoded| {
        Ok(quantise::quantise(&decoded, &palette))
    })
    .await;
    match reduced {
        // a picture that was all background leaves nothing to show: not an icon
        Ok(icon) if icon.pixels().filter(|p| p[3] == 255).count() < MIN_DRAWN => {
            tracing::warn!(provider = %picture.provider, "the icon picture was all background; drawing offline");
            Ok(None)
        }
        Ok(icon) => Ok(Some(Drawn {
            icon,
            provider: picture.provider,
            shows: "a picture".into(),
        })),
        Err(e) => {
            tracing::warn!(provider = %picture.provider, error = %e, "unusable icon picture; drawing offline");
            Ok(None)
        }
    }
}
