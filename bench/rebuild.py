#!/usr/bin/env python3
"""Edit-to-reload latency of `hubgen serve`: the time from saving a file to the server serving
the changed page, for a body edit (re-renders one page) and a data or front-matter edit (full
in-memory rebuild). Runs on a copy of this repo's site and on the shared 10,000-page corpus.

    python3 bench/rebuild.py [--edits 15] [--pages-per-locale 2500]

Needs a release build (`cargo build --release`); the corpus generator lives beside the repo at
../shared/bench/gen_corpus.py.
"""
import argparse
import http.client
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HUBGEN = os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target")), "release", "hubgen")


def get(addr, path):
    host, port = addr.split(":")
    c = http.client.HTTPConnection(host, int(port), timeout=10)
    c.request("GET", path)
    r = c.getresponse()
    body = r.read().decode("utf-8", "replace")
    c.close()
    return body


class Server:
    def __init__(self, root):
        self.log = []
        self.p = subprocess.Popen([HUBGEN, "serve", "--port", "0", "--root", root],
                                  stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
        threading.Thread(target=self._read, daemon=True).start()
        self.addr = None
        deadline = time.time() + 120
        while self.addr is None and time.time() < deadline:
            for line in list(self.log):
                m = re.search(r"serving on http://([0-9.:]+)/", line)
                if m:
                    self.addr = m.group(1)
            time.sleep(0.05)
        if self.addr is None:
            self.stop()
            sys.exit("server did not start: %s" % self.log)

    def _read(self):
        for line in self.p.stderr:
            self.log.append(line.rstrip())

    def stop(self):
        self.p.terminate()
        self.p.wait(timeout=10)


def measure(server, path, url, edits, make_edit):
    """Median and max of save-to-served over `edits` edits; each edit inserts a fresh marker."""
    times = []
    for i in range(edits):
        marker = "lat%08d" % (i + int(time.time() * 1000) % 10**6)
        make_edit(marker)
        t0 = time.perf_counter()
        while True:
            if marker in get(server.addr, url):
                break
            if time.perf_counter() - t0 > 30:
                sys.exit("page %s never changed; server log: %s" % (url, server.log[-5:]))
            time.sleep(0.002)
        times.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.3)  # let the watcher settle between edits
    return statistics.median(times), max(times)


def body_editor(path):
    original = open(path, encoding="utf-8").read()

    def edit(marker):
        with open(path, "w", encoding="utf-8") as f:
            f.write(original.rstrip() + "\n\nEdited: " + marker + ".\n")
    return edit


def title_editor(path):
    original = open(path, encoding="utf-8").read()

    def edit(marker):
        with open(path, "w", encoding="utf-8") as f:
            f.write(re.sub(r'^title: "(.*)"$', lambda m: 'title: "%s %s"' % (m.group(1), marker),
                           original, count=1, flags=re.M))
    return edit


def run(label, root, page_file, url, edits):
    server = Server(root)
    try:
        first = [l for l in server.log if l.startswith("rebuilt")]
        body = measure(server, page_file, url, edits, body_editor(os.path.join(root, page_file)))
        full = measure(server, page_file, url, max(3, edits // 3), title_editor(os.path.join(root, page_file)))
        rerender = [float(m.group(1)) for l in server.log for m in [re.search(r"re-rendered .* in (\d+) ms", l)] if m]
        rebuilt = [float(m.group(1)) for l in server.log[1:] for m in [re.search(r"rebuilt .* in (\d+) ms", l)] if m]
        print("%-22s first build: %s" % (label, first[0] if first else "?"))
        print("%-22s body edit:   save-to-served median %.0f ms, max %.0f ms (server re-render median %.0f ms)"
              % (label, body[0], body[1], statistics.median(rerender) if rerender else float("nan")))
        print("%-22s title edit:  save-to-served median %.0f ms, max %.0f ms (server full rebuild median %.0f ms)"
              % (label, full[0], full[1], statistics.median(rebuilt) if rebuilt else float("nan")))
    finally:
        server.stop()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--edits", type=int, default=15)
    ap.add_argument("--pages-per-locale", type=int, default=2500)
    args = ap.parse_args()
    if not os.path.exists(HUBGEN):
        sys.exit("build first: cargo build --release")
    work = tempfile.mkdtemp(prefix="hubgen-rebuild-")
    try:
        site = os.path.join(work, "site")
        os.makedirs(site)
        for item in ["hubgen.yaml", "data", "content", "i18n", "themes"]:
            src = os.path.join(REPO, item)
            (shutil.copytree if os.path.isdir(src) else shutil.copy)(src, os.path.join(site, item))
        run("GPU Rent Hub (76 p.)", site, "content/en/gpu-memory.md", "/en/gpu-memory/", args.edits)
        gen = os.environ.get("GEN_CORPUS", os.path.join(REPO, "..", "shared", "bench", "gen_corpus.py"))
        corpus = os.path.join(work, "corpus")
        subprocess.run([sys.executable, gen, "--pages", str(args.pages_per_locale), "--out", corpus,
                        "--only", "neutral"], check=True, stdout=subprocess.DEVNULL)
        root = os.path.join(corpus, "neutral")
        with open(os.path.join(root, "hubgen.yaml"), "w") as f:
            f.write("base_url: https://example.org\nprefix_default_locale: false\n")
        n = args.pages_per_locale * 4
        run("corpus (%d p.)" % n, root, "content/en/s01/p00000.md", "/s01/p00000/", args.edits)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
