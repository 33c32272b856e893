//! A small season end to end over HTTP (issue 20): the coordinator creates a season from the form
//! and adds two regional qualifiers (Swiss only, four players each, results typed by the referee)
//! and the final; each qualifier is closed from its invitations page, which invites its winner (as
//! the public standings rank them) into the final; the final's organiser accepts one (an entry of
//! the final) and marks the other declined (the next of that event's standings is invited); the
//! coordinator adds a wildcard; reopening the event with an accepted invitation is refused, the
//! other reopens and its invitations not accepted are withdrawn. Access: an organiser of one
//! event reaches neither the final's invitations nor the coordinator's page. The public season
//! page never shows a birth date.

use crate::helpers::*;
use crate::setup::{Day, OpenDay, PLAYERS};

/// The value of the `<option>` labelled `label` on a page.
fn option_value(body: &str, label: &str) -> i64 {
    let at = body.find(&format!("\">{label}</option>")).unwrap_or_else(|| panic!("option {label}"));
    let start = body[..at].rfind("value=\"").unwrap() + "value=\"".len();
    body[start..at].parse().unwrap()
}

const ORGANISER_B_PASSWORD: &str = "organizator-b-haslo-2026";

/// Two Swiss rounds played (the player commanding Red first wins each match, typed by `referee`)
/// and locked.
async fn play_two_rounds(day: &OpenDay, referee: &Browser) {
    let t = day.t;
    for n in 1..=2 {
        if n > 1 {
            let paired = day.admin.post(&format!("/admin/t/{t}/rounds"), &[]).await;
            assert_eq!(paired.status, 303, "{}", paired.body);
            let published = day.admin.post(&format!("/admin/t/{t}/round/{n}/publish"), &[]).await;
            assert_eq!(published.status, 303, "{}", published.body);
        }
        play_round_red_first_wins(referee, t, n).await;
        let locked = day.admin.post(&format!("/admin/t/{t}/round/{n}/lock"), &[("confirm", "1")]).await;
        assert_eq!(locked.status, 303, "{}", locked.body);
    }
}

/// The players of the public standings, in their order (rank 1 first).
async fn standings_order(b: &Browser, t: i64) -> Vec<i64> {
    let page = b.get(&format!("/t/{t}/standings")).await;
    page.assert_ok();
    ids_after(&page.body, &format!("/t/{t}/player/"))
}

/// The name of a player of `day` (registered in [`PLAYERS`] order from `first`).
fn name_of(day: &OpenDay, first: usize, player: i64) -> &'static str {
    PLAYERS[first + day.players.iter().position(|p| *p == player).unwrap()]
}

/// The invitation ids on the final's invitations page, by the person's name.
fn invitation_of(body: &str, name: &str) -> i64 {
    let at = body.find(&format!(">{name}</a>")).unwrap_or_else(|| panic!("{name} invited: {body}"));
    let start = body[..at].rfind("data-invitation=\"").unwrap() + "data-invitation=\"".len();
    body[start..].split('"').next().unwrap().parse().unwrap()
}

/// The state's words of `name`'s invitation (the last one listed for them).
fn state_of(body: &str, name: &str) -> String {
    let at = body.rfind(&format!(">{name}</a>")).unwrap_or_else(|| panic!("{name} listed"));
    let rest = &body[at..];
    let start = rest.find("class=\"state\">").unwrap() + "class=\"state\">".len();
    rest[start..start + rest[start..].find('<').unwrap()].to_string()
}

#[actix_rt::test]
async fn a_small_season_from_two_regional_qualifiers_to_the_final() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;

    // The coordinator's season, from the form (the default levels and the 16 voivodeships).
    let created = admin
        .post(
            "/admin/seasons",
            &[
                ("name", "Liga 2026"),
                ("first_day", "2026-04-01"),
                ("last_day", "2026-06-30"),
                ("years_from", "2006"),
                ("years_to", "2012"),
            ],
        )
        .await;
    assert_eq!(created.status, 303, "{}", created.body);
    let coordination = created.location.clone().unwrap();
    let season: i64 = coordination.trim_start_matches("/admin/season/").parse().unwrap();

    // Two regional qualifiers of four different players each, and the final.
    let a = Day::new(&app).swiss_only("2").named(&PLAYERS[..4]).referee().published().open().await;
    let b = Day::new(&app).swiss_only("2").named(&PLAYERS[4..]).published().open().await;
    let b_referee = appoint(&b.admin, b.t, crate::setup::REFEREE.0, "").await;
    assert_eq!(b_referee.status, 303, "{}", b_referee.body);
    let final_t = create_tournament(&admin, &[("name", "Finał ogólnopolski"), ("knockout_size", "0")]).await;

    let page = admin.get(&coordination).await;
    page.assert_ok().assert_contains("Koordynacja sezonu");
    let regional = option_value(&page.body, "kwalifikacje regionalne").to_string();
    let final_level = option_value(&page.body, "finał ogólnopolski").to_string();
    let mazowieckie = option_value(&page.body, "mazowieckie").to_string();
    let malopolskie = option_value(&page.body, "małopolskie").to_string();
    for (t, level, region) in [
        (a.t, &regional, &mazowieckie),
        (b.t, &regional, &malopolskie),
        (final_t, &final_level, &String::new()),
    ] {
        let added = admin
            .post(
                &format!("/admin/season/{season}/events"),
                &[("tournament", &t.to_string()), ("level", level), ("region", region), ("places", "1")],
            )
            .await;
        assert_eq!(added.status, 303, "{}", added.body);
    }

    // Closing before the results are in is refused, in Polish.
    let early = admin.post(&format!("/admin/t/{}/event/close", a.t), &[]).await;
    assert_eq!(early.status, 400);
    early.assert_contains("Brakuje wyniku w rundzie 1");

    play_two_rounds(&a, a.referee()).await;
    play_two_rounds(&b, a.referee()).await;
    let (a_order, b_order) = (standings_order(&admin, a.t).await, standings_order(&admin, b.t).await);
    assert_eq!((a_order.len(), b_order.len()), (4, 4));
    for day in [&a, &b] {
        let closed = admin.post(&format!("/admin/t/{}/event/close", day.t), &[]).await;
        assert_eq!(closed.status, 303, "{}", closed.body);
    }
    let (a_winner, b_winner) = (name_of(&a, 0, a_order[0]), name_of(&b, 4, b_order[0]));
    let b_second = name_of(&b, 4, b_order[1]);

    // The final's invitations: each region's winner.
    let invitations = format!("/admin/t/{final_t}/invitations");
    let page = admin.get(&invitations).await;
    page.assert_ok();
    assert_eq!(state_of(&page.body, a_winner), "zaproszenie czeka na odpowiedź");
    assert_eq!(state_of(&page.body, b_winner), "zaproszenie czeka na odpowiedź");
    page.assert_lacks(b_second);
    let (a_inv, b_inv) = (invitation_of(&page.body, a_winner), invitation_of(&page.body, b_winner));

    // Access: B's organiser reaches neither the final's invitations nor the coordinator's page,
    // nor the final's invitation through B's own address.
    let made = admin
        .post(
            &format!("/admin/t/{}/referees", b.t),
            &[("username", "organizator-b"), ("password", ORGANISER_B_PASSWORD), ("role", "organiser")],
        )
        .await;
    assert_eq!(made.status, 303, "{}", made.body);
    let org_b = app.browser();
    org_b.login("organizator-b", ORGANISER_B_PASSWORD).await;
    assert_eq!(org_b.post(&format!("{invitations}/{a_inv}/accept"), &[]).await.status, 403);
    assert_eq!(org_b.post(&format!("/admin/t/{}/invitations/{a_inv}/accept", b.t), &[]).await.status, 404);
    assert_eq!(org_b.get(&coordination).await.status, 403);

    // Accept A's winner: an entry of the final. Decline B's winner: B's second is invited.
    let accepted = admin.post(&format!("{invitations}/{a_inv}/accept"), &[]).await;
    assert_eq!(accepted.status, 303, "{}", accepted.body);
    player_id(&admin.get(&format!("/admin/t/{final_t}")).await.body, a_winner);
    let declined = admin.post(&format!("{invitations}/{b_inv}/decline"), &[]).await;
    assert_eq!(declined.status, 303, "{}", declined.body);
    let page = admin.get(&invitations).await;
    assert_eq!(state_of(&page.body, a_winner), "zaproszenie przyjęte");
    assert_eq!(state_of(&page.body, b_winner), "zaproszenie odrzucone");
    assert_eq!(state_of(&page.body, b_second), "zaproszenie czeka na odpowiedź");
    let again = admin.post(&format!("{invitations}/{b_inv}/accept"), &[]).await;
    assert_eq!(again.status, 409, "a declined invitation is not accepted");

    // A wildcard for A's last player (their person's number from their public page), logged.
    let a_last = name_of(&a, 0, a_order[3]);
    let player_page = admin.get(&format!("/t/{}/player/{}", a.t, a_order[3])).await;
    let person = ids_after(&player_page.body, "/person/")[0].to_string();
    let wild = admin
        .post(
            &format!("/admin/season/{season}/wildcards"),
            &[("person", &person), ("tournament", &final_t.to_string()), ("reason", "mistrzostwo szkół")],
        )
        .await;
    assert_eq!(wild.status, 303, "{}", wild.body);
    let page = admin.get(&invitations).await;
    assert_eq!(state_of(&page.body, a_last), "zaproszenie czeka na odpowiedź");
    page.assert_contains("dzika karta: mistrzostwo szkół");
    admin.get(&coordination).await.assert_contains("mistrzostwo szkół");

    // Reopening A is refused (its invitation was accepted); reopening B withdraws its open one.
    let refused = admin.post(&format!("/admin/t/{}/event/reopen", a.t), &[("reason", "korekta")]).await;
    assert_eq!(refused.status, 400);
    refused.assert_contains("zaproszenia z niego zostały już przyjęte");
    let no_reason = admin.post(&format!("/admin/t/{}/event/reopen", b.t), &[("reason", " ")]).await;
    assert_eq!(no_reason.status, 400);
    let reopened = admin.post(&format!("/admin/t/{}/event/reopen", b.t), &[("reason", "błędny wynik")]).await;
    assert_eq!(reopened.status, 303, "{}", reopened.body);
    let page = admin.get(&invitations).await;
    assert_eq!(state_of(&page.body, b_second), "zaproszenie wycofane");
    assert_eq!(state_of(&page.body, b_winner), "zaproszenie wycofane");
    assert_eq!(state_of(&page.body, a_winner), "zaproszenie przyjęte");
    admin
        .get(&format!("/admin/t/{}/invitations", b.t))
        .await
        .assert_contains("Zamknij turniej i zaproś awansujących")
        .assert_lacks("Otwórz turniej ponownie</button>");

    // The public season page: the levels, the events with their status, A's qualifier; no birth
    // date (every player was registered born 2010-01-15).
    let public = app.browser().get(&format!("/season/{season}")).await;
    public
        .assert_ok()
        .assert_contains("Liga 2026")
        .assert_contains("kwalifikacje regionalne")
        .assert_contains("zamknięty, klasyfikacja zapisana")
        .assert_contains(a_winner)
        .assert_lacks("2010-01-15")
        .assert_lacks("15.01.2010");
    app.stop().await;
}
