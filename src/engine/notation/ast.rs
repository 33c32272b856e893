//! The game record as written: header tags and one event a line, names as tokens (context-free; the
//! edition resolves them). Text and JSON are two renderings of these same types.

use super::clock::format_clock;
use super::tok::Tok;
use crate::outcome::Side;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A complete game record (text notation or JSON).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct GameLog {
    /// Header tags in the order written.
    pub header: Vec<Tag>,
    pub events: Vec<Event>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tag {
    pub name: String,
    pub value: String,
}

/// One line: who, what, and optionally the mover's clock after it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// Line number in the text (0 when built in memory or read from JSON).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub line: usize,
    pub side: Side,
    #[serde(flatten)]
    pub body: Body,
    /// Remaining thinking time of `side` in seconds after this event (may be negative: flag fallen).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<i32>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// What happened, one variant per verb of the notation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "verb", rename_all = "kebab-case")]
pub enum Body {
    Draw {
        cards: Vec<Tok>,
    },
    Extra {
        units: Vec<Tok>,
    },
    Pass,
    Pillage {
        unit: Tok,
        draw: Option<Tok>,
    },
    Command {
        unit: Tok,
        path: Vec<Tok>,
        attack: Option<Tok>,
    },
    Play {
        card: Tok,
        play: PlayBody,
    },
    Resolve {
        attacker: Tok,
        defender: Tok,
    },
    Select {
        cards: Vec<Tok>,
    },
    SetAside {
        card: Tok,
    },
    Pull {
        card: Tok,
    },
    FieldFortifications {
        card: Tok,
    },
    Strength {
        attacker: u8,
        defender: u8,
    },
    Retreat {
        to: Tok,
    },
    Advance,
    Hold,
    /// The side resigns the game (league: a loss as on the board).
    Resign,
    /// A clock reading with no action (e.g. the flag fell while thinking).
    Clock,
}

/// The choices of an action card, by effect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "kebab-case")]
pub enum PlayBody {
    FighterEscadrille { reveal: Vec<Tok>, discard: Vec<Tok> },
    ArtillerySupport { target: Tok, discard: Option<Tok> },
    RadioJamming { from: Tok, to: Tok },
    BrokenCipher { look: Vec<Tok> },
    Maneuver { unit: Tok, path: Vec<Tok>, attack: Option<Tok> },
    GoWest { units: Vec<Tok> },
    Assault { target: Tok, by: Tok, retreat: Option<Tok> },
}

impl GameLog {
    /// The value of a header tag (tag names are read ignoring case).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.header.iter().find(|t| t.name.eq_ignore_ascii_case(name)).map(|t| t.value.as_str())
    }

    /// Set (or add) a header tag.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.header.iter_mut().find(|t| t.name.eq_ignore_ascii_case(name)) {
            Some(t) => t.value = value,
            None => self.header.push(Tag { name: name.to_string(), value }),
        }
    }
}

fn list(f: &mut fmt::Formatter<'_>, items: &[Tok]) -> fmt::Result {
    for i in items {
        write!(f, " {i}")?;
    }
    Ok(())
}

fn march(f: &mut fmt::Formatter<'_>, path: &[Tok], attack: &Option<Tok>) -> fmt::Result {
    if !path.is_empty() {
        f.write_str(" march")?;
        list(f, path)?;
    }
    if let Some(t) = attack {
        write!(f, " attack {t}")?;
    }
    Ok(())
}

impl fmt::Display for Body {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Body::Draw { cards } => {
                f.write_str("draw")?;
                list(f, cards)
            }
            Body::Extra { units } => {
                f.write_str("extra")?;
                list(f, units)
            }
            Body::Pass => f.write_str("pass"),
            Body::Pillage { unit, draw } => {
                write!(f, "pillage {unit}")?;
                draw.as_ref().map_or(Ok(()), |c| write!(f, " draw {c}"))
            }
            Body::Command { unit, path, attack } => {
                write!(f, "command {unit}")?;
                march(f, path, attack)
            }
            Body::Play { card, play } => {
                write!(f, "play {card} ")?;
                match play {
                    PlayBody::FighterEscadrille { reveal, discard } => {
                        f.write_str("fighter-escadrille reveal")?;
                        list(f, reveal)?;
                        f.write_str(" discard")?;
                        list(f, discard)
                    }
                    PlayBody::ArtillerySupport { target, discard } => {
                        write!(f, "artillery-support {target}")?;
                        discard.as_ref().map_or(Ok(()), |c| write!(f, " discard {c}"))
                    }
                    PlayBody::RadioJamming { from, to } => write!(f, "radio-jamming {from} {to}"),
                    PlayBody::BrokenCipher { look } => {
                        f.write_str("broken-cipher look")?;
                        list(f, look)
                    }
                    PlayBody::Maneuver { unit, path, attack } => {
                        write!(f, "maneuver {unit}")?;
                        march(f, path, attack)
                    }
                    PlayBody::GoWest { units } => {
                        f.write_str("go-west")?;
                        list(f, units)
                    }
                    PlayBody::Assault { target, by, retreat } => {
                        write!(f, "assault {target} by {by} retreat {}", retreat.as_deref().unwrap_or("none"))
                    }
                }
            }
            Body::Resolve { attacker, defender } => write!(f, "resolve {attacker} {defender}"),
            Body::Select { cards } => {
                f.write_str("select")?;
                list(f, cards)
            }
            Body::SetAside { card } => write!(f, "set-aside {card}"),
            Body::Pull { card } => write!(f, "pull {card}"),
            Body::FieldFortifications { card } => write!(f, "field-fortifications {card}"),
            Body::Strength { attacker, defender } => write!(f, "strength {attacker} {defender}"),
            Body::Retreat { to } => write!(f, "retreat {to}"),
            Body::Advance => f.write_str("advance"),
            Body::Hold => f.write_str("hold"),
            Body::Resign => f.write_str("resign"),
            Body::Clock => f.write_str("clock"),
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.side, self.body)?;
        if let Some(c) = self.clock {
            write!(f, " {{{}}}", format_clock(c))?;
        }
        Ok(())
    }
}

impl fmt::Display for GameLog {
    /// The text notation (docs/notation.md).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for t in &self.header {
            writeln!(f, "[{} \"{}\"]", t.name, t.value.replace('\\', "\\\\").replace('"', "\\\""))?;
        }
        writeln!(f)?;
        for e in &self.events {
            writeln!(f, "{e}")?;
        }
        Ok(())
    }
}
