# hubgen's built-in strings, for a site without an i18n/ folder (German).

language-name = Deutsch
skip-to-content = Zum Inhalt springen
nav-label = Hauptnavigation
language-switcher-label = Sprache
switcher-untranslated = nicht übersetzt
section-pages = In diesem Bereich
languages-title = Sprachen
root-choose = Auf Deutsch lesen
not-found-title = Seite nicht gefunden
not-found-body = Diese Seite gibt es nicht. Zur Startseite:
fallback-notice = Diese Seite ist noch nicht ins Deutsche übersetzt und wird daher in der Originalsprache angezeigt: { $original }.
fallback-original = Original lesen
