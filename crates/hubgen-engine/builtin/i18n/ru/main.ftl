# hubgen's built-in strings, for a site without an i18n/ folder (Russian).

language-name = Русский
skip-to-content = Перейти к содержанию
nav-label = Главное меню
language-switcher-label = Язык
switcher-untranslated = не переведено
section-pages = В этом разделе
languages-title = Языки
root-choose = Читать на русском
not-found-title = Страница не найдена
not-found-body = Такой страницы нет. Главная страница на русском:
fallback-notice = Эта страница ещё не переведена на русский, поэтому она показана на языке оригинала: { $original }.
fallback-original = Оригинал страницы
