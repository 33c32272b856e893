//! Polish: the league's words (znaczniki rozkazów, znacznik natarcia, rezerwa, talia, rozproszona). The
//! sides are "strona czerwona" and "strona polska" (feminine nouns, so every verb and adjective agrees and
//! no sentence assumes the player's gender); units are "jednostka R3A", cards "karta R06", spaces "pole d5".

use super::{clock, list};
use crate::engine::edition::CardEffect;
use crate::engine::error::{Awaited, DrawOccasion, Kind, Place, Rule, Section, Seen, Slot, Syntax};
use crate::engine::ids::Colour;
use crate::engine::situation::{Detail, Reserve, Situation};
use crate::engine::state::Status;
use crate::outcome::Side;
use std::fmt::Write as _;

/// Polish plural: `1 karta`, `2 karty` (also 3, 4, 22 ...), `5 kart` (also 0, 12 ... 14).
fn plural<'a>(n: u64, one: &'a str, few: &'a str, many: &'a str) -> &'a str {
    let (d, h) = (n % 10, n % 100);
    if n == 1 {
        one
    } else if (2..=4).contains(&d) && !(12..=14).contains(&h) {
        few
    } else {
        many
    }
}

/// `3 karty` (nominative).
fn cards(n: impl Into<u64>) -> String {
    let n = n.into();
    format!("{n} {}", plural(n, "karta", "karty", "kart"))
}
/// `3 karty` / `1 kartę` (accusative: after "wybrać", "pokazać").
fn cards_acc(n: impl Into<u64>) -> String {
    let n = n.into();
    format!("{n} {}", plural(n, "kartę", "karty", "kart"))
}
/// `1 karty` / `3 kart` (genitive: after "dobranie").
fn cards_gen(n: impl Into<u64>) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { "karty" } else { "kart" })
}

/// `czerwona` / `polska`: the side's adjective, in the case the sentence needs.
fn adj(s: Side, case: Case) -> &'static str {
    match (s, case) {
        (Side::Red, Case::Nom) => "czerwona",
        (Side::Red, Case::Gen) => "czerwonej",
        (Side::Red, Case::Acc) => "czerwoną",
        (Side::Polish, Case::Nom) => "polska",
        (Side::Polish, Case::Gen) => "polskiej",
        (Side::Polish, Case::Acc) => "polską",
    }
}

#[derive(Clone, Copy)]
enum Case {
    Nom,
    Gen,
    Acc,
}

/// `strona czerwona` (nominative).
fn side(s: Side) -> String {
    format!("strona {}", adj(s, Case::Nom))
}
/// `strony czerwonej` (genitive).
fn side_gen(s: Side) -> String {
    format!("strony {}", adj(s, Case::Gen))
}
/// `stronę czerwoną` (accusative).
fn side_acc(s: Side) -> String {
    format!("stronę {}", adj(s, Case::Acc))
}

fn place(p: Place) -> &'static str {
    match p {
        Place::Deck => "w talii",
        Place::Reserve => "w rezerwie",
        Place::DiscardPile => "na stosie kart odrzuconych",
        Place::Combat => "w walce",
    }
}

/// After "teraz nie pora na" (accusative).
fn kind(k: Kind) -> &'static str {
    match k {
        Kind::Draw => "dobranie karty",
        Kind::ExtraMarkers => "dodatkowe znaczniki strony czerwonej",
        Kind::Pass => "pasowanie",
        Kind::Pillage => "grabież",
        Kind::March => "marsz",
        Kind::Attack => "natarcie",
        Kind::Halt => "zakończenie rozkazu",
        Kind::Play => "zagranie karty akcji",
        Kind::Resolve => "wybór ataku do rozstrzygnięcia",
        Kind::Select => "wybór kart",
        Kind::SetAside => "odłożenie karty",
        Kind::Pull => "dobranie karty przeciwnika",
        Kind::FieldFortifications => "Umocnienia polowe",
        Kind::Strength => "porównanie sił",
        Kind::Retreat => "odwrót",
        Kind::Advance => "wkroczenie na zwolnione pole",
        Kind::Hold => "pozostanie na miejscu",
        Kind::Resign => "poddanie partii",
    }
}

fn occasion(o: DrawOccasion) -> &'static str {
    match o {
        DrawOccasion::Setup => "karty startowe",
        DrawOccasion::Pillage => "grabież",
        DrawOccasion::AfterCombat => "po walce",
        DrawOccasion::Cleanup => "faza porządkowa",
    }
}

/// What the game waits for, as a clause: "gra czeka na …", or "partia zakończona" once nothing is
/// awaited.
fn waiting(a: &Awaited) -> String {
    match a {
        Awaited::Nothing => "partia zakończona".into(),
        other => format!("gra czeka na {}", awaited(other)),
    }
}

/// After "gra czeka na" (accusative).
fn awaited(a: &Awaited) -> String {
    match a {
        Awaited::Draw { side: s, left, occasion: o } => {
            format!("dobranie przez {} jeszcze {} ({})", side_acc(*s), cards_gen(*left), occasion(*o))
        }
        Awaited::ExtraMarkers => "2 dodatkowe znaczniki rozkazów strony czerwonej".into(),
        Awaited::Action { side: s } => format!("akcję {}", side_gen(*s)),
        Awaited::Command { side: s, unit } => {
            format!("dalsze rozkazy {} dla jednostki {unit} albo ich zakończenie", side_gen(*s))
        }
        Awaited::ChooseAttack { side: s } => format!("wybór następnego ataku przez {}", side_acc(*s)),
        Awaited::Select { side: s } => format!("wybór kart przez {}", side_acc(*s)),
        Awaited::SetAside { side: s } => format!("odłożenie wybranej karty przez {}", side_acc(*s)),
        Awaited::Pull { side: s } => {
            format!("dobranie przez {} jednej z zakrytych kart przeciwnika", side_acc(*s))
        }
        Awaited::FieldFortifications { side: s } => {
            format!("decyzję {} o Umocnieniach polowych", side_gen(*s))
        }
        Awaited::Strength { .. } => "podanie sił w walce".into(),
        Awaited::Retreat { unit, .. } => format!("odwrót jednostki {unit}"),
        Awaited::Advance { unit, .. } => {
            format!("wkroczenie jednostki {unit} na zwolnione pole albo pozostanie na miejscu")
        }
        Awaited::Nothing => "koniec partii".into(),
    }
}

fn seen(w: Seen) -> &'static str {
    match w {
        Seen::SetAside => "odłożoną kartę widzą obie strony",
        Seen::FieldFortifications => "karta zwracana przez Umocnienia polowe leży odkryta",
        Seen::Played => "zagraną kartę widzą obie strony",
        Seen::Revealed => "pokazaną kartę widzą obie strony",
        Seen::Discarded => "odrzuconą kartę widzą obie strony",
    }
}

/// What is missing (nominative, after a colon).
fn slot(s: Slot) -> &'static str {
    match s {
        Slot::Side => "strona",
        Slot::Verb => "czasownik",
        Slot::PillagingUnit => "jednostka, która grabi",
        Slot::CardDrawn => "dobrana karta",
        Slot::CommandedUnit => "jednostka, która dostaje rozkaz",
        Slot::AttackedUnit => "atakowana jednostka",
        Slot::CardPlayed => "zagrana karta",
        Slot::Effect => "efekt karty",
        Slot::AttackingUnit => "jednostka atakująca",
        Slot::DefendingUnit => "jednostka broniąca się",
        Slot::CardSetAside => "odłożona karta",
        Slot::CardDrawnBack => "dobrana karta przeciwnika",
        Slot::CardReturned => "zwracana karta",
        Slot::AttackerStrength => "siła strony atakującej",
        Slot::DefenderStrength => "siła strony broniącej się",
        Slot::RetreatSpace => "pole odwrotu",
        Slot::TargetUnit => "jednostka, w którą karta celuje",
        Slot::DiscardedCard => "odrzucona karta",
        Slot::Unit => "jednostka",
        Slot::AssaultedUnit => "jednostka, na którą idzie szturm",
        Slot::RetreatSpaceOrNone => "pole odwrotu albo none",
    }
}

/// `w kolorze niebieskim`.
fn colour(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "niebieskim",
        Colour::Green => "zielonym",
        Colour::Red => "czerwonym",
        Colour::Yellow => "żółtym",
        Colour::White => "białym",
        Colour::None => "żadnym",
    }
}

fn syntax(s: &Syntax) -> String {
    match s {
        Syntax::TagAfterEvents => "nagłówki muszą poprzedzać pierwsze zdarzenie".into(),
        Syntax::TagShape => "nagłówek zapisuje się jako [Nazwa \"wartość\"]".into(),
        Syntax::TagNoValue => "nagłówek potrzebuje wartości".into(),
        Syntax::TagNotQuoted => "wartość nagłówka musi być w cudzysłowie".into(),
        Syntax::TagBackslashAtEnd => "wartość nagłówka kończy się ukośnikiem wstecznym".into(),
        Syntax::TagQuoteInside => "cudzysłów wewnątrz wartości nagłówka zapisuje się jako \\\"".into(),
        Syntax::TagName { name } => format!("nazwa nagłówka „{name}” może zawierać tylko litery i cyfry"),
        Syntax::Clock { text } => format!("odczyt zegara „{text}” nie ma postaci m:ss ani h:mm:ss"),
        Syntax::ClockLineWithoutReading => {
            "wiersz clock wymaga odczytu zegara (pozostały czas w nawiasach klamrowych na końcu wiersza)"
                .into()
        }
        Syntax::UnmatchedBrace => "brakuje nawiasu otwierającego odczyt zegara".into(),
        Syntax::Missing { what } => format!("na końcu wiersza brakuje elementu: {}", slot(*what)),
        Syntax::Expected { word, found } if found.is_empty() => {
            format!("na końcu wiersza brakuje słowa {word}")
        }
        Syntax::Expected { word, found } => format!("oczekiwano słowa {word}, a jest „{found}”"),
        Syntax::Unexpected { token } => format!("nieoczekiwane „{token}” na końcu zdarzenia"),
        Syntax::NotANumber { what, token } => format!("{}: „{token}” nie jest liczbą", slot(*what)),
        Syntax::TooLong { token } => format!("„{token}” ma więcej niż 15 znaków"),
        Syntax::UnknownSide { token } => format!(
            "zdarzenie zaczyna się od strony (red albo polish, czerwoni albo polacy), a nie od „{token}”"
        ),
        Syntax::UnknownVerb { token } => format!("nieznany czasownik „{token}”"),
        Syntax::UnknownEffect { token } => format!("nieznany efekt karty akcji „{token}”"),
        Syntax::Json { line, column, data: true } => {
            format!("zapis w formacie JSON nie odpowiada notacji (wiersz {line}, kolumna {column})")
        }
        Syntax::Json { line, column, data: false } => {
            format!("niepoprawny JSON (wiersz {line}, kolumna {column})")
        }
    }
}

pub(super) fn rule(r: &Rule) -> String {
    match r {
        Rule::NotYourDecision { to_act, side: s } => {
            format!("teraz decyduje strona {}, nie {}", adj(*to_act, Case::Nom), adj(*s, Case::Nom))
        }
        Rule::NotNow { attempted, awaited: a } => {
            format!("teraz nie pora na {}: {}", kind(*attempted), waiting(a))
        }
        Rule::GameOver => "gra już się skończyła".into(),
        Rule::LogEndsEarly => "zapis kończy się, zanim gra się skończyła".into(),
        Rule::Syntax(s) => syntax(s),
        Rule::UnknownCard { token } => format!("„{token}” nie jest kartą (R01..R30, P01..P30)"),
        Rule::UnknownUnit { token, edition } => format!("„{token}” nie jest jednostką wydania {edition}"),
        Rule::UnknownSpace { token, edition } => format!("„{token}” nie jest polem wydania {edition}"),
        Rule::Ambiguous { token } => format!(
            "„{token}” pasuje do kilku nazw, gdy pominąć wielkość liter: zapisz tę nazwę tak jak w wydaniu"
        ),
        Rule::ListedTwice { token } => format!("karta {token} jest wymieniona dwa razy"),
        Rule::UnitCount { expected, got } => format!(
            "wiersz powinien wymienić {expected} {}, a wymienia {got}",
            plural(u64::from(*expected), "jednostkę", "jednostki", "jednostek")
        ),
        Rule::DrawNamesNoCard => {
            "dobranie wymienia dobrane karty (? dla karty, której nikt nie widział)".into()
        }
        Rule::CommandDoesNothing => "rozkaz to marsz, natarcie albo jedno i drugie".into(),
        Rule::NotAscending => "jednostki należy wymienić w porządku rosnącym".into(),
        Rule::NotInEdition => "akcja wymienia jednostkę, pole lub kartę, których nie ma w tym wydaniu".into(),
        Rule::UnseenMustBeNamed { what } => format!(
            "{}: wpisz jej numer (? oznacza tylko kartę, której nikt przy stole nie widział)",
            seen(*what)
        ),
        Rule::ResolveNamesAnotherDefender { attacker, defends, written } => {
            format!("jednostka {attacker} atakuje jednostkę {defends}, a nie {written}")
        }
        Rule::NoActionNoReading => "zdarzenie nie ma ani akcji, ani odczytu zegara".into(),
        Rule::EditionDiffers { log, checked } => {
            format!("zapis dotyczy wydania {log}, a jest sprawdzany według wydania {checked}")
        }
        Rule::RulesDiffer { log, checked } => {
            format!("partię rozegrano według zasad „{log}”, a liga gra według zasad „{checked}”")
        }
        Rule::RulesUnknownWord { value } => format!(
            "Rules wymienia przełączniki odbiegające od standardowych zasad albo „standard”; w „{value}” jest nieznane słowo"
        ),
        Rule::TimeControlUnreadable { value } => {
            format!("TimeControl to liczba sekund dla każdej strony, np. „900”; „{value}” nią nie jest")
        }
        Rule::TimeControlDiffers { log, league } => format!(
            "według zapisu każda strona miała {} czasu do namysłu, a liga gra na {}",
            clock(i32::try_from(*log).unwrap_or(i32::MAX)),
            clock(i32::try_from(*league).unwrap_or(i32::MAX))
        ),
        Rule::WrongDeck { card, side: s } => format!(
            "karta {} należy do talii strony {}, a nie {}",
            card.token(),
            adj(card.side(), Case::Gen),
            adj(*s, Case::Gen)
        ),
        Rule::NotInDeck { card, side: s, place: p } => {
            format!("karty {} nie ma już w talii {} (jest {})", card.token(), side_gen(*s), place(*p))
        }
        Rule::NotInReserve { card, side: s, place: p } => {
            format!("karty {} nie ma w rezerwie {} (jest {})", card.token(), side_gen(*s), place(*p))
        }
        Rule::SelectedNotInReserve { side: s, cards } => {
            let bad: Vec<String> =
                cards.iter().map(|(c, p)| format!("{} ({})", c.token(), place(*p))).collect();
            format!("wybrane karty muszą pochodzić z rezerwy {}: {}", side_gen(*s), bad.join(", "))
        }
        Rule::SelectCount { side: s, need, got } => format!(
            "trzeba wybrać 4 karty albo wszystkie, jeśli jest ich mniej: {} musi wybrać {}, a nie {got}",
            side(*s),
            cards_acc(*need)
        ),
        Rule::TooManyUnseenSelected { side: s, unseen } => format!(
            "najwyżej jedną wybraną kartę można zapisać jako ?: niewidziana zostaje tylko karta dobrana przez przeciwnika ({} zapisała ich {unseen})",
            side(*s)
        ),
        Rule::SetAsideNotSelected { card, side: s } => {
            format!("karty {} nie ma wśród kart wybranych przez {}", card.token(), side_acc(*s))
        }
        Rule::PullNotFaceDown { side: s, owner, card, set_aside } => format!(
            "{} może dobrać tylko jedną z zakrytych kart wybranych przez {}; karta {} do nich nie należy{}",
            side(*s),
            side_acc(*owner),
            card.token(),
            if *set_aside { " (została odłożona)" } else { "" }
        ),
        Rule::PullMustTakeTheUnseen { side: s, owner } => format!(
            "karty zapisanej jako ? w wyborze {} nikt nie zobaczył, więc to ją dobiera {}: wpisz pull ?",
            side_gen(*owner),
            side(*s)
        ),
        Rule::PullUnseenButAllNamed { side: s, owner } => format!(
            "wszystkie karty wybrane przez {} są wymienione, więc karta dobrana przez {} jest znana: wpisz jej numer",
            side_acc(*owner),
            side_acc(*s)
        ),
        Rule::NotFaceUp { card } => format!("karta {} nie leży odkryta w tej walce", card.token()),
        Rule::NotYourUnit { unit, side: s } => format!("jednostka {unit} nie należy do {}", side_gen(*s)),
        Rule::Eliminated { unit } => format!("jednostka {unit} została wyeliminowana"),
        Rule::DefendersNoMarkers => "Obrońcy Warszawy nigdy nie dostają znaczników rozkazów".into(),
        Rule::DefendersNeverMove => "Obrońcy Warszawy nigdy nie maszerują ani nie atakują".into(),
        Rule::OneUnitPerAction { commanding } => format!(
            "w jednej akcji można zdejmować znaczniki tylko z jednej jednostki; rozkazy dostaje teraz jednostka {commanding}"
        ),
        Rule::Engaged { unit } => {
            format!("jednostka {unit} jest związana walką (dotyka jej znacznik natarcia)")
        }
        Rule::AttackedThisRound { unit } => {
            format!("jednostka {unit} już nacierała w tej rundzie: natarcie kończy jej działania w rundzie")
        }
        Rule::NoMarkerLeft { unit } => format!("jednostce {unit} nie został żaden znacznik rozkazu"),
        Rule::NotAdjacent { to, from } => {
            format!("pole {to} nie sąsiaduje z polem {from} (albo przejście między nimi jest zablokowane)")
        }
        Rule::Occupied { occupant, space } => format!(
            "jednostka nie może wejść na pole zajęte przez inną jednostkę (na polu {space} stoi jednostka {occupant})"
        ),
        Rule::NotAnEnemy { unit } => format!("jednostka {unit} nie jest jednostką przeciwnika"),
        Rule::TargetNotAdjacent { target, target_space, unit, space } => format!(
            "jednostka {target} na polu {target_space} nie sąsiaduje z jednostką {unit} na polu {space}"
        ),
        Rule::PillageRedOnly => "grabić może tylko strona czerwona".into(),
        Rule::PillageMarkers { unit, markers } => format!(
            "jednostka {unit} ma {markers} {} rozkazów; grabież zdejmuje 2",
            plural(u64::from(*markers), "znacznik", "znaczniki", "znaczników")
        ),
        Rule::PillageEngaged { unit } => {
            format!("jednostka {unit} jest związana walką; w tej lidze grabić mogą tylko jednostki wolne")
        }
        Rule::PillageAttacked { unit } => {
            format!("jednostka {unit} nacierała w tej rundzie; w tej lidze grabić mogą tylko jednostki wolne")
        }
        Rule::NoAttackToResolve { unit } => {
            format!("jednostka {unit} nie ma znacznika natarcia do rozstrzygnięcia")
        }
        Rule::Strengths { attacker, defender, claimed_attacker, claimed_defender } => format!(
            "siły w walce to {attacker} po stronie atakującej i {defender} po stronie broniącej się, a nie {claimed_attacker} i {claimed_defender}"
        ),
        Rule::RetreatTo { unit, options } => {
            let options: Vec<String> = options.iter().map(ToString::to_string).collect();
            format!(
                "jednostka {unit} musi się wycofać na wolne sąsiednie pole z dala od jednostki atakującej: {}",
                list(&options, "albo")
            )
        }
        Rule::MustAdvance => {
            "zwycięska jednostka atakująca musi wkroczyć na zwolnione pole (zasada ligi)".into()
        }
        Rule::NotAnActionCard { card, name } => {
            format!("karta {} ({name}) nie jest kartą Akcja", card.token())
        }
        Rule::WrongEffect { card, name, effect, claimed } => format!(
            "karta {} to {name} ({}), a nie {}",
            card.token(),
            effect.polish_name(),
            claimed.polish_name()
        ),
        Rule::EscadrilleReveal { opponent, count } => {
            format!("{} musi pokazać {} ze swojej rezerwy", side(*opponent), cards_acc(*count))
        }
        Rule::EscadrilleDiscard { opponent, count } => format!(
            "z niepokazanych kart rezerwy {} trzeba odrzucić {}",
            side_gen(*opponent),
            cards_acc(*count)
        ),
        Rule::ArtilleryNotAdjacent { target, side: s } => {
            format!("jednostka {target} nie sąsiaduje z żadną jednostką {}", side_gen(*s))
        }
        Rule::ArtilleryDiscard { card, colour: c } => format!(
            "karta {} nie jest kartą w kolorze {} ani białą o sile co najmniej 2",
            card.token(),
            colour(*c)
        ),
        Rule::RadioSameUnit => "znaczniki przechodzą na inną jednostkę".into(),
        Rule::CipherLook { opponent, count } => format!(
            "ogląda się {} z rezerwy {} (? za każdą, której nie widziano przy stole)",
            cards_acc(*count),
            side_gen(*opponent)
        ),
        Rule::AssaultDefenders => "Szturmu nie można użyć przeciw Obrońcom Warszawy".into(),
        Rule::AssaultNoMarker { by, target } => {
            format!("jednostka {by} nie ma znacznika natarcia na jednostkę {target}")
        }
        Rule::AssaultMustRetreat { target } => format!("jednostka {target} może się wycofać, więc musi"),
        Rule::AssaultRetreatTo { target, to } => format!(
            "jednostka {target} nie może wycofać się na pole {to} (musi się wycofać z dala od jednostki atakującej, jeśli to możliwe)"
        ),
        Rule::ClockRises { side: s, was, reading } => format!(
            "czas strony wykonującej ruch nigdy nie rośnie: {} miała {}, a odczyt to {}",
            side(*s),
            clock(*was),
            clock(*reading)
        ),
        Rule::ClockNotRunning { side: s, running } => match running {
            Some(r) => format!(
                "sam odczyt zegara zapisuje się tylko dla zegara, który chodzi: teraz chodzi zegar {}, a nie {}",
                side_gen(*r),
                adj(*s, Case::Gen)
            ),
            None => "gra już się skończyła".into(),
        },
    }
}

fn effect_name(e: CardEffect) -> &'static str {
    e.polish_name()
}

pub(super) fn section(s: Section) -> String {
    match s {
        Section::GamePreparation => "Przygotowanie gry".into(),
        Section::SequenceOfPlay => "Przebieg gry".into(),
        Section::OperationalPhase => "Faza operacyjna".into(),
        Section::Pillage => "Grabież".into(),
        Section::CommandAUnit => "Rozkazy dla jednostki".into(),
        Section::AttackMarkers => "Znaczniki natarcia".into(),
        Section::PlayAnActionCard => "Zagranie karty Akcja".into(),
        Section::CombatPhase => "Faza walki".into(),
        Section::AttackResolution => "Rozstrzyganie ataku".into(),
        Section::CleanupPhase => "Faza porządkowa".into(),
        Section::EndOfTheGame => "Koniec gry".into(),
        Section::Fortifications => "Fortyfikacje".into(),
        Section::FlankAttacks => "Ataki z flanki".into(),
        Section::ActionCard(e) => format!("Karty akcji: {}", effect_name(e)),
        Section::CombatCard(e) => format!("Karty bojowe: {}", effect_name(e)),
        Section::LeagueThinkingTime => "czas gry".into(),
        Section::LeagueRules => "zasady ligi".into(),
        Section::Notation => "zapis partii".into(),
    }
}

/// The section with its source: `instrukcja: Rozstrzyganie ataku`, `regulamin ligi: czas gry`.
pub(super) fn cited(s: Section) -> String {
    match s {
        Section::LeagueThinkingTime => format!("regulamin ligi: {}", section(s)),
        Section::LeagueRules => "regulamin ligi".into(),
        Section::Notation => section(s),
        _ => format!("instrukcja: {}", section(s)),
    }
}

fn reserve_size(r: &Reserve) -> String {
    let n = r.size() as u64;
    match u64::from(r.unseen) {
        0 => cards(n),
        u => format!("{} (w tym {u} {})", cards(n), plural(u, "zakryta", "zakryte", "zakrytych")),
    }
}

pub(super) fn situation(s: &Situation, detail: Detail) -> String {
    let mut out = format!("runda {}, {}", s.round, waiting(&s.awaited));
    if let Some((a, d)) = &s.combat {
        let _ = write!(out, "; rozstrzygany atak jednostki {a} na jednostkę {d}");
    }
    let _ = write!(
        out,
        "; rezerwy: strona czerwona {}, strona polska {}",
        reserve_size(&s.reserves.red),
        reserve_size(&s.reserves.polish)
    );
    if detail == Detail::Short {
        return out;
    }
    let units: Vec<String> = s
        .units
        .iter()
        .map(|u| match u.space {
            None => format!("{} wyeliminowana", u.code),
            Some(h) => format!(
                "{} na {h}, {} {}{}",
                u.code,
                u.markers,
                plural(u64::from(u.markers), "znacznik", "znaczniki", "znaczników"),
                if u.status == Status::Dispersed { ", rozproszona" } else { "" }
            ),
        })
        .collect();
    let _ = write!(out, "; jednostki: {}", units.join("; "));
    if !s.attacks.is_empty() {
        let attacks: Vec<String> = s.attacks.iter().map(|(a, d)| format!("{a} na {d}")).collect();
        let _ = write!(out, "; natarcia: {}", attacks.join(", "));
    }
    for (side_, r, deck, time) in [
        (Side::Red, &s.reserves.red, s.decks.red, s.clocks.red),
        (Side::Polish, &s.reserves.polish, s.decks.polish, s.clocks.polish),
    ] {
        let mut known: Vec<String> = r.known.iter().map(|c| c.token()).collect();
        if r.unseen > 0 {
            known.push(format!(
                "{} {}",
                r.unseen,
                plural(u64::from(r.unseen), "zakryta", "zakryte", "zakrytych")
            ));
        }
        let _ = write!(
            out,
            "; rezerwa {}: {}, w talii {}, zegar {}",
            side_gen(side_),
            if known.is_empty() { "pusta".to_string() } else { known.join(" ") },
            cards(u64::from(deck)),
            clock(time)
        );
    }
    out
}
