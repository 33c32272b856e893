//! (key, Polish, English) for "why these pairings?": the score groups, who was paired across them and
//! why, the pairing criteria in their order, who got the bye and who could not.

pub(super) const TABLE: &[(&str, &str, &str)] = &[
    (
        "explanation_text",
        "Wyjaśnienie w formie tekstu (numery graczy)",
        "Plain-text explanation (player numbers)",
    ),
    ("score_groups", "Grupy punktowe", "Score groups"),
    ("floaters", "Gracze przesunięci między grupami", "Players paired across score groups"),
    (
        "everyone_in_group",
        "Wszyscy grają w swoich grupach punktowych.",
        "Everyone plays inside their score group.",
    ),
    ("odd_group", "grupa ma nieparzystą liczbę graczy", "the group has an odd number of players"),
    ("already_met", "już po meczu z tą osobą:", "already played this player:"),
    ("forbidden_with", "zakaz organizatora dla pary z tą osobą:", "forbidden by the organiser with:"),
    (
        "rest_of_field",
        "wymagało tego skojarzenie reszty pola bez powtórek, przy najmniejszych różnicach punktów",
        "pairing the rest of the field without rematches, at the smallest score differences, needed it",
    ),
    (
        "skipped_groups",
        "nikt z grup punktowych pomiędzy nie mógł zagrać z tą osobą bez powtórki ani większej różnicy punktów gdzie indziej",
        "nobody in the score groups between could play them without a rematch or a larger difference elsewhere",
    ),
    ("float_difference", "różnica", "apart by"),
    ("float_why", "Dlaczego:", "Why:"),
    ("criteria_order", "Kryteria kojarzenia, od najważniejszego", "Pairing criteria, most important first"),
    (
        "criterion_rematch_bye",
        "nikt nie gra dwa razy z tą samą osobą; najwyżej jeden wolny los na osobę",
        "nobody meets the same opponent twice; at most one bye each",
    ),
    ("criterion_forbidden", "pary zakazane przez organizatora", "the organiser's forbidden pairs"),
    (
        "criterion_bye_score",
        "wolny los dla osoby z najniższej grupy punktowej, w której da się go przydzielić",
        "the bye to a player of the lowest score that allows a pairing",
    ),
    (
        "criterion_differences",
        "różnice punktów, od największej: żadna para dalej od siebie niż trzeba, potem jak najmniej par z taką różnicą i tak dalej w dół",
        "score differences, the largest first: no pair further apart than needed, then the fewest pairs at that difference, and so on down",
    ),
    (
        "criterion_floaters",
        "jak najmniej par spoza jednej grupy punktowej",
        "the fewest pairs across score groups",
    ),
    (
        "criterion_bye_rank",
        "wolny los dla najniżej sklasyfikowanej takiej osoby, która go jeszcze nie miała",
        "the bye to the lowest-ranked such player who has not had one",
    ),
    (
        "criterion_halves",
        "w grupie punktowej górna połowa gra z dolną",
        "top half against bottom half within a score group",
    ),
    (
        "criterion_red_first",
        "kto zaczyna czerwonymi, na zmianę z poprzednią rundą",
        "who commands Red first alternates with the last round",
    ),
    (
        "bye_lowest",
        "najniżej sklasyfikowana osoba bez wolnego losu",
        "the lowest-ranked player without a bye",
    ),
    (
        "bye_passed_over",
        "osoby niżej w klasyfikacji, bez wolnego losu, nie mogły go dostać",
        "lower-ranked players without a bye could not take it",
    ),
    ("had_bye", "wolny los już wykorzystany:", "already had a bye:"),
    ("not_paired", "Nie kojarzeni", "Not paired"),
    ("joins_in_round", "dołącza w rundzie", "joins in round"),
    (
        "forbidden_paired",
        "Zakazane pary, których nie dało się uniknąć",
        "Forbidden pairs that could not be avoided",
    ),
    ("why", "Dlaczego te kojarzenia?", "Why these pairings?"),
];
