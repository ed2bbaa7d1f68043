"""Tests of the citation matcher: normalization, Algorithm 7.3 and the fast exact search.

Behaviour both schemes share is tested with both; behaviour of the original scheme that the
improved one changes on purpose (substring names, merged occurrences, a hard part end) is
tested with ``scheme="original"``. The improved scheme has its own file,
``test_matcher_improved.py``.
"""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from rapidfuzz.distance import LCSseq

from citeseeker_scrapy.exceptions import ConfigError
from citeseeker_scrapy.matching import (
    AuthorGroup, Citation, CitationMatcher, MatcherSettings, best_substring, find_name_positions,
    indel_distance, normalize_text, reference_best_substring, reference_original_scheme,
)
from citeseeker_scrapy.matching.normalize import _normalize_dense, _normalize_mostly_ascii
from citeseeker_scrapy.matching.similarity import _window_lcs_bound


SCHEMES = ["original", "improved"]


def find(text: str, authors: tuple[str, ...], titles: tuple[str, ...],
         **options: object) -> list[Citation]:
    """Run a one-group matcher over ``text``."""
    matcher = CitationMatcher([AuthorGroup(authors, titles)], MatcherSettings(**options))
    return matcher.find(text)


def find_original(text: str, authors: tuple[str, ...], titles: tuple[str, ...],
                  **options: object) -> list[Citation]:
    """The same with the original scheme (the thesis's Algorithm 7.3, kept as the baseline)."""
    return find(text, authors, titles, scheme="original", **options)


# ----------------------------------------------------------------------------- normalization


@pytest.mark.parametrize("raw, expected", [
    ("Ježek", "jezek"),
    ("JEŽEK Karel", "jezek karel"),
    ("Je\u030czek", "jezek"),  # NFD input: letter + combining caron
    ("Zpracování přirozeného jazyka", "zpracovani prirozeneho jazyka"),
    ("ﬁnal ﬂow", "final flow"),
    ("re-\nmoval", "removal"),
    ("re- \n  moval", "removal"),
    ("re-\r\nmoval", "removal"),
    ("Ex-\nTraction", "extraction"),
    ("pages 12-\n34", "pages 12- 34"),  # digits are not a broken word
    ("A. B. FRANKLIN-\nG. C. WHITE", "a. b. franklin- g. c. white"),  # nor is an initial
    ("three-dimensional", "three-dimensional"),
    ("a\u00a0b\tc\nd  e\r\n\u2003f", "a b c d e f"),
    ("  \n padded \t ", "padded"),
    ("čtyři\u00a0\u00a0slova\n\nzde", "ctyri slova zde"),
    ("Østbye, Łukasz, Đoković, ıI", "ostbye, lukasz, dokovic, ii"),  # NFKD keeps these whole
    ("", ""),
])
def test_normalize_text(raw: str, expected: str) -> None:
    assert normalize_text(raw) == expected


@pytest.mark.parametrize("scheme", SCHEMES)
def test_accents_match_both_ways(scheme: str) -> None:
    accented_doc = "[3] Ježek, K.: Text categorization. In: Proc. 1999."
    plain_doc = "[3] Jezek, K.: Text categorization. In: Proc. 1999."
    for author, doc in (("Jezek", accented_doc), ("Ježek", plain_doc)):
        citations = find(doc, (author,), ("Text Categorization",), scheme=scheme)
        assert [(c.author, c.similarity) for c in citations] == [(author, 1.0)]


@pytest.mark.parametrize("scheme", SCHEMES)
def test_letters_nfkd_keeps_whole_match_both_ways(scheme: str) -> None:
    # Ø and Ł do not decompose; normalization folds them as it folds accents.
    doc = "[3] Østbye, T., Łukasiewicz, J.: Dementia risk. In: Proc. 1999."
    for author in ("Ostbye", "Østbye", "Lukasiewicz"):
        citations = find(doc, (author,), ("Dementia Risk",), scheme=scheme)
        assert [(c.author, c.similarity) for c in citations] == [(author, 1.0)]


def test_ascii_and_unicode_paths_agree_on_white_space() -> None:
    text = "Smith,\tJ.\x0b and\x1f Jones\r\n  K."
    assert normalize_text(text) + " e" == normalize_text(text + " é")


def test_long_mostly_ascii_text_folds_its_few_other_chars() -> None:
    line = "Smith, J.: Re-\nmoval of noise from long reference lists, pp. 1\u20132.\n"
    text = line * 200 + "Ježek,\u00a0K.: ﬁne\u2028TEXT."
    assert len(text.encode()) - len(text) < 0.05 * len(text)  # takes the mostly-ASCII path
    expected = "smith, j.: removal of noise from long reference lists, pp. 1\u20132. " * 200
    assert normalize_text(text) == expected + "jezek, k.: fine text."


def test_lone_surrogates_do_not_crash() -> None:
    assert normalize_text("Bad\ud800  Byte") == "bad\ud800 byte"


MIXED = ("aAzZ019 -.,\n\r\t\x0b\x1c"
         "žŽáÁéü\u0301\u030cﬁǄİß\u00a0\u2003\u2028\u0085\u2013\u2019\u201c①½жЖΩ")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=MIXED, max_size=60))
def test_mostly_ascii_path_equals_whole_text_path(text: str) -> None:
    # Long texts with few non-ASCII chars fold only those; the result must not depend on it.
    assert _normalize_mostly_ascii(text.encode()) == _normalize_dense(text)


# ----------------------------------------------------------------------------- Table 4.2

TABLE_4_2 = [
    ("algorithm", "algoritm", 0.9412),
    ("line clipping", "lineclipping", 0.9600),
    ("facial expression analysis", "facialexpression analysis", 0.9804),
    ("three-dimensional object construction", "three dimensional object construction", 0.9730),
    ("approximating shortest paths", "aproximating schortest pahts", 0.9286),
]


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("title, cited, similarity", TABLE_4_2)
def test_table_4_2_inside_a_sentence(title: str, cited: str, similarity: float,
                                     scheme: str) -> None:
    doc = f"... see also Smith, J. {cited}. Proc. of something, pp. 1-10, 1999 ..."
    [citation] = find(doc, ("Smith",), (title,), scheme=scheme)
    assert citation.similarity == similarity
    assert citation.found == cited
    assert normalize_text(doc)[citation.position:].startswith(cited)


def test_original_scheme_scores_title_long_windows() -> None:
    # Fixed windows of len(title) must take the dot: 0.889, the value we do not report.
    similarity, window, _ = reference_original_scheme("algorithm", "algoritm. proc. of")
    assert (round(similarity, 3), window) == (0.889, "algoritm.")
    assert reference_best_substring("algorithm", "algoritm. proc. of")[1] == "algoritm"


# ----------------------------------------------------------------------------- Algorithm 7.3


@pytest.mark.parametrize("scheme", SCHEMES)
def test_author_absent_gives_nothing(scheme: str) -> None:
    assert find("Jones, K.: Algorithm. Proc. 1999", ("Smith",), ("Algorithm",), scheme=scheme) == []


@pytest.mark.parametrize("scheme", SCHEMES)
def test_decoy_title_is_not_found(scheme: str) -> None:
    doc = "Smith, J.: Efficient indexing of compressed text. In Proc. of SIGIR, 1999."
    assert find(doc, ("Smith",), ("Approximating shortest paths in graphs",), scheme=scheme) == []


@pytest.mark.parametrize("scheme", SCHEMES)
def test_case_insensitive(scheme: str) -> None:
    [citation] = find("SMITH, J. AN ALGORITHM. PROC.", ("smith",), ("An Algorithm",), scheme=scheme)
    assert (citation.author, citation.found, citation.similarity) == ("smith", "an algorithm", 1.0)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_found_and_position_refer_to_the_normalized_text(scheme: str) -> None:
    doc = "Intro  text.\n\nSmith,\u00a0J.:   Line  clip-\nping. Proc."
    [citation] = find(doc, ("Smith",), ("Line clipping",), scheme=scheme)
    normalized = normalize_text(doc)
    assert normalized[citation.position:citation.position + len(citation.found)] == "line clipping"
    assert citation.found == "line clipping"
    matcher = CitationMatcher([AuthorGroup(("Smith",), ("Line clipping",))],
                              MatcherSettings(scheme=scheme))
    assert matcher.find(normalized, normalized=True) == [citation]


def merged_doc(gap: int) -> str:
    """"Bosch," then "Agarwal" ``gap`` characters later, then a title 17 chars after that."""
    return "Bosch," + "x" * (gap - 6) + "Agarwal, P. and others: Sorting networks."


@pytest.mark.parametrize("gap, expected_authors", [(25, []), (29, []), (30, ["Agarwal"]),
                                                    (35, ["Agarwal"])])
def test_close_author_occurrences_are_merged(gap: int, expected_authors: list[str]) -> None:
    # The title lies beyond Bosch's part (40 chars) but inside Agarwal's; Agarwal's part is
    # searched only when the occurrences are at least min_author_distance (30) apart.
    citations = find_original(merged_doc(gap), ("Bosch", "Agarwal"), ("Sorting networks",),
                              part_length=40)
    assert [c.author for c in citations] == expected_authors


def test_merging_counts_from_the_kept_occurrence() -> None:
    # Occurrences at 0, 20 and 40: the one at 20 merges into 0, the one at 40 is kept.
    doc = "smith" + "x" * 15 + "smith" + "x" * 15 + "smith sorting networks."
    [citation] = find_original(doc, ("Smith",), ("Sorting networks",), part_length=25)
    assert citation.position == 46


def test_zero_distance_keeps_every_occurrence() -> None:
    doc = "bosch, agarwal: sorting networks."
    citations = find_original(doc, ("Bosch", "Agarwal"), ("Sorting networks",), part_length=20,
                              min_author_distance=0)
    assert [c.author for c in citations] == ["Agarwal"]


def part_doc(offset: int) -> str:
    """A title starting ``offset`` characters after the name "smith"."""
    return "smith" + "0" * offset + "xyz 111"


@pytest.mark.parametrize("offset, found", [(10, None), (9, "x")])
def test_title_must_begin_inside_the_part(offset: int, found: str | None) -> None:
    citations = find_original(part_doc(offset), ("Smith",), ("xyz",), part_length=10,
                              fuzzy_limit=0.5)
    assert [c.found for c in citations] == ([] if found is None else [found])


def test_title_cut_by_the_part_end_is_scored_on_what_is_inside() -> None:
    [citation] = find_original("smith algorithm.", ("Smith",), ("Algorithm",), part_length=7)
    assert (citation.found, citation.similarity) == ("algori", 0.8)


@pytest.mark.parametrize("part_length, found", [(14, ["line clipping"]), (13, [])])
def test_exact_method_needs_the_whole_title_inside_the_part(part_length: int,
                                                            found: list[str]) -> None:
    citations = find_original("smith line clipping.", ("Smith",), ("Line clipping",),
                              method="exact", part_length=part_length)
    assert [c.found for c in citations] == found


@pytest.mark.parametrize("scheme", SCHEMES)
def test_exact_method_ignores_typos_and_reports_one(scheme: str) -> None:
    doc = "Smith: lineclipping. Smith: line clipping."
    assert find(doc, ("Smith",), ("Line clipping",), method="exact", scheme=scheme) == [
        Citation("Smith", "Line clipping", "line clipping", 1.0, 28)]
    assert find("Smith: lineclipping.", ("Smith",), ("Line clipping",), method="exact",
                scheme=scheme) == []


@pytest.mark.parametrize("scheme", SCHEMES)
def test_one_citation_per_publication_keeps_the_best(scheme: str) -> None:
    doc = ("Smith, J.: aproximating schortest pahts. Proc. 1999. " + "x" * 60 +
           " Smith, J.: approximating shortest path. Proc. 2000.")
    [citation] = find(doc, ("Smith",), ("Approximating shortest paths",), scheme=scheme)
    assert citation.found == "approximating shortest path"
    assert citation.similarity == round(54 / 55, 4)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_equal_hits_keep_the_earliest(scheme: str) -> None:
    doc = "Smith: algoritm. " + "y" * 60 + " Smith: algoritm."
    [citation] = find(doc, ("Smith",), ("Algorithm",), scheme=scheme)
    assert citation.position == 7


def test_equal_hits_in_separate_parts_keep_the_earliest() -> None:
    # The later part ranks first (its LCS with the title is 4, "abd...cd"), so the earlier
    # tie must still be looked at once a hit of 6/7 is known.
    doc = "zq abd " + "y" * 30 + "zq abd xxxxx cd"
    [citation] = find_original(doc, ("zq",), ("abcd",), part_length=15, fuzzy_limit=0.5)
    assert (citation.found, citation.position, citation.similarity) == ("abd", 3, 0.8571)


def test_equal_hits_at_one_place_keep_the_longer_then_the_first_part() -> None:
    # Part 1 ends right after the "a" of "axxxxb" (2/5); part 2 holds all of it (4/10).
    doc = "zq" + "y" * 28 + "zq" + "y" * 9 + "axxxxb" + "y" * 10
    [citation] = find_original(doc, ("zq",), ("abcd",), part_length=40, fuzzy_limit=0.4)
    assert (citation.found, citation.position) == ("axxxxb", 41)
    doc = "xq" + "y" * 28 + "yq abd"  # both parts hold "abd" at 33
    [citation] = find_original(doc, ("xq", "yq"), ("abcd",), part_length=40)
    assert (citation.author, citation.position) == ("xq", 33)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_verbatim_hit_later_beats_typo_earlier(scheme: str) -> None:
    doc = "Smith: algoritm. " + "y" * 60 + " Smith: algorithm."
    [citation] = find(doc, ("Smith",), ("Algorithm",), scheme=scheme)
    assert (citation.similarity, citation.position) == (1.0, 85)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_multiple_groups_in_input_order(scheme: str) -> None:
    groups = [AuthorGroup(("Toman",), ("Text retrieval", "Unknown work")),
              AuthorGroup(("Fiala", "Jezek"), ("Web crawling", "Citation analysis"))]
    doc = ("[1] Fiala, D.: Citation analysis. [2] Toman, M.: Text retrieval. "
           "[3] Jezek, K.: Web crawling.")
    citations = CitationMatcher(groups, MatcherSettings(part_length=25, scheme=scheme)).find(doc)
    assert [(c.author, c.publication) for c in citations] == [
        ("Toman", "Text retrieval"), ("Jezek", "Web crawling"), ("Fiala", "Citation analysis")]


def test_titles_of_other_groups_are_not_reported() -> None:
    groups = [AuthorGroup(("Toman",), ("Text retrieval",)),
              AuthorGroup(("Fiala",), ("Web crawling",))]
    doc = "Toman, M.: Web crawling. Fiala, D.: Text retrieval."
    for scheme in SCHEMES:
        settings = MatcherSettings(part_length=20, scheme=scheme)
        assert CitationMatcher(groups, settings).find(doc) == []
    # With 200 chars, Toman's part runs on into his own title, cited after Fiala's name: the
    # original scheme reports it, numbered or not; the improved one sees Toman's entry end at
    # "[2]", or at a title followed by another author list.
    numbered = "[1] Toman, M.: Web crawling. [2] Fiala, D.: Text retrieval."
    for text in (doc, numbered):
        assert len(CitationMatcher(groups, MatcherSettings(scheme="original")).find(text)) == 1
        assert CitationMatcher(groups, MatcherSettings()).find(text) == []


# ----------------------------------------------------------------------------- settings


def test_default_scheme_is_improved() -> None:
    assert MatcherSettings().scheme == "improved"


@pytest.mark.parametrize("options", [
    {"method": "regex"}, {"method": None}, {"scheme": "best"}, {"scheme": None},
    {"fuzzy_limit": 0}, {"fuzzy_limit": 1.5},
    {"fuzzy_limit": "0.8"}, {"fuzzy_limit": True}, {"fuzzy_limit": float("nan")},
    {"part_length": 0}, {"part_length": 2.5}, {"min_author_distance": -1},
])
def test_invalid_settings_are_rejected(options: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        MatcherSettings(**options)


@pytest.mark.parametrize("group", [AuthorGroup((" ",), ("Title",)),
                                   AuthorGroup(("A",), ("\t",))])
def test_empty_names_or_titles_are_rejected(group: AuthorGroup) -> None:
    with pytest.raises(ConfigError):
        CitationMatcher([group], MatcherSettings())


def test_module_is_pure_core() -> None:
    code = ("import sys, citeseeker_scrapy.matching.matcher, "
            "citeseeker_scrapy.matching.citations; "
            "print('scrapy' in sys.modules or 'twisted' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "False"


# ------------------------------------------------------------------------- fast path vs reference


def reference_hit(title: str, part: str, limit: float) -> tuple[Fraction, str, int] | None:
    """The reference's best substring, kept only if it reaches ``limit`` exactly."""
    _, found, offset = reference_best_substring(title, part)
    if not found:
        return None
    total = len(title) + len(found)
    exact = Fraction(total - indel_distance(title, found), total)
    return (exact, found, offset) if exact >= Fraction(repr(limit)) else None


def assert_agrees(title: str, part: str, limit: float) -> None:
    """Fast path and reference give the same hit (or both none) at ``limit``."""
    expected = reference_hit(title, part, limit)
    got = best_substring(title, part, limit)
    if expected is None:
        assert got is None
    else:
        assert got is not None
        assert (got[1], got[2]) == expected[1:]
        assert got[0] == pytest.approx(float(expected[0]), abs=1e-12)


def mutated(draw: st.DrawFn, text: str, alphabet: str) -> str:
    """``text`` with a few random edits, so that near-matches are common."""
    chars = list(text)
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, max(0, len(chars) - 1)))
        op = draw(st.sampled_from("sid"))
        letter = draw(st.sampled_from(alphabet))
        if op == "s" and chars:
            chars[at] = letter
        elif op == "d" and chars:
            del chars[at]
        else:
            chars.insert(at, letter)
    return "".join(chars)


@st.composite
def title_and_part(draw: st.DrawFn, max_title: int, max_noise: int) -> tuple[str, str]:
    """A title and a part that often holds a damaged copy of it."""
    alphabet = draw(st.sampled_from(["ab", "abc", "ab c", "abcdefg ", "ab\x00"]))
    text = st.text(alphabet=alphabet, max_size=max_noise)
    title = draw(st.text(alphabet=alphabet, min_size=1, max_size=max_title))
    inside = mutated(draw, title, alphabet) if draw(st.booleans()) else ""
    return title, draw(text) + inside + draw(text)


limits = st.one_of(st.sampled_from([0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 1.0]),
                   st.floats(0.05, 1.0).map(lambda x: round(x, 3)).filter(lambda x: x > 0))


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(title_and_part(max_title=12, max_noise=25), limits)
def test_fast_path_equals_reference(pair: tuple[str, str], limit: float) -> None:
    assert_agrees(*pair, limit)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(title_and_part(max_title=80, max_noise=40), limits)
def test_fast_path_equals_reference_for_long_titles(pair: tuple[str, str], limit: float) -> None:
    # Titles over 64 chars leave rapidfuzz's exhaustive partial_ratio range.
    assert_agrees(*pair, limit)


@pytest.mark.parametrize("title, part, limit, expected", [
    ("ab", "b a", 0.5, (2 / 3, "b", 0)),  # "b" and "a" tie: earliest start
    ("abcd", "axxxxb", 0.4, (0.4, "axxxxb", 0)),  # "a", "axxxxb" (and "b") tie: longer
    ("abcd", "axxxxb", 0.41, None),  # the limit is a hard floor
])
def test_tie_rule_earliest_start_then_longer(title: str, part: str, limit: float,
                                             expected: tuple[float, str, int] | None) -> None:
    assert best_substring(title, part, limit) == expected
    assert_agrees(title, part, limit)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abc ", min_size=1, max_size=90),
       st.text(alphabet="abc \x00", max_size=150), st.integers(0, 40))
@example("a" * 70, "b" * 34 + "a" * 70, 0)  # only the last overlapping window holds it
def test_window_bound_never_misses(title: str, part: str, extra_width: int) -> None:
    # The prefilter may let too much through, never too little: at the best window's LCS
    # it must answer True, on both the partial_ratio path and the overlapping-windows one.
    width = len(title) + extra_width
    windows = [part[s:s + width] for s in range(max(1, len(part) - width + 1))]
    best = max(LCSseq.similarity(title, window) for window in windows)
    assert best == 0 or _window_lcs_bound(title, part, width, best) >= best


# ----------------------------------------------------------------------------- author search


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="ab c", max_size=120),
       st.lists(st.text(alphabet="abc", min_size=1, max_size=3), min_size=16, max_size=24))
def test_token_index_equals_plain_find(text: str, names: list[str]) -> None:
    def plain(name: str) -> list[int]:
        return [i for i in range(len(text)) if text.startswith(name, i)]
    assert find_name_positions(text, names) == [plain(name) for name in names]


# ----------------------------------------------------------------------------- whole matcher


def reference_find(text: str, groups: list[AuthorGroup],
                   options: MatcherSettings) -> list[tuple[str, str, str, int, float]]:
    """Algorithm 7.3 (the original scheme) written plainly on top of the slow reference."""
    text, found = normalize_text(text), []
    for group in groups:
        names = [normalize_text(author) for author in group.authors]
        hits = sorted((at, k) for k, name in enumerate(names)
                      for at in range(len(text)) if text.startswith(name, at))
        kept, last = [], None
        for at, k in hits:
            if last is None or at - last >= options.min_author_distance:
                last, end = at, at + len(names[k])
                kept.append((group.authors[k], end, text[end:end + options.part_length]))
        for publication in group.publications:
            candidates = [(-hit[0], start + hit[2], -len(hit[1]), i, author, hit[1])
                          for i, (author, start, part) in enumerate(kept)
                          if (hit := reference_hit(normalize_text(publication), part,
                                                   options.fuzzy_limit))]
            if candidates:
                sim, position, _, _, author, substring = min(candidates)
                found.append((author, publication, substring, position, round(float(-sim), 4)))
    return found


@st.composite
def documents(draw: st.DrawFn) -> tuple[str, list[AuthorGroup]]:
    """Short documents of names, noise and damaged titles, and two groups to look for."""
    title = st.text(alphabet="abc d", min_size=1, max_size=8).filter(str.strip)
    titles = draw(st.lists(title, min_size=3, max_size=4))
    groups = [AuthorGroup(("xq", "yq"), tuple(titles[:2])), AuthorGroup(("zq",), tuple(titles[2:]))]
    fragments = st.one_of(st.sampled_from(["xq", "yq", "zq", " "]),
                          st.text(alphabet="abcd ", max_size=8), st.sampled_from(titles))
    pieces = draw(st.lists(fragments, max_size=20))
    return "".join(mutated(draw, piece, "abcd") if draw(st.booleans()) else piece
                   for piece in pieces), groups


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents(), limits, st.integers(1, 30), st.integers(0, 12))
def test_matcher_equals_plain_algorithm(document: tuple[str, list[AuthorGroup]], limit: float,
                                        part_length: int, distance: int) -> None:
    text, groups = document
    options = MatcherSettings(fuzzy_limit=limit, part_length=part_length,
                              min_author_distance=distance, scheme="original")
    got = [(c.author, c.publication, c.found, c.position, c.similarity)
           for c in CitationMatcher(groups, options).find(text)]
    assert got == reference_find(text, groups, options)


@pytest.mark.parametrize("runs", [0, 3, 255, 256, 257, 5000])
def test_runs_of_blanks_become_one_blank_however_many(runs: int) -> None:
    # Few runs are squeezed one by one, the rest of a text with many by one regex pass.
    text = "".join(f"w{i}{' ' * (2 + i % 5)}\u00e9\n\n" for i in range(runs)) + "end  "
    assert _normalize_mostly_ascii(text.encode()) == _normalize_dense(text)
    assert "  " not in normalize_text(text)
