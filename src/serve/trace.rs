//! A derivation's trace (the tracer's events, [`lingeo::grammar::TraceEvent`]) as steps for the
//! page's timeline: per step its derivation, the production applied (or failing), the
//! sentential form after it, the assignments it made, and the values that per-point
//! assignments (`TIME[h1] := 5`) have given so far along the current derivation, by var and
//! point: TIME and NEXTTIME over the board for the grammar of zones.

use std::collections::BTreeMap;

use lingeo::grammar::TraceEvent;
use serde_json::{Value, json};

/// Per var, per point, its value: what the board shows at a step.
type Board = BTreeMap<String, BTreeMap<String, String>>;

pub fn steps(events: &[TraceEvent]) -> Vec<Value> {
    let mut steps = Vec::new();
    let mut derivation = 0u64;
    // The board after each step of the current derivation (index 0: before its first step).
    let mut path: Vec<Board> = vec![Board::new()];
    for event in events {
        let (label, form, applied, assignments) = match event {
            TraceEvent::Derivation {
                number,
                another_choice_at,
                form,
            } => {
                derivation = *number;
                // Another choice at step s goes on from the board after step s.
                let kept = another_choice_at.map_or(1, |s| s as usize + 1).max(1);
                path.truncate(kept);
                let label = if another_choice_at.is_some() {
                    "another choice"
                } else {
                    "start"
                };
                (label.to_string(), form.as_str(), true, &[][..])
            }
            TraceEvent::Step {
                label,
                applied,
                form,
                assignments,
            } => {
                let mut board = path.last().cloned().unwrap_or_default();
                for a in assignments {
                    if let Some(point) = &a.point {
                        board
                            .entry(a.name.clone())
                            .or_default()
                            .insert(point.clone(), a.value.clone());
                    }
                }
                path.push(board);
                (label.clone(), form.as_str(), *applied, &assignments[..])
            }
            // A halt, or a derivation not followed round again: its text is its label.
            other => (
                other.to_string().trim_start().to_string(),
                "",
                false,
                &[][..],
            ),
        };
        steps.push(json!({
            "derivation": derivation,
            "label": label,
            "applied": applied,
            "form": form,
            "assignments": assignments,
            "values": path.last().cloned().unwrap_or_default(),
        }));
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use lingeo::grammar::Assignment;

    fn set(name: &str, point: Option<&str>, value: &str) -> Assignment {
        Assignment {
            name: name.into(),
            point: point.map(Into::into),
            value: value.into(),
        }
    }

    fn step(label: &str, applied: bool, form: &str, assignments: Vec<Assignment>) -> TraceEvent {
        TraceEvent::Step {
            label: label.into(),
            applied,
            form: form.into(),
            assignments,
        }
    }

    #[test]
    fn per_point_assignments_accumulate_along_a_derivation() {
        let events = vec![
            TraceEvent::Derivation {
                number: 1,
                another_choice_at: None,
                form: "S(1)".into(),
            },
            step(
                "1",
                true,
                "A(1)",
                vec![
                    set("TIME", Some("h1"), "5"),
                    set("TIME", Some("h2"), "4"),
                    set("ZONE", None, "{h5 h4, h3}"),
                ],
            ),
            step("2", false, "A(1)", vec![]),
            step("2", true, "a()", vec![set("TIME", Some("h1"), "7")]),
            TraceEvent::Halts {
                sentence: true,
                form: "a()".into(),
            },
            TraceEvent::Derivation {
                number: 2,
                another_choice_at: Some(1),
                form: "B(1)".into(),
            },
        ];
        let steps = steps(&events);
        assert_eq!(steps.len(), 6);
        assert_eq!(steps[0]["label"], "start");
        assert_eq!(steps[1]["label"], "1");
        assert_eq!(steps[1]["assignments"][2]["value"], "{h5 h4, h3}");
        assert_eq!(steps[1]["assignments"][0]["point"], "h1");
        assert!(steps[1]["assignments"][2].get("point").is_none());
        assert_eq!(steps[1]["values"]["TIME"]["h1"], "5");
        assert_eq!(steps[2]["applied"], false);
        assert_eq!(steps[3]["values"]["TIME"]["h1"], "7");
        assert_eq!(steps[4]["label"], "halts with a sentence: a()");
        // Derivation 2 goes on from step 1: TIME[h1] is 5 again.
        assert_eq!(steps[5]["derivation"], 2);
        assert_eq!(steps[5]["label"], "another choice");
        assert_eq!(steps[5]["values"]["TIME"]["h1"], "5");
    }
}
