// The sizing calculator. It holds only the formula: the constants, models, methods, offers and
// every text come from the build (#calc-data), so its figures are the tables' own. The memory
// model is crates/hubgen-gpu/src/memory.rs `memory`, step for step and in the same order of
// operations, so each term is the same double as `hubgen estimate --json` prints; the browser
// suite checks that on random architectures. No network call, no framework.
(() => {
  "use strict";
  const form = document.getElementById("calc");
  const src = document.getElementById("calc-data");
  if (!form || !src) return;
  const D = JSON.parse(src.textContent);
  const K = D.k;
  const M = D.msg;
  const out = form.parentNode.querySelector(".calc-out");
  const err = form.querySelector(".calc-error");
  const lang = document.documentElement.lang || "en";
  const ALL = ["q", "k", "v", "o", "gate", "up", "down"];
  const ARCH = ["hidden", "layers", "heads", "kv_heads", "intermediate", "vocab"];

  const fmts = {};
  const num = (v, dp) => {
    const f = fmts[dp] || (fmts[dp] = new Intl.NumberFormat(lang, { minimumFractionDigits: dp, maximumFractionDigits: dp }));
    return f.format(v);
  };
  // Percentages as the tables print them (the build's pattern for 7%), whole.
  const pct = { format: (share) => M.pct.replace("7", num(Math.round(share * 100), 0)) };
  const fill = (t, a) => t.replace(/\{(\w+)\}/g, (m, k) => (k in a ? a[k] : m));
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  const usd = (cents) => M.usd.replace("7", cents % 100 === 0 ? num(cents / 100, 0) : num(cents / 100, 2));
  const gb = (bytes, dp) => fill(M.gb, { value: num(bytes / 1e9, dp) });

  // memory.rs: Arch::shape, params, adapter_params, largest_linear.
  function shapes(a) {
    const h = a.hidden, i = a.intermediate, kv = a.kv_heads * (a.hidden / Math.max(a.heads, 1));
    return { q: [h, h], o: [h, h], k: [h, kv], v: [h, kv], gate: [h, i], up: [h, i], down: [i, h], kv };
  }
  function params(a) {
    const s = shapes(a), h = a.hidden, l = a.layers, v = a.vocab;
    let per = 0;
    for (const m of ALL) per += s[m][0] * s[m][1];
    const bias = a.attention_bias ? l * (h + 2 * s.kv) : 0;
    const p = { linear: l * per, embeddings: v * h, head: a.tied_embeddings ? 0 : v * h, norms: l * 2 * h + h, bias };
    p.total = p.linear + p.embeddings + p.head + p.norms + p.bias;
    return p;
  }
  function memory(a, me, job) {
    const p = params(a), s = shapes(a), n = Math.max(job.cards, 1), bf16 = K.bf16;
    const wb = me.linear === "nf4" ? (K.nf4_bits + K.qc_bits) / 8 : bf16;
    const base = p.linear * wb + (p.embeddings + p.head + p.norms + p.bias) * bf16;
    const weights = base / (job.sharding === "zero3" ? n : 1);
    let adapter = 0;
    if (me.trains === "adapter") {
      let per = 0;
      for (const m of ALL) if (D.targets.includes(m)) per += s[m][0] + s[m][1];
      adapter = a.layers * job.rank * per;
    }
    const trained = me.trains === "full" ? p.total : adapter;
    const trainable = (trained * (me.state_bytes + D.optimizer_bytes)) / (job.sharding === "none" ? 1 : n);
    const tokens = job.batch * job.seq;
    const h = a.hidden, l = a.layers;
    const layer = bf16 * (6 * h + 2 * s.kv + 4 * a.intermediate);
    const activations = job.ckpt ? tokens * (bf16 * h * l + layer) : tokens * l * layer;
    const logits = (job.chunked ? Math.min(tokens, K.chunk) : tokens) * a.vocab * K.logits;
    let buffers = 0;
    if (me.linear === "nf4") {
      let big = 0;
      for (const m of ALL) big = Math.max(big, s[m][0] * s[m][1]);
      buffers += big * bf16;
    }
    if (job.sharding === "zero3" && n > 1) buffers += 2 * Math.min(base / Math.max(l, 1), base);
    const live = weights + trainable + activations + logits + buffers;
    const allocator = live * K.alloc_share + K.alloc_floor;
    const per_card = live + allocator + K.context;
    return { p, adapter, weights, trainable, activations, logits, buffers, allocator, context: K.context, per_card, cards: n, sharding: n > 1 ? job.sharding : "none", total: per_card * n, tokens, s };
  }
  // Memory::shown_per_card and Offer::holds: the printed need over the printed usable memory.
  const ceilGb = (b) => Math.max(Math.ceil(Math.round(b / 1e3) / 1e6), 0);
  const ceilTenth = (b) => Math.max(Math.ceil(Math.round(b / 1e3) / 1e5), 0) / 10;
  const shown = (m) => (m.cards < 2 ? ceilGb(m.total) : ceilTenth(m.per_card));
  const share = (m, usable) => (shown(m) * 1e9) / 1e9 / (Math.round((usable / 1e9) * 10) / 10);
  // compute.rs: placed (a bundle runs data parallel where one card holds the whole job).
  function placed(a, me, job, o) {
    if (o.count > 1) {
      const whole = memory(a, me, { ...job, cards: o.count, sharding: "none" });
      if (share(whole, o.usable) <= D.headroom) return whole;
      return memory(a, me, { ...job, cards: o.count, sharding: D.sharding });
    }
    return memory(a, me, { ...job, cards: 1, sharding: "none" });
  }
  // compute.rs: covering_term, in cents.
  function covering(hours, week$, month$) {
    const week = 168 * (1 - D.margin), month = D.hours_per_month * (1 - D.margin);
    const all = Math.max(Math.ceil(hours / month), 1);
    let best = null;
    for (let months = 0; months <= all; months++) {
      let weeks = Math.ceil(Math.max(hours - months * month, 0) / week);
      if (months === 0) weeks = Math.max(weeks, 1);
      const cost = month$ * months + week$ * weeks;
      if (!best || cost < best.cost) best = { months, weeks, cost };
    }
    return best;
  }
  const runText = (r) =>
    [r.months ? D.months[r.months - 1] : "", r.weeks ? D.weeks[r.weeks - 1] : ""].filter(Boolean).join(" + ");

  function field(name) {
    return form.elements[name];
  }
  function read() {
    const v = {};
    for (const el of form.querySelectorAll("input[type=number]")) {
      el.removeAttribute("aria-invalid");
      const x = Number(el.value);
      const min = Number(el.min), max = Number(el.max);
      const whole = el.step !== "any";
      if (el.value === "" || !Number.isFinite(x) || x < min || x > max || (whole && !Number.isInteger(x))) {
        el.setAttribute("aria-invalid", "true");
        const label = el.parentNode.firstChild.textContent.trim();
        throw new Error(fill(M.invalid, { field: label, min: num(min, whole ? 0 : 3), max: num(max, 0) }));
      }
      v[el.name] = x;
    }
    if (v.kv_heads > v.heads) {
      field("kv_heads").setAttribute("aria-invalid", "true");
      throw new Error(M.kv_over);
    }
    return v;
  }
  function render() {
    let v;
    try {
      v = read();
      err.textContent = "";
    } catch (e) {
      err.textContent = e.message;
      return;
    }
    const a = {
      hidden: v.hidden, layers: v.layers, heads: v.heads, kv_heads: v.kv_heads, intermediate: v.intermediate,
      vocab: v.vocab, tied_embeddings: field("tied").checked, attention_bias: field("bias").checked,
    };
    const me = D.methods.find((m) => m.id === field("method").value) || D.methods[0];
    const job = { seq: v.seq, batch: v.batch, rank: v.rank, ckpt: field("ckpt").checked, chunked: field("chunked").checked, cards: 1, sharding: "none" };
    const m = memory(a, me, job);
    const listed = D.models.find((x) => x.id === field("model").value);
    const P = listed ? listed.params : m.p.total;
    const f = (x) => num(x, 0);
    const h = a.hidden, l = a.layers, s = m.s;
    const wb = me.linear === "nf4" ? `(${num(K.nf4_bits, 0)} + ${num(K.qc_bits, 3)}) / 8` : num(K.bf16, 0);
    const formulas = {
      weights: `${f(m.p.linear)} × ${wb} + ${f(m.p.total - m.p.linear)} × ${num(K.bf16, 0)}`,
      trainable: `${f(me.trains === "full" ? m.p.total : m.adapter)} × (${num(me.state_bytes, 0)} + ${num(D.optimizer_bytes, 0)})`,
      activations: job.ckpt
        ? `${f(m.tokens)} × (${num(K.bf16, 0)} × ${f(h)} × ${f(l)} + ${num(K.bf16, 0)} × (6 × ${f(h)} + 2 × ${f(s.kv)} + 4 × ${f(a.intermediate)}))`
        : `${f(m.tokens)} × ${f(l)} × ${num(K.bf16, 0)} × (6 × ${f(h)} + 2 × ${f(s.kv)} + 4 × ${f(a.intermediate)})`,
      logits: `${f(job.chunked ? Math.min(m.tokens, K.chunk) : m.tokens)} × ${f(a.vocab)} × ${num(K.logits, 0)}`,
      buffers: me.linear === "nf4" ? `${f(Math.max(h * h, h * s.kv, h * a.intermediate))} × ${num(K.bf16, 0)}` : "0",
      allocator: `${num(K.alloc_share, 2)} × (${M.names.weights} + … + ${M.names.buffers}) + ${gb(K.alloc_floor, 2)}`,
      context: gb(K.context, 2),
      per_card: "Σ",
    };
    const terms = fill(M.terms, { job: (listed ? field("model").selectedOptions[0].textContent + " " : "") + field("method").selectedOptions[0].textContent });
    let html = `<p class="calc-caption">${esc(terms)}</p><div class="table-wrap" role="region" tabindex="0" aria-label="${esc(terms)}"><table class="calc-terms">`;
    html += `<thead><tr><th scope="col">${esc(M.term)}</th><th scope="col">${esc(M.formula)}</th><th scope="col" class="num">${esc(M.figure)}</th></tr></thead><tbody>`;
    for (const t of ["weights", "trainable", "activations", "logits", "buffers", "allocator", "context", "per_card"]) {
      html += `<tr data-term="${t}" data-bytes="${Math.max(Math.round(m[t]), 0)}"><th scope="row">${esc(M.names[t])}</th><td><code>${esc(formulas[t])}</code></td><td class="num">${esc(gb(m[t], 2))}</td></tr>`;
    }
    html += "</tbody></table></div>";
    const tokens = v.tokens * 1e6;
    const k = D.flops[me.trains][job.ckpt ? 0 : 1];
    const rows = D.offers
      .map((o) => {
        const need = placed(a, me, job, o);
        const sh = share(need, o.usable);
        if (!(sh <= D.headroom) || !o.tflops) return null;
        const hours = (mfu) => ((k * P * tokens) / (o.tflops * 1e12 * o.count * mfu * 3600)) * me.step;
        const fast = hours(D.mfu[0]), slow = hours(D.mfu[1]);
        const run = covering(slow, Number(o.weekly_cents), Number(o.monthly_cents));
        return { o, need, sh, fast, slow, run };
      })
      .filter(Boolean)
      // As the fit table prefers it: the first vendor's stack first, then the cheapest run. (The
      // fit table's bandwidth check is not made here; the caption says so.)
      .sort((x, y) => !!x.o.stack - !!y.o.stack || x.run.cost - y.run.cost || x.o.count - y.o.count);
    const headroom = pct.format(D.headroom);
    if (!rows.length) {
      html += `<p class="calc-none">${esc(fill(M.none, { headroom }))}</p>`;
    } else {
      const caption = fill(M.offers, { headroom });
      html += `<p class="calc-caption">${esc(caption)}</p><p class="calc-note">${esc(M.offers_note)}</p><div class="table-wrap" role="region" tabindex="0" aria-label="${esc(caption)}"><table class="calc-offers"><thead><tr>`;
      for (const c of [M.offer, fill(M.training, { tokens: num(v.tokens, v.tokens % 1 ? 1 : 0) }), M.need, M.weekly, M.monthly]) html += `<th scope="col">${esc(c)}</th>`;
      html += "</tr></thead><tbody>";
      for (const r of rows) {
        const needText = r.need.cards > 1 ? gb(shown(r.need) * 1e9, 1) : gb(shown(r.need) * 1e9, 0);
        const text = r.run.months <= 12 && r.run.weeks <= 12
          ? fill(M.run, { fast: num(r.fast, 1), slow: num(r.slow, 1), cost: usd(r.run.cost), run: runText(r.run) })
          : fill(M.long, { fast: num(r.fast, 1), slow: num(r.slow, 1) });
        html += `<tr data-offer="${esc(r.o.id)}" data-need="${Math.round(r.need.per_card)}"><th scope="row">${esc(r.o.name)}${r.o.stack ? ` <small>${esc(r.o.stack)}</small>` : ""}</th>`;
        html += `<td>${esc(text)}${r.o.rent ? " " + r.o.rent : ""}</td>`;
        html += `<td class="num">${esc(r.need.sharding === "none" ? needText : fill(M.sharded, { need: needText }))} <small>${esc(fill(M.share_of, { share: pct.format(Math.round(r.sh * 100) / 100), usable: r.o.usable_text }))}</small></td>`;
        html += `<td class="num">${esc(r.o.week)} <small>${esc(r.o.week_hour)}</small></td><td class="num">${esc(r.o.month)} <small>${esc(r.o.month_hour)}</small></td></tr>`;
      }
      html += "</tbody></table></div>";
    }
    out.innerHTML = html;
  }
  function setArch(a) {
    for (const k of ARCH) field(k).value = a[k];
    field("tied").checked = !!a.tied_embeddings;
    field("bias").checked = !!a.attention_bias;
  }
  function fromConfig() {
    const text = field("config").value.trim();
    if (!text) return true;
    let c;
    try {
      c = JSON.parse(text);
      if (c && typeof c.text_config === "object") c = { ...c, ...c.text_config };
      const need = ["hidden_size", "num_hidden_layers", "num_attention_heads", "intermediate_size", "vocab_size"];
      const miss = need.filter((k) => !Number.isInteger(c[k]));
      if (miss.length) throw new Error(miss.join(", "));
    } catch (e) {
      err.textContent = fill(M.config_error, { error: e.message });
      field("config").setAttribute("aria-invalid", "true");
      return false;
    }
    field("config").removeAttribute("aria-invalid");
    setArch({
      hidden: c.hidden_size, layers: c.num_hidden_layers, heads: c.num_attention_heads,
      kv_heads: Number.isInteger(c.num_key_value_heads) ? c.num_key_value_heads : c.num_attention_heads,
      intermediate: c.intermediate_size, vocab: c.vocab_size, tied_embeddings: c.tie_word_embeddings === true,
      attention_bias: typeof c.attention_bias === "boolean" ? c.attention_bias : /^qwen2/.test(c.model_type || ""),
    });
    field("model").value = "";
    return true;
  }
  form.addEventListener("input", (e) => {
    const n = e.target.name;
    if (n === "model") {
      const x = D.models.find((m) => m.id === e.target.value);
      if (x) setArch(x.arch);
    } else if (n === "config") {
      if (!fromConfig()) return;
    } else if (ARCH.includes(n) || n === "tied" || n === "bias") {
      field("model").value = "";
    }
    render();
  });
  form.addEventListener("submit", (e) => e.preventDefault());
  form.hidden = false;
  render();
})();
