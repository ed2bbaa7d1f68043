"""How the word checks read a printed title the query names with a misquote or the print
damaged (``matching/improved/verify.py``, ``matching/improved/words.py``).

* a swapped-word misquote whose best substring ran past the title's closing mark to take the
  query's last word again, printed as the next field's first word ("...The New Trade. New
  York", "...in Norway’ in Berg"): read up to the mark (``verify.overrun_end``);
* a hyphenated first word printed split in two, one piece of it printed again as a title word
  of its own ("Nitrogen- -limited repression of nitrogen ..."): the query's own word names the
  copy in its order (``words._named_exactly``);
* a short content word with an OCR confusion ("rnCRC" for "mCRC"): read back
  (``words._read_back_counterpart``).

Each row: an entry as printed, the searched author and title. The positive rows are kept by
both schemes; the decoy rows (a changed content word, the title without its last word) are
found by the 2003 scheme and turned down by the improved one. The strings are written for
these tests.
"""

from __future__ import annotations

import pytest

from tests.support.matching import kept_by_both, turned_down

PILOTS = "Okafor, Bea. 2011. Harbour Pilots: The New Trade. New York: Tidewater Press."
FISHING = ("Lindqvist, Karin (2004) \u2018Fishing and Trade in Norway\u2019 in Berg, Anna (ed.) "
           "Coastal Histories, Oslo: Norsk Forlag.")
NITROGEN = ("[4] Mensah K, Osei A. {}-limited repression of nitrogen sensors is mediated by "
            "kinases in maize. Plant J 2011; 6: 1-9.")
SENSORS = "Nitrogen-limited repression of nitrogen sensors is mediated by kinases in maize"
RUST = ("Boateng, Kofi, Leaf rust (rnCRC) in maize fields of northern Ghana after treatment with "
        "fungicides. Crop Science 12 (2013): 44-51.")


@pytest.mark.parametrize("doc, author, title", [
    # the last two words swapped; the next field opens with the query's last word
    (PILOTS, "Okafor", "Harbour Pilots: The Trade New"),
    (FISHING, "Lindqvist", "Fishing and Trade Norway in"),
    # the first word split at its own hyphen, its first piece printed again further on
    (NITROGEN.format("Nitrogen- "), "Osei", SENSORS),
    # an acronym of four letters OCR read "rn" in
    (RUST, "Boateng", "Leaf rust (mCRC) in maize fields of northern Ghana after treatment "
     "with fungicides"),
])
def test_a_misquote_or_a_damaged_print_is_a_citation(doc: str, author: str, title: str) -> None:
    kept_by_both(doc, author, title)


@pytest.mark.parametrize("doc, author, title", [
    (PILOTS, "Okafor", "Harbour Captains: The Trade New"),  # a changed content word
    (PILOTS, "Okafor", "Harbour Pilots: The New"),  # the title without its last word
    (FISHING, "Lindqvist", "Fishing and Timber Norway in"),
    (NITROGEN.format("Hydrogen- "), "Osei", SENSORS),  # the split word is another one
    (NITROGEN.format("Nitrogen- "), "Osei", SENSORS.replace("sensors", "receptors")),
    (NITROGEN.format("Nitrogen- "), "Osei", SENSORS.removesuffix(" maize")),
    (RUST, "Boateng", "Leaf rust (mRNA) in maize fields of northern Ghana after treatment "
     "with fungicides"),  # another acronym
    (RUST, "Boateng", "Leaf rust (mCRC) in maize fields of northern Ghana after treatment with"),
    (RUST, "Boateng", "Leaf rust (mCRC) in maize fields of Ghana after treatment with "
     "fungicides"),  # a word of the title missing from the query
])
def test_a_changed_or_missing_word_is_still_turned_down(doc: str, author: str,
                                                         title: str) -> None:
    turned_down(doc, author, title)
