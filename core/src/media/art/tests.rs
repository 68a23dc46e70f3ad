use image::RgbaImage;

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
    // the title plate: the top fifth differs from the untitled cover's in many pixels
    let titled = decoded.to_rgb8();
    let plain = image::DynamicImage::ImageRgba8(cover(&CoverSpec::card("", "x"))).to_rgb8();
    let changed = titled
        .enumerate_pixels()
        .filter(|(x, y, p)| *y < COVER_HEIGHT / 5 && *p != plain.get_pixel(*x, *y))
        .count();
    assert!(changed > 20_000, "the title is drawn ({changed} pixels)");

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
fn words_choose_the_picture_and_the_back_differs_from_the_front() {
    let spec = CoverSpec {
        prompt: "an owl under the stars",
        author: "Oma",
        description: "Three short stories for bedtime.",
        ..CoverSpec::card("Night Owl", "n")
    };
    let night = cover(&spec);
    let sea = cover(&CoverSpec {
        prompt: "a boat on the ocean",
        ..CoverSpec::card("Pip's Day", "n")
    });
    // night skies are dark at the top, a sea's sky is light
    let top_luma = |img: &RgbaImage| {
        let p = img.get_pixel(COVER_WIDTH / 2, 30).0;
        u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2])
    };
    assert!(top_luma(&night) < 200, "{}", top_luma(&night));
    assert!(top_luma(&sea) > 300, "{}", top_luma(&sea));
    let back = cover_png(&CoverSpec {
        face: Face::Back,
        ..spec
    })
    .unwrap();
    assert_ne!(back, cover_png(&spec).unwrap());
    let themed = cover(&CoverSpec {
        palette: Some(&[[230, 57, 70], [241, 250, 238], [29, 53, 87]]),
        ..spec
    });
    assert_ne!(themed, night, "the theme's colours are used");
}

/// Renders sample covers to `$COVER_SAMPLES` (a directory) for a person to look at:
/// `COVER_SAMPLES=/tmp/covers cargo test -p cardsmith-core art::tests::samples -- --ignored`.
#[test]
#[ignore = "writes PNG files for manual review"]
fn samples() {
    let dir =
        std::path::PathBuf::from(std::env::var("COVER_SAMPLES").unwrap_or("/tmp/covers".into()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        (
            "The Sleepy Owl",
            "an owl under the moon and stars",
            "Oma Ilse",
        ),
        (
            "Pip and the Paper Boat",
            "a little boat on the ocean waves",
            "Papa",
        ),
        ("Fox in the Forest", "a fox among pine trees", ""),
        (
            "Rocket to Mars",
            "a rocket flying to a red planet in space",
            "Lena",
        ),
        ("Bees in Grandma's Garden", "flowers and bees", "Grandma"),
        (
            "The Snowman Who Wanted to See Summer",
            "snow and winter",
            "Tom",
        ),
        ("Camel Days", "a camel in the desert dunes at sunset", ""),
        ("Tuesday", "", "Anna"),
    ];
    for (i, (title, prompt, author)) in cases.iter().enumerate() {
        for face in [Face::Front, Face::Back] {
            let spec = CoverSpec {
                prompt,
                author,
                face,
                description: "Five short stories to listen to before sleep: gentle, funny and a little magical.",
                ..CoverSpec::card(title, "samples")
            };
            let started = std::time::Instant::now();
            let png = cover_png(&spec).unwrap();
            eprintln!("{title} {face:?}: {:?}", started.elapsed());
            std::fs::write(dir.join(format!("{i}-{face:?}.png")), png).unwrap();
        }
    }
    let themed = cover_png(&CoverSpec {
        prompt: "a whale in the sea",
        palette: Some(&[
            [230, 57, 70],
            [241, 250, 238],
            [168, 218, 220],
            [69, 123, 157],
            [29, 53, 87],
        ]),
        ..CoverSpec::card("The Whale Who Sang", "samples")
    })
    .unwrap();
    std::fs::write(dir.join("themed.png"), themed).unwrap();
}
