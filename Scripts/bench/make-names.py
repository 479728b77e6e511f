#!/usr/bin/env python3
"""Deterministic name dataset for the worldclock section-index benchmark.

Usage:
    make-names.py --count 1000000 --seed 7 --out FILE

Writes COUNT names, one per line, UTF-8, LF line endings. The output depends
only on (count, seed): a single ``random.Random(seed)`` drives everything, and
no set/dict iteration order or ``hash()`` is involved, so PYTHONHASHSEED does
not matter.

Exact shares (category counts are floor(count * share); the rounding remainder
goes to the first category; the categories are then shuffled with the same RNG):

    70%  Hangul name, 1-6 precomposed syllables (U+AC00-U+D7A3), NFC.
         Syllable count weights 1:5 2:25 3:40 4:18 5:8 6:4.
         Initial consonant: the 14 plain initials share 90% equally, the 5
         double initials (ㄲ ㄸ ㅃ ㅆ ㅉ) share 10% equally, so all 19 appear.
         Medial vowel uniform over 21; no final consonant 50%, else uniform
         over the 27 finals.
     8%  the same kind of Hangul name, written in NFD (conjoining jamo
         U+1100..., via unicodedata.normalize('NFD', ...)).
     4%  bare compatibility-jamo initials, e.g. "ㅈㅁㅈ": 2-4 consonants
         drawn uniformly from the 19 initial-capable compatibility jamo
         (U+3131-range: ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ).
    12%  Latin names: 1 ASCII word of 3-12 letters (alternating consonant /
         vowel runs so they look like words); 25% get a space and a second
         word of 3-12 letters; the first word is capitalised 85%, all
         lowercase 15%; the second word is capitalised.
     4%  digit-initial names: 1-3 ASCII digits followed by a Hangul name of
         1-4 syllables (e.g. "7일레븐", "24시").
     2%  emoji-initial names: one emoji from U+1F600-U+1F64F followed by a
         Hangul name of 1-4 syllables.

No name is empty, starts with a space or punctuation, or contains a tab or
newline.
"""

import argparse
import sys
import unicodedata

import random

SHARES = [  # (category, share in percent) -- order matters for determinism
    ("hangul", 70),
    ("hangul_nfd", 8),
    ("jamo", 4),
    ("latin", 12),
    ("digit", 4),
    ("emoji", 2),
]

# Syllable index L (0..18) of the initial consonant.
DOUBLE_INITIALS = [1, 4, 8, 10, 13]  # ㄲ ㄸ ㅃ ㅆ ㅉ
PLAIN_INITIALS = [i for i in range(19) if i not in DOUBLE_INITIALS]
INITIALS = PLAIN_INITIALS + DOUBLE_INITIALS
INITIAL_WEIGHTS = [90.0 / len(PLAIN_INITIALS)] * len(PLAIN_INITIALS) + \
                  [10.0 / len(DOUBLE_INITIALS)] * len(DOUBLE_INITIALS)

SYLLABLE_COUNTS = [1, 2, 3, 4, 5, 6]
SYLLABLE_WEIGHTS = [5, 25, 40, 18, 8, 4]

# Compatibility jamo for the 19 initials, in L order.
COMPAT_INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
assert len(COMPAT_INITIALS) == 19

CONSONANTS = "bcdfghjklmnpqrstvwxz"
VOWELS = "aeiouy"
DIGITS = "0123456789"


def syllable(rng):
    l = rng.choices(INITIALS, weights=INITIAL_WEIGHTS)[0]
    v = rng.randrange(21)
    t = 0 if rng.random() < 0.5 else rng.randrange(1, 28)
    return chr(0xAC00 + (l * 21 + v) * 28 + t)


def hangul_name(rng, min_len=1, max_len=6):
    counts = [c for c in SYLLABLE_COUNTS if min_len <= c <= max_len]
    weights = [w for c, w in zip(SYLLABLE_COUNTS, SYLLABLE_WEIGHTS)
               if min_len <= c <= max_len]
    n = rng.choices(counts, weights=weights)[0]
    return "".join(syllable(rng) for _ in range(n))


def latin_word(rng):
    n = rng.randint(3, 12)
    out = []
    use_vowel = rng.random() < 0.3
    while len(out) < n:
        out.append(rng.choice(VOWELS if use_vowel else CONSONANTS))
        # mostly alternate, sometimes double up
        if rng.random() < 0.8:
            use_vowel = not use_vowel
    return "".join(out)


def latin_name(rng):
    first = latin_word(rng)
    if rng.random() < 0.85:
        first = first.capitalize()
    if rng.random() < 0.25:
        return first + " " + latin_word(rng).capitalize()
    return first


def make_name(rng, cat):
    if cat == "hangul":
        return hangul_name(rng)
    if cat == "hangul_nfd":
        return unicodedata.normalize("NFD", hangul_name(rng))
    if cat == "jamo":
        return "".join(rng.choice(COMPAT_INITIALS)
                       for _ in range(rng.randint(2, 4)))
    if cat == "latin":
        return latin_name(rng)
    if cat == "digit":
        digits = "".join(rng.choice(DIGITS) for _ in range(rng.randint(1, 3)))
        return digits + hangul_name(rng, 1, 4)
    if cat == "emoji":
        return chr(rng.randint(0x1F600, 0x1F64F)) + hangul_name(rng, 1, 4)
    raise ValueError(cat)


def generate(count, seed):
    rng = random.Random(seed)
    counts = [count * share // 100 for _, share in SHARES]
    counts[0] += count - sum(counts)
    cats = []
    for (cat, _), n in zip(SHARES, counts):
        cats.extend([cat] * n)
    rng.shuffle(cats)
    for cat in cats:
        yield make_name(rng, cat)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", required=True, help="output file ('-' = stdout)")
    args = ap.parse_args(argv)
    if args.count < 0:
        ap.error("--count must be >= 0")

    if args.out == "-":
        f = open(sys.stdout.fileno(), "w", encoding="utf-8", newline="\n",
                 closefd=False)
    else:
        f = open(args.out, "w", encoding="utf-8", newline="\n")
    with f:
        buf = []
        for name in generate(args.count, args.seed):
            assert name and name[0] not in " \t" and "\t" not in name \
                and "\n" not in name
            buf.append(name)
            if len(buf) >= 65536:
                f.write("\n".join(buf) + "\n")
                buf.clear()
        if buf:
            f.write("\n".join(buf) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
