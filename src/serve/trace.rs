//! A derivation's trace (the lines `run --trace` prints) as steps for the page's timeline: per
//! step its derivation, the production applied (or failing), the sentential form after it, the
//! assignments it made, and the values that per-point assignments (`TIME[h1] := 5`) have given
//! so far along the current derivation, by var and point: TIME and NEXTTIME over the board for
//! the grammar of zones.

use std::collections::BTreeMap;

use serde_json::{Value, json};

/// Per var, per point, its value: what the board shows at a step.
type Board = BTreeMap<String, BTreeMap<String, String>>;

pub fn steps(lines: &[String]) -> Vec<Value> {
    let mut steps = Vec::new();
    let mut derivation = 0u64;
    // The board after each step of the current derivation (index 0: before its first step).
    let mut path: Vec<Board> = vec![Board::new()];
    for line in lines.iter().flat_map(|l| l.lines()) {
        if let Some(rest) = line.strip_prefix("derivation ") {
            let (number, from) = match rest.split_once(" (another choice at step ") {
                Some((n, step)) => (n, step.trim_end_matches(')').parse::<usize>().ok()),
                None => (rest, None),
            };
            derivation = number.trim().parse().unwrap_or(derivation + 1);
            path.truncate(from.map_or(1, |s| s + 1).max(1));
            continue;
        }
        if let Some(assignments) = line.strip_prefix("    ") {
            let (Some(Value::Object(step)), Some(board)) = (steps.last_mut(), path.last_mut())
            else {
                continue;
            };
            let list = step
                .entry("assignments")
                .or_insert_with(|| Value::Array(Vec::new()));
            for a in split_top_level(assignments) {
                let Some((target, value)) = a.split_once(" := ") else {
                    continue;
                };
                let entry = match target.split_once('[') {
                    Some((name, point)) => {
                        let point = point.trim_end_matches(']');
                        board
                            .entry(name.to_string())
                            .or_default()
                            .insert(point.to_string(), value.to_string());
                        json!({"name": name, "point": point, "value": value})
                    }
                    None => json!({"name": target, "value": value}),
                };
                if let Value::Array(list) = list {
                    list.push(entry);
                }
            }
            step.insert("values".into(), json!(board));
            continue;
        }
        let Some(body) = line.strip_prefix("  ") else {
            continue;
        };
        let (label, form, applied) = if let Some(form) = body.strip_prefix("start: ") {
            ("start", form, true)
        } else if let Some(form) = body.strip_prefix("from: ") {
            ("another choice", form, true)
        } else if let Some((label, form)) = body.split_once(" applies: ") {
            path.push(path.last().cloned().unwrap_or_default());
            (label, form, true)
        } else if let Some((label, form)) = body.split_once(" fails: ") {
            path.push(path.last().cloned().unwrap_or_default());
            (label, form, false)
        } else {
            (body, "", false)
        };
        steps.push(json!({
            "derivation": derivation,
            "label": label,
            "applied": applied,
            "form": form,
            "assignments": [],
            "values": path.last().cloned().unwrap_or_default(),
        }));
    }
    steps
}

/// Splits `a := 1, b := {x, y}` at the commas outside brackets and braces.
fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(text[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(text[start..].trim());
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_point_assignments_accumulate_along_a_derivation() {
        let lines: Vec<String> = [
            "derivation 1\n  start: S(1)",
            "  1 applies: A(1)\n    TIME[h1] := 5, TIME[h2] := 4\n    ZONE := {h5 h4, h3}",
            "  2 fails: A(1)",
            "  2 applies: a()\n    TIME[h1] := 7",
            "  halts with a sentence: a()",
            "derivation 2 (another choice at step 1)\n  from: B(1)",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let steps = steps(&lines);
        assert_eq!(steps.len(), 6);
        assert_eq!(steps[1]["label"], "1");
        assert_eq!(steps[1]["assignments"][2]["value"], "{h5 h4, h3}");
        assert_eq!(steps[1]["values"]["TIME"]["h1"], "5");
        assert_eq!(steps[2]["applied"], false);
        assert_eq!(steps[3]["values"]["TIME"]["h1"], "7");
        // Derivation 2 goes on from step 1: TIME[h1] is 5 again.
        assert_eq!(steps[5]["derivation"], 2);
        assert_eq!(steps[5]["values"]["TIME"]["h1"], "5");
    }
}
