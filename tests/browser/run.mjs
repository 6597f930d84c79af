// The site as a visitor meets it: every built page opened in Debian's headless Chromium.
//
//   node run.mjs <site-dir> [--screenshots DIR]   check every page; exit 1 naming each defect
//   node run.mjs --self-test <site-dir>           plant defects in a copy and check they are caught
//
// Per page: no console error, no failed request, no request to another host, <html lang> right,
// hreflang alternates that resolve and are reciprocal, internal links and #anchors that resolve,
// no horizontal overflow at 375 px, no serious or critical axe-core (WCAG 2 A/AA) violation,
// HTML + CSS under 30 KB gzipped, a unique <title> and description, canonical, Open Graph and
// JSON-LD that parses. Every HTML file goes through the Nu HTML Checker.
import { createServer } from "node:http";
import { readFileSync, readdirSync, statSync, mkdirSync, cpSync, writeFileSync, mkdtempSync, rmSync, existsSync } from "node:fs";
import { join, extname, dirname } from "node:path";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const BUDGET = 30 * 1024;
const TYPES = { ".html": "text/html; charset=utf-8", ".css": "text/css", ".json": "application/json", ".xml": "application/xml", ".txt": "text/plain", ".svg": "image/svg+xml", ".png": "image/png" };

function walk(dir, base = dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, base, out);
    else out.push(p.slice(base.length + 1).split("\\").join("/"));
  }
  return out;
}

/** A static server on 127.0.0.1 for `root`; resolves to { server, origin }. */
function serve(root) {
  const server = createServer((req, res) => {
    let path = decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/^\/+/, "");
    if (path === "" || path.endsWith("/")) path += "index.html";
    const file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
      return;
    }
    res.writeHead(200, { "content-type": TYPES[extname(file)] || "application/octet-stream" });
    res.end(readFileSync(file));
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok({ server, origin: `http://127.0.0.1:${server.address().port}` })));
}

function urlOf(file) {
  return "/" + file.replace(/index\.html$/, "");
}

/** The Nu checker's errors, by file relative to root. */
function nu(root) {
  const jar = join(here, "node_modules/vnu-jar/build/dist/vnu.jar");
  let out = "";
  try {
    execFileSync("java", ["-jar", jar, "--errors-only", "--format", "json", "--skip-non-html", root], { stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 << 20 });
  } catch (e) {
    out = (e.stderr || "").toString() || (e.stdout || "").toString();
  }
  const byFile = new Map();
  if (!out.trim()) return byFile;
  for (const m of JSON.parse(out).messages || []) {
    const file = decodeURIComponent((m.url || "").replace(/^file:/, "")).slice(root.length + 1);
    if (!byFile.has(file)) byFile.set(file, []);
    byFile.get(file).push(`HTML error at ${m.lastLine}:${m.firstColumn ?? m.lastColumn}: ${m.message}`);
  }
  return byFile;
}

export async function check(root, { screenshots, only } = {}) {
  const files = walk(root);
  const pages = files.filter((f) => f.endsWith(".html") && (!only || only.includes(f)));
  const defects = [];
  const defect = (page, what) => defects.push(`${page}: ${what}`);
  const { server, origin } = await serve(root);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const axeSource = readFileSync(join(here, "node_modules/axe-core/axe.min.js"), "utf8");
  const seen = new Map(); // url → { ids, links, alternates, canonical, title, description, lang }
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    for (const file of pages) {
      const url = urlOf(file);
      const page = await context.newPage();
      const problems = [];
      page.on("console", (m) => m.type() === "error" && problems.push(`console error: ${m.text()}`));
      page.on("pageerror", (e) => problems.push(`script error: ${e.message}`));
      page.on("requestfailed", (r) => new URL(r.url()).origin === origin && problems.push(`failed request: ${r.url()}`));
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
          fallbackLang: q(".fallback-notice a")?.getAttribute("hreflang") || null,
          robots: q('meta[name="robots"]')?.content || "",
          css: [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => new URL(l.href).pathname),
        };
      });
      seen.set(url, info);
      // <html lang>: the locale of the URL, or the original's language on a fallback page.
      const prefix = url.split("/")[1];
      const locales = new Set([...pages.map((p) => p.split("/")[0])].filter((p) => /^[a-z]{2}(-[A-Z]{2})?$/.test(p)));
      const expected = info.fallbackLang || (locales.has(prefix) ? prefix : info.lang);
      if (!info.lang) problems.push("<html> has no lang");
      else if (info.lang !== expected) problems.push(`<html lang="${info.lang}"> but the content is ${expected}`);
      // Search basics (the 404 page and the language chooser are not indexed pages).
      const indexed = !info.robots.includes("noindex");
      if (!info.title) problems.push("no <title>");
      if (indexed && locales.has(prefix)) {
        if (!info.description) problems.push("no meta description");
        if (!info.canonical) problems.push("no canonical link");
        for (const p of ["og:title", "og:url", "og:type"]) if (!info.og.includes(p)) problems.push(`no ${p}`);
      }
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
      if (/^\/[a-z]{2}\/gpus\/[^/]+\/$/.test(url) && !types.includes("Product")) problems.push("a card page without Product JSON-LD");
      if (info.ids.includes("faq") && !info.fallbackLang && !types.includes("FAQPage")) problems.push("an FAQ section without FAQPage JSON-LD");
      // Weight: the page and its stylesheets, gzipped.
      const bytes = [readFileSync(join(root, file)), ...info.css.map((c) => readFileSync(join(root, c.replace(/^\//, ""))))];
      const gz = bytes.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
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
      }
      for (const p of problems) defect(file, p);
      await page.close();
    }
    await context.close();
  } finally {
    await browser.close();
    server.close();
  }
  // Across pages: links and anchors, reciprocal hreflang, unique titles and descriptions.
  const fileSet = new Set(files);
  const targetFile = (path) => (path.endsWith("/") ? path.slice(1) + "index.html" : path.slice(1));
  const titles = new Map();
  const descriptions = new Map();
  for (const [url, info] of seen) {
    const file = targetFile(url);
    for (const href of info.links) {
      const u = new URL(href);
      if (u.origin !== origin) continue;
      const t = targetFile(decodeURIComponent(u.pathname));
      if (!fileSet.has(t)) defect(file, `broken link to ${u.pathname}`);
      else if (u.hash && t.endsWith(".html") && seen.has(urlOf(t))) {
        const ids = seen.get(urlOf(t)).ids;
        if (!ids.includes(decodeURIComponent(u.hash.slice(1)))) defect(file, `broken anchor ${u.pathname}${u.hash}`);
      }
    }
    const self = info.canonical.replace(/^https?:\/\/[^/]+/, "");
    for (const [lang, href] of info.alternates) {
      if (lang === "x-default") continue;
      const path = href.replace(/^https?:\/\/[^/]+/, "");
      const other = seen.get(path);
      if (!other) {
        if (!only) defect(file, `hreflang ${lang} points to ${path}, which is not a page`);
      }
      else if (!other.alternates.some(([, h]) => h.replace(/^https?:\/\/[^/]+/, "") === self)) defect(file, `hreflang ${lang} → ${path} is not reciprocal`);
      else if (other.fallbackLang) defect(file, `hreflang ${lang} advertises ${path}, a fallback page`);
    }
    if (info.fallbackLang || info.robots.includes("noindex")) continue;
    for (const [map, key] of [[titles, info.title], [descriptions, info.description]]) {
      if (!key) continue;
      if (map.has(key)) defect(file, `same ${map === titles ? "<title>" : "description"} as ${map.get(key)}`);
      else map.set(key, file);
    }
  }
  for (const [file, errors] of nu(root)) for (const e of errors) defect(file, e);
  return { pages: pages.length, defects };
}

/** Plants one defect of each kind in a copy of the site and checks each is reported on its page. */
async function selfTest(root) {
  const copy = mkdtempSync(join(tmpdir(), "hubgen-browser-"));
  try {
    cpSync(root, copy, { recursive: true });
    const target = "en/inference/index.html";
    let html = readFileSync(join(copy, target), "utf8");
    html = html.replace(
      "</main>",
      '<p><a href="/en/no-such-page/">gone</a></p><table><tr><td style="min-width:1400px">a table wider than a phone, with no scrolling container</td></tr></table><img src="/favicon.svg"><span><div>bad nesting</span></div></main>',
    );
    writeFileSync(join(copy, target), html);
    const { defects } = await check(copy, { only: [target] });
    const expected = [
      ["broken link", /broken link to \/en\/no-such-page\//],
      ["HTML error", /HTML error at/],
      ["overflow", /horizontal overflow/],
      ["image without alt", /axe: image-alt/],
    ];
    const mine = defects.filter((d) => d.startsWith(target + ": "));
    const missed = expected.filter(([, re]) => !mine.some((d) => re.test(d))).map(([name]) => name);
    const elsewhere = defects.filter((d) => !d.startsWith(target + ": "));
    if (missed.length || elsewhere.length) {
      console.error(`self-test failed: missed ${missed.join(", ") || "nothing"}; reported elsewhere: ${elsewhere.join("; ") || "nothing"}`);
      console.error(mine.join("\n"));
      process.exit(1);
    }
    console.log(`self-test: all ${expected.length} planted defects reported on ${target}`);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
if (args[0] === "--self-test") {
  await selfTest(args[1]);
} else {
  const root = args[0];
  const shots = args.indexOf("--screenshots");
  const start = Date.now();
  const { pages, defects } = await check(root, { screenshots: shots >= 0 ? args[shots + 1] : undefined });
  for (const d of defects) console.error(d);
  console.log(`browser suite: ${pages} pages, ${defects.length} defect(s), ${((Date.now() - start) / 1000).toFixed(1)} s`);
  process.exit(defects.length ? 1 : 0);
}
