//! The two migration sets, `migrations/sqlite/` and `migrations/postgres/`, are kept in step: the same
//! versions, and after all of them the same schema (tables, columns with their types mapped,
//! nullability, defaults and generated ids, primary keys, unique keys and indexes, foreign keys, and
//! the allowed values of every CHECK). Both schemas are read back from real databases through their
//! catalogues, never from the SQL text of the migrations.

use crate::helpers::*;
use sqlx::Row;
use std::collections::{BTreeMap, BTreeSet};

/// A column as both databases can describe it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Column {
    /// The PostgreSQL type, or for SQLite the PostgreSQL types its declared type may stand for.
    ty: String,
    not_null: bool,
    /// Normalised: numbers and booleans as integers, strings quoted with `'`.
    default: Option<String>,
    /// Ids the database assigns (SQLite's `INTEGER PRIMARY KEY`, PostgreSQL's identity columns).
    generated: bool,
}

#[derive(Debug, Default, PartialEq, Eq)]
struct Table {
    columns: BTreeMap<String, Column>,
    primary_key: Vec<String>,
    /// (columns, unique) of every index that is not the primary key's.
    indexes: BTreeSet<(Vec<String>, bool)>,
    /// (column, referenced table, referenced column).
    foreign_keys: BTreeSet<(String, String, String)>,
    /// Column → the values its CHECK allows.
    checks: BTreeMap<String, BTreeSet<String>>,
}

type Schema = BTreeMap<String, Table>;

/// `'a', 'b'` or `'a'::text, 'b'::text` → {a, b}.
fn quoted_values(list: &str) -> BTreeSet<String> {
    list.split('\'').skip(1).step_by(2).map(str::to_string).collect()
}

/// `CHECK (col IN ('a', 'b'))` in a SQLite table's SQL (the column constraints, also those added by
/// `ALTER TABLE … ADD COLUMN`, which SQLite folds into the stored statement).
fn sqlite_checks(sql: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut checks = BTreeMap::new();
    let mut rest = sql;
    while let Some(at) = rest.find("CHECK (") {
        let body = &rest[at + "CHECK (".len()..];
        let column = body.split_whitespace().next().unwrap_or("").to_string();
        let list_start = body.find("IN (").expect("a CHECK of the form `col IN (…)`") + "IN (".len();
        let list_end = list_start + body[list_start..].find(')').unwrap();
        checks.insert(column, quoted_values(&body[list_start..list_end]));
        rest = &body[list_end..];
    }
    checks
}

fn normalise_default(raw: Option<String>) -> Option<String> {
    let raw = raw?;
    let value = raw.split("::").next().unwrap_or(&raw).trim().to_string();
    Some(match value.as_str() {
        "false" | "FALSE" => "0".to_string(),
        "true" | "TRUE" => "1".to_string(),
        _ => value,
    })
}

/// The PostgreSQL types a SQLite declared type stores (integers and flags as INTEGER; text, dates and
/// JSON as TEXT).
fn sqlite_type(declared: &str) -> &'static str {
    match declared {
        "INTEGER" => "bigint|boolean",
        "TEXT" => "text|date|jsonb",
        other => panic!("SQLite column of a type we do not use: {other}"),
    }
}

async fn sqlite_schema(url: &str) -> Schema {
    let db = sqlx::SqlitePool::connect(&format!("{url}?mode=rwc")).await.unwrap();
    let migrator = sqlx::migrate::Migrator::new(migrations_dir("sqlite").as_path()).await.unwrap();
    migrator.run(&db).await.unwrap();
    let tables: Vec<(String, String)> = sqlx::query_as(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
         AND name <> '_sqlx_migrations'",
    )
    .fetch_all(&db)
    .await
    .unwrap();
    let mut schema = Schema::new();
    for (name, sql) in tables {
        let mut table = Table { checks: sqlite_checks(&sql), ..Table::default() };
        let columns =
            sqlx::query("SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info($1)")
                .bind(&name)
                .fetch_all(&db)
                .await
                .unwrap();
        let keys: Vec<(String, String, String)> =
            sqlx::query_as("SELECT \"from\", \"table\", \"to\" FROM pragma_foreign_key_list($1)")
                .bind(&name)
                .fetch_all(&db)
                .await
                .unwrap();
        table.foreign_keys = keys.into_iter().collect();
        let mut pk: Vec<(i64, String)> = Vec::new();
        for c in &columns {
            let (column, ty, pk_at): (String, String, i64) = (c.get(0), c.get(1), c.get(4));
            if pk_at > 0 {
                pk.push((pk_at, column.clone()));
            }
            // SQLite assigns an INTEGER PRIMARY KEY when none is given; one that is also a foreign key
            // (a row extending another table's, as `recordings.game_id`) is always given.
            let generated = pk_at == 1
                && ty == "INTEGER"
                && columns.iter().filter(|c| c.get::<i64, _>(4) > 0).count() == 1
                && !table.foreign_keys.iter().any(|(from, _, _)| *from == column);
            table.columns.insert(
                column,
                Column {
                    ty: sqlite_type(&ty).to_string(),
                    // A primary key is never null: PostgreSQL says so, SQLite's legacy rule would allow it
                    // in a non-INTEGER key, which no query writes.
                    not_null: c.get::<bool, _>(2) || pk_at > 0,
                    default: normalise_default(c.get(3)),
                    generated,
                },
            );
        }
        pk.sort();
        table.primary_key = pk.into_iter().map(|(_, c)| c).collect();
        let indexes: Vec<(String, bool, String)> =
            sqlx::query_as("SELECT name, \"unique\", origin FROM pragma_index_list($1)")
                .bind(&name)
                .fetch_all(&db)
                .await
                .unwrap();
        for (index, unique, origin) in indexes {
            if origin == "pk" {
                continue;
            }
            let columns: Vec<(String,)> =
                sqlx::query_as("SELECT name FROM pragma_index_info($1) ORDER BY seqno")
                    .bind(&index)
                    .fetch_all(&db)
                    .await
                    .unwrap();
            table.indexes.insert((columns.into_iter().map(|(c,)| c).collect(), unique));
        }

        schema.insert(name, table);
    }
    db.close().await;
    schema
}

async fn postgres_schema(url: &str) -> Schema {
    let db = sqlx::PgPool::connect(url).await.unwrap();
    let migrator = sqlx::migrate::Migrator::new(migrations_dir("postgres").as_path()).await.unwrap();
    migrator.run(&db).await.unwrap();
    let tables: Vec<(String,)> = sqlx::query_as(
        "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema() \
         AND table_type = 'BASE TABLE' AND table_name <> '_sqlx_migrations'",
    )
    .fetch_all(&db)
    .await
    .unwrap();
    let mut schema = Schema::new();
    for (name,) in tables {
        let mut table = Table::default();
        let columns: Vec<(String, String, String, Option<String>, String)> = sqlx::query_as(
            "SELECT column_name::text, data_type::text, is_nullable::text, column_default::text, is_identity::text \
             FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1",
        )
        .bind(&name)
        .fetch_all(&db)
        .await
        .unwrap();
        for (column, ty, nullable, default, identity) in columns {
            let ty = match ty.as_str() {
                "bigint" | "boolean" | "text" | "date" | "jsonb" => ty,
                other => {
                    panic!("{name}.{column}: a PostgreSQL type the SQLite schema cannot mirror: {other}")
                }
            };
            table.columns.insert(
                column,
                Column {
                    ty,
                    not_null: nullable == "NO",
                    default: normalise_default(default),
                    generated: identity == "YES",
                },
            );
        }
        // Every index with its columns in order; the primary key's apart.
        let indexes: Vec<(bool, bool, String)> = sqlx::query_as(
            "SELECT ix.indisunique, ix.indisprimary, \
                    array_to_string(ARRAY(SELECT a.attname::text FROM unnest(ix.indkey) WITH ORDINALITY k(attnum, ord) \
                    JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum ORDER BY k.ord), ',') \
             FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid \
             WHERE t.relname = $1 AND t.relnamespace = current_schema()::regnamespace",
        )
        .bind(&name)
        .fetch_all(&db)
        .await
        .unwrap();
        for (unique, primary, columns) in indexes {
            let columns: Vec<String> = columns.split(',').map(str::to_string).collect();
            if primary {
                table.primary_key = columns;
            } else {
                table.indexes.insert((columns, unique));
            }
        }
        let keys: Vec<(String, String, String)> = sqlx::query_as(
            "SELECT a.attname::text, r.relname::text, ra.attname::text FROM pg_constraint c \
             JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid \
             JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1] \
             JOIN pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = c.confkey[1] \
             WHERE c.contype = 'f' AND t.relname = $1 AND t.relnamespace = current_schema()::regnamespace",
        )
        .bind(&name)
        .fetch_all(&db)
        .await
        .unwrap();
        table.foreign_keys = keys.into_iter().collect();
        let checks: Vec<(String,)> = sqlx::query_as(
            "SELECT pg_get_constraintdef(c.oid) FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid \
             WHERE c.contype = 'c' AND t.relname = $1 AND t.relnamespace = current_schema()::regnamespace",
        )
        .bind(&name)
        .fetch_all(&db)
        .await
        .unwrap();
        for (def,) in checks {
            // CHECK ((col = ANY (ARRAY['a'::text, 'b'::text])))
            let column =
                def.trim_start_matches("CHECK ").trim_start_matches('(').split_whitespace().next().unwrap();
            table.checks.insert(column.to_string(), quoted_values(&def));
        }
        schema.insert(name, table);
    }
    db.close().await;
    schema
}

fn migrations_dir(backend: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations").join(backend)
}

fn migration_files(backend: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(migrations_dir(backend))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Does the SQLite column (its possible types) mirror the PostgreSQL one?
fn mirrors(sqlite: &Column, postgres: &Column) -> bool {
    sqlite.ty.split('|').any(|t| t == postgres.ty)
        && sqlite.not_null == postgres.not_null
        && sqlite.default == postgres.default
        && sqlite.generated == postgres.generated
}

#[actix_rt::test]
async fn both_migration_sets_have_the_same_versions() {
    let sqlite = migration_files("sqlite");
    assert!(sqlite.len() >= 9, "{sqlite:?}");
    assert_eq!(sqlite, migration_files("postgres"), "every SQLite migration has its PostgreSQL twin");
}

#[actix_rt::test]
async fn the_sqlite_and_postgres_schemas_match() {
    let dir = fresh_dir();
    let sqlite = sqlite_schema(&format!("sqlite://{}", dir.join("schema.db").display())).await;
    // The reader sees what it should on the schema we know, whichever backend runs the suite.
    let games = &sqlite["games"];
    assert_eq!(games.checks["log_status"], ["invalid", "none", "valid"].map(String::from).into());
    assert!(games.indexes.contains(&(vec!["match_id".into(), "game_no".into()], true)));
    assert!(games.foreign_keys.contains(&("match_id".into(), "matches".into(), "id".into())));
    assert!(games.columns["id"].generated && !games.columns["game_no"].generated);
    assert_eq!(sqlite["tournament_roles"].primary_key, ["tournament_id", "user_id", "role"]);

    let Some(_) = postgres_url() else {
        eprintln!("schema comparison with PostgreSQL skipped: BITWA_TEST_POSTGRES_URL is not set");
        return;
    };
    let postgres = postgres_schema(&database_url_named(&dir, "schema").await).await;
    assert_eq!(sqlite.keys().collect::<Vec<_>>(), postgres.keys().collect::<Vec<_>>(), "the same tables");
    for (name, s) in &sqlite {
        let p = &postgres[name];
        assert_eq!(
            s.columns.keys().collect::<Vec<_>>(),
            p.columns.keys().collect::<Vec<_>>(),
            "{name}: columns"
        );
        for (column, sc) in &s.columns {
            let pc = &p.columns[column];
            assert!(mirrors(sc, pc), "{name}.{column}: SQLite {sc:?} does not mirror PostgreSQL {pc:?}");
        }
        assert_eq!(s.primary_key, p.primary_key, "{name}: primary key");
        assert_eq!(s.indexes, p.indexes, "{name}: unique keys and indexes");
        assert_eq!(s.foreign_keys, p.foreign_keys, "{name}: foreign keys");
        assert_eq!(s.checks, p.checks, "{name}: CHECK constraints");
    }
}
