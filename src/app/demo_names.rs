//! The demo's accounts and people (a leaf: the Swiss demo, `demo`, and the season, `demo_season`,
//! both name them): the demo logins and the players' names.

pub const ORGANISER: (&str, &str) = ("organizator", "demo-organizator");
pub const REFEREE: (&str, &str) = ("sedzia", "demo-sedzia");

pub(super) const NAMES: [&str; 24] = [
    "Antoni Nowak",
    "Zuzanna Kowalska",
    "Jan Wiśniewski",
    "Julia Wójcik",
    "Franciszek Kowalczyk",
    "Maja Kamińska",
    "Aleksander Lewandowski",
    "Hanna Zielińska",
    "Szymon Szymański",
    "Zofia Woźniak",
    "Filip Dąbrowski",
    "Lena Kozłowska",
    "Mikołaj Jankowski",
    "Alicja Mazur",
    "Stanisław Kwiatkowski",
    "Oliwia Krawczyk",
    "Wojciech Piotrowski",
    "Amelia Grabowska",
    "Kacper Nowakowski",
    "Laura Pawłowska",
    "Ignacy Michalski",
    "Pola Adamczyk",
    "Tymon Dudek",
    "Natalia Zając",
];
/// The `i`-th demo player's name: the 24 fixed names first, then first name and surname pairs (the
/// surname in the form that agrees with the first name: Kowalski, Kowalska; a new surname for each
/// next player, issue 37), numbered after 2,000.
pub(super) fn player_name(i: usize) -> String {
    if let Some(name) = NAMES.get(i) {
        return (*name).to_string();
    }
    const WOMEN: [&str; 25] = [
        "Anna",
        "Maria",
        "Katarzyna",
        "Małgorzata",
        "Agnieszka",
        "Barbara",
        "Ewa",
        "Magdalena",
        "Joanna",
        "Aleksandra",
        "Monika",
        "Wiktoria",
        "Natalia",
        "Karolina",
        "Marta",
        "Emilia",
        "Weronika",
        "Gabriela",
        "Nikola",
        "Milena",
        "Kinga",
        "Iga",
        "Helena",
        "Antonina",
        "Ida",
    ];
    const MEN: [&str; 25] = [
        "Piotr",
        "Krzysztof",
        "Tomasz",
        "Paweł",
        "Michał",
        "Marcin",
        "Jakub",
        "Adam",
        "Łukasz",
        "Mateusz",
        "Bartosz",
        "Dawid",
        "Kamil",
        "Maciej",
        "Oskar",
        "Igor",
        "Borys",
        "Leon",
        "Tadeusz",
        "Kazimierz",
        "Henryk",
        "Witold",
        "Bolesław",
        "Józef",
        "Marek",
    ];
    /// (masculine, feminine) surname forms.
    const SURNAMES: [(&str, &str); 40] = [
        ("Nowak", "Nowak"),
        ("Kowalski", "Kowalska"),
        ("Wiśniewski", "Wiśniewska"),
        ("Wójcik", "Wójcik"),
        ("Kowalczyk", "Kowalczyk"),
        ("Kamiński", "Kamińska"),
        ("Lewandowski", "Lewandowska"),
        ("Zieliński", "Zielińska"),
        ("Szymański", "Szymańska"),
        ("Woźniak", "Woźniak"),
        ("Dąbrowski", "Dąbrowska"),
        ("Kozłowski", "Kozłowska"),
        ("Jankowski", "Jankowska"),
        ("Mazur", "Mazur"),
        ("Kwiatkowski", "Kwiatkowska"),
        ("Krawczyk", "Krawczyk"),
        ("Piotrowski", "Piotrowska"),
        ("Grabowski", "Grabowska"),
        ("Nowakowski", "Nowakowska"),
        ("Pawłowski", "Pawłowska"),
        ("Michalski", "Michalska"),
        ("Adamczyk", "Adamczyk"),
        ("Dudek", "Dudek"),
        ("Zając", "Zając"),
        ("Wieczorek", "Wieczorek"),
        ("Jabłoński", "Jabłońska"),
        ("Król", "Król"),
        ("Majewski", "Majewska"),
        ("Olszewski", "Olszewska"),
        ("Jaworski", "Jaworska"),
        ("Wróbel", "Wróbel"),
        ("Malinowski", "Malinowska"),
        ("Pawlak", "Pawlak"),
        ("Witkowski", "Witkowska"),
        ("Walczak", "Walczak"),
        ("Stępień", "Stępień"),
        ("Górski", "Górska"),
        ("Rutkowski", "Rutkowska"),
        ("Michalak", "Michalak"),
        ("Sikora", "Sikora"),
    ];
    let n = i - NAMES.len();
    let first = n % (WOMEN.len() + MEN.len());
    // The surname moves on with every player (a row of entrants has as many surnames as people, up
    // to 40) while each first name meets every surname once in 2,000: for one first name
    // (n = first + 50 k) the surname is (51 k + first) mod 40 = (11 k + first) mod 40, and 11 is prime
    // to 40.
    let k = n / (WOMEN.len() + MEN.len());
    let (masculine, feminine) = SURNAMES[(n + k) % SURNAMES.len()];
    let name = match WOMEN.get(first) {
        Some(woman) => format!("{woman} {feminine}"),
        None => format!("{} {masculine}", MEN[first - WOMEN.len()]),
    };
    let round = n / (WOMEN.len() + MEN.len()) / SURNAMES.len();
    if round == 0 { name } else { format!("{name} {}", round + 1) }
}

/// The city of the Institute of National Remembrance's branch (oddział IPN) that a voivodeship
/// belongs to, in the locative with its preposition ("we Wrocławiu"): IPN's eleven branches, the
/// voivodeships without one under the branch of their delegation (Opole: Wrocław; Kielce: Kraków;
/// Olsztyn: Białystok; Bydgoszcz: Gdańsk; Gorzów Wielkopolski: Szczecin). A region the demo does not
/// know goes to Warsaw (the headquarters).
#[must_use]
pub fn ipn_branch(region: &str) -> &'static str {
    match region {
        "dolnośląskie" | "opolskie" => "we Wrocławiu",
        "kujawsko-pomorskie" | "pomorskie" => "w Gdańsku",
        "lubelskie" => "w Lublinie",
        "lubuskie" | "zachodniopomorskie" => "w Szczecinie",
        "łódzkie" => "w Łodzi",
        "małopolskie" | "świętokrzyskie" => "w Krakowie",
        "podkarpackie" => "w Rzeszowie",
        "podlaskie" | "warmińsko-mazurskie" => "w Białymstoku",
        "śląskie" => "w Katowicach",
        "wielkopolskie" => "w Poznaniu",
        _ => "w Warszawie",
    }
}

/// The voivodeship's capital in the locative with its preposition ("we Wrocławiu"), where the
/// demo puts a region's schools; a region the demo does not know: Warsaw.
#[must_use]
pub fn capital(region: &str) -> &'static str {
    match region {
        "dolnośląskie" => "we Wrocławiu",
        "kujawsko-pomorskie" => "w Bydgoszczy",
        "lubelskie" => "w Lublinie",
        "lubuskie" => "w Zielonej Górze",
        "łódzkie" => "w Łodzi",
        "małopolskie" => "w Krakowie",
        "opolskie" => "w Opolu",
        "podkarpackie" => "w Rzeszowie",
        "podlaskie" => "w Białymstoku",
        "pomorskie" => "w Gdańsku",
        "śląskie" => "w Katowicach",
        "świętokrzyskie" => "w Kielcach",
        "warmińsko-mazurskie" => "w Olsztynie",
        "wielkopolskie" => "w Poznaniu",
        "zachodniopomorskie" => "w Szczecinie",
        _ => "w Warszawie",
    }
}

/// A secondary school of the region for the demo's `i`-th entrant (the league is for secondary
/// schools: licea and technika), named as such schools are: its kind, number and city ("Liceum
/// Ogólnokształcące nr 3 we Wrocławiu", "Technikum Elektroniczne nr 2 w Opolu").
#[must_use]
pub fn school(i: usize, region: &str) -> String {
    const KINDS: [&str; 5] = [
        "Liceum Ogólnokształcące",
        "Liceum Ogólnokształcące",
        "Technikum Elektroniczne",
        "Liceum Ogólnokształcące",
        "Technikum Mechaniczne",
    ];
    format!("{} nr {} {}", KINDS[i % KINDS.len()], 1 + i % 7, capital(region))
}
