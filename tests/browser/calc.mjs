// The sizing calculator as a visitor drives it, against the build's own model.
//
//   node calc.mjs <site-dir> <hubgen-binary> <site-root> [--cases N]
//
// On every locale's page that carries the calculator: the form shows (the script ran), and for N
// random architectures and settings (200 by default, spread over the locales) every memory term
// it prints carries the byte count `hubgen estimate --json` gives for the same inputs, and each
// single-GPU offer it lists needs what the estimate says; a listed model gives its own figures, a
// pasted config.json fills the form, a bad number or config is announced in the alert region
// and marks its field, and calc.js stays under 15 KB gzipped. Exit 1 names each defect.
import { createServer } from "node:http";
import { readFileSync, existsSync, readdirSync, statSync } from "node:fs";
import { join, extname, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { spawnSync } from "node:child_process";
import { chromium } from "playwright-core";

const [siteArg, hubgen, rootArg, ...rest] = process.argv.slice(2);
if (!siteArg || !hubgen || !rootArg) {
  console.error("usage: node calc.mjs <site-dir> <hubgen-binary> <site-root> [--cases N]");
  process.exit(2);
}
const site = resolve(siteArg);
const cases = Number(rest[rest.indexOf("--cases") + 1]) || 200;
const TYPES = { ".html": "text/html; charset=utf-8", ".css": "text/css", ".js": "text/javascript; charset=utf-8", ".json": "application/json", ".svg": "image/svg+xml" };
const defects = [];
const defect = (m) => {
  defects.push(m);
  console.error(`defect: ${m}`);
};

// A seeded generator, so a failing case can be replayed (the seed is printed).
const seed = Number(process.env.CALC_SEED) || Date.now() % 100000;
let state = seed;
const rand = () => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
};
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const between = (a, b) => a + Math.floor(rand() * (b - a + 1));

function randomCase(methods) {
  const heads = pick([8, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56, 64, 96, 128]);
  const hidden = heads * pick([64, 80, 96, 128, 256]);
  const groups = [1, 2, 4, 7, 8, 16].filter((g) => heads % g === 0);
  return {
    hidden,
    layers: between(1, 96),
    heads,
    kv_heads: heads / pick(groups),
    intermediate: 256 * between(Math.ceil(hidden / 256), Math.ceil((4 * hidden) / 256)),
    vocab: between(1000, 262144),
    tied: rand() < 0.3,
    bias: rand() < 0.3,
    method: pick(methods),
    seq: pick([128, 512, 1024, 2048, 4096, 8192, 16384, 32768]),
    batch: between(1, 16),
    rank: pick([4, 8, 16, 32, 64, 128]),
    ckpt: rand() < 0.7,
    chunked: rand() < 0.3,
  };
}

function estimate(args) {
  const r = spawnSync(hubgen, ["estimate", "--root", rootArg, "--json", ...args], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`hubgen estimate ${args.join(" ")}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}
const estimateArgs = (c) => [
  "--hidden", c.hidden, "--layers", c.layers, "--heads", c.heads, "--kv-heads", c.kv_heads,
  "--intermediate", c.intermediate, "--vocab", c.vocab, "--method", c.method, "--seq", c.seq,
  "--batch", c.batch, "--lora-rank", c.rank,
  ...(c.tied ? ["--tied-embeddings"] : []), ...(c.bias ? ["--attention-bias"] : []),
  ...(c.ckpt ? [] : ["--no-checkpointing"]), ...(c.chunked ? ["--chunked-ce"] : []),
].map(String);

const TERMS = ["weights", "trainable", "activations", "logits", "buffers", "allocator", "context", "per_card"];

/** Set the form to case `c` in one go and let the script recompute. */
async function drive(page, c) {
  await page.evaluate((c) => {
    const f = document.getElementById("calc");
    f.elements.model.value = "";
    for (const k of ["hidden", "layers", "heads", "kv_heads", "intermediate", "vocab", "seq", "batch", "rank"]) f.elements[k].value = c[k];
    f.elements.tied.checked = c.tied;
    f.elements.bias.checked = c.bias;
    f.elements.ckpt.checked = c.ckpt;
    f.elements.chunked.checked = c.chunked;
    f.elements.method.value = c.method;
    f.elements.seq.dispatchEvent(new Event("input", { bubbles: true }));
  }, c);
}
const readTerms = (page) =>
  page.evaluate(() => Object.fromEntries([...document.querySelectorAll(".calc-terms tr[data-term]")].map((r) => [r.dataset.term, Number(r.dataset.bytes)])));
const readOffers = (page) =>
  page.evaluate(() => [...document.querySelectorAll(".calc-offers tr[data-offer]")].map((r) => ({ id: r.dataset.offer, need: Number(r.dataset.need), rent: !!r.querySelector("details.menu a[href]") })));

function compare(where, got, want) {
  for (const t of TERMS) {
    if (got[t] !== want.bytes[t]) defect(`${where}: ${t} is ${got[t]} bytes in the calculator, ${want.bytes[t]} in hubgen estimate`);
  }
}

const js = readdirSync(site).find((f) => /^calc\.[0-9a-f]{8}\.js$/.test(f));
if (!js) defect("no fingerprinted calc.js in the site");
else {
  const gz = gzipSync(readFileSync(join(site, js)), { level: 9 }).length;
  if (gz > 15 * 1024) defect(`calc.js is ${gz} bytes gzipped, over 15 KB`);
}

const server = createServer((req, res) => {
  let p = decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/^\/+/, "");
  if (p === "" || p.endsWith("/")) p += "index.html";
  const file = join(site, p);
  if (!file.startsWith(site) || !existsSync(file) || statSync(file).isDirectory()) {
    res.writeHead(404);
    return res.end();
  }
  res.writeHead(200, { "content-type": TYPES[extname(file)] || "application/octet-stream" });
  res.end(readFileSync(file));
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  const pages = readdirSync(site)
    .filter((d) => existsSync(join(site, d, "gpu-memory", "index.html")))
    .filter((d) => readFileSync(join(site, d, "gpu-memory", "index.html"), "utf8").includes("calc-data"));
  if (!pages.length) defect("no locale's memory page carries the calculator");
  console.log(`calculator: ${pages.length} locale(s), ${cases} random cases, seed ${seed}`);
  const perLocale = Math.ceil(cases / Math.max(pages.length, 1));
  let done = 0;
  for (const loc of pages) {
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto(`${base}/${loc}/gpu-memory/`);
    const where = `/${loc}/gpu-memory/`;
    if (await page.locator("#calc").isHidden()) {
      defect(`${where}: the calculator's form stays hidden (its script did not run)`);
      continue;
    }
    const data = await page.evaluate(() => JSON.parse(document.getElementById("calc-data").textContent));
    // The listed model the form opens with: its own estimate, and single-GPU offers that hold it.
    const first = data.models[0];
    await page.evaluate(() => {
      const f = document.getElementById("calc");
      f.elements.method.value = "qlora";
      f.elements.method.dispatchEvent(new Event("input", { bubbles: true }));
    });
    compare(`${where} ${first.id} qlora`, await readTerms(page), estimate(["--model", first.id, "--method", "qlora"]));
    const offers = await readOffers(page);
    if (!offers.length) defect(`${where}: ${first.id} QLoRA lists no offer in stock`);
    const single = estimate(["--model", first.id, "--method", "qlora"]).bytes.per_card;
    for (const o of offers) {
      const spec = data.offers.find((x) => x.id === o.id);
      if (spec.count === 1 && o.need !== single) defect(`${where}: ${o.id} needs ${o.need} bytes in the calculator, ${single} in hubgen estimate`);
      if (!o.rent) defect(`${where}: ${o.id} has no Rent link in the calculator`);
    }
    // Random architectures.
    for (let i = 0; i < perLocale && done < cases; i++, done++) {
      const c = randomCase(data.methods.map((m) => m.id));
      await drive(page, c);
      const err = await page.locator(".calc-error").textContent();
      if (err.trim()) {
        defect(`${where}: case ${JSON.stringify(c)} was refused: ${err}`);
        continue;
      }
      compare(`${where} case ${JSON.stringify(c)}`, await readTerms(page), estimate(estimateArgs(c)));
    }
    // A pasted config.json (Qwen2-style: no attention_bias key, biases implied by model_type).
    const qwen = data.models.find((m) => m.arch.attention_bias) || first;
    const cfg = {
      model_type: qwen.arch.attention_bias ? "qwen2" : "llama", hidden_size: qwen.arch.hidden, num_hidden_layers: qwen.arch.layers,
      num_attention_heads: qwen.arch.heads, num_key_value_heads: qwen.arch.kv_heads, intermediate_size: qwen.arch.intermediate,
      vocab_size: qwen.arch.vocab, tie_word_embeddings: qwen.arch.tied_embeddings,
    };
    await page.fill("#calc textarea[name=config]", JSON.stringify(cfg, null, 1));
    // The job's settings are those the form holds from the last case.
    const job = await page.evaluate(() => {
      const f = document.getElementById("calc").elements;
      return { method: f.method.value, seq: f.seq.value, batch: f.batch.value, rank: f.rank.value, ckpt: f.ckpt.checked, chunked: f.chunked.checked };
    });
    const jobArgs = ["--method", job.method, "--seq", job.seq, "--batch", job.batch, "--lora-rank", job.rank, ...(job.ckpt ? [] : ["--no-checkpointing"]), ...(job.chunked ? ["--chunked-ce"] : [])];
    if ((await page.inputValue("#calc select[name=model]")) !== "") defect(`${where}: a pasted config.json leaves a listed model selected`);
    compare(`${where} pasted config of ${qwen.id}`, await readTerms(page), estimate(["--model", qwen.id, ...jobArgs]));
    // Bad input is announced, and its field marked.
    await page.fill("#calc textarea[name=config]", "{ not json");
    if (!(await page.locator(".calc-error").textContent()).trim()) defect(`${where}: a broken config.json is not announced`);
    await page.fill("#calc textarea[name=config]", "");
    await page.fill("#calc input[name=heads]", "0");
    const alert = (await page.locator(".calc-error").textContent()).trim();
    if (!alert) defect(`${where}: heads = 0 is not announced`);
    if ((await page.getAttribute("#calc input[name=heads]", "aria-invalid")) !== "true") defect(`${where}: heads = 0 does not mark its field`);
    if ((await page.getAttribute("#calc .calc-error", "role")) !== "alert") defect(`${where}: the error region is not an alert`);
    for (const e of errors) defect(`${where}: script error: ${e}`);
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
if (defects.length) {
  console.error(`${defects.length} calculator defect(s) (seed ${seed})`);
  process.exit(1);
}
console.log("calculator: every term matches hubgen estimate");
