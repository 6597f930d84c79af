# hubgen's built-in strings, for a site without an i18n/ folder (English).

language-name = English
skip-to-content = Skip to content
nav-label = Main
language-switcher-label = Language
switcher-untranslated = not translated
section-pages = In this section
languages-title = Languages
root-choose = Read in English
not-found-title = Page not found
not-found-body = This page does not exist. Go to the home page:
fallback-notice = This page has not been translated into English yet, so it is shown in its original language, { $original }.
fallback-original = Read the original
