//! (key, Polish, English) for authority (issue 36): proposals of merges awaiting the registry's
//! owner, and the persons pages' words about them.

pub(super) const TABLE: &[(&str, &str, &str)] = &[
    ("proposals", "Propozycje połączenia osób", "Proposed merges of persons"),
    (
        "proposals_help",
        "Organizator albo koordynator zaproponował połączenie osób (albo uznanie ich za różne), choć jedna z nich gra także w turniejach, którymi nie zarządza. Potwierdza administrator albo koordynatorzy każdego sezonu, którego to dotyczy.",
        "An organiser or coordinator proposed merging persons (or calling them different people) though one of them also plays in events they do not run. An administrator, or the coordinators of every season concerned, confirm it.",
    ),
    ("proposals_none", "Żadna propozycja nie czeka na decyzję.", "No proposal awaits a decision."),
    ("proposal_merge", "ta sama osoba (połączenie)", "the same person (merge)"),
    ("proposal_apart", "różne osoby", "different people"),
    ("proposal_asked_by", "zaproponowano", "proposed"),
    (
        "proposal_waiting_for",
        "czeka jeszcze na koordynatorów sezonów",
        "still waits for the coordinators of seasons",
    ),
    ("proposal_confirm", "Potwierdź", "Confirm"),
    ("proposal_refuse", "Odrzuć", "Refuse"),
    ("proposal_events", "turnieje", "events"),
    (
        "proposal_sent",
        "Jedna z tych osób gra także w turniejach, którymi nie zarządzasz: zapisano propozycję. Zmiana nastąpi, gdy potwierdzi ją administrator albo koordynator sezonu.",
        "One of these persons also plays in events you do not run: a proposal was recorded. The change is made once an administrator or the season's coordinator confirms it.",
    ),
    ("proposal_pending", "czeka na potwierdzenie", "awaits confirmation"),
    ("proposal_done", "Propozycję potwierdzono i wykonano.", "The proposal was confirmed and carried out."),
    (
        "proposal_partly",
        "Potwierdzono dla Twoich sezonów; czeka jeszcze na koordynatorów pozostałych.",
        "Confirmed for your seasons; it still waits for the other seasons' coordinators.",
    ),
    ("proposal_refused", "Propozycję odrzucono.", "The proposal was refused."),
    ("person_kept", "Osoba zachowana", "Person kept"),
    ("person_merged", "Osoba dołączana", "Person merged"),
    (
        "form_malformed",
        "W formularzu brakuje pola albo pole ma niepoprawną wartość",
        "A field of the form is missing or has a wrong value",
    ),
    (
        "form_reload",
        "Wczytaj stronę ponownie i wyślij formularz jeszcze raz.",
        "Reload the page and send the form again.",
    ),
    (
        "persons_undo_not_yours",
        "cofnąć może administrator albo koordynator sezonu",
        "an administrator or the season's coordinator may undo it",
    ),
];
