//! A round's pairings by name, for the noticeboard: every player of the round in alphabetical
//! order of surname (the name's last word, then the whole name), Polish letters in Polish order
//! (a, ą, b, c, ć, …), each with the table, the side commanded in game 1 and the opponent. The
//! pairings page lists the same round by table; both print on A4 without the site's frame.

use crate::store::rounds::Round;
use crate::store::tournaments::Tournament;
use crate::store::{PlayerId, Store};
use crate::web::error::WebError;
use crate::web::extract::ctx::Ctx;
use crate::web::extract::public_page::PublicPage;
use crate::web::routes::public::roles;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;

/// One player's line on the noticeboard.
struct NameLine<'a> {
    id: PlayerId,
    name: &'a str,
    /// `None` for a bye.
    table: Option<i64>,
    /// Commands Red in game 1 (the match's first-named player).
    red_first: bool,
    opponent: Option<(PlayerId, &'a str)>,
}

#[derive(Template)]
#[template(path = "public/names.html")]
struct NamesPage<'a> {
    ctx: &'a Ctx,
    t: &'a Tournament,
    round: &'a Round,
    lines: Vec<NameLine<'a>>,
}

pub async fn by_name(
    req: HttpRequest,
    ctx: Ctx,
    db: web::Data<Store>,
    mut page: PublicPage,
    path: web::Path<(i64, i64)>,
) -> Result<HttpResponse, WebError> {
    if let Some(hit) = page.cached() {
        return Ok(hit);
    }
    let view = &page.view;
    let (organiser, _) = roles(&ctx, &db, view.t()).await?;
    let round = view.round(path.1, organiser).ok_or(WebError::NotFound)?;
    let mut lines = Vec::new();
    for m in view.lines_of_round(round) {
        let table = (!m.is_bye).then_some(m.table);
        let b = m.b_id.map(|b| (b, m.b_name.as_str()));
        lines.push(NameLine { id: m.a_id, name: &m.a_name, table, red_first: true, opponent: b });
        if let Some((b, b_name)) = b {
            lines.push(NameLine {
                id: b,
                name: b_name,
                table,
                red_first: false,
                opponent: Some((m.a_id, &m.a_name)),
            });
        }
    }
    lines.sort_by_cached_key(|l| (noticeboard_key(l.name), l.id));
    page.render(&req, &NamesPage { ctx: &ctx, t: view.t(), round, lines })
}

/// The order a name takes on the noticeboard: its surname (the last word), then the whole name,
/// compared letter by letter in the Polish alphabet (each accented letter right after its base
/// letter: a ą b c ć d e ę … l ł … n ń o ó … s ś … z ź ż), case ignored.
fn noticeboard_key(name: &str) -> (PolishWord, PolishWord) {
    let surname = name.split_whitespace().last().unwrap_or(name);
    (polish_letters(surname), polish_letters(name))
}

/// A text's letters as the Polish alphabet orders them: the base letter, then 0 for the plain one
/// and 1 or 2 for its accented forms.
type PolishWord = Vec<(char, u8)>;

fn polish_letters(text: &str) -> PolishWord {
    text.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'ą' => ('a', 1),
            'ć' => ('c', 1),
            'ę' => ('e', 1),
            'ł' => ('l', 1),
            'ń' => ('n', 1),
            'ó' => ('o', 1),
            'ś' => ('s', 1),
            'ź' => ('z', 1),
            'ż' => ('z', 2),
            c => (c, 0),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn surnames_come_in_the_order_of_the_polish_alphabet() {
        // Typed from the Polish alphabet: a ą b c ć … l ł … o ó … s ś … z ź ż.
        let mut names = vec![
            "Ewa Żak",
            "Jan Zając",
            "Ola Źrebiec",
            "Piotr Łoś",
            "Adam Lis",
            "Maja Ślęzak",
            "Iga Sowa",
            "Kamil Ćwik",
            "Ala Cichy",
            "Zofia lis",
        ];
        names.sort_by_cached_key(|n| noticeboard_key(n));
        assert_eq!(
            names,
            [
                "Ala Cichy",
                "Kamil Ćwik",
                "Adam Lis",
                "Zofia lis",
                "Piotr Łoś",
                "Iga Sowa",
                "Maja Ślęzak",
                "Jan Zając",
                "Ola Źrebiec",
                "Ewa Żak"
            ]
        );
    }
}
