//! Generic, already-localised views that templates render: the engine's side of a computed table.

use serde::Serialize;

/// Text for HTML, XML or SVG, in an element or a quoted attribute: `&`, `<`, `>`, `"` and `'`
/// escaped (pulldown-cmark's escaper, which the Markdown output already goes through).
pub fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    // Writing to a String cannot fail.
    let _ = pulldown_cmark_escape::escape_html(&mut out, s);
    out
}

/// A table ready for a template: every text is localised and formatted.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct TableView {
    /// Stable, locale-independent name (`fit`, `cards`, …), used for ids and classes.
    pub name: String,
    pub caption: String,
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<Cell>>,
    /// A sentence under the table (assumptions, sources).
    pub note: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Column {
    pub header: String,
    /// Numbers are right-aligned with tabular figures.
    pub numeric: bool,
}

#[derive(Debug, Clone, Serialize, PartialEq, Default)]
pub struct Cell {
    pub text: String,
    /// A smaller second line (a note, a spec).
    pub sub: Option<String>,
    /// Terms that add up to `text`, shown on request.
    pub details: Vec<String>,
    /// The row's header cell (`<th scope="row">`).
    pub row_header: bool,
    /// Where the text links to: a URL, or an `@/` content path that the engine resolves as it
    /// resolves Markdown links (the current locale, then its fallbacks); a path that names no
    /// page fails the page's build.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
    /// Links that act on the row's item (renting an offer), after the text.
    pub actions: Vec<Action>,
    /// Choices that act on the row's item, each folded behind one summary (renting an offer:
    /// the region, then the term), after the actions.
    pub menus: Vec<Menu>,
    /// Further items in the same cell, under the first (other offers for the row's job).
    pub alts: Vec<Cell>,
}

/// A link that does something with a table row's item: its text, where it leads, and the whole
/// sentence for assistive technology (several rows have the same short text).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Action {
    pub text: String,
    pub href: String,
    pub label: String,
}

/// One action folded behind a summary, its choices listed when opened: a disclosure that needs
/// no script (`<details>`). Each item is a line of text with its links (a region, and the terms
/// to rent in it).
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Menu {
    /// What the action does (`Rent H100 SXM`): the disclosure's visible text and its name.
    pub summary: String,
    pub items: Vec<MenuItem>,
}

/// A line of a menu. Its links are the theme's to style (in a `details.menu`): they carry no
/// class of their own, which keeps a page of many menus light.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct MenuItem {
    pub text: String,
    pub actions: Vec<Action>,
}

impl Cell {
    pub fn text(text: impl Into<String>) -> Self {
        Cell {
            text: text.into(),
            ..Cell::default()
        }
    }

    pub fn header(text: impl Into<String>) -> Self {
        Cell {
            row_header: true,
            ..Cell::text(text)
        }
    }

    pub fn with_sub(mut self, sub: Option<String>) -> Self {
        self.sub = sub.filter(|s| !s.is_empty());
        self
    }

    pub fn with_link(mut self, link: impl Into<String>) -> Self {
        self.link = Some(link.into());
        self
    }

    pub fn with_details(mut self, details: Vec<String>) -> Self {
        self.details = details;
        self
    }

    pub fn with_actions(mut self, actions: impl IntoIterator<Item = Action>) -> Self {
        self.actions.extend(actions);
        self
    }

    pub fn with_menu(mut self, menu: Option<Menu>) -> Self {
        self.menus.extend(menu);
        self
    }

    /// Adds `alt`, if any, under the items already in the cell.
    pub fn with_alt(mut self, alt: Option<Cell>) -> Self {
        self.alts.extend(alt);
        self
    }
}
