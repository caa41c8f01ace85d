#!/usr/bin/env python3
"""Issue 11's migration check on many files: each compiled through the typed tree and with
--lowering=one-walk (a file that compiles one way only counts as a mismatch), the number of
functions that take the typed path (--emit=sema), and why the others do not.

  tools/typed-eq.py suite [OXICC]    every tests/kernels/*/*.cu
  tools/typed-eq.py corpus [OXICC]   every TU of ../shared/tools/corpus.py's last run that
                                     compiled (CORPUS as corpus.py reads it)
OXICC defaults to target/release/oxicc. Env: JOBS (2), TOP (reasons shown, 40), PAT (print
the functions whose line contains PAT).
"""
import collections, concurrent.futures as cf, glob, json, os, re, subprocess, sys
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "..", "shared", "tools"))
mode = sys.argv[1]
ox = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "target", "release", "oxicc")
pat = os.environ.get("PAT")
items = []
if mode == "suite":
    for f in sorted(glob.glob(os.path.join(ROOT, "tests", "kernels", "*", "*.cu"))):
        items.append((f, ["-I" + os.path.dirname(f)]))
else:
    import corpus
    ok = {r["file"] for r in json.load(open(os.path.join(corpus.CORPUS, "results.json"))) if r["st"] == "ok"}
    for name, f, flags in corpus.tus(None):
        if os.path.relpath(f, corpus.CORPUS) in ok:
            items.append((f, flags))

def run(args):
    r = subprocess.run([ox, "-arch=sm_90", "-O3", *args, "-o", "-"], capture_output=True, text=True, errors="replace", timeout=120)
    return r.stdout if r.returncode == 0 else None

def one(it):
    f, flags = it
    a = run([*flags, f]); b = run([*flags, "--lowering=one-walk", f])
    d = run([*flags, "--emit=sema", f]) or ""
    fn = [l for l in d.splitlines() if l.startswith("Function ")]
    why = [l.split(" lowered in one walk: ", 1)[1] for l in fn if " lowered in one walk: " in l]
    hits = [l for l in fn if pat and pat in l]
    return f, (a is not None or b is not None), a == b, len(fn), len(fn) - len(why), why, hits

mism, n, tot, typed, reasons = [], 0, 0, 0, collections.Counter()
with cf.ThreadPoolExecutor(int(os.environ.get("JOBS", "2"))) as ex:
    for f, okc, same, nf, nt, why, hits in ex.map(one, items):
        if not okc: continue
        n += 1; tot += nf; typed += nt
        if not same: mism.append(f)
        for w in why: reasons[re.sub(r"`[^`]*`", "`…`", w)] += 1
        for h in hits: print(f, "::", h[:300])
print(f"files {n}, mismatches {len(mism)}, typed {typed} of {tot}")
for m in mism: print("  MISMATCH", m)
for w, c in reasons.most_common(int(os.environ.get("TOP", "40"))): print(f"{c:5} {w[:160]}")
