-- Which referee looks after which table of a round. A table without a row is anyone's.
CREATE TABLE table_referees (
    round_id BIGINT NOT NULL REFERENCES rounds(id),
    table_no BIGINT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id),
    PRIMARY KEY (round_id, table_no)
);
