"""Generated cases of the kinds of document the first evaluation set lacked, with decoys,
for ``bench_quality.py``.

Each case is a small document (the lines a page or a reference list gives) and one query,
in the schema of ``queries.json`` (``paper`` names the document here). The documents imitate
what real software manuals, reading lists and papers print; the titles are real works.
"""

from __future__ import annotations

MIKOLOV = "Exploiting similarities among languages for machine translation"
RELATION = "The Tradeoffs Between Open and Traditional Relation Extraction"
COMPANION = "The LaTeX Companion"

DOCUMENTS = {
    # 1. lettered years and other dates
    "acl": "Tomas Mikolov, Kai Chen, Greg Corrado, and Jeffrey Dean. 2013a. Efficient estimation "
           "of word representations in vector space. In ICLR.\nTomas Mikolov, Quoc V. Le, and "
           "Ilya Sutskever. 2013b. Exploiting similarities among languages for Machine "
           "Translation. arXiv preprint arXiv:1309.4168.\nJeffrey Pennington, Richard Socher, and "
           "Christopher Manning. 2014. GloVe: Global vectors for word representation. In EMNLP.",
    "apa": "Mikolov, T., Le, Q. V., & Sutskever, I. (2013b). Exploiting similarities among "
           "languages for machine translation. arXiv.\nNivre, J. (n.d.). Dependency parsing and "
           "the treebank of many languages. Retrieved from the project site.\nSmith, N. A. "
           "(in press). Linguistic structure prediction for statistical parsers. Morgan.\nBrown, "
           "K., & Zhou, L. (2019, June). Attention over structured inputs. In Proc. ACL "
           "(pp. 5-13).\nGarcia, M. (forthcoming). Morphology in neural machine translation. "
           "Journal of NLP.",
    "harvard": "Mikolov, T., Le, Q. and Sutskever, I., 2013b, Exploiting similarities among "
               "languages for machine translation, arXiv, pp. 1-10.\nOch, F. J., 2003a, Minimum "
               "error rate training in statistical machine translation, Proc. ACL, pp. 160-167.",
    # 2. misquoted titles
    "misquote": "[3] Soderland, S., Etzioni, O., Banko, M.: The tradeoffs between traditional and "
                "open relation extraction. In: ACL 2008, pp. 28-36.\n[4] Hearst, M.: Automatic "
                "acquisition of hyponyms from large text corpora. In: COLING 1992.\n[5] Ratcliff, "
                "J.: Optimising the colour of analysed images. Technical report, 2001.",
    # 4. the paper itself: title block, byline, abstract
    "self": "Proceedings of OSDI 2004\nMapReduce: Simplified Data Processing\non Large Clusters\n"
            "Jeffrey Dean and Sanjay Ghemawat\nGoogle, Inc.\nAbstract\nMapReduce is a programming "
            "model and an associated implementation for processing large data sets.\nReferences\n"
            "[1] S. Ghemawat, H. Gobioff, S. Leung. The Google file system. SOSP 2003.",
    "self_cited": "Batch Jobs on Small Clusters\nAnna Novak\nLarge data sets are often processed "
                  "as in the paper MapReduce:\nSimplified Data Processing on Large Clusters by Dean "
                  "and Ghemawat, which we extend.\nReferences\n[1] Dean, J., Ghemawat, S.: "
                  "MapReduce: Simplified Data Processing on Large Clusters. OSDI 2004.",
    # 5. titles in running text
    "running": "For more on regular expressions see Jeffrey Friedl's Mastering Regular "
               "Expressions, published by O'Reilly. Knuth described line breaking in detail, "
               "published in his book Digital Typography, and in chapter 18 of The TeXbook, Knuth "
               "suggests a macro for it. The classic Compilers by Aho is still read. Donald Knuth "
               "was digital typography's pioneer; Friedl's regular expressions are greedy. "
               "Lamport's document preparation system is LaTeX.",
    # 6. title-first numbered entries
    "title_first": "[4] The METAFONTbook, by Donald E. Knuth, Addison-Wesley, 1986.\n[5] The TeX "
                   "book (Computers and Typesetting, Vol. A), by Donald E. Knuth, Addison-Wesley, "
                   "1984.\n[6] The LaTeX Companion, by Goossens, Mittelbach and Samarin, "
                   "Addison-Wesley, 1994.\n[7] Graphics Gems, edited by Andrew S. Glassner, "
                   "Academic Press, 1990.",
    # 7. one span, one title
    "companion": "Further reading\nGoossens, M., Mittelbach, F., Samarin, A.: The LaTeX Companion. "
                 "Addison-Wesley, 1994.\nLamport, L.: LaTeX: A Document Preparation System. "
                 "Addison-Wesley, 1994.",
    # 8. a neighbour's title lent to a co-author
    "neighbour": "Knuth, Lamport, Mittelbach: Typesetting concepts, TUGboat 1990\nGoossens, "
                 "Mittelbach, Samarin: The LaTeX Companion, Addison-Wesley 1994\nLamport: LaTeX: "
                 "A Document Preparation System, 1986",
}


#: What a reader should see on each document's right hits: (``in_references``, "self"). The
#: labelled lists stand in a reference list, running text and a title page do not; the
#: fragments of a list with no heading and no labels, and the paper naming the work both in its
#: first paragraph and in its list, leave ``in_references`` unscored (None). Only the paper
#: "self" is the cited work.
LABELS = {"misquote": (True, False), "title_first": (True, False), "running": (False, False),
          "self": (False, True), "self_cited": (None, False)}
UNSCORED = (None, False)

def _query(paper: str, author: str, title: str, category: str, cited: str = "",
           decoy: str = "") -> dict:
    """One query in the schema of ``queries.json``."""
    query = {"paper": paper, "author": author, "title": title, "category": category,
             "expected": not decoy, "note": "generated"}
    if decoy:
        query["decoy_kind"] = decoy
    else:
        query["cited_title"] = cited or title
    return query


QUERIES = [
    _query("acl", "Mikolov", MIKOLOV, "lettered_years"),
    _query("acl", "Sutskever", MIKOLOV, "lettered_years"),
    _query("acl", "Dean", "Efficient estimation of word representations in vector space",
           "lettered_years"),
    _query("apa", "Mikolov", MIKOLOV, "lettered_years"),
    _query("apa", "Nivre", "Dependency parsing and the treebank of many languages",
           "lettered_years"),
    _query("apa", "Smith", "Linguistic structure prediction for statistical parsers",
           "lettered_years"),
    _query("apa", "Zhou", "Attention over structured inputs", "lettered_years"),
    _query("apa", "Garcia", "Morphology in neural machine translation", "lettered_years"),
    _query("harvard", "Sutskever", MIKOLOV, "lettered_years"),
    _query("harvard", "Och", "Minimum error rate training in statistical machine translation",
           "lettered_years"),
    _query("acl", "Dean", "GloVe: Global vectors for word representation", "lettered_years",
           decoy="neighbour_title"),
    _query("apa", "Nivre", "Linguistic structure prediction for statistical parsers",
           "lettered_years", decoy="neighbour_title"),
    _query("harvard", "Mikolov", "Minimum error rate training in statistical machine translation",
           "lettered_years", decoy="neighbour_title"),
    _query("misquote", "Etzioni", RELATION, "misquoted_titles",
           "The tradeoffs between traditional and open relation extraction"),
    _query("misquote", "Hearst", "Automatic acquisition of hyponyms from large corpora",
           "misquoted_titles", "Automatic acquisition of hyponyms from large text corpora"),
    _query("misquote", "Ratcliff", "Optimizing the color of analyzed images", "misquoted_titles",
           "Optimising the colour of analysed images"),
    _query("misquote", "Etzioni", "The Tradeoffs Between Open and Closed Relation Extraction",
           "misquoted_titles", decoy="shared_prefix"),
    _query("misquote", "Hearst", "Automatic acquisition of corpora from large hyponyms text",
           "misquoted_titles", decoy="scrambled_words"),
    _query("self", "Dean", "MapReduce: Simplified Data Processing on Large Clusters",
           "own_title_self"),
    _query("self_cited", "Dean", "MapReduce: Simplified Data Processing on Large Clusters",
           "own_title_self"),
    _query("running", "Friedl", "Mastering Regular Expressions", "titles_in_running_text"),
    _query("running", "Knuth", "Digital Typography", "titles_in_running_text"),
    _query("running", "Knuth", "The TeXbook", "titles_in_running_text"),
    _query("running", "Aho", "Compilers", "titles_in_running_text"),
    _query("running", "Friedl", "Regular expressions", "titles_in_running_text",
           decoy="short_common_words"),
    _query("running", "Lamport", "Document preparation", "titles_in_running_text",
           decoy="short_common_words"),
    _query("title_first", "Knuth", "The TeXbook", "title_first_numbered", "The TeX book"),
    _query("title_first", "Knuth", "The METAFONTbook", "title_first_numbered"),
    _query("title_first", "Glassner", "Graphics Gems", "title_first_numbered"),
    _query("title_first", "Knuth", COMPANION, "title_first_numbered", decoy="neighbour_title"),
    _query("companion", "Goossens", COMPANION, "one_span_one_title"),
    _query("companion", "Goossens", "The LaTeX Web Companion", "one_span_one_title",
           decoy="title_plus_one_word"),
    _query("companion", "Lamport", "LaTeX: A Document Preparation System", "one_span_one_title"),
    _query("neighbour", "Goossens", COMPANION, "neighbour_title_co_author"),
    _query("neighbour", "Lamport", "LaTeX: A Document Preparation System",
           "neighbour_title_co_author"),
    _query("neighbour", "Knuth", COMPANION, "neighbour_title_co_author",
           decoy="neighbour_title"),
]

#: One group of two searched titles where one printed title matches both (category 7): only
#: the better one may be reported.
ONE_SPAN_GROUP = ("companion", ("Goossens",), (COMPANION, "The LaTeX Web Companion"))
