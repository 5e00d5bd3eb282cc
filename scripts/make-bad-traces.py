#!/usr/bin/env python3
"""Writes tests/data/bad-traces/: traces that are well-formed JSON but break what the views
assume (each once crashed or hung the window). Made from real captures:

  scanscope capture --variant blelloch --input 3,1,7,0,4,1,6,3 --out b.json --device cpu
  scanscope capture --variant hillis-steele --input 3,1,7,0,4,1,6,3 --inclusive --out hs.json --device cpu
  scanscope capture --variant reduce-sequential --n 100 --block-threads 64 --out rs.json --device cpu
  scanscope capture --variant decoupled-lookback --n 64 --block-threads 32 --out lb.json --device cpu

Usage: scripts/make-bad-traces.py DIR_WITH_THOSE_FILES
"""
import copy
import json
import os
import sys

src = sys.argv[1]
out = os.path.join(os.path.dirname(__file__), "..", "tests", "data", "bad-traces")
os.makedirs(out, exist_ok=True)
base = {name: json.load(open(os.path.join(src, name + ".json"))) for name in ("b", "hs", "rs", "lb")}


def make(name, source, spoil):
    t = copy.deepcopy(base[source])
    spoil(t)
    with open(os.path.join(out, name + ".json"), "w") as f:
        json.dump(t, f, separators=(",", ":"))
        f.write("\n")


def steps(t):
    return t["launches"][0]["steps"]


make("no-launches", "b", lambda t: t.update(launches=[]))
make("buffer-minus-one", "hs", lambda t: steps(t)[1]["vars"].__setitem__(1, -1))
make("buffer-five", "hs", lambda t: steps(t)[2]["vars"].__setitem__(2, 5))
make("step-index-99", "b", lambda t: steps(t)[0].__setitem__("index", 99))
make("steps-out-of-order", "b", lambda t: steps(t).reverse())
make("narration-20000", "b", lambda t: t["labels"][0].__setitem__("narration", "x" * 20000))
make("listing-line-5000", "b", lambda t: t["listing"][0].__setitem__("text", "y" * 5000))
make("grid-2p30-plus-1", "b", lambda t: t["launches"][0].__setitem__("grid", 2**30 + 1))
make("grid-1e8", "b", lambda t: t["launches"][0].__setitem__("grid", 10**8))
make("grid-without-steps", "b", lambda t: t["launches"][0].__setitem__("grid", 2))
make("output-2p63", "b", lambda t: t["output"].__setitem__(0, 2**63))
make("output-2p64-minus-1", "b", lambda t: t["output"].__setitem__(0, 2**64 - 1))
make("vars-2p63", "b", lambda t: steps(t)[1]["vars"].__setitem__(0, 2**63 + 5))
make("block-without-steps", "rs",
     lambda t: t["launches"][0].__setitem__("steps", [s for s in steps(t) if s["block"] != 1]))
make("event-tile-out-of-range", "lb", lambda t: t["launches"][0]["events"][0].__setitem__("tile", 7))
make("event-reads-a-later-tile", "lb",
     lambda t: (lambda e: e.__setitem__("target", e["tile"]))(
         next(e for e in t["launches"][0]["events"] if e["kind"] == "read")))
