// The site as a visitor meets it: every built page opened in Debian's headless Chromium.
//
//   node run.mjs <site-dir> [--screenshots DIR]   check every page; exit 1 naming each defect
//   node run.mjs --self-test <site-dir>           plant one defect per detector in a copy of the site
//                                                 and check each is reported, and nothing else
//
// Exit status: 0 no defect, 1 defects (each named on stderr), 2 the suite could not run (no site,
// no HTML page in it, no java, the Nu checker crashed, Chromium missing, a bad command line).
//
// Per page: no console error, no uncaught script error, no failed request, no HTTP error for a
// subresource, no request to another host; <html lang> right (a locale folder's code; on a fallback
// page the locale folder of its canonical URL; outside the locale folders the site's default
// locale, the one the x-default alternates of the locale pages point into; a locale folder is
// named by a lowercase BCP 47 tag, `pt-br` as `en`); hreflang alternates, x-default among them,
// that are pages and not fallback pages, a language's reciprocal; internal links and #anchors that
// resolve; no horizontal overflow at 375 and 320 px; no serious or critical axe-core (WCAG 2 A/AA)
// violation, colour contrast in dark mode too; HTML + CSS under 30 KB gzipped; a unique <title>
// and description, a canonical URL that is the page itself (or, on a fallback page, the original),
// Open Graph, JSON-LD that parses and has an @type, Product and FAQPage JSON-LD where they belong.
// Every HTML file goes through the Nu HTML Checker (java -jar vnu.jar).
import { createServer } from "node:http";
import { readFileSync, readdirSync, statSync, mkdirSync, cpSync, writeFileSync, mkdtempSync, rmSync, existsSync, realpathSync } from "node:fs";
import { join, extname, dirname, resolve, relative, isAbsolute, sep } from "node:path";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const BUDGET = 30 * 1024;
// A locale code as hubgen writes it: a lowercase BCP 47 tag (`en`, `pt-br`, `zh-hans`), which is
// also its folder's name.
const LOCALE = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/;
const TYPES = { ".html": "text/html; charset=utf-8", ".css": "text/css", ".json": "application/json", ".xml": "application/xml", ".txt": "text/plain", ".svg": "image/svg+xml", ".png": "image/png", ".js": "text/javascript; charset=utf-8" };
const USAGE = `usage: node run.mjs <site-dir> [--screenshots DIR]
       node run.mjs --self-test <site-dir>`;

/** A reason the suite cannot run at all (as opposed to a defect of the site): exit status 2. */
class Fatal extends Error {}
const fatal = (message) => {
  throw new Fatal(message);
};

function walk(dir, base = dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, base, out);
    else out.push(relative(base, p).split(sep).join("/"));
  }
  return out;
}

/** The site folder as an absolute, symlink-free path (what the Nu checker reports files under). */
function siteRoot(dir) {
  const abs = resolve(dir);
  if (!existsSync(abs)) fatal(`${dir}: no such folder (build the site first)`);
  if (!statSync(abs).isDirectory()) fatal(`${dir}: not a folder`);
  return realpathSync(abs);
}

/** A static server on 127.0.0.1 for `root`; resolves to { server, origin }. */
function serve(root) {
  const server = createServer((req, res) => {
    const fail = (status, text) => {
      res.writeHead(status, { "content-type": "text/plain" });
      res.end(text);
    };
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/^\/+/, "");
    } catch {
      return fail(400, "bad request");
    }
    if (path === "" || path.endsWith("/")) path += "index.html";
    const file = join(root, path);
    if (!file.startsWith(root + sep) || !existsSync(file) || statSync(file).isDirectory()) return fail(404, "not found");
    let body;
    try {
      body = readFileSync(file);
    } catch (e) {
      return fail(500, String(e));
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] || "application/octet-stream" });
    res.end(body);
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok({ server, origin: `http://127.0.0.1:${server.address().port}` })));
}

function urlOf(file) {
  return "/" + file.replace(/(^|\/)index\.html$/, "$1");
}

/** The file a site path is served from. */
function fileOf(path) {
  path = path.replace(/^\/+/, "");
  return path === "" || path.endsWith("/") ? path + "index.html" : path;
}

/** The path of an absolute or site-relative URL ("" for none). */
function pathOf(href) {
  if (!href) return "";
  try {
    return decodeURIComponent(new URL(href, "http://x/").pathname);
  } catch {
    return href;
  }
}

/** The attributes of one start tag, names lower-cased. */
function attributes(tag) {
  const out = {};
  for (const m of tag.matchAll(/([^\s"'<>/=]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)) out[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4];
  return out;
}

/** The locale folders of a site: the top-level folders named as a locale code with a home page. */
export function localeFolders(files) {
  return new Set(files.map((f) => f.match(/^([^/]+)\/index\.html$/)?.[1]).filter((d) => d && LOCALE.test(d)));
}

/**
 * The site's default locale as the build states it on its other pages: the locale folder that
 * the x-default alternates of the pages inside the locale folders point into (the home pages'
 * x-default is the language chooser at /, which says nothing and is left out).
 */
function defaultLocale(root, files, locales) {
  const found = new Set();
  for (const f of files) {
    if (!f.endsWith(".html") || !locales.has(f.split("/")[0])) continue;
    for (const tag of readFileSync(join(root, f), "utf8").match(/<link\b[^>]*>/gi) || []) {
      const a = attributes(tag);
      if ((a.rel || "").toLowerCase() !== "alternate" || a.hreflang !== "x-default") continue;
      const folder = pathOf(a.href).split("/")[1];
      if (locales.has(folder)) found.add(folder);
    }
  }
  return [...found];
}

/**
 * The Nu checker's errors, by file relative to root. `files` limits it to those HTML files.
 * Anything but "exit 0, nothing said" or a JSON report of errors is a Fatal: a missing java, a
 * crash, output that is not the report, a file it could not read or a file outside the site.
 */
function nu(root, files) {
  const jar = join(here, "node_modules/vnu-jar/build/dist/vnu.jar");
  if (!existsSync(jar)) fatal(`the Nu checker is not installed (no ${relative(process.cwd(), jar)}): run npm ci in tests/browser`);
  const targets = files ? files.map((f) => join(root, f)) : [root];
  const r = spawnSync("java", ["-jar", jar, "--errors-only", "--format", "json", "--skip-non-html", ...targets], { encoding: "utf8", maxBuffer: 256 << 20 });
  if (r.error) fatal(r.error.code === "ENOENT" ? "the Nu checker cannot run: java is not on PATH (install a Java runtime, e.g. Debian's default-jre-headless)" : `the Nu checker cannot run: ${r.error.message}`);
  const said = `${r.stderr}${r.stdout}`.trim();
  if (r.signal) fatal(`the Nu checker was killed by ${r.signal}: ${said.slice(0, 2000)}`);
  const byFile = new Map();
  if (r.status === 0 && !said) return byFile;
  let report;
  try {
    report = JSON.parse(r.stderr); // --format json reports on stderr
  } catch {
    report = null;
  }
  if (!report || !Array.isArray(report.messages) || (r.status !== 0 && r.status !== 1) || (r.status === 1) !== report.messages.length > 0)
    fatal(`the Nu checker failed (exit status ${r.status}) instead of reporting:\n${said.slice(0, 4000) || "(no output)"}`);
  const known = new Set(files || walk(root).filter((f) => f.endsWith(".html")));
  for (const m of report.messages) {
    if (m.type !== "error") fatal(`the Nu checker could not check ${m.url || "a file"}: ${m.message}`);
    let file;
    try {
      file = relative(root, fileURLToPath(m.url)).split(sep).join("/");
    } catch {
      file = "";
    }
    if (!file || file.startsWith("..") || isAbsolute(file) || !known.has(file)) fatal(`the Nu checker reported ${m.url}, which is not an HTML file of ${root}`);
    if (!byFile.has(file)) byFile.set(file, []);
    byFile.get(file).push(`HTML error at ${m.lastLine}:${m.firstColumn ?? m.lastColumn}: ${m.message}`);
  }
  return byFile;
}

/**
 * Checks the site in `root`; `only` limits the pages opened (and given to the Nu checker) to
 * those files. Cross-page checks then compare only the pages opened, except that every link,
 * anchor's page and hreflang target must exist in the whole site.
 */
export async function check(root, { screenshots, only } = {}) {
  root = siteRoot(root);
  const files = walk(root);
  const fileSet = new Set(files);
  for (const f of only || []) if (!fileSet.has(f)) fatal(`no ${f} in ${root}`);
  const pages = files.filter((f) => f.endsWith(".html") && (!only || only.includes(f)));
  if (!pages.length) fatal(`no HTML page in ${root}`);
  const defects = [];
  const defect = (page, what) => defects.push(`${page}: ${what}`);
  // The Nu checker first: it needs no browser, and a missing java ends the run at once.
  const nuErrors = nu(root, only ? pages : undefined);
  const locales = localeFolders(files);
  const defaults = defaultLocale(root, files, locales);
  const { server, origin } = await serve(root);
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
  } catch (e) {
    server.close();
    fatal(`Chromium does not start (set CHROMIUM to its path, or install Debian's chromium): ${e.message.split("\n")[0]}`);
  }
  const axeSource = readFileSync(join(here, "node_modules/axe-core/axe.min.js"), "utf8");
  const seen = new Map(); // url → what the page says about itself
  let shot = false;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    for (const file of pages) {
      const url = urlOf(file);
      const page = await context.newPage();
      const problems = [];
      page.on("console", (m) => m.type() === "error" && problems.push(`console error: ${m.text()}`));
      page.on("pageerror", (e) => problems.push(`script error: ${e.message}`));
      page.on("requestfailed", (r) => new URL(r.url()).origin === origin && problems.push(`failed request: ${r.url().replace(origin, "")} (${r.failure()?.errorText})`));
      page.on("response", (r) => r.status() >= 400 && r.url() !== origin + url && problems.push(`HTTP ${r.status()} for ${r.url().replace(origin, "")}`));
      await page.route("**/*", (route) => {
        const u = new URL(route.request().url());
        if (u.origin !== origin) {
          problems.push(`request to another host: ${u.origin}`);
          return route.abort();
        }
        return route.continue();
      });
      const resp = await page.goto(origin + url, { waitUntil: "load" });
      if (!resp || (resp.status() !== 200 && file !== "404.html")) problems.push(`HTTP ${resp && resp.status()}`);
      const info = await page.evaluate(() => {
        const q = (s) => document.querySelector(s);
        return {
          lang: document.documentElement.lang,
          title: document.title.trim(),
          description: q('meta[name="description"]')?.content?.trim() || "",
          canonical: q('link[rel="canonical"]')?.href || "",
          og: [...document.querySelectorAll('meta[property^="og:"]')].map((m) => m.getAttribute("property")),
          jsonld: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent),
          ids: [...document.querySelectorAll("[id]")].map((e) => e.id),
          links: [...document.querySelectorAll("a[href]")].map((a) => a.href),
          alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.hreflang, l.href]),
          noticeLang: q(".fallback-notice a")?.getAttribute("hreflang") || null,
          robots: q('meta[name="robots"]')?.content || "",
          css: [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => new URL(l.href).pathname),
        };
      });
      // <html lang>, from what the build says elsewhere, never from this page's own claims:
      // in a locale folder, its code; on a fallback page (its canonical URL is the original, in
      // another locale folder), that folder's code; outside the locale folders (the language
      // chooser, 404.html), the default locale that the other pages' x-default points into.
      const folder = url.split("/")[1];
      const inLocale = locales.has(folder) && file.includes("/");
      const canonicalPath = pathOf(info.canonical);
      const canonicalFolder = canonicalPath.split("/")[1];
      info.fallback = inLocale && (info.noticeLang !== null || (locales.has(canonicalFolder) && canonicalFolder !== folder));
      let expected = null;
      let why = "";
      if (info.fallback) {
        if (!locales.has(canonicalFolder) || canonicalFolder === folder) problems.push(`a fallback notice, but the canonical URL ${canonicalPath || "(none)"} is not the original in another locale folder`);
        else {
          expected = canonicalFolder;
          why = `the original this fallback page copies (its canonical URL) is in /${canonicalFolder}/`;
          if (info.noticeLang === null) problems.push(`canonical URL in /${canonicalFolder}/, a fallback page, but no fallback notice`);
          else if (!tagIsOf(info.noticeLang, canonicalFolder)) problems.push(`the fallback notice names ${info.noticeLang}, the canonical URL is in /${canonicalFolder}/`);
        }
      } else if (inLocale) {
        expected = folder;
        why = `the page is in /${folder}/`;
      } else if (defaults.length === 1) {
        expected = defaults[0];
        why = `the page is outside the locale folders and the site's default locale is ${defaults[0]} (x-default of the locale pages)`;
      } else problems.push(`cannot tell the site's default locale for a page outside the locale folders: the x-default alternates point into ${defaults.length ? defaults.join(", ") : "no locale folder"}`);
      if (!info.lang) problems.push("<html> has no lang");
      else if (expected && !tagIsOf(info.lang, expected)) problems.push(`<html lang="${info.lang}"> but the content is ${expected}: ${why}`);
      seen.set(url, info);
      // Search basics (the 404 page and the language chooser are not indexed pages).
      const indexed = !info.robots.includes("noindex");
      if (!info.title) problems.push("no <title>");
      if (indexed && inLocale) {
        if (!info.description) problems.push("no meta description");
        if (!info.canonical) problems.push("no canonical link");
        for (const p of ["og:title", "og:url", "og:type"]) if (!info.og.includes(p)) problems.push(`no ${p}`);
      }
      if (info.canonical && !info.fallback && canonicalPath !== url) problems.push(`canonical URL ${canonicalPath}, not the page's own ${url}`);
      const types = [];
      for (const j of info.jsonld) {
        try {
          const v = JSON.parse(j);
          if (!v["@type"]) problems.push("JSON-LD without @type");
          types.push(v["@type"]);
        } catch (e) {
          problems.push(`JSON-LD does not parse: ${e.message}`);
        }
      }
      // The structured data a page of its kind must carry.
      if (inLocale && /^\/[^/]+\/gpus\/[^/]+\/$/.test(url) && !types.includes("Product")) problems.push("a card page without Product JSON-LD");
      if (info.ids.includes("faq") && !info.fallback && !types.includes("FAQPage")) problems.push("an FAQ section without FAQPage JSON-LD");
      // Weight: the page and its stylesheets, gzipped (a missing stylesheet is an HTTP 404 above).
      const css = info.css.map((c) => join(root, fileOf(c))).filter((f) => existsSync(f));
      const gz = [join(root, file), ...css].reduce((n, f) => n + gzipSync(readFileSync(f), { level: 9 }).length, 0);
      if (gz > BUDGET) problems.push(`weighs ${(gz / 1024).toFixed(1)} KB gzipped with its CSS, over the ${BUDGET / 1024} KB budget`);
      // Accessibility: axe-core, WCAG 2 A and AA, serious and critical only.
      await page.addScriptTag({ content: axeSource });
      const axe = await page.evaluate(async () => {
        const r = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
        return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
      });
      for (const v of axe) problems.push(`axe: ${v}`);
      // Dark mode is a theme of its own: its contrast is checked too.
      await page.emulateMedia({ colorScheme: "dark" });
      const dark = await page.evaluate(async () => {
        const r = await window.axe.run(document, { runOnly: { type: "rule", values: ["color-contrast"] } });
        return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}) in dark mode: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
      });
      for (const v of dark) problems.push(`axe: ${v}`);
      await page.emulateMedia({ colorScheme: "light" });
      // Phone widths: nothing wider than the screen but what scrolls inside its own container.
      for (const width of [375, 320]) {
        await page.setViewportSize({ width, height: 800 });
        const overflow = await page.evaluate(() => {
          const w = document.documentElement.clientWidth;
          if (document.documentElement.scrollWidth <= w + 1) return null;
          const culprit = [...document.body.querySelectorAll("*")].find((e) => {
            const r = e.getBoundingClientRect();
            if (r.right <= w + 1) return false;
            for (let p = e.parentElement; p; p = p.parentElement) {
              const o = getComputedStyle(p).overflowX;
              if (o === "auto" || o === "scroll" || o === "hidden") return false;
            }
            return true;
          });
          const name = culprit ? culprit.tagName.toLowerCase() + (culprit.id ? "#" + culprit.id : "") + (culprit.className && typeof culprit.className === "string" ? "." + culprit.className.split(" ")[0] : "") : "the page";
          return `${document.documentElement.scrollWidth} px wide at a ${w} px viewport (${name})`;
        });
        if (overflow) problems.push(`horizontal overflow: ${overflow}`);
      }
      if (screenshots && url === "/en/fine-tuning/") {
        mkdirSync(screenshots, { recursive: true });
        await page.screenshot({ path: join(screenshots, "fine-tuning-375.png"), fullPage: true });
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.screenshot({ path: join(screenshots, "fine-tuning-1280.png"), fullPage: true });
        shot = true;
      }
      for (const p of problems) defect(file, p);
      await page.close();
    }
    await context.close();
  } finally {
    await browser.close();
    server.close();
  }
  if (screenshots && !shot) defect("en/fine-tuning/index.html", "no such page to take the screenshots of");
  // Across pages: links and anchors, hreflang, unique titles and descriptions.
  const titles = new Map();
  const descriptions = new Map();
  for (const [url, info] of seen) {
    const file = fileOf(url);
    for (const href of info.links) {
      const u = new URL(href);
      if (u.origin !== origin) continue;
      const t = fileOf(pathOf(href));
      if (!fileSet.has(t)) defect(file, `broken link to ${u.pathname}`);
      else if (u.hash && t.endsWith(".html") && seen.has(urlOf(t))) {
        const ids = seen.get(urlOf(t)).ids;
        if (!ids.includes(decodeURIComponent(u.hash.slice(1)))) defect(file, `broken anchor ${u.pathname}${u.hash}`);
      }
    }
    if (info.canonical && !fileSet.has(fileOf(pathOf(info.canonical)))) defect(file, `canonical URL ${pathOf(info.canonical)} is not a page`);
    // Every alternate is a page and not a fallback page; a language's is reciprocal (x-default,
    // the page for readers of no listed language, names no page back).
    for (const [lang, href] of info.alternates) {
      const path = pathOf(href);
      const other = seen.get(path);
      if (!fileSet.has(fileOf(path))) defect(file, `hreflang ${lang} points to ${path}, which is not a page`);
      else if (!other) continue; // not opened in this run (only)
      else if (other.fallback) defect(file, `hreflang ${lang} advertises ${path}, a fallback page`);
      else if (lang !== "x-default" && !other.alternates.some(([, h]) => pathOf(h) === url)) defect(file, `hreflang ${lang} → ${path} is not reciprocal`);
    }
    if (info.fallback || info.robots.includes("noindex")) continue;
    for (const [map, key] of [[titles, info.title], [descriptions, info.description]]) {
      if (!key) continue;
      if (map.has(key)) defect(file, `same ${map === titles ? "<title>" : "description"} as ${map.get(key)}`);
      else map.set(key, file);
    }
  }
  for (const [file, errors] of nuErrors) for (const e of errors) defect(file, e);
  return { pages: pages.length, defects };
}

/** Edits `file` of the copy at `dir` with `edit(html)`; an edit that changes nothing is a bug of the self-test. */
function plant(dir, file, edit) {
  const before = readFileSync(join(dir, file), "utf8");
  const after = edit(before);
  if (after === before) fatal(`self-test: planting in ${file} changed nothing (the page no longer looks as the self-test expects)`);
  writeFileSync(join(dir, file), after);
}

/** `html` with `from` (a string or a regular expression) replaced; unchanged if it does not occur, which plant() refuses. */
function swap(html, from, to) {
  if (typeof from === "string" ? !html.includes(from) : !from.test(html)) return html;
  return html.replace(from, to);
}

/** `html` with each start tag `name` whose attributes satisfy `match` replaced by `to(tag, attributes)` ("" drops it). */
function retag(html, name, match, to) {
  return html.replace(new RegExp(`<${name}\\b[^>]*>`, "gi"), (tag) => {
    const a = attributes(tag);
    return match(a) ? to(tag, a) : tag;
  });
}

/** The first start tag `name` of `html` whose attributes satisfy `match`. */
function tagOf(html, name, match) {
  return (html.match(new RegExp(`<${name}\\b[^>]*>`, "gi")) || []).find((tag) => match(attributes(tag))) || "";
}

/**
 * Whether the language tag `tag` (a page's lang, an hreflang) is of the locale whose folder is
 * `code`: the code itself or a more specific tag of it, case aside (RFC 4647 basic filtering), so
 * a `zh` folder's pages may say `zh-Hans` and a `pt-br` folder's `pt-BR`, never `en` or `zht`.
 */
function tagIsOf(tag, code) {
  const t = (tag || "").toLowerCase();
  return t === code || t.startsWith(`${code}-`);
}

/** `html` with <html lang> set to `lang`, or dropped for null. */
function setLang(html, lang) {
  return retag(html, "html", () => true, (tag) => tag.replace(/\s+lang\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, lang === null ? "" : ` lang="${lang}"`));
}

const isRel = (rel) => (a) => (a.rel || "").toLowerCase() === rel;
const alternate = (lang) => (a) => isRel("alternate")(a) && (lang ? a.hreflang === lang : a.hreflang !== undefined);
/** `html` with the href of the tag(s) that `match` pointed at `path` (same origin). */
const rehref = (html, name, match, path) => retag(html, name, match, (tag, a) => tag.replace(a.href, new URL(path, a.href).href));
/** `html` without its JSON-LD block(s) that mention `type`. */
const dropJsonLd = (html, type) => html.replace(new RegExp(`<script\\b[^>]*ld\\+json[^>]*>[^<]*"${type}"[^<]*</script>`, "g"), "");

/**
 * One planted defect per detector, each on a page of its own of a copy of the site, plus the
 * unmodified pages they relate to. First the same pages of the unmodified site must report
 * nothing; then each planted page must report exactly what was planted and nothing else, and the
 * unmodified pages still nothing.
 */
async function selfTest(root) {
  root = siteRoot(root);
  // The locale folders of a site whose codes are lowercase tags with a region or script, beside
  // folders that are not locales (the site has none of these, so no page could show it).
  const tags = [...localeFolders(["index.html", "en/index.html", "pt-br/index.html", "pt-br/gpus/index.html", "zh-hans/index.html", "data/cards.json", "img/logo.svg", "js/index.js", "ab/x.html"])].sort();
  if (tags.join(" ") !== "en pt-br zh-hans") {
    console.error(`self-test failed: the locale folders of en, pt-br and zh-hans (beside data/, img/, js/, ab/) read as: ${tags.join(", ") || "none"}`);
    return 1;
  }
  // A page's language tag is of its folder's locale: the code, or a more specific tag of it.
  const tagCases = [["zh-Hans", "zh", true], ["ZH", "zh", true], ["pt-BR", "pt-br", true], ["zht", "zh", false], ["en", "zh", false], ["", "zh", false]];
  const wrongTag = tagCases.find(([t, c, want]) => tagIsOf(t, c) !== want);
  if (wrongTag) {
    console.error(`self-test failed: "${wrongTag[0]}" read as ${wrongTag[2] ? "not " : ""}a tag of the ${wrongTag[1]} locale`);
    return 1;
  }
  const files = walk(root);
  const has = (f) => files.includes(f);
  const html = (f) => readFileSync(join(root, f), "utf8");
  // Whether the page has an attribute with this value, however the minifier quoted it
  // (`id="faq"`, `id=faq`); for `class`, one of its classes.
  const attr = (f, name, value) => {
    const v = "(?:\"([^\"]*)\"|'([^']*)'|([^\\s>]+))";
    return [...html(f).matchAll(new RegExp(`\\s${name}=${v}`, "g"))]
      .map((m) => m[1] ?? m[2] ?? m[3])
      .some((got) => (name === "class" ? got.split(/\s+/).includes(value) : got === value));
  };
  const isFallback = (f) => attr(f, "class", "fallback-notice");
  const uk = (f) => f.replace(/^en\//, "uk/");
  const zh = (f) => f.replace(/^en\//, "zh/");
  const ru = (f) => f.replace(/^en\//, "ru/");
  const family = (f) => [f, uk(f), zh(f), ru(f)];
  // Pages below a locale's home, not fallback pages; English ones with uk, zh and ru alternates.
  const inner = files.filter((f) => /^[a-z]{2}\/.+\/index\.html$/.test(f) && !isFallback(f));
  // Whether the page has an hreflang of the locale whose folder is `code` (`zh`, or `zh-Hans`).
  const hreflangOf = (f, code) => [...html(f).matchAll(/\shreflang=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)].some((m) => tagIsOf(m[1] ?? m[2] ?? m[3], code));
  const translated = inner.filter((f) => f.startsWith("en/") && [uk(f), zh(f), ru(f)].every((t) => has(t) && !isFallback(t) && hreflangOf(f, t.slice(0, 2))));
  const card = translated.find((f) => /^en\/gpus\/[^/]+\/index\.html$/.test(f) && html(f).includes('"Product"'));
  const faqPage = translated.find((f) => attr(f, "id", "faq") && html(f).includes('"FAQPage"'));
  const free = translated.filter((f) => f !== card && f !== faqPage);
  if (free.length < 5 || !card || !faqPage || !has("index.html") || !has("404.html") || !has("en/index.html"))
    fatal(`self-test: the site lacks the pages to plant in (${translated.length} English pages with uk, zh and ru translations, card page ${card}, FAQ page ${faqPage}, index.html ${has("index.html")}, 404.html ${has("404.html")}, en/index.html ${has("en/index.html")})`);
  // hreflang: the uk alternate of one English page will point to another uk page; the zh
  // translation of a second becomes a fallback page (a copy of the English original, as the
  // build makes one for an untranslated page), so its zh alternate advertises a fallback; the ru
  // alternate of a third points to no page. The uk translation of a fourth becomes a fallback
  // page with the wrong <html lang>. The other pages of these four families are not opened:
  // their alternates name the changed pages and are no longer reciprocal.
  const [nonReciprocal, toFallback, toNowhere, fallbackSource, otherEn] = free;
  const ukOther = uk(otherEn); // opened, unmodified: its alternates do not name nonReciprocal
  const reserved = new Set([...family(nonReciprocal), ...family(toFallback), ...family(toNowhere), ...family(fallbackSource), ukOther, card, faqPage]);
  const pool = inner.filter((f) => !reserved.has(f));
  const spare = () => pool.shift() || fatal("self-test: not enough pages to plant in");
  /** The fallback page the build would write in `locale` for the English `original`. */
  const fallbackOf = (original, locale) => () => {
    const copy = retag(html(original), "link", alternate(), () => "");
    return swap(copy, /<main\b[^>]*>/, `$&<p class="fallback-notice" lang="${locale}" role="note">Not translated yet, so here is the original. <a href="${urlOf(original)}" hreflang="en">Original</a></p>`);
  };
  // Walk order is report order: a duplicate is reported on the later page, the one planted in.
  const dupTitle = [spare(), spare()];
  const dupDesc = [spare(), spare()];

  const plants = [];
  const add = (name, file, edit, ...expect) => plants.push({ name, file, edit, expect });
  const inMain = (s) => (h) => swap(h, "</main>", s + "</main>");
  const inHead = (s) => (h) => swap(h, "</head>", s + "</head>");
  // Requests and scripts.
  add("console error", "en/index.html", inHead("<script>console.error('planted console error')</script>"), /console error: planted console error$/);
  add("script error", spare(), inHead("<script>throw new Error('planted script error')</script>"), /script error: planted script error$/);
  add("failed request", spare(), inHead("<script>const c = new AbortController(); fetch('/favicon.svg?planted', { signal: c.signal }).catch(() => {}); c.abort();</script>"), /failed request: \/favicon\.svg\?planted \(net::ERR_ABORTED\)$/);
  add("HTTP error for a subresource", spare(), inMain('<img src="/planted-missing.svg" alt="planted">'), /HTTP 404 for \/planted-missing\.svg$/, /console error: Failed to load resource: the server responded with a status of 404/);
  add("request to another host", spare(), inMain('<img src="https://planted.example/x.svg" alt="planted">'), /request to another host: https:\/\/planted\.example$/, /console error: Failed to load resource: net::ERR_FAILED$/);
  // Languages.
  const enLang = (h) => setLang(h, "uk");
  const wrongLang = spare();
  const folder = wrongLang.split("/")[0];
  const other = folder === "en" ? "uk" : "en";
  add("wrong lang in a locale folder", wrongLang, (h) => setLang(h, other), new RegExp(`<html lang="${other}"> but the content is ${folder}: the page is in /${folder}/$`));
  add("wrong lang on the language chooser", "index.html", enLang, /<html lang="uk"> but the content is en: the page is outside the locale folders and the site's default locale is en/);
  add("wrong lang on 404.html", "404.html", enLang, /<html lang="uk"> but the content is en: the page is outside the locale folders/);
  add("a correct fallback page (control)", zh(toFallback), fallbackOf(toFallback, "zh"));
  add("wrong lang on a fallback page", uk(fallbackSource), () => setLang(fallbackOf(fallbackSource, "uk")(), "uk"), /<html lang="uk"> but the content is en: the original this fallback page copies \(its canonical URL\) is in \/en\/$/);
  add("no lang", spare(), (h) => setLang(h, null), /<html> has no lang$/, /axe: html-has-lang \(serious\)/);
  // hreflang (see above).
  add("hreflang not reciprocal", nonReciprocal, (h) => rehref(h, "link", alternate("uk"), urlOf(ukOther)), new RegExp(`hreflang uk → ${quote(urlOf(ukOther))} is not reciprocal$`));
  add("hreflang to a fallback page", toFallback, null, new RegExp(`hreflang zh(?:-[A-Za-z0-9]+)* advertises ${quote(urlOf(zh(toFallback)))}, a fallback page$`));
  add("hreflang to no page", toNowhere, (h) => rehref(h, "link", alternate("ru"), "/ru/planted-nowhere/"), /hreflang ru points to \/ru\/planted-nowhere\/, which is not a page$/);
  add("x-default to no page", spare(), (h) => rehref(h, "link", alternate("x-default"), "/en/planted-nowhere/"), /hreflang x-default points to \/en\/planted-nowhere\/, which is not a page$/);
  // Links.
  add("broken link", spare(), inMain('<p><a href="/en/planted-no-such-page/">gone</a></p>'), /broken link to \/en\/planted-no-such-page\/$/);
  add("broken anchor", spare(), inMain('<p><a href="#planted-no-such-anchor">gone</a></p>'), /broken anchor \/[a-z]{2}\/[^ ]+#planted-no-such-anchor$/);
  // Markup, layout, accessibility, weight.
  add("Nu HTML error", spare(), inMain('<p><time datetime="planted-yesterday">yesterday</time></p>'), /HTML error at \d+:\d+: Bad value “planted-yesterday” for attribute “datetime” on element “time”/);
  add("horizontal overflow", spare(), inMain('<table><tr><td style="min-width:1400px">a table wider than a phone, with no scrolling container</td></tr></table>'), /horizontal overflow: \d+ px wide at a 375 px viewport \(table\)$/, /horizontal overflow: \d+ px wide at a 320 px viewport \(table\)$/);
  add("image without alt", spare(), inMain('<img src="/favicon.svg">'), /axe: image-alt \(critical\)/, /HTML error at .*“img” element must have an “alt” attribute/);
  add("dark-mode contrast", spare(), (h) => inMain('<p id="planted-dark">planted low contrast in dark mode</p>')(inHead("<style>@media (prefers-color-scheme: dark) { #planted-dark { color: #333 !important; background: #222 !important; } }</style>")(h)), /axe: color-contrast \(serious\) in dark mode: #planted-dark$/);
  add("over the weight budget", spare(), inMain(`<!-- ${randomBytes(40 * 1024).toString("base64")} -->`), /weighs \d+\.\d KB gzipped with its CSS, over the 30 KB budget$/);
  // Search basics and structured data.
  add("no title", spare(), (h) => swap(h, /<title>[^<]*<\/title>/, ""), /: no <title>$/, /HTML error at .*missing a required instance of child element “title”/, /axe: document-title \(serious\)/);
  add("duplicate title", dupTitle[1], (h) => swap(h, /<title>[^<]*<\/title>/, html(dupTitle[0]).match(/<title>[^<]*<\/title>/)[0]), new RegExp(`same <title> as ${quote(dupTitle[0])}$`));
  add("no description", spare(), (h) => retag(h, "meta", (a) => a.name === "description", () => ""), /: no meta description$/);
  add("duplicate description", dupDesc[1], (h) => retag(h, "meta", (a) => a.name === "description", () => tagOf(html(dupDesc[0]), "meta", (a) => a.name === "description")), new RegExp(`same description as ${quote(dupDesc[0])}$`));
  add("no canonical", spare(), (h) => retag(h, "link", isRel("canonical"), () => ""), /: no canonical link$/);
  add("canonical elsewhere", spare(), (h) => rehref(h, "link", isRel("canonical"), "./.."), /canonical URL \/[a-z]{2}\/[^ ]*, not the page's own \/[a-z]{2}\/[^ ]+$/);
  add("no og:type", spare(), (h) => retag(h, "meta", (a) => a.property === "og:type", () => ""), /: no og:type$/);
  add("JSON-LD that does not parse", spare(), inHead('<script type="application/ld+json">{"@type": "WebPage",</script>'), /JSON-LD does not parse: /);
  add("JSON-LD without @type", spare(), inHead('<script type="application/ld+json">{"@context": "https://schema.org", "name": "planted"}</script>'), /: JSON-LD without @type$/);
  add("card page without Product", card, (h) => dropJsonLd(h, "Product"), /a card page without Product JSON-LD$/);
  add("FAQ without FAQPage", faqPage, (h) => dropJsonLd(h, "FAQPage"), /an FAQ section without FAQPage JSON-LD$/);

  const controls = [dupTitle[0], dupDesc[0], ukOther];
  const only = [...new Set([...plants.map((p) => p.file), ...controls])];
  if (only.length !== plants.length + controls.length) fatal(`self-test: two plants share a page: ${plants.map((p) => p.file).join(", ")}`);

  // 1. The same pages of the unmodified site report nothing.
  const t0 = Date.now();
  const base = await check(root, { only });
  if (base.defects.length) {
    console.error(`self-test failed: the unmodified pages already report defects, so planted ones would prove nothing:\n${base.defects.join("\n")}`);
    return 1;
  }
  console.log(`self-test: ${base.pages} unmodified pages, 0 defects (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  // 2. Each planted defect is reported on its page, and nothing else anywhere.
  const copy = mkdtempSync(join(tmpdir(), "hubgen-browser-"));
  try {
    cpSync(root, copy, { recursive: true });
    for (const p of plants) if (p.edit) plant(copy, p.file, p.edit);
    const t1 = Date.now();
    const { defects } = await check(copy, { only });
    const claimed = new Set();
    const failures = [];
    for (const p of plants) {
      const mine = defects.filter((d) => d.startsWith(p.file + ": "));
      const missing = p.expect.filter((re) => !mine.some((d) => re.test(d)));
      for (const d of mine) if (p.expect.some((re) => re.test(d))) claimed.add(d);
      if (missing.length) failures.push(`${p.name} (${p.file}): not reported: ${missing.join(", ")}`);
      else if (!p.expect.length) console.log(`clean   ${p.name.padEnd(34)} ${p.file}: ${mine.length ? mine.length + " defect(s)" : "no defect"}`);
      else console.log(`caught  ${p.name.padEnd(34)} ${mine.filter((d) => p.expect.some((re) => re.test(d))).join(" | ").slice(0, 220)}`);
    }
    const extra = defects.filter((d) => !claimed.has(d));
    for (const d of extra) failures.push(`reported but not planted: ${d}`);
    if (failures.length) {
      console.error(`self-test failed:\n${failures.join("\n")}`);
      return 1;
    }
    console.log(`self-test: all ${plants.filter((p) => p.expect.length).length} planted defects reported on their own pages, nothing else on ${only.length} pages (${((Date.now() - t1) / 1000).toFixed(1)} s)`);
    return 0;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

function quote(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function main(args) {
  const usage = (why) => {
    console.error(`${why ? why + "\n" : ""}${USAGE}`);
    return 2;
  };
  if (args.includes("-h") || args.includes("--help")) return console.log(USAGE), 0;
  let self = false;
  let screenshots;
  const positional = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--self-test") self = true;
    else if (args[i] === "--screenshots") {
      screenshots = args[++i];
      if (!screenshots) return usage("--screenshots needs a folder");
    } else if (args[i].startsWith("-")) return usage(`unknown option ${args[i]}`);
    else positional.push(args[i]);
  }
  if (positional.length !== 1) return usage(positional.length ? "one site folder only" : "no site folder given");
  if (self && screenshots) return usage("--screenshots does not go with --self-test");
  const start = Date.now();
  if (self) {
    const status = await selfTest(positional[0]);
    console.log(`self-test: ${((Date.now() - start) / 1000).toFixed(1)} s`);
    return status;
  }
  const { pages, defects } = await check(positional[0], { screenshots });
  for (const d of defects) console.error(d);
  console.log(`browser suite: ${pages} pages, ${defects.length} defect(s), ${((Date.now() - start) / 1000).toFixed(1)} s`);
  return defects.length ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = await main(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof Fatal)) throw e;
    console.error(`browser suite: ${e.message}`);
    process.exitCode = 2;
  }
}
