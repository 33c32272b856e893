-- Which referee looks after which table of a round (assigned by the organiser; "my tables" lists a
-- referee's own tables first). A table without a row is anyone's.
CREATE TABLE table_referees (
    round_id INTEGER NOT NULL REFERENCES rounds(id),
    table_no INTEGER NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id),
    PRIMARY KEY (round_id, table_no)
);
