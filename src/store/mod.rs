//! Storage through sqlx: one small module per aggregate; migrations embedded.
