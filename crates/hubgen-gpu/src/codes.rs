//! The domain's diagnostic codes (the engine's are in `hubgen_engine::ext::code`); README lists both.

hubgen_engine::ext::codes! {
    /// Two records of one data file with the same id.
    DATA_DUPLICATE_ID = "data-duplicate-id";
    /// A data record names a card, region, model or other record that does not exist.
    DATA_UNKNOWN_REFERENCE = "data-unknown-reference";
    /// A number in data outside the range its meaning allows.
    DATA_OUT_OF_RANGE = "data-out-of-range";
    /// Data values that contradict each other (a month cheaper than a week, a range backwards).
    DATA_INCONSISTENT = "data-inconsistent";
    /// A fit row or training job whose card or bundle does not have the memory it needs.
    DATA_DOES_NOT_FIT = "data-does-not-fit";
    /// A fit row or training job whose pick has no card free in any region (readers could not rent it).
    DATA_NOT_IN_STOCK = "data-not-in-stock";
    /// A value the site shows when it is set (the order URL) is not set in data.
    DATA_NOT_SET = "data-not-set";
    /// A figure a page asks for that data does not give (a card without its bandwidth).
    DATA_MISSING_VALUE = "data-missing-value";
    /// A shortcode argument naming a table, chart, card, term or other item there is none of.
    SHORTCODE_UNKNOWN_ITEM = "shortcode-unknown-item";
    /// A sentence names the pick rule's choice for a job (`pick`'s `is`) that the rule no longer makes.
    PICK_CHANGED = "pick-changed";
}

#[cfg(test)]
mod tests {
    /// README carries the list of every code between its markers; `UPDATE_AUTHORING=1 cargo test`
    /// rewrites it.
    #[test]
    fn readme_lists_every_code_once() {
        let engine = hubgen_engine::ext::code::ALL;
        let mut names: Vec<&str> = engine.iter().chain(super::ALL).map(|c| c.name).collect();
        names.sort_unstable();
        let len = names.len();
        names.dedup();
        assert_eq!(names.len(), len, "a code is declared twice");

        let want = hubgen_engine::ext::code::reference(super::ALL);
        crate::assert_generated_section("README.md", "codes", &want);
    }
}
