use super::*;
use std::collections::HashMap;

fn read(pairs: &[(&str, &str)]) -> CardQuery {
    let map: HashMap<String, String> = pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    CardQuery::from_address(|k| map.get(k).cloned())
}

#[test]
fn an_address_reads_back_as_the_question_it_was_made_from() {
    let asked = CardQuery {
        q: "moon & stars 100%".into(),
        collection: Some("bedtime".into()),
        publish: PublishFilter::Changed,
        tracks: TrackFilter::WithTracks,
        sort: CardSort::Updated,
        view: CardView::List,
        page: 3,
    };
    let address = asked.to_address();
    assert_eq!(
        address,
        "?q=moon%20%26%20stars%20100%25&collection=bedtime&publish=changed&tracks=with-tracks&sort=updated&view=list&page=3"
    );
    // what the router hands back: the decoded values
    let decoded: Vec<(String, String)> = address[1..]
        .split('&')
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap();
            (k.to_owned(), decode(v))
        })
        .collect();
    let back =
        CardQuery::from_address(|k| decoded.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()));
    assert_eq!(back, asked);
    assert_eq!(CardQuery::default().to_address(), "", "defaults stay out");
}

fn decode(v: &str) -> String {
    let bytes = v.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(u8::from_str_radix(&v[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn an_address_is_read_leniently() {
    let long = "x".repeat(500);
    let q = read(&[
        ("q", &format!("  {long}  ")),
        ("sort", "sideways"),
        ("view", "list"),
        ("page", "-4"),
        ("collection", "   "),
    ]);
    assert_eq!(q.q.chars().count(), MAX_SEARCH_CHARS);
    assert_eq!(q.sort, CardSort::Title);
    assert_eq!(q.view, CardView::List);
    assert_eq!(q.page, 1);
    assert_eq!(q.collection, None);
    assert!(q.validate().is_ok());
    assert_eq!(read(&[("page", "999999999")]).page, MAX_PAGE);
}

#[test]
fn the_server_refuses_what_the_address_would_have_cut() {
    let q = CardQuery {
        q: "y".repeat(201),
        page: 0,
        collection: Some(String::new()),
        ..Default::default()
    };
    let errors = q.validate().unwrap_err();
    let fields: Vec<&str> = errors.iter().map(FieldError::field).collect();
    assert_eq!(fields, ["q", "collection", "page"]);
    let fine = CardQuery {
        q: format!("  {}  ", "é".repeat(200)),
        ..Default::default()
    };
    assert!(fine.validate().is_ok(), "characters, not bytes; trimmed");
}

#[test]
fn a_refined_question_starts_from_its_first_page() {
    let q = CardQuery::default().on_page(5);
    let refined = q.refined(|q| q.sort = CardSort::Created);
    assert_eq!((refined.page, refined.sort), (1, CardSort::Created));
    assert!(!q.narrows());
    assert!(refined.refined(|q| q.q = "owl".into()).narrows());
}

#[test]
fn another_view_keeps_the_first_card_in_sight() {
    let grid = CardQuery::default().on_page(3); // cards 97–144
    assert_eq!(grid.viewed_as(CardView::List).page, 1); // 1–100
    let list = grid.viewed_as(CardView::List).on_page(5); // 401–500
    let back = list.viewed_as(CardView::Grid);
    assert_eq!((back.view, back.page), (CardView::Grid, 9)); // 385–432
}

#[test]
fn search_words_are_bounded() {
    let q = CardQuery {
        q: "a b c d e f g h i j k l".into(),
        ..Default::default()
    };
    assert_eq!(q.terms().len(), MAX_SEARCH_TERMS);
}

#[test]
fn a_page_knows_its_place() {
    let page = CardPage {
        cards: vec![],
        total: 1000,
        page: 2,
        per_page: 48,
        publish: vec![],
    };
    assert_eq!(page.pages(), 21);
    assert_eq!(page.shown_range(), (0, 0));
    let empty = CardPage {
        per_page: 48,
        page: 1,
        ..Default::default()
    };
    assert_eq!(empty.pages(), 1);
}

#[test]
fn publish_filters_match_the_badges() {
    assert!(PublishFilter::Never.admits(None));
    assert!(!PublishFilter::Never.admits(Some(PublishBadge::Failed)));
    assert!(PublishFilter::Changed.admits(Some(PublishBadge::Changed)));
    assert!(!PublishFilter::OnPlayer.admits(Some(PublishBadge::Changed)));
    assert!(PublishFilter::Any.admits(None));
    for (c, word, _) in PublishFilter::ALL {
        assert_eq!(PublishFilter::parse(word), Some(*c));
    }
}
