"""URL rules of thesis §7.3.5 as tables of (input, expected)."""

from __future__ import annotations

import pytest

from citeseeker_scrapy.exceptions import UrlRejected
from citeseeker_scrapy.urls import (
    LinkPolicy, canonical_url, extension_of, file_root_of, longest_segment_repeat,
    matches_any_domain, server_of,
)

FORMATS = frozenset("htm html txt pdf ps gz zip php".split())


@pytest.mark.parametrize("url, expected", [
    ("HTTP://WWW.Example.ORG/a.html", "http://www.example.org/a.html"),
    ("http://example.org:80/a.html", "http://example.org/a.html"),
    ("https://example.org:443/", "https://example.org/"),
    ("http://example.org:8080/", "http://example.org:8080/"),
    ("http://example.org/a.html#part", "http://example.org/a.html"),
    ("http://example.org/a.php?id=3&x=1", "http://example.org/a.php"),
    ("http://example.org/a/./b/../c.html", "http://example.org/a/c.html"),
    ("http://example.org/my%7epage/a%20b.html", "http://example.org/my~page/a%20b.html"),
    ("http://example.org/my paper.pdf", "http://example.org/my%20paper.pdf"),
    ("http://example.org", "http://example.org/"),
    ("file:///tmp/x y/a.html", "file:///tmp/x%20y/a.html"),
])
def test_canonical_url(url: str, expected: str) -> None:
    assert canonical_url(url) == expected


def test_query_is_kept_on_request() -> None:
    assert canonical_url("http://e.org/a.php?b=2&a=1", keep_query=True) == "http://e.org/a.php?a=1&b=2"


@pytest.mark.parametrize("url, expected", [
    ("http://a.org/x/y.html", "http://a.org"),
    ("https://a.org:8443/", "https://a.org:8443"),
    ("file:///tmp/a.html", "file://"),
])
def test_server_of(url: str, expected: str) -> None:
    assert server_of(url) == expected


@pytest.mark.parametrize("url, expected", [
    ("http://a.org/", ""), ("http://a.org/dir", ""), ("http://a.org/p.PDF", "pdf"),
    ("http://a.org/a47.ps.gz", "gz"), ("http://a.org/v1.2/", ""),
])
def test_extension_of(url: str, expected: str) -> None:
    assert extension_of(url) == expected


def test_segment_repeats() -> None:
    assert longest_segment_repeat("/a/b/c") == 1
    assert longest_segment_repeat("/a/a/b/a") == 2
    assert longest_segment_repeat("/x/a/a/a/") == 3


@pytest.mark.parametrize("url, rules, expected", [
    ("http://www.cs.stanford.edu/a.html", (".stanford.edu",), True),
    ("http://stanford.edu/", (".stanford.edu",), True),
    ("http://notstanford.edu/", (".stanford.edu",), False),
    ("http://wscg.zcu.cz/papers/a.pdf", ("http://wscg.zcu.cz",), True),
    ("http://wscg.zcu.cz.evil.org/", ("http://wscg.zcu.cz/",), False),
    ("http://iason.zcu.cz/~skala/x.html", ("http://iason.zcu.cz/~skala",), True),
    ("http://iason.zcu.cz/other.html", ("http://iason.zcu.cz/~skala",), False),
    ("http://WWW.ACM.ORG/", (".org",), True),
])
def test_domain_rules(url: str, rules: tuple[str, ...], expected: bool) -> None:
    assert matches_any_domain(canonical_url(url), rules) is expected


def policy(**kwargs) -> LinkPolicy:
    return LinkPolicy(permitted_formats=FORMATS, **kwargs)


@pytest.mark.parametrize("url, referrer, reason", [
    ("ftp://a.org/x.pdf", None, "not_a_document"),
    ("mailto:me@a.org", None, "not_a_document"),
    ("gopher://a.org/x.html", None, "unsupported_protocol"),
    ("http://a.org/photo.jpg", None, "format_not_permitted"),
    ("http://a.org/" + "x" * 600, None, "url_too_long"),
    ("http://a.org/a/a/a/a/b.html", None, "repeated_segments"),
    ("file:///etc/passwd", "http://a.org/", "file_link_from_web"),
    ("file:///etc/passwd", "file:///srv/site/index.html", "outside_file_root"),
])
def test_policy_refusals(url: str, referrer: str | None, reason: str) -> None:
    with pytest.raises(UrlRejected) as caught:
        policy(file_roots=("file:///srv/site/",)).admit(url, referrer=referrer)
    assert caught.value.reason == reason


def test_policy_admits_and_canonicalizes() -> None:
    assert policy().admit("HTTP://A.org:80/x/../p.pdf#f") == "http://a.org/p.pdf"
    assert policy().admit("http://a.org/a/a/a/b.html") == "http://a.org/a/a/a/b.html"
    assert policy(file_roots=("file:///srv/site/",)).admit(
        "file:///srv/site/a/b.html", referrer="file:///srv/site/index.html"
    ) == "file:///srv/site/a/b.html"


def test_stay_within_wins_over_forbidden() -> None:
    rules = policy(stay_within=(".edu",), forbidden=(".edu",))
    assert rules.admit("http://x.edu/") == "http://x.edu/"
    with pytest.raises(UrlRejected, match="outside_stay_within"):
        rules.admit("http://x.com/")
    with pytest.raises(UrlRejected, match="forbidden_domain"):
        policy(forbidden=(".com",)).admit("http://x.com/")


def test_file_root_of(tmp_path) -> None:
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text("x")
    root = tmp_path.as_uri()
    assert file_root_of(f"{root}/site") == f"{root}/site/"
    assert file_root_of(f"{root}/site/index.html") == f"{root}/site/"


# --- fast paths: the same answers as the full parse, on generated spellings ------------

TRICKY_HOSTS = ["a.com", "A.com", "www.example.org", "127.0.0.1", "127.1", "0x7f.0.0.1",
                "256.1.1.1", "01.2.3.4", "1.2.3.4.5", "a..com", "-a.com", "b-.c", "a.com.",
                "xn--zz.com", "xn--bcher-kva.example", "a_b.com", "1a.com", "a.b1", "[::1]",
                "a.com:80", "a.com:0080", "a.com:8080", "a.com:65535", "a.com:65536",
                "a.com:443", "a.com:", "a@b.com", "a.com:99999", "ex\u00e4mple.org"]
PATH_PIECES = ["/", "a", "B", "0", ".", "..", "_", "~", "-", "%7e", "%41", "%2e", "%20", " ",
               "?", "#", ":", "@", ";", "\\", "\t", "\u00e9", "//", "/./", "/../", "x.html",
               "?b=2&a=1", "#frag"]


def generated_urls(count: int, seed: int = 5) -> list[str]:
    """URLs mixing plain spellings with every kind of trap w3lib respells."""
    import random
    rng = random.Random(seed)
    urls = []
    for _ in range(count):
        scheme = rng.choice(["http", "https", "http", "HTTP", "ftp", "Https"])
        path = "".join(rng.choice(PATH_PIECES) for _ in range(rng.randint(0, 6)))
        if path and not path.startswith(("/", "?", "#")) and rng.random() < 0.8:
            path = "/" + path
        urls.append(f"{scheme}://{rng.choice(TRICKY_HOSTS)}{path}")
    return urls


def full_canonical(url: str) -> str:
    """canonical_url's answer by the full way (w3lib), whatever the fast path would say."""
    from urllib.parse import urlsplit, urlunsplit

    from w3lib.url import canonicalize_url

    from citeseeker_scrapy.urls import _netloc_without_default_port
    parts = urlsplit(canonicalize_url(url, keep_fragments=False))
    return urlunsplit((parts.scheme, _netloc_without_default_port(parts.scheme, parts.netloc),
                       parts.path or "/", parts.query, ""))


def test_canonical_fast_path_agrees_with_w3lib() -> None:
    from citeseeker_scrapy.urls import _already_canonical
    taken = 0
    for url in generated_urls(20000):
        fast = _already_canonical(url)
        if fast is None:
            continue
        taken += 1
        assert fast == full_canonical(url), url
        assert canonical_url(url, keep_query=True) == fast
    assert taken > 300  # the generator does reach the fast path


@pytest.mark.parametrize("url, fast", [
    ("http://127.0.0.1:8080/p/3.html", "http://127.0.0.1:8080/p/3.html"),
    ("https://www.example.org", "https://www.example.org/"),
    ("http://example.org:80/a.html", None),       # default port: w3lib keeps it, we drop it
    ("http://Example.org/", None),                # upper case host
    ("http://example.org/a/../b.html", None),     # dot segments
    ("http://example.org/a%7eb", None),           # escapes
    ("http://example.org/a.php?x=1", None),       # a query
    ("http://127.1/", None),                      # an IPv4 address WHATWG would respell
    ("http://xn--bcher-kva.example/", None),      # IDNA
])
def test_canonical_fast_path_takes_only_plain_spellings(url: str, fast: str | None) -> None:
    from citeseeker_scrapy.urls import _already_canonical
    assert _already_canonical(url) == fast


def test_server_of_fast_path_agrees_with_urlsplit() -> None:
    from urllib.parse import urlsplit
    for url in generated_urls(20000, seed=11):
        try:
            parts = urlsplit(url)
        except ValueError:
            with pytest.raises(ValueError):
                server_of(url)
            continue
        assert server_of(url) == f"{parts.scheme}://{parts.netloc}", url


def test_extension_of_fast_path_agrees_with_urlsplit() -> None:
    from urllib.parse import unquote, urlsplit
    for url in generated_urls(20000, seed=13) + ["http://a.org", "http://a.org/x.PDF",
                                                 "https://a.org/d.ir/", "http://a.org/.x"]:
        try:
            segment = unquote(urlsplit(url).path).rsplit("/", 1)[-1]
        except ValueError:
            continue
        expected = segment.rsplit(".", 1)[-1].lower() if "." in segment else ""
        assert extension_of(url) == expected, url


def test_plain_web_path_agrees_with_urlsplit() -> None:
    from urllib.parse import urlsplit

    from citeseeker_scrapy.urls import _plain_web_path
    for url in generated_urls(20000, seed=17) + ["http://a.org", "https://a.org//x//y"]:
        path = _plain_web_path(url)
        if path is not None:
            assert path == urlsplit(url).path, url


LINK_PIECES = ["a", "b.html", "..", ".", "", "p", "~u", "-", "x.y", "%20", "?q", "#f", ";p",
               ":", "//", "h:1", "A"]


def generated_links(count: int, seed: int) -> list[str]:
    """Hrefs as pages write them: absolute paths, relative names, dot segments, queries,
    fragments, parameters, doubled slashes, and whole URLs."""
    import random
    rng = random.Random(seed)
    links = []
    for _ in range(count):
        link = "".join(rng.choice(["/", ""]) + rng.choice(LINK_PIECES)
                       for _ in range(rng.randint(1, 4)))
        if rng.random() < 0.15:
            link = f"http://{rng.choice(TRICKY_HOSTS)}{link if link.startswith('/') else ''}"
        links.append(link)
    return links


def test_join_url_agrees_with_urljoin() -> None:
    from urllib.parse import urljoin

    from citeseeker_scrapy.urls import _join_plain, _plain_base, join_url
    bases = generated_urls(400, seed=19) + [
        "http://127.0.0.1:8080/p/3.html", "http://h", "https://a.b/x/", "http://h/a//b/c",
        "http://h/a/b;p", "http://h/a/b?q=1", "http://h:80/a"]
    taken = 0
    for base, link in zip(bases * 50, generated_links(len(bases) * 50, seed=23)):
        try:
            expected = urljoin(base, link)
        except ValueError:
            continue
        taken += _join_plain(*_plain_base(base), link) is not None
        assert join_url(base, link) == expected, (base, link)
    assert taken > 200  # the generator does reach the plain case


def test_join_url_agrees_with_urljoin_on_dot_segments_and_fragments() -> None:
    """Every leading ``./``/``../`` spelling, with and without a fragment, on bases at every
    depth (the Python documentation's links: ``../glossary.html#term-...``)."""
    from urllib.parse import urljoin

    from citeseeker_scrapy.urls import _join_plain, _plain_base, join_url
    bases = ["http://h.org", "http://h.org/", "http://h.org/a", "http://h.org/a/",
             "http://h.org/a/b/c.html", "https://h.org:8080/a/b/", "http://h.org/a//b/"]
    prefixes = ["", "./", "../", "../../", "../../../../", "./../", ".././", "..", ".", "/",
                "//", "..//", "...", "../."]
    rests = ["", "x.html", "d/", "d/x.html", "./x", "x/../y", "a//b", ".hidden", "..x", "~u/-"]
    fragments = ["", "#", "#f", "#a/b?c=d", "#x y", "#\tz", "#%41", "##", "#\u00e9"]
    taken = 0
    for base in bases:
        for link in (p + r + f for p in prefixes for r in rests for f in fragments):
            assert join_url(base, link) == urljoin(base, link), (base, link)
            taken += _join_plain(*_plain_base(base), link) is not None
    assert taken > 1000


@pytest.mark.parametrize("base, link, joined", [
    ("http://h.org/d/page.html", "other.html", "http://h.org/d/other.html"),
    ("http://h.org/d/page.html", "/p/3.html", "http://h.org/p/3.html"),
    ("http://h.org", "a/b.pdf", "http://h.org/a/b.pdf"),
    ("http://h.org:81/d/", "http://x.org/y.ps", "http://x.org/y.ps"),
    ("http://h.org/d/e/page.html", "../x.html#refs", "http://h.org/d/x.html#refs"),
    ("http://h.org/d/page.html", "../../../x.html", "http://h.org/x.html"),  # not above the root
    ("http://h.org/d/page.html", "#refs", "http://h.org/d/page.html#refs"),
    ("http://h.org/d/page.html", "./x.html#", "http://h.org/d/x.html"),
])
def test_join_url_joins_plain_links_by_hand(base: str, link: str, joined: str) -> None:
    from citeseeker_scrapy.urls import _join_plain, _plain_base
    assert _join_plain(*_plain_base(base), link) == joined


@pytest.mark.parametrize("base, link", [
    ("http://h.org/d/page.html", "a/../x.html"),      # a dot segment inside: urljoin resolves it
    ("http://h.org/d/page.html", ".."),               # urljoin adds a slash
    ("http://h.org/d/page.html", "x.html?a=1"),       # a query
    ("http://h.org/d/page.html", "x.html#a b"),       # a fragment urljoin may respell
    ("http://h.org/d//page.html", "x.html"),          # urljoin drops the empty segment
    ("http://h.org/d/page.html", "//other.org/x"),    # a network-path reference
    ("http://h.org/d/page.html", "mailto:a@h.org"),   # another scheme
])
def test_join_url_leaves_the_rest_to_urljoin(base: str, link: str) -> None:
    from citeseeker_scrapy.urls import _join_plain, _plain_base
    assert _join_plain(*_plain_base(base), link) is None


def test_path_of_agrees_with_urlsplit() -> None:
    from urllib.parse import urlsplit

    from citeseeker_scrapy.urls import path_of
    for url in generated_urls(20000, seed=29) + ["http://a.org", "https://a.org//x//y"]:
        try:
            expected = urlsplit(url).path
        except ValueError:
            continue
        assert path_of(url) == expected, url


def test_plain_urls_are_sent_as_scrapy_and_aiohttp_would_spell_them() -> None:
    """A URL the scheduler sends verbatim is one that Scrapy's quoting and aiohttp's URL
    parser give back unchanged, so sending it as it is changes no byte on the wire."""
    from scrapy import Request
    from w3lib.url import safe_url_string
    from yarl import URL

    from citeseeker_scrapy.urls import is_plain_url
    plain = [url for url in generated_urls(20000) if is_plain_url(url)]
    assert len(plain) > 100  # the generator does reach them
    for url in plain:
        assert safe_url_string(url) == url == Request(url).url
        assert str(URL(url)) == url == str(URL(url, encoded=True))


@pytest.mark.parametrize("url, plain", [
    ("http://127.0.0.1:8080/p/3.html", True),
    ("http://127.0.0.1:8080", False),           # the root's "/" still to be added
    ("http://example.org/my%20paper.pdf", False),
    ("http://example.org/a.php?id=3", False),
    ("http://example.org/a.html#part", False),
    ("http://Example.org/a.html", False),
    ("file:///tmp/a.html", False),
])
def test_plain_url(url: str, plain: bool) -> None:
    from citeseeker_scrapy.urls import is_plain_url
    assert is_plain_url(url) is plain
