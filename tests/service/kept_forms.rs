//! Issue 36, "refused on the form with the input kept": the stages page's seed list, tiebreak
//! order, withdrawal rule and lot, the round page's swap, reopening and referees' tables, and the
//! coordinator's choice of the next event. Each posts a bad value and reads the page that comes
//! back: 400, the same form with what was sent, a Polish sentence naming the field (above the form
//! and beside the field), and nothing stored. (The correction's confirmation is checked in
//! `season_trust`, where a correction waits.)

use crate::helpers::*;
use crate::pages::{KeptForm, Round, Stages, has, my_tables};
use crate::setup::{Day, OpenDay, REFEREE};
use crate::stages_flow::two_groups_of_four;

/// The stages page with the preview drawn with a fixed seed (so two readings compare).
async fn stages(admin: &Browser, t: i64) -> Stages {
    Stages::read(&admin.get(&format!("/admin/t/{t}/stages?seed=7")).await)
}

#[actix_rt::test]
async fn a_refused_seed_list_comes_back_with_every_number_as_typed_and_the_draw_unchanged() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let t = two_groups_of_four(&admin, "groups_only", "Liga Testowa", "none").await;
    let before = stages(&admin, t).await;
    let ids = before.seeds.clone();
    let names: Vec<String> = ids.iter().map(|id| format!("seed_{id}")).collect();
    let mut numbers: Vec<String> = (1..=8).rev().map(|n: i32| n.to_string()).collect();
    numbers[2] = "trzeci".into();
    let fields: Vec<(&str, &str)> =
        names.iter().map(String::as_str).zip(numbers.iter().map(String::as_str)).collect();

    let back = admin.post(&format!("/admin/t/{t}/stages/seeds"), &fields).await;

    assert_eq!(back.status, 400, "{}", back.body);
    let form = KeptForm::read(&back, "form#seeds-form", "seeds-form");
    for (name, number) in names.iter().zip(&numbers) {
        assert_eq!(form.value(name), Some(number.as_str()), "{name} as typed");
    }
    assert_eq!(form.summary, ["Rozstawienie: podaj liczbę całkowitą od 1 do 10000"]);
    assert_eq!(form.problems, ["podaj liczbę całkowitą od 1 do 10000"], "beside the wrong number");
    assert!(has(&back, "details#seeds[open]"), "the list open where it was refused");
    let after = stages(&admin, t).await;
    assert_eq!((after.seeds, after.preview), (before.seeds, before.preview), "nothing stored");
}

#[actix_rt::test]
async fn a_refused_tiebreak_order_comes_back_with_the_choices_as_sent() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let t = two_groups_of_four(&admin, "groups_only", "Liga Testowa", "none").await;
    let before = stages(&admin, t).await.tiebreaks;
    let twice =
        [("tiebreak_1", "games_won"), ("tiebreak_2", "direct_encounter"), ("tiebreak_3", "games_won")];

    let back = admin.post(&format!("/admin/t/{t}/stages/tiebreaks"), &twice).await;

    assert_eq!(back.status, 400, "{}", back.body);
    let form = KeptForm::read(&back, "form#tiebreaks-form", "tiebreaks-form");
    assert_eq!(form.value("tiebreak_1"), Some("games_won"));
    assert_eq!(form.value("tiebreak_2"), Some("direct_encounter"));
    assert_eq!(form.value("tiebreak_3"), Some("games_won"));
    assert_eq!(form.summary, ["Punktacja pomocnicza w grupach: powtórzone kryterium „Wygrane partie”"]);
    assert!(has(&back, "details#tiebreaks[open]"));
    // A name that is none of the groups' tiebreaks: named, the rest as sent.
    let back = admin
        .post(
            &format!("/admin/t/{t}/stages/tiebreaks"),
            &[("tiebreak_1", "buchholz"), ("tiebreak_2", "games_won")],
        )
        .await;
    assert_eq!(back.status, 400);
    let form = KeptForm::read(&back, "form#tiebreaks-form", "tiebreaks-form");
    assert_eq!(form.summary, ["Punktacja pomocnicza w grupach: wybierz jedną z opcji"]);
    assert_eq!(form.value("tiebreak_2"), Some("games_won"));
    assert_eq!(stages(&admin, t).await.tiebreaks, before, "nothing stored");
}

#[actix_rt::test]
async fn a_refused_withdrawal_rule_is_said_on_its_form_and_the_rule_stays() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let t = two_groups_of_four(&admin, "groups_only", "Liga Testowa", "none").await;
    let page = format!("/admin/t/{t}/stages");
    let rule = |body: &Page| KeptForm::read(body, "form#withdrawal-form", "withdrawal-form");
    assert_eq!(rule(&admin.get(&page).await).value("rule"), Some("stand"));

    let back = admin.post(&format!("{page}/withdrawal"), &[("rule", "annul\u{7}")]).await;

    assert_eq!(back.status, 400, "{}", back.body);
    let form = rule(&back);
    assert_eq!(form.summary, ["Wyniki osób wycofanych: wybierz jedną z opcji"]);
    assert_eq!(form.problems, ["wybierz jedną z opcji"]);
    assert_eq!(form.value("rule"), None, "no choice shown as made: the one sent is none of them");
    assert_eq!(rule(&admin.get(&page).await).value("rule"), Some("stand"), "nothing stored");
    // A choice sent with spaces is the choice.
    assert_eq!(admin.post(&format!("{page}/withdrawal"), &[("rule", " annul ")]).await.status, 303);
    assert_eq!(rule(&admin.get(&page).await).value("rule"), Some("annul"));
}

#[actix_rt::test]
async fn a_refused_lot_is_said_above_the_groups_progress_and_nothing_is_drawn() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let t = two_groups_of_four(&admin, "groups_only", "Liga Testowa", "none").await;
    let page = format!("/admin/t/{t}/stages");
    // Before the draw: said above the page (there is no progress yet).
    let early = admin.post(&format!("{page}/lot"), &[("group", "0")]).await;
    assert_eq!(early.status, 400, "{}", early.body);
    assert_eq!(
        crate::pages::texts(&early, "#lot-form-refused li"),
        ["Grupa A: nie wszystkie mecze są rozegrane"]
    );
    assert!(
        crate::pages::select(&early.body, "#lot-form-refused a").is_empty(),
        "no link to a field not there"
    );
    let seed = stages(&admin, t).await.preview_seed.unwrap();
    assert_eq!(admin.post(&format!("{page}/draw"), &[("seed", seed.as_str())]).await.status, 303);
    let progress = |body: &str| crate::pages::texts(body, "table#progress tbody tr");
    let before = progress(&admin.get(&page).await.body);

    for (group, says) in
        [("A", "Grupa: wybierz jedną z opcji"), ("0", "Grupa A: nie wszystkie mecze są rozegrane")]
    {
        let back = admin.post(&format!("{page}/lot"), &[("group", group)]).await;
        assert_eq!(back.status, 400, "{group}: {}", back.body);
        assert_eq!(crate::pages::texts(&back, "#groups #lot-form-refused li"), [says], "above the progress");
        assert_eq!(progress(&back.body), before);
    }
    assert_eq!(progress(&admin.get(&page).await.body), before, "no lot drawn");
}

#[actix_rt::test]
async fn a_refused_swap_comes_back_on_the_round_page_with_the_players_chosen() {
    let app = TestApp::spawn().await;
    let OpenDay { t, admin, players, .. } = Day::new(&app).players(4).draft().open().await;
    let page = format!("/t/{t}/round/1");
    let before = Round::read(&admin.get(&page).await).players();
    let x = players[2].to_string();

    let back = admin.post(&format!("/admin/t/{t}/round/1/swap"), &[("x", x.as_str()), ("y", "12x")]).await;

    assert_eq!(back.status, 400, "{}", back.body);
    let form = KeptForm::read(&back, "form#swap-form", "swap-form");
    assert_eq!(form.value("x"), Some(x.as_str()), "the first player as chosen");
    assert_eq!(form.summary, ["Gracz: wybierz jedną z opcji"]);
    assert_eq!(form.problems, ["wybierz jedną z opcji"]);
    back.assert_lacks("invalid digit");
    assert_eq!(Round::read(&back).players(), before, "the pairings as they were");
    assert_eq!(Round::read(&admin.get(&page).await).players(), before, "nothing swapped");
}

#[actix_rt::test]
async fn a_refused_reopening_of_a_round_comes_back_with_the_reason_as_typed() {
    let app = TestApp::spawn().await;
    let day = Day::new(&app).swiss_only("2").players(4).referee().published().open().await;
    let (t, admin) = (day.t, &day.admin);
    play_round_red_first_wins(day.referee(), t, 1).await;
    assert_eq!(admin.post(&format!("/admin/t/{t}/round/1/lock"), &[("confirm", "1")]).await.status, 303);
    let status = |body: &Page| crate::pages::one(&body.body, "table#pairings").get("data-status").to_string();
    let locked = status(&admin.get(&format!("/t/{t}/round/1")).await);
    let reason = "Pomyłka\u{1B}[31m w wyniku";

    let back = admin.post(&format!("/admin/t/{t}/round/1/unlock"), &[("reason", reason)]).await;

    assert_eq!(back.status, 400, "{}", back.body);
    let form = KeptForm::read(&back, "form#unlock-form", "unlock-form");
    assert_eq!(form.value("reason"), Some(reason), "the reason as typed");
    let says = "niedozwolony znak sterujący lub znak zmieniający kierunek tekstu (U+001B); usuń go";
    assert_eq!(form.summary, [format!("Powód: {says}")]);
    assert_eq!(form.problems, [says]);
    assert_eq!(status(&back), locked);
    assert_eq!(status(&admin.get(&format!("/t/{t}/round/1")).await), locked, "still locked");
    // Without a reason: the use case says what it is for, on the same form.
    let back = admin.post(&format!("/admin/t/{t}/round/1/unlock"), &[("reason", " ")]).await;
    assert_eq!(back.status, 400, "{}", back.body);
    assert_eq!(KeptForm::read(&back, "form#unlock-form", "unlock-form").summary.len(), 1);
}

#[actix_rt::test]
async fn a_refused_assignment_of_tables_comes_back_with_the_referee_and_tables_as_sent() {
    let app = TestApp::spawn().await;
    let day = Day::new(&app).players(4).referee().published().open().await;
    let (t, admin) = (day.t, &day.admin);
    let path = format!("/admin/t/{t}/round/1/assign");

    for (from, to, says) in [
        ("0", "2", "Od stołu: podaj liczbę całkowitą od 1 do 10000"),
        ("2", "1", "Do stołu: podaj liczbę całkowitą od 2 do 10000"),
        ("pierwszy", "", "Od stołu: podaj liczbę całkowitą od 1 do 10000"),
    ] {
        let back = admin.post(&path, &[("referee", REFEREE.0), ("from", from), ("to", to)]).await;
        assert_eq!(back.status, 400, "{from}-{to}: {}", back.body);
        let form = KeptForm::read(&back, "form#assign-form", "assign-form");
        assert_eq!(form.value("referee"), Some(REFEREE.0), "the referee as chosen");
        assert_eq!((form.value("from"), form.value("to")), (Some(from), Some(to)), "the tables as typed");
        assert_eq!(form.summary, [says]);
        assert_eq!(form.problems.len(), 1, "{:?}", form.problems);
    }
    // A referee of no account: named beside the referee.
    let back = admin.post(&path, &[("referee", "nikt-taki"), ("from", "1"), ("to", "")]).await;
    assert_eq!(back.status, 400, "{}", back.body);
    let form = KeptForm::read(&back, "form#assign-form", "assign-form");
    assert!(form.summary[0].starts_with("Sędzia: "), "{:?}", form.summary);
    assert_eq!(form.value("from"), Some("1"));
    let (mine, _) = my_tables(&day.referee().get(&format!("/ref/t/{t}")).await);
    assert!(mine.is_empty(), "no table assigned: {mine:?}");
}

#[actix_rt::test]
async fn a_refused_choice_of_the_next_event_comes_back_with_the_events_chosen() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (desk, season) = create_season(&admin).await;
    let a = create_tournament(&admin, &[("name", "Eliminacje Radom")]).await;
    let b = create_tournament(&admin, &[("name", "Kwalifikacje Mazowsze")]).await;
    add_season_event(&admin, season, a, "eliminacje lokalne", Some("mazowieckie"), "1").await;
    add_season_event(&admin, season, b, "kwalifikacje regionalne", Some("mazowieckie"), "1").await;
    let events = |body: &str| crate::pages::texts(body, "ul#events li");
    let before = events(&admin.get(&desk).await.body);
    let source = a.to_string();

    let back = admin
        .post(&format!("{desk}/next"), &[("source", source.as_str()), ("next", "99999999999999999999")])
        .await;

    assert_eq!(back.status, 400, "{}", back.body);
    let form = KeptForm::read(&back, "form#choose-next", "choose-next");
    assert_eq!(form.value("source"), Some(source.as_str()), "the event as chosen");
    assert_eq!(form.summary, ["Dokąd awansują: wybierz jedną z opcji"]);
    assert_eq!(form.problems, ["wybierz jedną z opcji"]);
    back.assert_lacks("too large");
    // An event of no season of this coordinator's: the use case's sentence, the choice kept.
    let other = create_tournament(&admin, &[("name", "Turniej obcy")]).await.to_string();
    let back =
        admin.post(&format!("{desk}/next"), &[("source", source.as_str()), ("next", other.as_str())]).await;
    assert_eq!(back.status, 400, "{}", back.body);
    let form = KeptForm::read(&back, "form#choose-next", "choose-next");
    assert_eq!(form.summary.len(), 1, "{:?}", form.summary);
    assert_eq!(form.value("source"), Some(source.as_str()));
    assert_eq!(events(&admin.get(&desk).await.body), before, "nothing stored");
}

/// The season page's summary of a refused organiser appointment links to the login field of the
/// event it names, which is on the page (issue 36: it linked to an id no element had).
#[actix_rt::test]
async fn the_refused_organiser_appointment_links_to_the_field_it_names() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (desk, season) = create_season(&admin).await;
    let unrun = create_tournament(&admin, &[("name", "Eliminacje Radom")]).await;
    add_season_event(&admin, season, unrun, "eliminacje lokalne", Some("mazowieckie"), "1").await;
    let fields = [("tournament", unrun.to_string()), ("username", "nikt-taki".to_string())];
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();

    let back = admin.post(&format!("{desk}/organisers"), &fields).await;

    assert_eq!(back.status, 400, "{}", back.body);
    let links = crate::pages::select(&back.body, "#organiser-refused a");
    assert_eq!(links.len(), 1, "one problem, linked");
    let target = links[0].get("href").trim_start_matches('#').to_string();
    let field = crate::pages::one(&back.body, &format!("#{target}"));
    assert_eq!(field.get("name"), "username", "the link leads to the login field");
    let form = KeptForm::read(&back, &format!("form[data-form=organiser-{unrun}]"), "organiser");
    assert_eq!(form.value("username"), Some("nikt-taki"));
    // A form naming no event without an organiser: said, without a link to a field not there.
    let back = admin.post(&format!("{desk}/organisers"), &[("tournament", "abc"), ("username", "x")]).await;
    assert_eq!(back.status, 400, "{}", back.body);
    assert!(crate::pages::select(&back.body, "#organiser-refused a").is_empty());
    assert!(!crate::pages::texts(&back, "#organiser-refused li").is_empty());
}

/// Issue 36's list: "a wildcard into a closed event" was stored. Refused on the wildcard form with
/// what was typed, in Polish, and no invitation made.
#[actix_rt::test]
async fn a_wildcard_into_a_closed_event_is_refused_on_its_form_with_the_input_kept() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (desk, season) = create_season(&admin).await;
    let day = Day::new(&app).swiss_only("1").players(4).referee().open().await;
    let t = day.t;
    add_season_event(&admin, season, t, "eliminacje lokalne", Some("mazowieckie"), "1").await;
    let other = create_tournament(&admin, &[("name", "Eliminacje Płock")]).await;
    add_season_event(&admin, season, other, "eliminacje lokalne", Some("łódzkie"), "1").await;
    register(&admin, other, "Zofia Zając").await;
    let next = create_tournament(&admin, &[("name", "Kwalifikacje Mazowsze")]).await;
    add_season_event(&admin, season, next, "kwalifikacje regionalne", Some("mazowieckie"), "1").await;
    play_one_round_and_close(&admin, day.referee(), t).await;
    let invited = |body: &str| ids_after(body, "data-invitation=\"");
    let before = invited(&admin.get(&format!("/admin/t/{t}/invitations")).await.body);
    let t_id = t.to_string();
    let fields = [("person", "zofia zajac"), ("tournament", t_id.as_str()), ("reason", "gospodyni turnieju")];

    let back = admin.post(&format!("{desk}/wildcards"), &fields).await;

    assert_eq!(back.status, 400, "{}", back.body);
    let form = KeptForm::read(&back, "form#wildcard", "wildcard");
    assert_eq!(form.value("person"), Some("zofia zajac"), "the name as typed");
    assert_eq!(form.value("reason"), Some("gospodyni turnieju"));
    assert_eq!(
        form.summary,
        ["Turniej jest zamknięty, a jego klasyfikacja końcowa zapisana: wyników, rund i zgłoszeń nie można \
          zmieniać, dopóki organizator nie otworzy go ponownie."]
    );
    back.assert_lacks("Ktoś inny zapisał");
    assert_eq!(invited(&admin.get(&format!("/admin/t/{t}/invitations")).await.body), before, "no invitation");
}
