//! The season ranking in pages (issue 20: about 5,000 persons at full scale): 100 rows a page,
//! `?page=N` in the address, links to the other pages without a script, Polish labels; every
//! person on exactly one page; the CSV export whole.

use crate::helpers::*;
use crate::pages::Pager;
use std::collections::BTreeSet;

/// The persons of a ranking page, in order.
fn persons(body: &str) -> Vec<i64> {
    crate::pages::select(body, "tr[data-person]").iter().map(|r| r.num("data-person")).collect()
}

#[actix_rt::test]
async fn the_season_ranking_comes_in_pages_of_a_hundred_and_the_csv_stays_whole() {
    let app = TestApp::spawn().await;
    let admin = app.admin().await;
    let (_, season) = create_season(&admin).await;
    let a = create_tournament(&admin, &[("name", "Kwalifikacje: Mazowsze")]).await;
    add_season_event(&admin, season, a, "kwalifikacje regionalne", Some("mazowieckie"), "1").await;
    // 230 persons (each born on another day: nobody near anybody).
    let first = chrono::NaiveDate::from_ymd_opt(2008, 1, 1).unwrap();
    let mut csv = String::from("name,birth date,club\n");
    for i in 0..230u64 {
        let born = first + chrono::Days::new(i);
        csv.push_str(&format!("Osoba {i:03},{born},SP {}\n", i % 7));
    }
    let imported = admin.post(&format!("/admin/t/{a}/players/import"), &[("csv", &csv)]).await;
    assert_eq!(imported.status, 303, "{}", imported.body);

    let b = app.browser();
    let ranking = format!("/season/{season}/ranking");
    let one = b.get(&ranking).await;
    let pager = |page: &Page| Pager::read(page.assert_ok(), "#ranking-pages").expect("the page links");
    let at = |n: u32| format!("{ranking}?page={n}");
    let (two, three) = (b.get(&at(2)).await, b.get(&at(3)).await);
    let (one_links, two_links, three_links) = (pager(&one), pager(&two), pager(&three));
    assert_eq!((one_links.current, &one_links.numbers[..]), (1, &[1, 2, 3][..]), "{one_links:?}");
    assert_eq!((one_links.prev, one_links.next.as_deref()), (None, Some(at(2).as_str())));
    assert_eq!(one_links.links, [at(2), at(3)], "a link to pages 2 and 3");
    assert_eq!(one_links.labels.1, "Następna strona", "Polish labels");
    assert_eq!(two_links.labels, ("Poprzednia strona".to_string(), "Następna strona".to_string()));
    one.assert_lacks("Next page");
    assert_eq!(persons(&one.body).len(), 100);
    assert_eq!(b.get(&at(1)).await.body, one.body, "page 1 is the default");
    assert_eq!((two_links.current, &two_links.numbers[..]), (2, &[1, 2, 3][..]), "{two_links:?}");
    assert_eq!((two_links.prev, two_links.next), (Some(at(1)), Some(at(3))));
    assert_eq!((three_links.current, three_links.prev, three_links.next), (3, Some(at(2)), None));
    let (p1, p2, p3) = (persons(&one.body), persons(&two.body), persons(&three.body));
    assert_eq!((p1.len(), p2.len(), p3.len()), (100, 100, 30));
    let all: BTreeSet<i64> = p1.iter().chain(&p2).chain(&p3).copied().collect();
    assert_eq!(all.len(), 230, "every person on exactly one page");
    // Past the last page: the last; not a number: the first.
    assert_eq!(persons(&b.get(&format!("{ranking}?page=9")).await.body), p3);
    assert_eq!(persons(&b.get(&format!("{ranking}?page=x")).await.body), p1);
    // In English.
    let en = app.browser();
    en.get("/lang/en").await;
    let en_two = en.get(&format!("{ranking}?page=2")).await;
    en_two.assert_contains("Page 2 of 3.");
    assert_eq!(
        pager(&en_two).labels,
        ("Previous page".to_string(), "Next page".to_string()),
        "English labels"
    );
    // The CSV: a header and every person.
    let csv = b.get(&format!("/season/{season}/export/ranking.csv")).await;
    assert_eq!(csv.body.trim_end().lines().count(), 231);
    app.stop().await;
}
