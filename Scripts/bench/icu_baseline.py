#!/usr/bin/env python3
"""ICU baseline for the worldclock section index.

Uses ICU's own C++ AlphabeticIndex (through PyICU, against the system libicu)
configured like worldclock's index: Korean labels (ㄱ ㄴ ㄷ … ㅎ) plus the
English labels (A–Z), all bucketed by ICU's Korean collator.

    icu_baseline.py NAMES_FILE [--sections-out FILE] [--no-build] [--edges]

* assign: ``imm.getBucketIndex(name)`` for every name (names loaded into
  memory first; only the loop is timed).
* build:  bucket every name, then sort each bucket by
  ``Collator.createInstance(Locale('ko')).getSortKey`` (the whole thing is
  timed). ``addRecord`` is deliberately not used: ICU insertion-sorts records,
  which is quadratic.

Sections file: one label per line, in input order. ICU's non-NORMAL buckets
(underflow, inflow, overflow — all labelled "…") are written as "#"; NORMAL
buckets are written as their label (ㄱ…ㅎ, A…Z).

Peak RSS is ``ru_maxrss`` of this process (KiB on Linux), so it includes the
Python interpreter, PyICU and the names list.
"""

import argparse
import resource
import sys
import time

import icu

EDGE_CASES = [
    "", " 서울", "ㅏ", "ㄳ", "ㄺ", "\u3164", "中", "東京", "ᄀ", "ㄱ", "ﾡ",
    "㉠", "㈀", "1", "😀", "Ωmega", "Москва", "さくら", "까치", "빵",
    "Zürich", "zebra", "ㅈㅁㅈ", "\u1100\u1161",
]

LABEL_TYPE_NAMES = {
    icu.UAlphabeticIndexLabelType.NORMAL: "NORMAL",
    icu.UAlphabeticIndexLabelType.UNDERFLOW: "UNDERFLOW",
    icu.UAlphabeticIndexLabelType.INFLOW: "INFLOW",
    icu.UAlphabeticIndexLabelType.OVERFLOW: "OVERFLOW",
}


def make_index():
    index = icu.AlphabeticIndex(icu.Locale("ko"))
    index.addLabels(icu.Locale.getEnglish())
    return index.buildImmutableIndex()


def bucket_labels(imm):
    """Section label per bucket index: NORMAL -> its label, others -> '#'."""
    labels = []
    for i in range(imm.bucketCount):
        label, label_type = imm.getBucket(i)  # PyICU returns (label, type)
        labels.append(label if label_type == icu.UAlphabeticIndexLabelType.NORMAL
                      else "#")
    return labels


def peak_rss_mib():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def report(what, n, seconds):
    rate = n / seconds if seconds > 0 else float("inf")
    print(f"icu-alphabetic-index {what}: {n} names in {seconds:.3f} s = "
          f"{rate:.0f} names/s, peak RSS {peak_rss_mib():.1f} MiB", flush=True)


def load_names(path):
    with open(path, "r", encoding="utf-8", newline="") as f:
        data = f.read()
    names = data.split("\n")
    if names and names[-1] == "":
        names.pop()
    return names


def print_edges(imm, labels):
    print("buckets:", " ".join(
        f"{i}:{imm.getBucket(i)[0]}({LABEL_TYPE_NAMES[imm.getBucket(i)[1]]})"
        for i in range(imm.bucketCount)))
    print(f"{'input':<16} {'code points':<28} {'bucket':>6} {'ICU label':<10} "
          f"{'type':<9} section")
    for s in EDGE_CASES:
        i = imm.getBucketIndex(s)
        label, ltype = imm.getBucket(i)
        cps = " ".join(f"U+{ord(c):04X}" for c in s) or "(empty)"
        print(f"{ascii(s):<16} {cps:<28} {i:>6} {label:<10} "
              f"{LABEL_TYPE_NAMES[ltype]:<9} {labels[i]}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names_file", nargs="?")
    ap.add_argument("--sections-out", help="write one section label per line")
    ap.add_argument("--no-build", action="store_true",
                    help="skip the bucket+sort 'build' timing")
    ap.add_argument("--edges", action="store_true",
                    help="print ICU's bucket list and the edge-case table")
    args = ap.parse_args(argv)
    if not args.names_file and not args.edges:
        ap.error("NAMES_FILE is required unless --edges is given")

    imm = make_index()
    labels = bucket_labels(imm)

    if args.edges:
        print(f"ICU {icu.ICU_VERSION}, Unicode {icu.UNICODE_VERSION}, "
              f"PyICU {icu.VERSION}")
        print_edges(imm, labels)
        if not args.names_file:
            return 0

    names = load_names(args.names_file)
    n = len(names)

    # --- assign -----------------------------------------------------------
    gbi = imm.getBucketIndex
    t0 = time.perf_counter()
    idx = [gbi(name) for name in names]
    t1 = time.perf_counter()
    report("assign", n, t1 - t0)

    if args.sections_out:
        with open(args.sections_out, "w", encoding="utf-8", newline="\n") as f:
            lines = [label + "\n" for label in labels]
            f.writelines(lines[i] for i in idx)
    del idx

    # --- build: bucket + sort each bucket by ko sort keys ------------------
    if not args.no_build:
        collator = icu.Collator.createInstance(icu.Locale("ko"))
        sort_key = collator.getSortKey
        nb = imm.bucketCount
        t0 = time.perf_counter()
        buckets = [[] for _ in range(nb)]
        for name in names:
            buckets[gbi(name)].append(name)
        for b in buckets:
            b.sort(key=sort_key)
        t1 = time.perf_counter()
        report("build", n, t1 - t0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
