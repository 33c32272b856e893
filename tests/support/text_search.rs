//! Where a text stands in a database: every column of every table, both enumerated from the
//! schema at run time (SQLite's `sqlite_master` and `pragma_table_info`, PostgreSQL's
//! `information_schema.columns`), each value cast to text, so a table or column added later is
//! searched too.

/// `table.column` of every column holding one of `needles` (as `table.column: needle`).
pub async fn holding(url: &str, needles: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    if url.starts_with("sqlite:") {
        let pool = sqlx::SqlitePool::connect(url).await.expect("the SQLite file opens");
        let tables: Vec<(String,)> = sqlx::query_as(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
        )
        .fetch_all(&pool)
        .await
        .expect("the tables");
        for (table,) in tables {
            let columns: Vec<(String,)> = sqlx::query_as("SELECT name FROM pragma_table_info($1)")
                .bind(&table)
                .fetch_all(&pool)
                .await
                .expect("the columns");
            for (column,) in columns {
                for needle in needles {
                    // Names from the schema itself: safe to splice.
                    let sql =
                        format!("SELECT COUNT(*) FROM \"{table}\" WHERE CAST(\"{column}\" AS TEXT) LIKE $1");
                    let (n,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql))
                        .bind(format!("%{needle}%"))
                        .fetch_one(&pool)
                        .await
                        .expect("the search");
                    if n > 0 {
                        found.push(format!("{table}.{column}: {needle}"));
                    }
                }
            }
        }
        pool.close().await;
    } else {
        let pool = sqlx::PgPool::connect(url).await.expect("the PostgreSQL database opens");
        let columns: Vec<(String, String)> = sqlx::query_as(
            "SELECT table_name::TEXT, column_name::TEXT FROM information_schema.columns \
             WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position",
        )
        .fetch_all(&pool)
        .await
        .expect("the columns");
        for (table, column) in columns {
            for needle in needles {
                let sql =
                    format!("SELECT COUNT(*) FROM \"{table}\" WHERE CAST(\"{column}\" AS TEXT) LIKE $1");
                let (n,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql))
                    .bind(format!("%{needle}%"))
                    .fetch_one(&pool)
                    .await
                    .expect("the search");
                if n > 0 {
                    found.push(format!("{table}.{column}: {needle}"));
                }
            }
        }
        pool.close().await;
    }
    found
}
