//! A traced derivation as events: each derivation started, each production applied (or
//! failing) with the form after it and the assignments it made, each halt. A [`Tracer`] takes
//! them as data; their text ([`std::fmt::Display`]) is what `lingeo run --trace` prints, and
//! `lingeo serve` builds the page's timeline from the data, without reading the text back.

use std::fmt;

use serde::Serialize;

/// Receives the events of a traced derivation.
pub trait Tracer {
    /// Takes one event of the trace.
    fn event(&mut self, event: &TraceEvent);
}

impl<F: FnMut(&TraceEvent)> Tracer for F {
    fn event(&mut self, event: &TraceEvent) {
        self(event)
    }
}

/// One event of a traced derivation. Forms are written as `run` writes sentences.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TraceEvent {
    /// A derivation starts: the first from the start form, each other from the form of an
    /// earlier derivation where it made another choice (`another_choice_at`, a step number).
    Derivation {
        /// 1 for the first.
        number: u64,
        /// The step of an earlier derivation where this one made another choice.
        another_choice_at: Option<u64>,
        /// The form it starts from.
        form: String,
    },
    /// A production applied (or failing, `applied` false), with the form after it and the
    /// variables it changed.
    Step {
        /// The production's label (`2_3` for member 3 of family `2_i`).
        label: String,
        /// The production applied (false: it failed, and the failure branch is taken).
        applied: bool,
        /// The sentential form after the step.
        form: String,
        /// The variables the step changed, in the order of the program's variables.
        assignments: Vec<Assignment>,
    },
    /// The permissible set offers no production (its families have no members).
    NoProduction,
    /// The derivation is back at the state it was in after step `step`: not followed round
    /// again. `more_terminals`: it came back with more terminals (the language is infinite if a
    /// sentence comes from that state).
    BackAtState {
        /// The step after which the derivation was in that state.
        step: usize,
        /// It came back with more terminals.
        more_terminals: bool,
    },
    /// The derivation halts: with a sentence, or with nonterminals left.
    Halts {
        /// It halts with a sentence (no nonterminal left).
        sentence: bool,
        /// The form it halts with.
        form: String,
    },
}

/// A variable set by a step: a whole variable (`ZONE := {…}`), or one point of a per-point
/// vector (`TIME[h1] := 5`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Assignment {
    /// The variable's name.
    pub name: String,
    /// The point, for one point of a per-point vector.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub point: Option<String>,
    /// The new value, as the trace writes values.
    pub value: String,
}

impl fmt::Display for Assignment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.point {
            Some(point) => write!(f, "{}[{point}] := {}", self.name, self.value),
            None => write!(f, "{} := {}", self.name, self.value),
        }
    }
}

impl fmt::Display for TraceEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TraceEvent::Derivation {
                number,
                another_choice_at: None,
                form,
            } => write!(f, "derivation {number}\n  start: {form}"),
            TraceEvent::Derivation {
                number,
                another_choice_at: Some(step),
                form,
            } => write!(
                f,
                "derivation {number} (another choice at step {step})\n  from: {form}"
            ),
            TraceEvent::Step {
                label,
                applied,
                form,
                assignments,
            } => {
                let verb = if *applied { "applies" } else { "fails" };
                write!(f, "  {label} {verb}: {form}")?;
                // One line a variable: the points of one vector together.
                let mut previous: Option<&Assignment> = None;
                for a in assignments {
                    let same_vector = previous.is_some_and(|p| {
                        p.name == a.name && p.point.is_some() && a.point.is_some()
                    });
                    if same_vector {
                        write!(f, ", {a}")?;
                    } else {
                        write!(f, "\n    {a}")?;
                    }
                    previous = Some(a);
                }
                Ok(())
            }
            TraceEvent::NoProduction => write!(
                f,
                "  the permissible set offers no production (its families have no members)"
            ),
            TraceEvent::BackAtState {
                step,
                more_terminals: true,
            } => write!(
                f,
                "  back at the state after step {step} with more terminals: not followed round \
                 again (the language is infinite if a sentence comes from it)"
            ),
            TraceEvent::BackAtState {
                step,
                more_terminals: false,
            } => write!(
                f,
                "  back at the state after step {step}: this derivation never halts, not \
                 followed round again"
            ),
            TraceEvent::Halts {
                sentence: true,
                form,
            } => write!(f, "  halts with a sentence: {form}"),
            TraceEvent::Halts {
                sentence: false,
                form,
            } => write!(f, "  halts with nonterminals left (not a sentence): {form}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(name: &str, point: Option<&str>, value: &str) -> Assignment {
        Assignment {
            name: name.into(),
            point: point.map(Into::into),
            value: value.into(),
        }
    }

    #[test]
    fn a_step_prints_one_line_a_variable() {
        let step = TraceEvent::Step {
            label: "2_1".into(),
            applied: true,
            form: "A(1)".into(),
            assignments: vec![
                set("TIME", Some("h1"), "5"),
                set("TIME", Some("h2"), "4"),
                set("ZONE", None, "{h5 h4, h3}"),
                set("N", None, "2"),
            ],
        };
        assert_eq!(
            step.to_string(),
            "  2_1 applies: A(1)\n    TIME[h1] := 5, TIME[h2] := 4\n    ZONE := {h5 h4, h3}\n    N := 2"
        );
        let start = TraceEvent::Derivation {
            number: 2,
            another_choice_at: Some(1),
            form: "B(1)".into(),
        };
        assert_eq!(
            start.to_string(),
            "derivation 2 (another choice at step 1)\n  from: B(1)"
        );
    }
}
