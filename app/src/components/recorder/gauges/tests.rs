//! The contract the browser tests rely on, checked on the server-rendered HTML.

use super::*;
use crate::components::recorder::progress::Upload;

#[test]
fn a_paused_take_says_so_and_carries_its_counts_for_machines() {
    let owner = Owner::new();
    owner.set();
    let ui = Ui::new();
    ui.phase.set(Phase::Paused);
    ui.elapsed_s.set(67);
    ui.upload.set(Upload {
        saved: 3,
        waiting: 2,
        offline: true,
    });
    let html = view! { <Gauges ui/> }.to_html();
    assert!(html.contains(">Paused<"), "{html}");
    assert!(html.contains(">1:07<"), "{html}");
    assert!(html.contains(r#"aria-valuetext="Paused""#), "{html}");
    assert!(html.contains("Press Resume to go on"), "{html}");
    assert!(
        html.contains(r#"data-testid="record-upload-state" data-saved="3" data-waiting="2" data-offline="true""#),
        "{html}"
    );
    assert!(
        html.contains("2 parts waiting for signal — keep recording, they will follow"),
        "{html}"
    );
}
