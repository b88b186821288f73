//! Line diffs for failed cases: unified, three lines of context, no colour (readable in a CI
//! log and stable to snapshot), by `similar`, the diff crate insta uses.

use similar::TextDiff;

/// The unified diff from `old` (named `old_name` in the header) to `new`.
pub fn unified(old: &str, new: &str, old_name: &str, new_name: &str) -> String {
    TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(old_name, new_name)
        .to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_changed_line() {
        let d = super::unified("a\nb\nc\n", "a\nB\nc\n", "snapshot", "output");
        assert_eq!(
            d,
            "--- snapshot\n+++ output\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"
        );
    }
}
