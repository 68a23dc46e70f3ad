use super::*;

#[test]
fn the_same_seed_draws_the_same_bytes_and_other_seeds_differ() {
    let a = cover_png(&CoverSpec::card("The Lighthouse Cat", "examples")).unwrap();
    let again = cover_png(&CoverSpec::card("The Lighthouse Cat", "examples")).unwrap();
    assert_eq!(a, again, "covers are deterministic");
    let other_title = cover_png(&CoverSpec::card("The Moon Garden", "examples")).unwrap();
    let other_seed = cover_png(&CoverSpec::card("The Lighthouse Cat", "v2")).unwrap();
    assert_ne!(a, other_title);
    assert_ne!(a, other_seed);

    let icon = chapter_icon_png("card/chapter-1", None).unwrap();
    assert_eq!(icon, chapter_icon_png("card/chapter-1", None).unwrap());
    assert_ne!(icon, chapter_icon_png("card/chapter-2", None).unwrap());
}

#[test]
fn covers_are_opaque_pngs_of_the_asked_size_with_a_title() {
    let png = cover_png(&CoverSpec::card("Pip and the Paper Boat", "x")).unwrap();
    assert_eq!(image::guess_format(&png).unwrap(), ImageFormat::Png);
    let decoded = image::load_from_memory(&png).unwrap();
    assert_eq!(
        (decoded.width(), decoded.height()),
        (COVER_WIDTH, COVER_HEIGHT)
    );
    assert!(!decoded.color().has_alpha(), "covers are opaque RGB");
    // the title panel: white text pixels in the top fifth that the untitled cover lacks
    let titled = decoded.to_rgb8();
    let plain = cover(&CoverSpec::card("", "x"));
    let white = |img: &image::RgbImage| {
        img.enumerate_pixels()
            .filter(|(_, y, p)| *y < COVER_HEIGHT / 5 && p.0.iter().all(|c| *c > 240))
            .count()
    };
    let plain = image::DynamicImage::ImageRgba8(plain).to_rgb8();
    assert!(white(&titled) > white(&plain) + 500, "the title is drawn");

    let square = cover_png(&CoverSpec {
        width: 600,
        height: 600,
        palette: Some(&[[200, 40, 40], [240, 200, 80], [30, 30, 90]]),
        ..CoverSpec::card(
            "A very long title that has to wrap over several lines to fit on the cover at all",
            "y",
        )
    })
    .unwrap();
    let decoded = image::load_from_memory(&square).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (600, 600));
    assert!(cover_png(&CoverSpec {
        width: 10,
        ..CoverSpec::card("x", "y")
    })
    .is_err());
    assert!(cover_png(&CoverSpec {
        height: 5000,
        ..CoverSpec::card("x", "y")
    })
    .is_err());
}

#[test]
fn icons_are_symmetric_16x16_sprites_in_few_colours() {
    for seed in ["a", "b", "c", "chapter 7"] {
        let icon = chapter_icon(seed, None);
        assert_eq!((icon.width(), icon.height()), (16, 16));
        for y in 0..16 {
            for x in 0..8 {
                assert_eq!(
                    icon.get_pixel(x, y),
                    icon.get_pixel(15 - x, y),
                    "{seed}: mirrored"
                );
            }
        }
        let opaque: Vec<_> = icon.pixels().filter(|p| p.0[3] == 255).collect();
        assert!(opaque.len() >= 50, "{seed}: a sprite, not a speck");
        assert!(
            icon.pixels().all(|p| p.0[3] == 0 || p.0[3] == 255),
            "crisp pixels"
        );
        let mut colours: Vec<_> = opaque.iter().map(|p| p.0).collect();
        colours.sort_unstable();
        colours.dedup();
        assert!(colours.len() <= 3, "{seed}: {} colours", colours.len());
    }
    let themed = chapter_icon("a", Some(&[[10, 120, 200]]));
    assert!(
        themed.pixels().any(|p| p.0 == [10, 120, 200, 255]),
        "the palette's colour is used"
    );
    let png = chapter_icon_png("a", None).unwrap();
    let decoded = image::load_from_memory(&png).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (16, 16));
    assert_eq!(enlarged_icon(&chapter_icon("a", None)).width(), 256);
}
