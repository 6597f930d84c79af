# hubgen's built-in strings, for a site without an i18n/ folder (Ukrainian).

language-name = Українська
skip-to-content = Перейти до змісту
nav-label = Головне меню
language-switcher-label = Мова
switcher-untranslated = не перекладено
section-pages = У цьому розділі
languages-title = Мови
root-choose = Читати українською
not-found-title = Сторінку не знайдено
not-found-body = Такої сторінки немає. Головна сторінка українською:
fallback-notice = Цю сторінку ще не перекладено українською, тому її показано мовою оригіналу: { $original }.
fallback-original = Оригінал сторінки
