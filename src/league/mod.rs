//! Tournament logic: match outcome, scoring, Swiss pairing, standings, knockout, deck checks. Pure: no I/O.
