//! The anchor of the page measurements (`scripts/measure-pages.sh`): the smallest actix-web server
//! that serves a 2 KB HTML page, on the same machine, the same build profile and the same actix-web
//! version as the service, measured in the same run. Page targets are stated relative to it, so a
//! slower or busier machine moves both figures together.
//!
//! Run: `cargo run --release --example hello -- 127.0.0.1:8090`.

use actix_web::{App, HttpResponse, HttpServer, web};

/// A 2,048-byte HTML page (a table of pairings, about what a small public page weighs).
fn page() -> String {
    let mut html = String::from(
        "<!doctype html><html lang=\"pl\"><head><meta charset=\"utf-8\"><title>Hello</title></head><body><table>\n",
    );
    let end = "</table></body></html>\n";
    let mut table = 1;
    while html.len() + end.len() < 2048 {
        let row = format!("<tr><td>{table}</td><td>Gracz {table}</td><td>Gracz {}</td></tr>\n", table + 1);
        if html.len() + row.len() + end.len() > 2048 {
            break;
        }
        html.push_str(&row);
        table += 1;
    }
    while html.len() + end.len() < 2048 {
        html.push(' ');
    }
    html.push_str(end);
    html
}

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let bind = std::env::args().nth(1).unwrap_or_else(|| "127.0.0.1:8090".to_string());
    let body = web::Bytes::from(page());
    assert_eq!(body.len(), 2048);
    println!("hello: serving a {}-byte page on http://{bind}/", body.len());
    HttpServer::new(move || {
        let body = body.clone();
        App::new().route(
            "/",
            web::get().to(move || {
                let body = body.clone();
                async move { HttpResponse::Ok().content_type("text/html; charset=utf-8").body(body) }
            }),
        )
    })
    .bind(bind)?
    .run()
    .await
}
