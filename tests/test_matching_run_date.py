"""The date a style prints after an author run (``entry_grammar``): ``windows`` reads it from
the run's end on (``DATE_AFTER_RUN``), ``verify`` back from the title after it
(``RUN_DATE_BEFORE_TITLE``). Both tell two dates printed alike by the same groups, so they
must read one print the same way. The strings are written for these tests.
"""

from __future__ import annotations

import pytest

from citeseeker_scrapy.matching.improved.grammar.entry_grammar import (
    DATE_AFTER_RUN, RUN_DATE_BEFORE_TITLE,
)

#: (an author run and its date, how it is printed: groups 1 and 2)
PRINTS = [
    ("halvorsen, k. (1905), ", ("(", "),")),
    ("preuss-lausitz, ulf 1986 : ", ("", ":")),
    ("refugee council (2011) ", ("(", ")")),
    ("senate committee. 2012. ", ("", ".")),
    ("o'hara, p l (2005 ). ", ("(", ").")),
    ("berg, a. 2013b; ", ("", ";")),
    ("novak, j. 1867, ", ("", ",")),
]


@pytest.mark.parametrize("run, printed", PRINTS)
def test_both_readers_read_one_print_alike(run: str, printed: tuple[str, str]) -> None:
    forwards = DATE_AFTER_RUN.search(run)
    backwards = RUN_DATE_BEFORE_TITLE.search(run)
    assert forwards is not None and backwards is not None
    assert forwards.group(1, 2) == printed == backwards.group(1, 2)


@pytest.mark.parametrize("run", [
    "smith, j. (2013, june). ", "smith, j. (n.d.). ", "smith, j. in press. ",
    "smith, j. forthcoming, ",
])
def test_any_date_of_an_author_year_entry_read_back_from_the_title(run: str) -> None:
    assert RUN_DATE_BEFORE_TITLE.search(run) is not None


def test_forwards_a_year_alone_no_month_nor_a_numbers_part() -> None:
    date = DATE_AFTER_RUN.search("smith, j. 1986, title of the work ")
    assert date is not None and date.group(2) == ","  # "title" is no month
    assert DATE_AFTER_RUN.search("isbn 978-2015 ") is None
