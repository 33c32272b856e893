-- Issue 20: two persons the organiser said are different people ("to różne osoby"), so the
-- persons page does not ask about the pair again. Lower id first; who said so and when.
CREATE TABLE persons_apart (
    low BIGINT NOT NULL REFERENCES persons(id),
    high BIGINT NOT NULL REFERENCES persons(id),
    user_id BIGINT REFERENCES users(id),
    at TEXT NOT NULL,
    PRIMARY KEY (low, high)
);
