//! Minification: templates once at load (keeping Tera's tags), CSS once per build.

use minify_html::Cfg;

/// Minifies a Tera HTML template's source, keeping `{{ }}`, `{% %}` and `{# #}` intact. Closing
/// and `<html>`/`<head>` tags are kept so blocks of a layout still nest when stitched together.
pub fn template(source: &str) -> String {
    let mut cfg = Cfg::new();
    cfg.preserve_brace_template_syntax = true;
    cfg.keep_closing_tags = true;
    cfg.keep_html_and_head_opening_tags = true;
    cfg.minify_css = true;
    cfg.minify_doctype = false;
    String::from_utf8(minify_html::minify(source.as_bytes(), &cfg))
        .unwrap_or_else(|_| source.to_owned())
}

/// A stylesheet, through the same CSS minifier minify-html uses for `<style>`.
pub fn css(source: &str) -> String {
    let wrapped = format!("<style>{source}</style>");
    let mut cfg = Cfg::new();
    cfg.minify_css = true;
    let out = String::from_utf8(minify_html::minify(wrapped.as_bytes(), &cfg)).unwrap_or_default();
    out.strip_prefix("<style>")
        .and_then(|s| s.strip_suffix("</style>"))
        .map_or_else(|| source.to_owned(), str::to_owned)
}

#[cfg(test)]
mod tests {
    #[test]
    fn template_tags_survive_minification() {
        let src = "<ul>\n  {% for x in xs %}\n    <li class=\"a\">  {{ x | upper }} </li>\n  {% endfor %}\n</ul>\n";
        let out = super::template(src);
        assert!(
            out.contains("{% for x in xs %}") && out.contains("{{ x | upper }}"),
            "{out}"
        );
        assert!(out.len() < src.len());
    }

    #[test]
    fn css_is_minified() {
        assert_eq!(super::css("body {\n  color: red;\n}\n"), "body{color:red}");
    }
}
