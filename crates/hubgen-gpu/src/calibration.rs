//! Model M2 held to published measured peaks (data/calibration.yaml): each run's estimate in the
//! measurement's own terms, and the bands of ARITHMETIC.md §7.3.

use super::memory::{Bytes, memory};
use super::model::{Catalog, Measured};

/// One run: the estimate of what was measured, and the error against it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Check {
    pub run: usize,
    pub estimate: Bytes,
    /// estimate / measured − 1: negative is an under-estimate (a buyer's out-of-memory).
    pub error: f64,
}

/// The estimate of each run, compared like with like: live tensors with
/// `max_memory_allocated`, the allocator's holding with `max_memory_reserved`, the whole card
/// with `nvidia-smi`.
pub fn check(cat: &Catalog) -> Vec<Check> {
    cat.calibration
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let m = memory(&r.arch, &r.as_trained, &cat.memory.constants, &r.job);
            let estimate = match r.measured {
                Measured::Allocated => m.allocated(),
                Measured::Reserved | Measured::Unstated => m.reserved(),
                Measured::NvidiaSmi => m.per_card,
            };
            Check {
                run: i,
                estimate,
                error: estimate.share_of(r.peak) - 1.0,
            }
        })
        .collect()
}

/// The bands' figures over a set of checks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Summary {
    pub runs: usize,
    pub median_abs: f64,
    /// The most negative error (0 when none is under).
    pub worst_under: f64,
    /// The most positive error (0 when none is over).
    pub worst_over: f64,
    /// Runs the model comes out more than 10% under: where a buyer who trusted it would have
    /// run out of memory unless the headroom covered it.
    pub under_tenth: usize,
}

pub fn summary(checks: &[Check]) -> Summary {
    let mut abs: Vec<f64> = checks.iter().map(|c| c.error.abs()).collect();
    abs.sort_by(f64::total_cmp);
    let median_abs = match abs.len() {
        0 => 0.0,
        n if n % 2 == 1 => abs[n / 2],
        n => (abs[n / 2 - 1] + abs[n / 2]) / 2.0,
    };
    Summary {
        runs: checks.len(),
        median_abs,
        worst_under: checks.iter().map(|c| c.error).fold(0.0, f64::min),
        worst_over: checks.iter().map(|c| c.error).fold(0.0, f64::max),
        // As printed, to a tenth of a percent: a run that reads −10.0% is not counted.
        under_tenth: checks
            .iter()
            .filter(|c| (c.error * 1000.0).round() < -100.0)
            .count(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(error: f64) -> Check {
        Check {
            run: 0,
            estimate: Bytes::ZERO,
            error,
        }
    }

    #[test]
    fn the_summary_takes_the_median_of_the_absolute_errors_and_both_extremes() {
        let s = summary(&[at(-0.08), at(0.02), at(0.30), at(-0.01)]);
        assert_eq!(s.runs, 4);
        assert!((s.median_abs - 0.05).abs() < 1e-12);
        assert_eq!(s.worst_under, -0.08);
        assert_eq!(s.worst_over, 0.30);
        assert_eq!(s.under_tenth, 0, "8% under is within the tenth");
        let odd = summary(&[at(0.1), at(-0.2), at(0.05)]);
        assert!((odd.median_abs - 0.1).abs() < 1e-12);
        assert_eq!(odd.under_tenth, 1);
        // Counted as printed, to a tenth: exactly 10% under, or −10.04% (printed −10.0%), is not
        // more than 10% under; −10.06% (printed −10.1%) is.
        assert_eq!(
            summary(&[at(-0.10), at(-0.1004), at(-0.1006)]).under_tenth,
            1
        );
    }

    /// The bands of ARITHMETIC.md §7.3 on the repo's calibration set.
    #[test]
    fn the_model_stays_within_the_bands_of_the_measured_runs() {
        let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
        let (cat, _) = crate::load::load(&hubgen_engine::ext::SiteFiles::new(root))
            .expect("the repo's data/ loads");
        let checks = check(&cat);
        let table: Vec<String> = checks
            .iter()
            .map(|c| {
                let r = &cat.calibration[c.run];
                format!(
                    "{:<40} measured {:>7.2} GB  estimate {:>7.2} GB  {:+6.1}%",
                    r.id,
                    r.peak.gb(),
                    c.estimate.gb(),
                    c.error * 100.0
                )
            })
            .collect();
        let s = summary(&checks);
        let report = format!(
            "{}\nmedian |error| {:.1}%, worst under {:+.1}%, worst over {:+.1}%",
            table.join("\n"),
            s.median_abs * 100.0,
            s.worst_under * 100.0,
            s.worst_over * 100.0
        );
        println!("{report}");
        let sources: std::collections::BTreeSet<&str> =
            cat.calibration.iter().map(|r| r.author.as_str()).collect();
        assert!(checks.len() >= 15 && sources.len() >= 3, "{report}");
        assert!(s.median_abs <= 0.10, "{report}");
        assert!(s.worst_over <= 0.35, "{report}");
        // Never under a measurement by more than 10%, except on the runs the data names as known
        // under-estimates with their reason (shown on the memory page); a mark that no longer
        // holds fails too.
        for c in &checks {
            let r = &cat.calibration[c.run];
            assert_eq!(
                c.error < -0.10,
                r.under_estimate.is_some(),
                "{}: {:+.1}% (under_estimate: {:?})\n{report}",
                r.id,
                c.error * 100.0,
                r.under_estimate
            );
        }
    }
}
