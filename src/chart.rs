//! Grouped bar charts in SVG, for the counting analyses and the comparison scripts (the paper's
//! Figures 12-14). Plain string building like [`crate::svg`], and deterministic in the same way:
//! the same chart gives the same bytes.
//!
//! Elements that tests can find by class: `bar series-k` (one `<rect>` per drawn value, with a
//! `<title>` giving the exact value), `category` (one label per group), `tick`.

use std::fmt::Write;

use crate::svg::{FONT, INK, MUTED, esc, num, text_width};

/// Okabe-Ito hues, distinguishable with the common colour-vision deficiencies.
const COLOURS: [&str; 6] = [
    "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00",
];
const PAD: f64 = 16.0;
const BAR: f64 = 34.0;
const GROUP_GAP: f64 = 26.0;
const PLOT_H: f64 = 260.0;
const AXIS_W: f64 = 64.0;

/// One series of values, one per category.
#[derive(Clone, Debug)]
pub struct Series {
    /// The series' name, in the legend.
    pub name: String,
    /// One value per category; NaN where the series has none (no bar, no label).
    pub values: Vec<f64>,
}

/// A grouped bar chart: per category, one bar per series.
#[derive(Clone, Debug)]
pub struct BarChart {
    /// The chart's title, above it.
    pub title: String,
    /// The value axis's label.
    pub y_label: String,
    /// The categories along the bottom, in order: one group of bars each.
    pub categories: Vec<String>,
    /// The series, one bar per category each, in the legend's order.
    pub series: Vec<Series>,
    /// A logarithmic value axis (for counts spanning orders of magnitude); values below the
    /// axis's first power of ten are not drawn.
    pub log_scale: bool,
    /// One optional line of text under each category label (e.g. a percentage).
    pub notes: Vec<String>,
    /// Lines under the chart saying how it was made.
    pub caption: Vec<String>,
    /// Narrow bars without value labels, for charts of many categories (the values stay in
    /// each bar's tooltip).
    pub compact: bool,
}

/// The value axis: maps values to heights and lists the ticks.
struct Axis {
    log: bool,
    lo: f64,
    hi: f64,
}

impl Axis {
    fn new(values: impl Iterator<Item = f64>, log: bool) -> Axis {
        let finite: Vec<f64> = values.filter(|v| v.is_finite()).collect();
        let max = finite.iter().copied().fold(0.0_f64, f64::max);
        if log {
            let min_pos = finite
                .iter()
                .copied()
                .filter(|&v| v > 0.0)
                .fold(f64::INFINITY, f64::min);
            // A third of a decade below the smallest power of ten, so that the smallest
            // values still show as bars.
            let lo = if min_pos.is_finite() {
                min_pos.log10().floor().min(0.0)
            } else {
                0.0
            } - 0.3;
            let hi = max.max(1.0).log10().ceil().max(lo + 1.3);
            Axis { log, lo, hi }
        } else {
            let step = nice_step(max.max(1e-9) / 5.0);
            let hi = ((max / step).ceil() * step).max(step);
            Axis { log, lo: 0.0, hi }
        }
    }

    /// The height of a bar of value `v` (0 when it is not drawn).
    fn height(&self, v: f64) -> f64 {
        if !v.is_finite() {
            return 0.0;
        }
        let t = if self.log {
            if v <= 0.0 {
                return 0.0;
            }
            (v.log10() - self.lo) / (self.hi - self.lo)
        } else {
            v / self.hi
        };
        (t.clamp(0.0, 1.0)) * PLOT_H
    }

    fn ticks(&self) -> Vec<f64> {
        if self.log {
            (self.lo.ceil() as i32..=self.hi as i32)
                .map(|e| 10f64.powi(e))
                .collect()
        } else {
            let step = nice_step(self.hi / 5.0);
            let n = (self.hi / step).round() as i32;
            (0..=n).map(|k| f64::from(k) * step).collect()
        }
    }
}

/// 1, 2 or 5 times a power of ten, at least `raw`.
fn nice_step(raw: f64) -> f64 {
    let p = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * p)
        .find(|&s| s >= raw * (1.0 - 1e-9))
        .unwrap_or(10.0 * p)
}

/// A value as a short label: integers plainly, others with up to three decimals.
fn label(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{v:.0}")
    } else {
        let s = format!("{v:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Where a chart's parts go: the bars' and groups' widths, the plot's corner and base line,
/// the labels under the bars, and the picture's size.
struct Layout {
    /// A bar's width and the gap between groups.
    bar: f64,
    gap: f64,
    /// The series per group, and a group's width.
    k: usize,
    group_w: f64,
    plot_w: f64,
    /// The plot's left edge, top and base line.
    x0: f64,
    y0: f64,
    base: f64,
    /// Category names written at an angle (too long for their group), and the height of
    /// the labels under the bars.
    slanted: bool,
    label_h: f64,
    caption_y: f64,
    width: f64,
    height: f64,
}

impl Layout {
    fn of(chart: &BarChart) -> Layout {
        let (bar, gap) = if chart.compact {
            (10.0, 8.0)
        } else {
            (BAR, GROUP_GAP)
        };
        let k = chart.series.len().max(1);
        let group_w = k as f64 * bar + gap;
        let n = chart.categories.len();
        let plot_w = (n as f64 * group_w).max(200.0);
        let longest = chart
            .categories
            .iter()
            .map(|c| text_width(c, 11.0))
            .fold(0.0, f64::max);
        // Long category names are written at an angle under their group.
        let slanted = longest > group_w - 4.0;
        let label_h = if slanted { longest * 0.72 + 14.0 } else { 18.0 };
        let notes_h = if chart.notes.iter().any(|s| !s.is_empty()) {
            14.0
        } else {
            0.0
        };
        let x0 = PAD + AXIS_W;
        let y0 = PAD + 40.0 + 18.0 * ((k as f64) / 3.0).ceil();
        let base = y0 + PLOT_H;
        let caption_y = base + label_h + notes_h + 22.0;
        let width = (x0 + plot_w + PAD)
            .max(PAD * 2.0 + text_width(&chart.title, 17.0))
            .max(
                chart
                    .caption
                    .iter()
                    .map(|c| PAD * 2.0 + text_width(c, 11.0))
                    .fold(0.0, f64::max),
            )
            .ceil();
        let height = (caption_y + 16.0 * chart.caption.len() as f64 + PAD).ceil();
        Layout {
            bar,
            gap,
            k,
            group_w,
            plot_w,
            x0,
            y0,
            base,
            slanted,
            label_h,
            caption_y,
            width,
            height,
        }
    }
}

/// The chart as a standalone SVG document.
pub fn bar_chart(chart: &BarChart) -> String {
    let layout = Layout::of(chart);
    let axis = Axis::new(
        chart
            .series
            .iter()
            .flat_map(|s| s.values.iter().copied().filter(|v| v.is_finite())),
        chart.log_scale,
    );
    let (width, height) = (layout.width, layout.height);
    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONT}">"#,
        w = num(width),
        h = num(height)
    );
    let _ = writeln!(out, "<title>{}</title>", esc(&chart.title));
    let _ = writeln!(
        out,
        r##"<rect width="{}" height="{}" fill="#FFFFFF"/>"##,
        num(width),
        num(height)
    );
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" font-size="17" font-weight="bold" fill="{INK}">{}</text>"#,
        num(PAD),
        num(PAD + 18.0),
        esc(&chart.title)
    );
    legend(&mut out, chart);
    value_axis(&mut out, chart, &axis, &layout);
    for (c, category) in chart.categories.iter().enumerate() {
        group(&mut out, chart, &axis, &layout, c, category);
    }
    for (i, line) in chart.caption.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="11" fill="{MUTED}">{}</text>"#,
            num(PAD),
            num(layout.caption_y + 16.0 * i as f64),
            esc(line)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The legend: up to three series per line, under the title.
fn legend(out: &mut String, chart: &BarChart) {
    for (i, s) in chart.series.iter().enumerate() {
        let (col, row) = ((i % 3) as f64, (i / 3) as f64);
        let lx = PAD + col * 200.0;
        let ly = PAD + 36.0 + row * 18.0;
        let _ = writeln!(
            out,
            r#"<rect x="{}" y="{}" width="12" height="12" fill="{}"/><text x="{}" y="{}" font-size="12" fill="{INK}">{}</text>"#,
            num(lx),
            num(ly - 10.0),
            COLOURS[i % COLOURS.len()],
            num(lx + 18.0),
            num(ly),
            esc(&s.name)
        );
    }
}

/// The value axis with its grid lines and label, and the plot's two axes.
fn value_axis(out: &mut String, chart: &BarChart, axis: &Axis, layout: &Layout) {
    let Layout {
        x0,
        y0,
        base,
        plot_w,
        ..
    } = *layout;
    for t in axis.ticks() {
        let y = base - axis.height(t);
        let _ = writeln!(
            out,
            r##"<line class="tick" x1="{}" y1="{y}" x2="{}" y2="{y}" stroke="#E0E0E0"/><text x="{}" y="{}" font-size="11" text-anchor="end" fill="{MUTED}">{}</text>"##,
            num(x0),
            num(x0 + plot_w),
            num(x0 - 6.0),
            num(y + 4.0),
            label(t),
            y = num(y)
        );
    }
    let _ = writeln!(
        out,
        r#"<text x="{x}" y="{y}" font-size="12" text-anchor="middle" fill="{INK}" transform="rotate(-90 {x} {y})">{}</text>"#,
        esc(&chart.y_label),
        x = num(PAD + 8.0),
        y = num(y0 + PLOT_H / 2.0)
    );
    let _ = writeln!(
        out,
        r#"<line x1="{x}" y1="{}" x2="{x}" y2="{b}" stroke="{INK}"/><line x1="{x}" y1="{b}" x2="{}" y2="{b}" stroke="{INK}"/>"#,
        num(y0),
        num(x0 + plot_w),
        x = num(x0),
        b = num(base)
    );
}

/// The bars of category `c` (`category`), their values on top, the category's label and
/// note below.
fn group(
    out: &mut String,
    chart: &BarChart,
    axis: &Axis,
    layout: &Layout,
    c: usize,
    category: &str,
) {
    let Layout {
        bar,
        gap,
        k,
        group_w,
        x0,
        base,
        slanted,
        label_h,
        ..
    } = *layout;
    let gx = x0 + c as f64 * group_w + gap / 2.0;
    for (i, s) in chart.series.iter().enumerate() {
        let Some(&v) = s.values.get(c).filter(|v| v.is_finite()) else {
            continue;
        };
        let h = axis.height(v);
        let bx = gx + i as f64 * bar;
        let _ = writeln!(
            out,
            r#"<rect class="bar series-{i}" x="{}" y="{}" width="{}" height="{}" fill="{}"><title>{}: {}</title></rect>"#,
            num(bx),
            num(base - h),
            num(bar - 2.0),
            num(h),
            COLOURS[i % COLOURS.len()],
            esc(&format!("{category}, {}", s.name)),
            label(v)
        );
        if chart.compact {
            continue;
        }
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="9" text-anchor="middle" fill="{INK}">{}</text>"#,
            num(bx + (bar - 2.0) / 2.0),
            num(base - h - 3.0),
            label(v)
        );
    }
    let cx = gx + k as f64 * bar / 2.0;
    if slanted {
        let _ = writeln!(
            out,
            r#"<text class="category" x="{x}" y="{y}" font-size="11" text-anchor="end" fill="{INK}" transform="rotate(-45 {x} {y})">{}</text>"#,
            esc(category),
            x = num(cx),
            y = num(base + 14.0)
        );
    } else {
        let _ = writeln!(
            out,
            r#"<text class="category" x="{}" y="{}" font-size="11" text-anchor="middle" fill="{INK}">{}</text>"#,
            num(cx),
            num(base + 15.0),
            esc(category)
        );
    }
    if let Some(note) = chart.notes.get(c).filter(|s| !s.is_empty()) {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="10" text-anchor="middle" fill="{MUTED}">{}</text>"#,
            num(cx),
            num(base + label_h + 12.0),
            esc(note)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(log: bool, values: Vec<f64>) -> BarChart {
        BarChart {
            title: "t".into(),
            y_label: "y".into(),
            categories: (0..values.len()).map(|i| format!("c{i}")).collect(),
            series: vec![Series {
                name: "s".into(),
                values,
            }],
            log_scale: log,
            notes: Vec::new(),
            caption: Vec::new(),
            compact: false,
        }
    }

    #[test]
    fn linear_axis_ends_on_a_nice_tick_above_the_largest_value() {
        let axis = Axis::new([1.778, 27.4].into_iter(), false);
        assert_eq!(axis.hi, 30.0);
        assert_eq!(axis.ticks(), [0.0, 10.0, 20.0, 30.0]);
        assert_eq!(axis.height(30.0), PLOT_H);
        assert_eq!(axis.height(15.0), PLOT_H / 2.0);
    }

    #[test]
    fn log_axis_spans_powers_of_ten() {
        let axis = Axis::new([1.0, 7.0, 1500.0].into_iter(), true);
        assert_eq!(axis.ticks(), [1.0, 10.0, 100.0, 1000.0, 10000.0]);
        assert!((axis.height(100.0) - PLOT_H * 2.3 / 4.3).abs() < 1e-9);
        // The smallest value still shows.
        assert!(axis.height(1.0) > 10.0);
        assert_eq!(axis.height(0.0), 0.0);
    }

    #[test]
    fn one_bar_per_value_with_its_exact_value() {
        let svg = bar_chart(&chart(false, vec![1.0, 1.778, 0.0]));
        assert_eq!(svg.matches(r#"class="bar series-0""#).count(), 3);
        assert!(svg.contains("<title>c1, s: 1.778</title>"));
        assert_eq!(svg, bar_chart(&chart(false, vec![1.0, 1.778, 0.0])));
    }

    #[test]
    fn nice_steps() {
        assert_eq!(nice_step(0.3), 0.5);
        assert_eq!(nice_step(1.0), 1.0);
        assert_eq!(nice_step(1.1), 2.0);
        assert_eq!(nice_step(27.4 / 5.0), 10.0);
    }
}
