//! The accessible structure the browser test relies on, checked on the server-rendered HTML.

use super::*;

#[test]
fn the_offer_is_a_named_region_with_both_choices() {
    let owner = Owner::new();
    owner.set();
    let kept = KeptTake {
        session: "s1".into(),
        card: "bear".into(),
        title: "The little bear".into(),
        mime: "audio/webm".into(),
        acked: 2,
    };
    let html = view! {
        <KeptOffer kept on_finish=Callback::new(|_| ()) on_discard=Callback::new(|_| ())/>
    }
    .to_html();
    assert!(
        html.contains(r#"aria-labelledby="kept-take-heading""#),
        "{html}"
    );
    assert!(html.contains(r#"<h3 id="kept-take-heading""#), "{html}");
    assert!(html.contains("“The little bear”"), "{html}");
    assert!(html.contains("cannot be continued"), "{html}");
    assert!(html.contains("Finish and save it"), "{html}");
    assert!(html.contains("Discard it"), "{html}");
}
