use super::*;

#[test]
fn theme_colours_need_two_readable_hex_colours() {
    assert_eq!(
        theme_colours(r##"{"colors": ["#102030", "#FFfF00", "red"], "style": "x"}"##),
        Some(vec![[0x10, 0x20, 0x30], [0xff, 0xff, 0x00]])
    );
    assert_eq!(theme_colours(r##"{"colors": ["#102030"]}"##), None);
    assert_eq!(theme_colours("not json"), None);
}

#[test]
fn provider_pictures_are_cut_to_the_cover_shape() {
    for (w, h) in [(1024, 1024), (1024, 1536), (2000, 300), (50, 900)] {
        let picture = ::image::DynamicImage::new_rgb8(w, h);
        let fitted = fit_cover(&picture);
        assert_eq!(
            (fitted.width(), fitted.height()),
            (art::COVER_WIDTH, art::COVER_HEIGHT)
        );
    }
}
