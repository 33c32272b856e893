//! The recorder picks as the online page does (issue 35, item 2): in the operational phase its page
//! lists every whole command of the units that may act (`#on-offers`, the partial the online page
//! shares, read by the one picker script), each naming its pieces on the board (`data-k`); the board
//! keys every piece; without scripts a button of that list records its line, and the board's links
//! still lead to the server's next choice.

use crate::helpers::*;
use crate::pages::{Recorder, first};
use crate::table::{one_table, post_line, start, step_of, table_game, url};
use bitwa::engine::notation;

fn event(line: &str) -> Option<notation::Event> {
    notation::parse(line).ok().and_then(|mut l| l.events.pop())
}

#[actix_rt::test]
async fn the_recorder_lists_every_command_by_its_pieces_and_a_list_button_records_it_without_scripts() {
    let (lines, _) = table_game();
    let app = TestApp::spawn().await;
    let (t, _admin, referee, g) = one_table(&app).await;
    start(&referee, t, g).await;
    // Recorded up to the game's first command.
    let at = lines.iter().position(|l| l.contains(" command ")).expect("a command in the game");
    for line in &lines[..at] {
        assert_eq!(post_line(&referee, t, g, line).await.status, 303, "`{line}`");
    }
    let page = referee.get(&url(t, g)).await;
    let rec = Recorder::read(&page);
    let commands: Vec<&(String, String)> = rec.taps.iter().filter(|(v, _)| v.contains(" command ")).collect();
    assert!(commands.len() > 5, "the commands in the picker's list: {:?}", rec.taps);
    let want = event(&lines[at]);
    let (value, _) = commands
        .iter()
        .find(|(v, _)| event(v) == want)
        .unwrap_or_else(|| panic!("`{}` among the list's lines: {commands:?}", lines[at]));
    // Every piece a line names is on the board, keyed for the picker.
    for (v, keys) in &rec.taps {
        assert!(!keys.is_empty(), "`{v}` names its pieces");
        for k in keys.split_whitespace() {
            assert!(rec.pieces.iter().any(|p| p == k), "{k} of `{v}` on the board: {:?}", rec.pieces);
        }
    }
    // Without scripts the board's links still lead to the server's choices (a unit, a target).
    assert!(page.body.contains("class=\"pick\""), "the board's links");
    // Its help speaks of the board (the recorder shows no hand), in Polish.
    let help = first(&page.body, "#on-list p").map(|p| p.text()).unwrap_or_default();
    assert!(help.starts_with("Stuknij jednostkę, potem pole lub cel;"), "{help}");
    // The list is a form posting to the recorder as its other forms do.
    let form = first(&page.body, "form#on-offers").expect("the list's form");
    assert_eq!(form.get("action"), url(t, g));
    assert!(form.inner.contains("name=\"auto\" value=\"1\""), "{}", form.inner);
    let step = step_of(&page.body);
    let posted =
        referee.post(&url(t, g), &[("step", step.as_str()), ("auto", "1"), ("event", value.as_str())]).await;
    assert_eq!(posted.status, 303, "{}", posted.body);
    let after = Recorder::read(&referee.get(&url(t, g)).await);
    let moved: usize = after.step.as_deref().unwrap_or("0").parse().unwrap();
    assert!(moved > at, "the command recorded: {after:?}");
    // The rest of the game goes on from there as recorded.
    assert_eq!(post_line(&referee, t, g, &lines[moved]).await.status, 303, "`{}`", lines[moved]);
}
