//! The online player's page without scripts (issue 35, item 6): every piece that chooses a move is
//! a link (`?pick=`), the list then shows only the offers holding what was picked, and its button
//! posts the move. Two players who never run a script play a game by following those links, as a
//! phone with scripts off would: for each move a random offer, its pieces followed in order, then
//! the list's button. Measured: links followed a move, the list's length once a move's pieces are
//! picked (paths to one space: one of each length, `web::table::taps::march_length`).

use crate::helpers::*;
use crate::online::{issue_links, march_length, referee_url, round_one, show_up};
use crate::pages::Online;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

fn sorted(keys: &[String]) -> Vec<String> {
    let mut k = keys.to_vec();
    k.sort();
    k
}

#[actix_web::test]
async fn an_online_game_is_played_without_scripts_by_the_pieces_links_and_the_list() {
    let app = TestApp::spawn().await;
    let (t, admin, matches) = round_one(&app, 2).await;
    let m = matches[0];
    assert_eq!(admin.post(&referee_url(t, m), &[("action", "mark")]).await.status, 303);
    let tokens = issue_links(&admin, t, m).await;
    let players: Vec<(Browser, &str)> = tokens.iter().map(|(_, tok)| (app.browser(), tok.as_str())).collect();
    show_up(&players).await;
    let mut rng = ChaCha8Rng::seed_from_u64(35);
    let (mut moves, mut followed, mut longest_list, mut path_choices) = (0usize, 0usize, 0usize, 0usize);
    let mut game = None;
    'game: for _ in 0..400 {
        let mut mover = None;
        for (b, tok) in &players {
            let page = Online::read(&b.get(&format!("/online/{tok}")).await.assert_ok().body);
            if page.state == "over" || game.is_some_and(|g| page.game != Some(g)) {
                break 'game;
            }
            game = game.or(page.game);
            if !page.offers.is_empty() {
                mover = Some((b, *tok, page));
            }
        }
        let (b, tok, mut page) = mover.expect("one of the players has a decision");
        let step = page.step.clone();
        let keyed: Vec<(String, Vec<String>)> = page.keyed.clone();
        assert!(!page.picking, "nothing picked: the list is closed");
        let (value, keys) = keyed[(rng.next_u64() % keyed.len() as u64) as usize].clone();
        let mut picks: Vec<String> = Vec::new();
        for k in &keys {
            let mut want = picks.clone();
            want.push(k.clone());
            let Some((_, href)) = page.pick_links.iter().find(|(p, _)| *p == want).cloned() else {
                panic!("after {picks:?}, {k} of `{value}` is a link; links: {:?}", page.pick_links)
            };
            let next = b.get(&href).await;
            followed += 1;
            page = Online::read(&next.assert_ok().body);
            picks = want;
            assert!(page.picking, "something picked: the list is open");
            assert_eq!(page.step, step, "picking moves nothing");
            for (v, ks) in &page.keyed {
                assert!(
                    picks.iter().all(|p| ks.contains(p)),
                    "`{v}` in the list holds what was picked {picks:?}"
                );
            }
        }
        // The move as the list offers it: itself, or a path as long to its space (the list keeps one
        // of each length).
        let n = march_length(&value);
        let same = |(v, ks): &&(String, Vec<String>)| {
            *v == value || (n > 0 && sorted(ks) == sorted(&keys) && march_length(v) == n)
        };
        let Some((post, _)) = page.keyed.iter().find(same) else {
            panic!(
                "`{value}` (or a path as long) is in the list after its pieces {picks:?}: {:?}",
                page.keyed
            )
        };
        if !picks.is_empty() {
            longest_list = longest_list.max(page.keyed.len());
            // One path of each length to the picked space.
            let whole: Vec<&(String, Vec<String>)> = page
                .keyed
                .iter()
                .filter(|(v, ks)| march_length(v) > 0 && sorted(ks) == sorted(&picks))
                .collect();
            let mut lengths: Vec<usize> = whole.iter().map(|(v, _)| march_length(v)).collect();
            lengths.sort_unstable();
            let before = lengths.len();
            lengths.dedup();
            assert_eq!(lengths.len(), before, "one path of each length to one space: {whole:?}");
            if before > 1 {
                path_choices += 1;
            }
        }
        let posted =
            b.post(&format!("/online/{tok}"), &[("step", step.as_str()), ("event", post.as_str())]).await;
        assert_eq!(posted.status, 303, "the list's `{post}` is taken:\n{}", posted.body);
        moves += 1;
    }
    eprintln!(
        "without scripts: {moves} moves, {followed} links followed ({:.2} a move), the list at most {longest_list} \
         lines once a move's pieces were picked, {path_choices} choices among paths of several lengths",
        followed as f64 / moves.max(1) as f64
    );
    assert!(moves > 40, "a whole game: {moves} moves");
    assert!(followed > moves, "moves were picked by their pieces: {followed} links in {moves} moves");
    assert!(longest_list <= 60, "the list once picked stays short: {longest_list}");
    app.stop().await;
}
