// Lighthouse on one page of each template, mobile profile (Lighthouse's default), with Debian's
// Chromium: performance, accessibility, best practices and SEO must each score at least 95.
//
//   node lighthouse.mjs <site-dir> [--report FILE]
//
// The pages: the root language chooser, a locale's home, a guide, the memory page with the
// calculator, the card index, a card page, and the heaviest page (the Chinese fine-tuning
// guide). The 404 page is left out: it is `noindex` on purpose, which the SEO audit counts
// against it. Exit 1 names each score under the bar; 2 when the suite cannot run.
import { createServer } from "node:http";
import { readFileSync, existsSync, statSync, writeFileSync } from "node:fs";
import { join, extname, resolve } from "node:path";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const [siteArg, ...rest] = process.argv.slice(2);
if (!siteArg) {
  console.error("usage: node lighthouse.mjs <site-dir> [--report FILE]");
  process.exit(2);
}
const site = resolve(siteArg);
const report = rest.includes("--report") ? rest[rest.indexOf("--report") + 1] : null;
const BAR = 95;
const PAGES = ["/", "/en/", "/en/fine-tuning/", "/en/gpu-memory/", "/en/gpus/", "/en/gpus/h100-sxm/", "/zh/fine-tuning/"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const TYPES = { ".html": "text/html; charset=utf-8", ".css": "text/css", ".js": "text/javascript; charset=utf-8", ".json": "application/json", ".svg": "image/svg+xml", ".txt": "text/plain", ".xml": "application/xml" };

for (const p of PAGES) {
  if (!existsSync(join(site, p, "index.html"))) {
    console.error(`${site}${p}index.html: no such page (build the site first)`);
    process.exit(2);
  }
}
// As the CDN serves it: fingerprinted assets for a year, pages revalidated.
const server = createServer((req, res) => {
  let p = decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/^\/+/, "");
  if (p === "" || p.endsWith("/")) p += "index.html";
  const file = join(site, p);
  if (!file.startsWith(site) || !existsSync(file) || statSync(file).isDirectory()) {
    res.writeHead(404, { "content-type": TYPES[".html"] });
    return res.end(readFileSync(join(site, "404.html")));
  }
  const immutable = /\.[0-9a-f]{8}\.[a-z0-9]+$/.test(p);
  res.writeHead(200, {
    "content-type": TYPES[extname(file)] || "application/octet-stream",
    "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
  });
  res.end(readFileSync(file));
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}`;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
const failures = [];
const scores = {};
try {
  for (const p of PAGES) {
    const r = await lighthouse(`${base}${p}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
    const got = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((r.lhr.categories[c]?.score ?? 0) * 100)]));
    scores[p] = got;
    console.log(`lighthouse ${p}: ${CATEGORIES.map((c) => `${c} ${got[c]}`).join(", ")}`);
    for (const c of CATEGORIES) {
      if (got[c] < BAR) {
        const failed = Object.values(r.lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && r.lhr.categories[c].auditRefs.some((x) => x.id === a.id && x.weight > 0))
          .map((a) => a.id);
        failures.push(`${p}: ${c} ${got[c]} < ${BAR} (${failed.join(", ")})`);
      }
    }
  }
} finally {
  await chrome.kill();
  server.close();
}
if (report) writeFileSync(report, JSON.stringify(scores, null, 2) + "\n");
for (const f of failures) console.error(`defect: ${f}`);
if (failures.length) process.exit(1);
console.log(`lighthouse: ${PAGES.length} pages, every category at least ${BAR}`);
