"""When a hyphen at a line end splits a word: one rule for every reader of printed text.

PDF extraction meets the line-end hyphen as PDFium's soft-hyphen mark
(:mod:`citeseeker_scrapy.extraction.pdf`); normalization meets it as a hyphen and a line break
in the text of every other extractor (:data:`citeseeker_scrapy.matching.normalize.HYPHEN_AT_LINE_END`,
which ``matching.context`` reads too). Both decide by what follows the break, with this
lookahead, kept here because extraction does not import matching.
"""

#: The second half of a word split at a line end: a letter ("the latex-" newline "companion"),
#: but not an initial and its full stop ("A. B. FRANKLIN-" newline "G. C. WHITE": a style's
#: hyphen between two names); a word is never broken before its last letter alone. A regex
#: lookahead, to put after the hyphen and the line break.
WORD_GOES_ON = r"(?=[^\W\d_](?!\.))"
