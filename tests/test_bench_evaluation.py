"""The evaluation benchmarks' own readings: author runs into records, categories of
an entry, page breaks of a paged paper, typeset entries read back. Strings written here; the
benchmarks read the shared reference corpus, these tests never do."""

from __future__ import annotations

import argparse
import dataclasses
import random
import threading
from types import SimpleNamespace
from typing import Callable

import pytest

from bench import bench_refstrings, bench_styles
from bench.quality import refstrings, styleworks
from bench.quality.refstrings import Reference


@pytest.mark.parametrize("authors, inverted, expected", [
    ("J. Smith and K. Ter-Avest", False,
     [{"family": "Smith", "given": "J."}, {"family": "Ter-Avest", "given": "K."}]),
    ("Smith, J., Dell'Orto, B. & Lee, K.", True,
     [{"family": "Smith", "given": "J."}, {"family": "Dell'Orto", "given": "B."},
      {"family": "Lee", "given": "K."}]),
    ("Seely AJE, Bravi A", False,
     [{"family": "Seely", "given": "AJE"}, {"family": "Bravi", "given": "A"}]),
    ("Edwards, G.A., K. Stiller, et G.L. Dunlop", True,
     [{"family": "Edwards", "given": "G.A."}, {"family": "Stiller", "given": "K."},
      {"family": "Dunlop", "given": "G.L."}]),
    ("J. von Neumann", False, [{"family": "von Neumann", "given": "J."}]),
    ("Refugee Council of Australia", False, [{"literal": "Refugee Council of Australia"}]),
    ("A. Lee, B. Kim, and the Imaging Work Group", False,
     [{"family": "Lee", "given": "A."}, {"family": "Kim", "given": "B."},
      {"literal": "the Imaging Work Group"}]),
])
def test_author_runs_become_csl_names(authors: str, inverted: bool, expected: list) -> None:
    assert styleworks.people(authors, inverted) == expected


def test_an_author_run_that_is_no_list_of_persons_makes_no_record() -> None:
    assert styleworks.people("Área Metropolitana del Valle, 1997 (c)", False) is None


def test_bibtex_records_escape_latex_and_keep_organisations_whole() -> None:
    work = styleworks.Work("w1", "article-journal", "Costs & Benefits of 50% Less", "2001",
                           [{"family": "Ter-Avest", "given": "K."},
                            {"literal": "Imaging Work Group"}],
                           {"container-title": "J. Stuff", "page": "1-10"})
    bib = styleworks.bibtex([work])
    assert "author = {Ter-Avest, K. and {Imaging Work Group}}" in bib
    assert r"title = {Costs \& Benefits of 50\% Less}" in bib
    assert "journal = {J. Stuff}" in bib and "pages = {1-10}" in bib
    assert styleworks.csl_json([work])[0]["author"][1] == {"literal": "Imaging Work Group"}


def _reference(printed: str, title: str, authors: str) -> Reference:
    return Reference("test", printed, title, tuple(refstrings.surnames_of(authors)), "test",
                     authors)


@pytest.mark.parametrize("printed, title, authors, names, titles", [
    ("J. Smith and K. Ter-Avest. Social Order and its Forms -Oxford: Blackwell.",
     "Social Order and its Forms", "J. Smith and K. Ter-Avest.",
     ("hyphen/apostrophe surname",), ("dash (place)",)),
    ("NOVAK, J. a P. DVORAK, 2001. 04-17: A model of growth. Praha.",
     "A model of growth", "NOVAK, J. a P. DVORAK,",
     ('non-English "and"', "all-caps names"), ("full stop", "number before title")),
    ("Lee, A. (1997) 2015. Crystal growth processes 3rd ed. Wiley.",
     "Crystal growth processes", "Lee, A.",
     ("plain names",), ("runs into next field", "original date before year")),
])
def test_entries_fall_in_the_issue_categories(printed: str, title: str, authors: str,
                                              names: tuple, titles: tuple) -> None:
    reference = _reference(printed, title, authors)
    assert refstrings.name_shapes(reference) == names
    assert refstrings.title_shapes(reference) == titles


def test_page_breaks_name_the_entry_and_the_title_they_fall_in() -> None:
    front = len(bench_refstrings._front_lines())
    fill = ["x " * 40] * (bench_refstrings.PAGE_LINES - front - 1)  # one-line entries
    title = "A title long enough " * 6
    entries = [*fill, "A. Author. " + title + "Journal.", "B. Other. Short one. Journal."]
    breaks = bench_refstrings.page_breaks(entries, [""] * len(fill) + [title.strip(), ""])
    assert breaks[-2] == "page break in title"
    assert set(breaks[:-2]) == {"no page break"} and breaks[-1] == "no page break"


def test_an_entry_s_words_are_hyphenated_inside_the_entry_only() -> None:
    # a long first word fits with a hyphen on the line before, the heading's or the last line
    # of the entry before: typesetting breaks words inside a paragraph, never across two
    entries = ["Department of Health, State of Oregon (DOH). 2006. Screening levels. Salem.",
               "Okafor, B. " + "Tidal mills of the northern coast. " * 2 + "Oslo, 2001.",
               "Environmental Protection Agency (EPA). 2004. Vapor intrusion. Washington."]
    lines = bench_refstrings.wrapped_lines(entries)
    heading = lines.index("References")
    assert lines[heading + 1].startswith("Department of Health")
    assert lines[-1].startswith("Environmental Protection")


def test_typeset_entries_are_read_back_per_work() -> None:
    html = ('<div id="refs"><div id="ref-w1" class="csl-entry" role="doc-biblioentry">'
            'SMITH, J. a K. <span>TER-AVEST</span>, 2001. <em>Title</em>.</div>'
            '<div id="ref-w2" class="csl-entry">Lee, A. Other.</div></div>')
    assert bench_styles.csl_entries(html) == {
        "w1": "SMITH, J. a K. TER-AVEST, 2001. Title.", "w2": "Lee, A. Other."}
    bbl = ("\\begin{thebibliography}{1}\n\\bibitem[Smith and Ter-Avest(2001)]{w1}\n"
           "J.~Smith and K.~Ter-Avest.\n\\newblock {\\em Costs \\& benefits}.\n"
           "\\end{thebibliography}\n")
    assert bench_styles.latex_entries([], bbl, "BibTeX") == {
        "w1": "J. Smith and K. Ter-Avest. Costs \\& benefits."}
    assert bench_styles.title_printed("J. Smith. Costs \\& benefits.", "Costs & Benefits")
    assert not bench_styles.title_printed("J. Smith. J. Chem. 12, 4.", "Costs & Benefits")


_ITEMS = ("\\begin{thebibliography}{}\n\\bibitem[Okafor, 1999]{w1}\nOkafor, B. (1999).\n"
          "\\newblock Tidal mills.\n\\newblock {\\rm Coast Review } \\emph%s.\n\n"
          "\\bibitem[Lee, 2003]{w2}\nLee, A. (2003).\n\\newblock {\\rm Salt roads}.\n\n"
          "\\bibitem[{Harbour Board}, 2005]{w3}\n{Harbour Board} (2005).\n"
          "\\newblock Quays \\{and\\} piers.\n\\end{thebibliography}\n")


@pytest.mark.parametrize("volume, unprinted", [
    ("{", {"w2", "w3"}),      # a .bst's "\emph{" with no volume to close it
    ("{{12}", {"w2", "w3"}),  # an inner group closed, the outer one never
    ("{12}", set()),          # the volume closes it
    ("\\{", set()),           # an escaped brace opens no group
    ("% {\n", set()),         # nor does one in a comment
])
def test_entries_after_a_brace_never_closed_are_not_printed(volume, unprinted) -> None:
    """TeX reads the rest of the .bbl as the open command's argument: the entries after it
    are in no format of the document, so the bench queries none of them."""
    assert bench_styles.unprinted_keys(_ITEMS % volume) == unprinted


def test_a_second_run_waits_for_the_first_ones_typesetting_and_reuses_it(tmp_path) -> None:
    """Two runs of the style bench on one cache: the second waits on the key's lock and takes
    the first one's documents, typesetting nothing (no scratch folder of its own)."""
    style = bench_styles.Style("BibTeX", "plain", "English")
    works = [styleworks.Work("w1", "article-journal", "Costs and Benefits", "2001",
                             [{"family": "Smith", "given": "J."}])]
    key = bench_styles.cache_key(style, works)
    made: list = []
    with bench_styles.key_lock(tmp_path, key):
        second = threading.Thread(
            target=lambda: made.append(bench_styles.render(style, works, tmp_path)))
        second.start()
        second.join(timeout=1.0)
        assert second.is_alive()
        assert not list(tmp_path.glob("render-*"))
        (tmp_path / key).mkdir()
        (tmp_path / key / "entries.json").write_text('{"w1": "J. Smith. Costs and Benefits."}')
    second.join(timeout=10)
    assert made == [tmp_path / key]
    assert not list(tmp_path.glob("render-*"))


def test_a_paper_pdflatex_printed_without_a_character_goes_to_lualatex(tmp_path) -> None:
    """pdflatex's log names the characters its fonts lack (the page prints without them): such
    a paper is typeset by LuaLaTeX, and its formats are named after the engine that made them."""
    style = bench_styles.Style("CSL", "some-japanese-style", "Japanese")
    whole, lacking, lua = (tmp_path / name for name in ("whole", "lacking", "lua"))
    for folder, log in ((whole, "This is pdfTeX, Version 3.14\nOverfull \\hbox\n"),
                        (lacking, "This is pdfTeX, Version 3.14\n! LaTeX Error: Unicode "
                                  "character ＝ (U+FF1D)\n  not set up for use with LaTeX.\n"),
                        (lua, "This is LuaHBTeX, Version 1.15.0\nMissing character: There "
                              "is no ＝ (U+FF1D) in font nullfont!\n")):
        folder.mkdir()
        (folder / "paper.log").write_text(log, "utf-8")
    assert not bench_styles.glyphs_lost(whole)
    assert bench_styles.glyphs_lost(lacking)
    assert not bench_styles.glyphs_lost(lua)  # LuaLaTeX's paper is the last word
    assert bench_styles.formats_of(style, lacking) == (
        "html", "pdf (Chromium)", "pdf (pdflatex)", "ps (dvips)")
    assert bench_styles.formats_of(style, lua) == (
        "html", "pdf (Chromium)", "pdf (lualatex)", "ps (lualatex, pdftocairo)")
    biblatex = bench_styles.Style("biblatex", "numeric", "English")
    assert bench_styles.formats_of(biblatex, lua) == (
        "pdf (lualatex)", "ps (lualatex, pdftocairo)", "zip")
    assert {bench_styles.FILES[f] for f in bench_styles.formats_of(biblatex, lua)} == {
        "paper.pdf", "paper.ps", bench_styles.ZIP_NAME}


def test_the_quality_bench_reads_a_hit_across_a_page_break_s_header_as_the_title() -> None:
    from bench import bench_quality

    header = ("11/30/26, 9:12 AM Printed Reading Lists of Imaginary Fields "
              "file:///home/reader/lists/imaginary-reading.html {page}")
    title = ("The drainage of raised peat bogs and the three-dimensional mapping of their "
             "margins. Raised Bogs of the Baltic Rim: Origin and Use")
    cut = title.index("mapping")
    raw = (f"{header.format(page='1/2')}\nReferences\nAhlgren, B. 1987. Coastal winds. Oslo: "
           f"Sjø.\nLindqvist, T. 1990. {title[:cut]}\n{header.format(page='2/2')}\n"
           f"{title[cut:]}. Riga: Zinatne.\n")
    paper = "lists.pdf"
    texts = bench_quality.Texts(
        {(paper, engine): raw for engine in bench_quality.ENGINES},
        {(paper, engine): bench_quality.normalize_text(raw) for engine in bench_quality.ENGINES})
    query = {"paper": paper, "author": "Lindqvist", "title": title, "cited_title": title,
             "expected": True, "category": "broken_title", "note": ""}
    outcomes, _ = bench_quality.evaluate([query], texts)
    improved = [o for o in outcomes if o.scheme == "improved"]
    assert all(o.hit is not None and "imaginary" in o.hit.found for o in improved)
    assert all(o.right for o in improved)


def test_a_name_printed_only_in_its_title_is_no_author_printed() -> None:
    title = "Roman villas of the lower valley, after the excavations of P. Marlow"
    names = ["Marlow"]
    assert bench_styles._printed_name(names, 0, title + ", Rouen 1871.", title) == (
        "only", None)
    assert bench_styles._printed_name(names, 0, "MARLOW, P. " + title + ". Rouen.", title) == (
        "only", "Marlow")
    curly = "Roman villas of the lower valley, d\u2019apr\u00e8s the excavations of P. Marlow"
    assert bench_styles._printed_name(names, 0, curly + " 1871, Rouen.", curly.replace(
        "\u2019", "'")) == ("only", None)


def test_a_name_only_inside_a_longer_name_is_no_author_printed() -> None:
    title = "Tidal markets of the Niger delta"
    cut = f"7. Okafor N, Weissmann K, Lindqvist M, et al. {title}. Lagos; 2001."
    assert bench_styles._printed_name(["Okafor", "Weiss"], 1, cut, title) == (
        "first (a later one not printed)", "Okafor")
    assert bench_styles._printed_name(["Okafor", "Weiss"], 1, cut.replace(
        "Weissmann K", "Weiss K"), title) == ("last", "Weiss")
    # an initial the style glues to the name leaves the name printed
    assert bench_styles._printed_name(["Okafor", "Weiss"], 1, f"OkaforN., WeissK. {title}.",
                                      title) == ("last", "Weiss")


HARBOUR = "Harbour towns of the Baltic and their markets"
BEFORE_DITTO = "Lindqvist, K. (2001). Fjordene og fiskeriene i nord. Oslo: Fjord, pp. 5–9. "


@pytest.mark.parametrize("entry, name, ditto", [
    # a dash for the authors of the entry before, then perhaps its date, then the title
    (f"{BEFORE_DITTO}— (2003), “{HARBOUR}”. Oslo.", "Lindqvist", True),
    (f"{BEFORE_DITTO}———. 2003. {HARBOUR}. Oslo.", "Lindqvist", True),
    (f"{BEFORE_DITTO}— 2003 : {HARBOUR}. Oslo.", "Lindqvist", True),
    (f"{BEFORE_DITTO}print. –––. “{HARBOUR}.” Oslo.", "Lindqvist", True),
    # GOST's dashes between the fields of the entry before, then a title-first entry
    (f"Fjordene. — Oslo : Fjord, 2001. — S. 5–9. {HARBOUR} / K. Lindqvist, M. Okafor.",
     "Okafor", False),
    (f"Fjordene og fiskeriene. — Moscow, Russia, 1996. {HARBOUR} / M. Okafor [et al.].",
     "Okafor", False),
    # a dash after the names: the end of their run, no mark ("--": an en dash in TeX source)
    (f"LINDQVIST (K.) — {HARBOUR}. Oslo.", "Lindqvist", False),
    (f"Okafor, M. and K. Lindqvist -- {HARBOUR}. Oslo.", "Lindqvist", False),
])
def test_a_repeated_author_is_labelled_dashed_only_for_a_ditto_mark(entry: str, name: str,
                                                                    ditto: bool) -> None:
    assert bench_styles.dashed(entry, HARBOUR, name) is ditto


BIBLATEX_PDF = (
    "References\nLindqvist, Karin (2001). Harbour towns of the Baltic and their markets. Oslo:\n"
    "Fjord.\n— (2003). Coastal trade routes and inland markets. Bergen: Vest.\n"
    "Okafor, Ngozi and Marta Silvestrini (2005). Tidal markets of the Niger\n"
    "delta. Lagos: University Press.\n3\nWeiss, Anne (2010). Salt roads of the north. Nature.\n")


def test_a_biblatex_entry_is_read_alone_and_a_ditto_entry_with_the_one_it_repeats() -> None:
    works = [SimpleNamespace(key=key, title=title, query_names=names) for key, title, names in (
        ("harbour", HARBOUR, ["Lindqvist"]),
        ("coastal", "Coastal trade routes and inland markets", ["Lindqvist"]),
        ("tidal", "Tidal markets of the Niger delta", ["Okafor", "Silvestrini"]),
        ("salt", "Salt roads of the north", ["Weiss", "Silvestrini"]))]
    entries = bench_styles.biblatex_entries(works, BIBLATEX_PDF)
    assert entries["tidal"].strip() == ("Okafor, Ngozi and Marta Silvestrini (2005). Tidal "
                                        "markets of the Niger delta. Lagos: University Press. 3")
    # a name printed only in another entry is not this entry's
    assert bench_styles._printed_name(["Weiss", "Silvestrini"], 1, entries["salt"],
                                      "Salt roads of the north") == (
        "first (a later one not printed)", "Weiss")
    # a ditto entry's authors are those of the entry its dash repeats
    coastal = "Coastal trade routes and inland markets"
    assert bench_styles._printed_name(["Lindqvist"], 0, entries["coastal"], coastal) == (
        "only", "Lindqvist")
    assert bench_styles.dashed(entries["coastal"], coastal, "Lindqvist")
    assert bench_styles.title_ending(entries["harbour"], HARBOUR) == "full stop"


def _csl_styles(folder, counts: dict[str, int]) -> None:
    """Independent CSL styles written here: ``counts`` styles of each default locale."""
    folder.mkdir()
    for locale, count in counts.items():
        for n in range(count):
            (folder / f"style-{locale}-{n}.csl").write_text(
                f'<style default-locale="{locale}"><bibliography/></style>')


def test_a_sweep_leaves_out_every_style_a_held_out_draw_could_try(tmp_path, monkeypatch) -> None:
    """``--sweep`` takes many styles over the languages as a draw does, but none of the first
    styles of any held-out draw's slots (the lead's unseen checks), whatever its seed."""
    _csl_styles(tmp_path / "styles", {"en-US": 2000, "fr-FR": 800, "de-DE": 800, "cs-CZ": 3})
    monkeypatch.setattr(bench_styles, "CSL_DIR", tmp_path / "styles")
    assert {283, 284, 285} <= set(bench_styles.HELD_OUT_DRAWS)
    held = {style.spec for seed in bench_styles.HELD_OUT_DRAWS
            for slot in bench_styles.draw_slots(40, seed)
            for style in slot[:bench_styles.HELD_OUT_TRIES]}
    for seed in (48, 49):
        slots = bench_styles.sweep_slots(300, seed)
        swept = {style.spec for slot in slots for style in slot}
        assert len(slots) == 300 and held.isdisjoint(swept)
        assert {slot[0].language for slot in slots} == {"English", "French", "German"}


def test_a_sweep_s_html_only_documents_have_a_key_of_their_own(tmp_path, monkeypatch) -> None:
    """A draw never takes a sweep's folder of HTML alone for its documents of every format,
    and a sweep is no draw: asked for both, the bench says so."""
    _csl_styles(tmp_path / "styles", {"en-US": 1})
    monkeypatch.setattr(bench_styles, "CSL_DIR", tmp_path / "styles")
    style = bench_styles.Style("CSL", "style-en-US-0", "English")
    works = [styleworks.Work("w1", "article-journal", "Costs and Benefits", "2001",
                             [{"family": "Smith", "given": "J."}])]
    assert (bench_styles.cache_key(style, works, html_only=True)
            != bench_styles.cache_key(style, works))
    with pytest.raises(SystemExit):
        bench_styles.main(["--sweep", "3", "--unseen-styles", "2", "--draw-seed", "1"])
    with pytest.raises(SystemExit):
        bench_styles.main(["--sweep", "-1"])


def test_styles_named_are_the_only_ones_of_a_draw_typeset(tmp_path, monkeypatch) -> None:
    """``--styles`` on a draw or a sweep typesets only the slots that may take a named style,
    each with the works the whole draw gives it; a slot whose first style is not named still
    tries that style first, as the whole draw does."""
    csl = [bench_styles.Style("CSL", spec, "English")
           for spec in ("apa", "chicago-author-date", "ieee", "chicago-note", "harvard")]
    slots = [[csl[0]], [csl[1]], [csl[2], csl[3]], [csl[4]]]
    works = [styleworks.Work(f"w{n}", "article-journal", f"Title {n}", "2001",
                             [{"family": "Smith", "given": "J."}]) for n in range(4)]
    typeset: list = []

    def render_first(slot, slot_works, cache, html_only=False):
        typeset.append((slot[0].spec, [w.key for w in slot_works]))
        return slot[0], tmp_path / slot[0].spec, []

    monkeypatch.setattr(bench_styles, "render_first", render_first)
    args = argparse.Namespace(styles="chicago", per_style=1, cache=tmp_path, jobs=1)
    chosen, folders = bench_styles._typeset_slots(slots, works, args, "drawn")
    assert sorted(typeset) == [("chicago-author-date", ["w1"]), ("ieee", ["w2"])]
    assert set(folders) == {csl[1], csl[2]}


@pytest.mark.parametrize("title, shorter", [
    # the last content word cut off, and every word after it
    ("Hair Combs of the Upper Nile Kewa", "Hair Combs of the Upper Nile"),
    ("Effects of Heat on Cold Mice", "Effects of Heat on Cold"),
    ("Tidal Mills and Harbour Trade Routes in 3D", "Tidal Mills and Harbour Trade"),
    ("Salt Roads of Coastal Norway, Harbours", "Salt Roads of Coastal Norway"),
    # a function word before the cut word: the title without its last phrase, no decoy
    ("Salt Roads of the Coastal Marsh and Fens", None),
    ("National Standards for Diabetes Education and Support", None),
    ("L'exposition de l'art français à Londres", None),
    # fewer than three content words would be left: a generic phrase, no decoy
    ("Effects of Heat on Mice", None),
    ("Tidal Mills in Norway", None),
    # the cut would leave the main title before a subtitle or a part in brackets: a true way
    # to cite the work, no decoy
    ("Raised Bogs of the Baltic Rim: Origin and Use", None),
    ("Raised Bogs of the Baltic Rim - Origin", None),
    ("Die Entstehung der Alpen und Seen (Teil 2)", None),
])
def test_a_title_without_its_last_word_is_cut_at_its_last_content_word(title: str,
                                                                        shorter) -> None:
    assert refstrings.without_last_word(title) == shorter


_RUN_ON_TITLES = ["Tidal Mills and Harbour Trade of the Northern Coast",
                  "Salt Roads across the Coastal Marsh Lands",
                  "Quays and Wooden Piers of Medieval Baltic Towns",
                  "Fishing Boats of the Fjords and their Builders",
                  "Stone Bridges over Mountain Rivers in Norway",
                  "Grain Trade between Coastal Market Towns"]


def _queries(monkeypatch, cut: bool) -> tuple[list, list]:
    """Both benches' queries on strings of this test, with or without the title without its
    last word (``without_last_word`` giving None stands for a bench without that decoy)."""
    if not cut:
        monkeypatch.setattr(bench_refstrings.refstrings, "without_last_word", lambda t: None)
    references = [_reference(f"Okafor, B. {t} Kewa, 83.", t, "Okafor, B.")
                  for t in _RUN_ON_TITLES]
    other = dataclasses.replace(references[0], style="other")  # a foreign title's source
    _, refs = bench_refstrings.build({"test": references, "other": [other]},
                                     ["lantern", "meadow"], 25, ("html",), per_paper=6)
    refs = [q for q in refs if q.style == "test"]
    style = bench_styles.Style("CSL", "test.csl", "English")
    works = [styleworks.Work(f"w{n}", "book", t, "2001", [{"family": "Okafor", "given": "B."}])
             for n, t in enumerate(_RUN_ON_TITLES)]
    entries = {style: {w.key: f"Okafor, B. 2001. {w.title} Kewa, 83." for w in works}}
    document = bench_styles.Document(style, "html", None)
    typeset = bench_styles.queries_of([document], {style: works}, entries,
                                      ["lantern", "meadow"], 47, {})
    return refs, typeset


def _apart(made: Callable[[bool], tuple[list, list]], kind: str) -> list[list]:
    """Each bench's queries of ``kind``, from ``made(True)`` (both benches' queries, the same
    when made again), once asserted that its other queries are ``made(False)``'s, the benches'
    queries without that kind."""
    with_kind = made(True)
    assert with_kind == made(True)  # deterministic
    for queries, before in zip(with_kind, made(False)):
        assert [q for q in queries if q.kind != kind] == before
    return [[q for q in queries if q.kind == kind] for queries in with_kind]


def test_the_last_word_decoy_has_a_slot_of_its_own_and_leaves_the_others_unchanged(
        monkeypatch) -> None:
    for last in _apart(lambda cut: _queries(monkeypatch, cut), bench_refstrings.LAST_WORD):
        assert [(q.title, q.printed_title, q.expected) for q in last] == [
            ("Salt Roads across the Coastal Marsh", _RUN_ON_TITLES[1], False),
            ("Grain Trade between Coastal Market", _RUN_ON_TITLES[5], False)]


def test_a_record_whose_annotated_title_is_not_the_printed_one_is_typeset_not_queried(
        ) -> None:
    # the annotators' author field took the title's first word ("... Lewis, Lantern")
    printed = "K. Okafor and L. Lewis, Lantern Harbours of the Coast, Kewa, 2013."
    assert styleworks._title_fault(printed, {"title": "Harbours of the Coast,"}) == (
        bench_refstrings.refstrings.STARTS_LATE)
    assert styleworks._title_fault("K. Okafor and L. Lewis, Lantern Harbours of the Coast, "
                                   "Kewa, 2013.", {"title": "Lantern Harbours of the Coast,"}
                                   ) == ""
    style = bench_styles.Style("CSL", "test.csl", "English")
    works = [styleworks.Work(f"w{n}", "book", t, "2001", [{"family": "Okafor", "given": "K."}])
             for n, t in enumerate(("Harbours of the Coast", "Salt Roads of the Marsh"))]
    works[0].fault = bench_refstrings.refstrings.STARTS_LATE
    entries = {style: {w.key: f"Okafor, K. 2001. {w.title}. Kewa." for w in works}}
    skipped: dict[str, int] = {}
    made = bench_styles.queries_of([bench_styles.Document(style, "html", None)],
                                   {style: works}, entries, ["lantern", "meadow"], 47, skipped)
    assert {q.printed_title for q in made} == {"Salt Roads of the Marsh"}
    assert skipped == {"annotated title not the printed one": 1}


@pytest.mark.parametrize("title, cut", [
    # the last function word a content word follows, after two content words or more
    ("Tidal Mills and Harbour Trade of the Northern Coast",
     "Tidal Mills and Harbour Trade of the"),
    ("Salt Roads across the Coastal Marsh Lands", "Salt Roads across the"),
    ("Die Entstehung der Alpen und Seen", "Die Entstehung der Alpen und"),
    ("Grain Trade between Coastal Market Towns", "Grain Trade between"),
    # one content word before the function word: a phrase of many titles, no decoy
    ("Campaigning on the Internet", None),
    # after punctuation (a subtitle's first word), before a number, at the title's end: none
    ("Coastal Trade: the Northern Routes", None),
    ("Coastal Trade Policy Act of 1905", None),
    ("Coastal Trade Routes of", None),
])
def test_a_title_cut_after_a_function_word_goes_on_in_print(title: str, cut) -> None:
    assert refstrings.cut_after_function_word(title) == cut


def test_the_function_word_decoy_shares_the_last_word_slot_and_leaves_the_others_unchanged(
        monkeypatch) -> None:
    made = _queries(monkeypatch, cut=True)
    for queries in made:
        cut = [q for q in queries if q.kind == bench_refstrings.FUNCTION_END]
        assert [(q.title, q.printed_title, q.expected) for q in cut] == [
            ("Salt Roads across the", _RUN_ON_TITLES[1], False),
            ("Grain Trade between", _RUN_ON_TITLES[5], False)]
    monkeypatch.setattr(bench_refstrings.refstrings, "cut_after_function_word",
                        lambda t: None)
    without = _queries(monkeypatch, cut=True)
    for queries, before in zip(made, without):
        assert [q for q in queries if q.kind != bench_refstrings.FUNCTION_END] == before


@pytest.mark.parametrize("one, other, same", [
    # one word inflected, derived or spelled the other way: no near miss
    ("economic", "economics", True), ("study", "studies", True), ("harbour", "harbor", True),
    ("organise", "organize", True), ("modelling", "modeling", True), ("centre", "center", True),
    ("culturally", "cultural", True), ("signature", "signatures", True),
    # a letter changed elsewhere: another word
    ("western", "eastern", False), ("cold", "bold", False), ("heating", "hearing", False),
    ("lantern", "pattern", False),
])
def test_a_lookalike_is_no_inflection_of_the_word(one: str, other: str, same: bool) -> None:
    assert refstrings.same_word(one, other) is same


def test_a_lookalike_word_shares_most_letters_and_is_no_typo_of_the_word() -> None:
    vocabulary = ["bold", "cold", "eastern", "fold", "lanterns", "pattern", "western", "wester"]
    assert refstrings.lookalike_words("western", vocabulary) == ["eastern"]  # "wester": a typo
    # "lanterns": the same word; "pattern": too few letters shared (0.71)
    assert refstrings.lookalike_words("lantern", vocabulary) == []
    assert refstrings.lookalike_words("gold", vocabulary) == ["bold", "cold", "fold"]


@pytest.mark.parametrize("title, kind, decoy", [
    ("Quays of the New Harbour Towns", "short word replaced", "Quays of the Old Harbour Towns"),
    ("Western Quays (Oslo)", "lookalike word", "Eastern Quays (Oslo)"),
    # no three-letter content word: a function word, an acronym, an abbreviation are none
    ("Quays of the Harbour, Vol. 2", "short word replaced", None),
    ("Quays of the OSL Harbour", "short word replaced", None),
    # no word with a lookalike in the vocabulary
    ("Quays and Piers", "lookalike word", None),
])
def test_a_lookalike_decoy_changes_one_word_in_its_case(title: str, kind: str, decoy) -> None:
    vocabulary = ["eastern", "fjord", "old", "quay", "sea"]
    rng = random.Random(3)
    made = refstrings.lookalike_decoy(rng, title, kind, vocabulary)
    if decoy is None or kind == "lookalike word":
        assert made == decoy
    else:  # one of the vocabulary's three-letter words, not one the title holds
        assert made in {decoy, decoy.replace("Old", "Sea")}


def test_the_lookalike_decoys_have_a_slot_of_their_own_and_leave_the_others_unchanged(
        ) -> None:
    references = [_reference(f"Okafor, B. {t} Kewa, 83.", t, "Okafor, B.")
                  for t in _RUN_ON_TITLES + ["Old Quays of the Western Fjords"] * 2]
    other = dataclasses.replace(references[0], style="other")
    sampled = {"test": references, "other": [other]}
    _, without = bench_refstrings.build(sampled, ["lantern", "meadow"], 25, ("html",), 8)
    _, made = bench_refstrings.build(sampled, ["lantern", "meadow"], 25, ("html",), 8,
                                     ["eastern", "new", "sea"])
    close = [q for q in made if q.kind in bench_refstrings.LOOKALIKES]
    # entries 3 and 7 take the slot: the first has no three-letter content word to replace
    assert [(q.kind, q.title, q.expected) for q in close] == [
        ("lookalike word", "Old Quays of the Eastern Fjords", False)]
    assert [q for q in made if q.kind not in bench_refstrings.LOOKALIKES] == without


_TYPED_TITLES = ["Tidal Channels behind Northern Barrier Islands",
                 "Lantern Makers of the Hanseatic Towns",
                 "On Salt (Marsh) Grazing, Revisited"]


@pytest.mark.parametrize("seed", range(40))
def test_two_typos_are_a_key_added_and_a_letter_dropped_inside_long_words(seed: int) -> None:
    rng = random.Random(seed)
    for title in _TYPED_TITLES:
        typed = refstrings.with_two_typos(rng, title)
        if typed is None:  # the letter dropped was the one typed twice at its place
            continue
        assert typed != title and len(typed) == len(title)  # one letter in, one out
        words, before = typed.split(), title.split()
        changed = [(old, new) for old, new in zip(before, words) if old != new]
        assert len(words) == len(before) and 1 <= len(changed) <= 2
        for old, new in changed:  # in a word of six letters or more, never its ends
            assert len(refstrings._letters(old)) >= refstrings.TWO_TYPO_LETTERS
            assert (new[0], new[-1]) == (old[0], old[-1])
            assert not set(refstrings._letters(new).lower()) - set(
                old.lower() + "".join(refstrings._KEYS_BESIDE.get(c, "") for c in old.lower()))


def test_a_title_without_a_long_word_gets_no_two_typos() -> None:
    assert refstrings.with_two_typos(random.Random(1), "Salt of the Old Marsh") is None


def _typo_queries(monkeypatch, typos: bool) -> tuple[list, list]:
    """Both benches' queries on titles of this test, with or without the two-typo queries."""
    if not typos:
        monkeypatch.setattr(bench_refstrings.refstrings, "with_two_typos",
                            lambda rng, title: None)
    titles = _RUN_ON_TITLES + _TYPED_TITLES
    references = [_reference(f"Okafor, B. {t}. Kewa, 83.", t, "Okafor, B.") for t in titles]
    other = dataclasses.replace(references[0], style="other")
    _, refs = bench_refstrings.build({"test": references, "other": [other]},
                                     ["lantern", "meadow"], 25, ("html",), 9,
                                     ["eastern", "new", "sea"])
    style = bench_styles.Style("CSL", "test.csl", "English")
    works = [styleworks.Work(f"w{n}", "book", t, "2001", [{"family": "Okafor", "given": "B."}])
             for n, t in enumerate(titles)]
    entries = {style: {w.key: f"Okafor, B. 2001. {w.title}. Kewa, 83." for w in works}}
    typeset = bench_styles.queries_of([bench_styles.Document(style, "html", None)],
                                      {style: works}, entries, ["lantern", "meadow"], 47, {},
                                      ["eastern", "new", "sea"])
    return [q for q in refs if q.style == "test"], typeset


def test_the_two_typo_queries_go_beside_the_titles_as_printed_and_change_no_other(
        monkeypatch) -> None:
    for typed in _apart(lambda typos: _typo_queries(monkeypatch, typos),
                        bench_refstrings.TWO_TYPOS):
        assert [q.printed_title for q in typed] == [_RUN_ON_TITLES[0], _RUN_ON_TITLES[5]]
        assert all(q.expected and q.title != q.printed_title for q in typed)


def test_a_lost_two_typo_query_is_listed_apart_from_the_lost_lines() -> None:
    text = ("References\n[1] Okafor, B. Tidal Channels behind Northern Barrier Islands. "
            "Kewa, 83.\n[2] Lewis, K. Lantern Makers of the Hanseatic Towns. Kewa, 84.\n")
    typed = bench_refstrings.Query(0, "Okafor", "Tidal Chanenls behinnd Northern Barrier "
                                   "Islands", _TYPED_TITLES[0], True,
                                   bench_refstrings.TWO_TYPOS, "test", "html", "only")
    kept = bench_refstrings.Query(0, "Lewis", _TYPED_TITLES[1], _TYPED_TITLES[1], True,
                                  "as printed", "test", "html", "only")
    documents = bench_refstrings.documents_of([text])
    outcomes, _ = bench_refstrings.evaluate([typed, kept], documents)
    others, typos = bench_refstrings.apart(outcomes, bench_refstrings.TWO_TYPOS)
    assert {o.query.kind for o in others} == {"as printed"}
    assert all(o.right for o in typos)  # both schemes forgive the two slips
    lost = [dataclasses.replace(o, found=None) if o.scheme == "improved" else o for o in typos]
    lines = bench_refstrings.lost_apart(lost, documents)
    assert len(lines) == 1 and lines[0].startswith("  TYPO2 LOST test / html: 'Okafor'")
    assert not lines[0].strip().startswith("LOST ")  # the lost lines of runs before compare
    assert bench_refstrings.two_typos_report(lost)[-1] == (
        "| found by the original, lost by the improved | 1 of 1 |")
    assert bench_refstrings.regressions(others) == []


@pytest.mark.parametrize("word, kind, respelled", [
    # a typist's convention, both ways
    ("organisation", "-ise/-ize", ["organization"]), ("optimizing", "-ise/-ize", ["optimising"]),
    ("analysed", "-yse/-yze", ["analyzed"]), ("paralyze", "-yse/-yze", ["paralyse"]),
    ("colourful", "-our/-or", ["colorful"]), ("behavioral", "-our/-or", ["behavioural"]),
    ("centred", "-re/-er", ["centered"]), ("fibers", "-re/-er", ["fibres"]),
    ("modelling", "-ll-/-l-", ["modeling"]), ("labeled", "-ll-/-l-", ["labelled"]),
    # one word misspelled as people do
    ("discrepancy", "-ance/-ence, -ant/-ent", ["discrepency"]),
    ("independent", "-ance/-ence, -ant/-ent", ["independant"]),
    ("feasible", "-able/-ible", ["feasable"]), ("available", "-able/-ible", ["availible"]),
    ("accommodate", "doubled/single consonant", ["accomodate", "accommodatte"]),
    ("receive", "ie/ei", ["recieve"]), ("field", "ie/ei", ["feild"]),
    ("series", "ie/ei", []),  # a plural's "-ies" is no ie/ei confusion
    # words one spelling has only, or no such ending
    ("precise", "-ise/-ize", []), ("unsupervised", "-ise/-ize", []),
    ("pairwise", "-ise/-ize", []), ("resized", "-ise/-ize", []),
    ("rigorous", "-our/-or", []), ("laboratory", "-our/-or", []), ("humoral", "-our/-or", []),
    ("parameter", "-re/-er", []), ("controlled", "-ll-/-l-", []),
    ("management", "-ance/-ence, -ant/-ent", []), ("science", "-ance/-ence, -ant/-ent", []),
    ("reliable", "-able/-ible", []), ("table", "-able/-ible", []),
])
def test_a_word_is_respelled_as_a_typist_spells_it(word: str, kind: str,
                                                   respelled: list[str]) -> None:
    assert [new for _, new in refstrings._respellings(word, kind)] == respelled


_SPELLED_TITLES = ["Optimising the Colour of Analysed Images",
                   "Minimum Discrepancy of Point Sets (Revisited)",
                   "The Centre for Fibre Optics: Modelling Labelled Travellers",
                   "ORGANIZATION OF LABOR IN THE SCIENTIFIC FIELD"]


@pytest.mark.parametrize("seed", range(40))
def test_a_convention_respells_every_word_it_fits_and_a_misspelling_one(seed: int) -> None:
    rng = random.Random(seed)
    for title in _SPELLED_TITLES:
        kind, typed = refstrings.misspelled(rng, title)
        words, before = typed.split(), title.split()
        changed = [at for at, (old, new) in enumerate(zip(before, words)) if old != new]
        assert len(words) == len(before) and changed
        for at in changed:  # the case and the punctuation around the letters kept
            assert (words[at][:2].isupper(), words[at][0].isupper()) == (
                before[at][:2].isupper(), before[at][0].isupper())
            assert words[at].strip("()") != words[at] or before[at].strip("()") == before[at]
        ways = {at: refstrings._respellings(refstrings._letters(before[at]).lower(), kind)
                for at in range(len(before))}
        assert all(ways[at] for at in changed)
        if refstrings.SPELLING_KINDS.index(kind) >= 5:
            assert len(changed) == 1
        else:  # the same way in each word that fits
            direction = ways[changed[0]][0][0]
            assert changed == [at for at, way in ways.items() if way and way[0][0] == direction]


def test_a_title_without_a_word_to_respell_gets_no_misspelling() -> None:
    assert refstrings.misspelled(random.Random(1), "Salt of the Old Marsh") is None
    assert refstrings.misspelled(random.Random(1), "Ölhäfen der Küste") is None


def _spelled_queries(monkeypatch, spelled: bool) -> tuple[list, list]:
    """Both benches' queries on titles of this test, with or without the misspelled ones."""
    if not spelled:
        monkeypatch.setattr(bench_refstrings.refstrings, "misspelled", lambda rng, title: None)
    titles = _RUN_ON_TITLES + _SPELLED_TITLES
    references = [_reference(f"Okafor, B. {t}. Kewa, 83.", t, "Okafor, B.") for t in titles]
    other = dataclasses.replace(references[0], style="other")
    _, refs = bench_refstrings.build({"test": references, "other": [other]},
                                     ["lantern", "meadow"], 25, ("html",), 10,
                                     ["eastern", "new", "sea"])
    style = bench_styles.Style("CSL", "test.csl", "English")
    works = [styleworks.Work(f"w{n}", "book", t, "2001", [{"family": "Okafor", "given": "B."}])
             for n, t in enumerate(titles)]
    entries = {style: {w.key: f"Okafor, B. 2001. {w.title}. Kewa, 83." for w in works}}
    typeset = bench_styles.queries_of([bench_styles.Document(style, "html", None)],
                                      {style: works}, entries, ["lantern", "meadow"], 47, {},
                                      ["eastern", "new", "sea"])
    return [q for q in refs if q.style == "test"], typeset


def test_the_misspelled_queries_go_beside_the_titles_printed_as_typed_and_change_no_other(
        monkeypatch) -> None:
    refs, typeset = _apart(lambda spelled: _spelled_queries(monkeypatch, spelled),
                           bench_refstrings.MISSPELLED)
    # three entries of each five are printed as typed (0-2, 5-7): a title of those that
    # allows a misspelling gets one
    assert {q.printed_title for q in refs} <= {
        t for n, t in enumerate(_RUN_ON_TITLES + _SPELLED_TITLES) if n % 5 < 3}
    assert {q.printed_title for q in refs} >= {_SPELLED_TITLES[0], _SPELLED_TITLES[1]}
    for spelled in (refs, typeset):
        assert all(q.expected and q.title != q.printed_title for q in spelled)
        assert all(q.spelling in refstrings.SPELLING_KINDS for q in spelled)


def test_a_lost_misspelled_query_is_listed_apart_from_the_lost_lines() -> None:
    text = ("References\n[1] Okafor, B. Minimum Discrepancy of Point Sets. Kewa, 83.\n")
    spelled = bench_refstrings.Query(0, "Okafor", "Minimum Discrepency of Point Sets",
                                     "Minimum Discrepancy of Point Sets", True,
                                     bench_refstrings.MISSPELLED, "test", "html", "only",
                                     spelling="-ance/-ence, -ant/-ent")
    documents = bench_refstrings.documents_of([text])
    outcomes, _ = bench_refstrings.evaluate([spelled], documents)
    others, apart = bench_refstrings.apart(outcomes, bench_refstrings.MISSPELLED)
    assert others == [] and all(o.right for o in apart)  # both schemes forgive it
    lost = [dataclasses.replace(o, found=None) if o.scheme == "improved" else o for o in apart]
    lines = bench_refstrings.lost_apart(lost, documents)
    assert len(lines) == 1 and lines[0].startswith("  SPELL LOST test / html: 'Okafor'")
    report = bench_refstrings.misspelled_report(lost)
    assert report[-1] == "| found by the original, lost by the improved | 1 of 1 |"
    assert any(row.startswith("| -ance/-ence, -ant/-ent |") for row in report)
