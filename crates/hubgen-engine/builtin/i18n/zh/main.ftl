# hubgen's built-in strings, for a site without an i18n/ folder (Simplified Chinese).

language-name = 简体中文
skip-to-content = 跳到正文
nav-label = 主导航
language-switcher-label = 语言
switcher-untranslated = 未翻译
section-pages = 本栏目内容
languages-title = 语言
root-choose = 阅读中文版
not-found-title = 页面不存在
not-found-body = 找不到这个页面。请返回首页：
fallback-notice = 本页尚未翻译成中文，以下显示原文（{ $original }）。
fallback-original = 查看原文
