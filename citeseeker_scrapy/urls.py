"""URL rules of thesis §7.3.5, as pure functions: canonical form, server key, scope, loop safety.

Everything here is deterministic and Scrapy-free, so the spider, the middlewares and the frontier
all agree on what "the same URL" and "the same server" mean.
"""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass
from typing import Callable
from urllib.parse import parse_qsl, unquote, urljoin, urlsplit, urlunsplit

from w3lib.url import canonicalize_url, url_query_cleaner

from .addresses import is_private_url
from .exceptions import UrlRejected
from .settings_table import default_of

DEFAULT_PORTS = {"http": 80, "https": 443}
SUPPORTED_SCHEMES = frozenset({"http", "https", "file"})
#: Link schemes that name no document at all: dropped silently, not counted as refusals.
NON_DOCUMENT_SCHEMES = frozenset({"mailto", "news", "javascript", "tel", "data", "ftp", "nntp"})
#: Query parameters that name a visit, not a document (compared lower-cased): dropped, so that one
#: document has one URL whoever follows the link. Parameters starting with ``utm_`` go too.
SESSION_PARAMETERS = frozenset({
    "sid", "sessid", "session", "sessionid", "session_id", "phpsessid", "jsessionid",
    "aspsessionid", "cfid", "cftoken", "zenid", "oscsid", "s_cid", "fbclid", "gclid", "dclid",
    "msclkid", "mc_cid", "mc_eid", "yclid", "_ga", "_gl", "igshid", "ref_src",
})
#: Link verdicts a :class:`LinkPolicy` remembers (a few MiB at most).
VERDICT_CACHE_SIZE = 16384
#: A URL already in its canonical spelling, for :func:`canonical_url`'s fast path: ``http`` or
#: ``https``, a lower-case host name of letters, digits, dots and dashes (no empty label, no
#: ``xn--``: IDNA may respell those), a port without leading zeros, and a path of unreserved
#: characters only (no ``%``, no query, no fragment; dot segments are checked apart).
ALREADY_CANONICAL = re.compile(
    r"(https?)://((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z](?:[a-z0-9-]*[a-z0-9])?"
    r"|(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}"
    r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9]))"
    r"(?::([1-9][0-9]{0,4}))?(/[A-Za-z0-9._~/-]*)?")
MAX_PORT = 65535
#: How a web URL's server part begins (:func:`server_of`'s fast path).
WEB_PREFIXES = ("http://", "https://")


def canonical_url(url: str, *, keep_query: bool = False) -> str:
    """The one spelling of ``url`` used as its identity (§7.3.5 RemoveFragmentsFromURL & co.).

    Scheme and host lower-cased, default port and fragment removed, percent-escapes normalized,
    ``./`` and ``../`` resolved, and the query removed unless ``keep_query``; a kept query has
    its parameters sorted (w3lib) and its session-like ones dropped (:data:`SESSION_PARAMETERS`).
    Who calls: the scope gate (:class:`LinkPolicy`) for every link and request, and a few
    places that name a URL the way the frontier does.
    """
    fast = _already_canonical(url)
    if fast is not None:
        return fast
    canonical = canonicalize_url(url, keep_fragments=False)
    parts = urlsplit(canonical)
    netloc = _netloc_without_default_port(parts.scheme, parts.netloc)
    path = parts.path or "/"
    query = _without_session_parameters(parts.query) if keep_query else ""
    return urlunsplit((parts.scheme, netloc, path, query, ""))


def _already_canonical(url: str) -> str | None:
    """``url`` itself (with the root's "/") when it is spelled canonically already, else None.

    Why: w3lib's ``canonicalize_url`` parses and rebuilds every URL, and the links of a crawl
    are mostly plain ``http://host/path.html`` that it returns unchanged; the scope gate asks
    it for every link it has not seen. Only spellings that w3lib
    provably leaves as they are qualify (``tests/test_urls.py`` compares both on generated
    URLs); anything else takes the full way.
    """
    match = ALREADY_CANONICAL.fullmatch(url)
    if match is None:
        return None
    scheme, host, port, path = match.groups()
    if "xn--" in host or (path and "/." in path):
        return None
    if port is not None and (int(port) > MAX_PORT or int(port) == DEFAULT_PORTS[scheme]):
        return None
    return url if path else url + "/"


def is_plain_url(url: str) -> bool:
    """True for a canonical ``http(s)`` URL of unreserved characters only (with its path, no
    query): one that Scrapy's ``safe_url_string`` and aiohttp's URL parser give back as it is.
    Who calls: the scheduler, which sends such a URL verbatim (Scrapy's ``verbatim_url``) and
    spares both their quoting, per request."""
    return _already_canonical(url) == url


#: A link :func:`join_url` may join by hand: unreserved path characters only (no scheme, no
#: ``%``, query or ``;`` parameters, which ``urljoin`` splits off and may respell), leading
#: ``./`` and ``../`` segments aside; a fragment after it is kept as it is.
PLAIN_LINK = re.compile(r"[A-Za-z0-9._~/-]*")
#: A fragment ``urljoin`` keeps as it is (no space or control character, which it strips).
PLAIN_FRAGMENT = re.compile(r"[A-Za-z0-9._~/?:@!$&'()*+,;=%-]*")


def join_url(base: str, link: str) -> str:
    """``urllib.parse.urljoin(base, link)``, computed by hand for the plain case.

    Who calls: :func:`url_joiner`'s users through it, and code joining one link. The plain
    case is a canonical ``http(s)`` base without dot segments or doubled slashes, and a link of
    unreserved characters (an absolute path, or a name relative to the base's directory after
    leading ``./`` and ``../`` segments) with or without a fragment, or a link that is itself
    such a URL; ``tests/test_urls.py`` compares both on generated URLs. Anything else goes to
    ``urljoin``, which may raise ``ValueError``."""
    return url_joiner(base)(link)


def url_joiner(base: str) -> Callable[[str], str]:
    """:func:`join_url` with ``base`` read once. Who calls: the HTML reader, for the links of a
    page (``urljoin`` parses both URLs, 5-15 us a link: Python's documentation links 100,000
    times, mostly ``../glossary.html#term``; the page's base is the same for all of them)."""
    origin, path = _plain_base(base)

    def join(link: str) -> str:
        joined = _join_plain(origin, path, link)
        return joined if joined is not None else urljoin(base, link)
    return join


def _plain_base(base: str) -> tuple[str | None, str | None]:
    """(``scheme://host[:port]``, the path, maybe empty) of a plain base, else (None, None)."""
    path = _plain_base_path(base)
    if path is None:
        return None, None
    return base[:len(base) - len(path)], path


def _join_plain(origin: str | None, path: str | None, link: str) -> str | None:
    """The joined URL when ``link`` is plain (see :func:`join_url`), else None."""
    if _already_canonical(link) == link:
        return link  # an absolute link, spelled as urljoin would give it back
    if origin is None or path is None:
        return None
    relative, hashmark, fragment = link.partition("#")
    if PLAIN_LINK.fullmatch(relative) is None or (
            hashmark and PLAIN_FRAGMENT.fullmatch(fragment) is None):
        return None
    tail = f"#{fragment}" if fragment else ""
    if not relative:
        return (origin + path + tail) if hashmark else None  # "#part": the base itself
    if relative.startswith("/"):
        return None if _respelled_by_urljoin(relative) else origin + relative + tail
    directory = path[:path.rfind("/") + 1] or "/"
    while relative.startswith(("./", "../")):
        if relative.startswith("../"):
            directory = directory[:directory.rstrip("/").rfind("/") + 1] or "/"
        relative = relative[relative.index("/") + 1:]
    if relative.startswith("/") or _respelled_by_urljoin(relative):
        return None
    return origin + directory + relative + tail


def _plain_base_path(base: str) -> str | None:
    """The path of a canonical base URL with no dot segment and no doubled slash, else None."""
    match = ALREADY_CANONICAL.fullmatch(base)
    if match is None:
        return None
    path = match.group(4) or ""
    return None if _respelled_by_urljoin(path) else path


def _respelled_by_urljoin(path: str) -> bool:
    """A doubled slash or a dot segment, which ``urljoin`` drops or resolves."""
    return "//" in path or "/./" in f"/{path}/" or "/../" in f"/{path}/"


def _without_session_parameters(query: str) -> str:
    """The sorted query minus the parameters that identify a visit (``sid``, ``utm_source``...).

    Repositories serve papers at ``download.php?id=48`` or ``?sequence=1``, so a query names a
    document; a session id or a tracking tag only multiplies its URLs.
    """
    if not query:
        return ""
    names = {name for name, _ in parse_qsl(query, keep_blank_values=True)
             if _is_session_parameter(name)}
    if not names:
        return query
    cleaned = url_query_cleaner("?" + query, sorted(names), remove=True, unique=False)
    return cleaned.partition("?")[2]


def _is_session_parameter(name: str) -> bool:
    """True for ``PHPSESSID``, ``sid``, ``utm_medium``... (any case)."""
    lowered = name.lower()
    return lowered in SESSION_PARAMETERS or lowered.startswith("utm_")


def _netloc_without_default_port(scheme: str, netloc: str) -> str:
    host, _, port = netloc.rpartition(":")
    if host and port.isdigit() and DEFAULT_PORTS.get(scheme) == int(port) and "]" not in port:
        return host
    return netloc


@functools.lru_cache(maxsize=VERDICT_CACHE_SIZE)
def server_of(url: str) -> str:
    """The server key of thesis §6.2: scheme + host (+ port); ``file://`` URLs share one server.

    Asked several times per link and per request (scheduler, frontier, item), about 18 times
    a page, for URLs a crawl meets again and again (the links a site repeats on every page):
    the answers are remembered, and a printable ASCII ``http(s)://`` URL is cut where its
    server part ends (exactly what ``urlsplit`` gives for it) rather than parsed whole."""
    if url.startswith(WEB_PREFIXES) and url.isascii() and url.isprintable():
        start = url.index("//") + 2
        end = len(url)
        for delimiter in "/?#":
            found = url.find(delimiter, start, end)
            if found >= 0:
                end = found
        if "[" not in url[start:end] and "]" not in url[start:end]:
            return url[:end]
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def _plain_web_path(url: str) -> str | None:
    """The path of a printable ``http(s)`` URL with nothing to unquote, no query and no
    fragment (what ``urlsplit`` would give, without its cost), else None."""
    if (not url.startswith(WEB_PREFIXES) or "%" in url or "?" in url or "#" in url
            or not url.isprintable()):
        return None
    slash = url.find("/", url.index("//") + 2)
    return "" if slash < 0 else url[slash:]


def path_of(url: str) -> str:
    """``urlsplit(url).path``, without the parse for a plain web URL. Who calls: the document
    type middleware, for every response (the path's extension is one of the type's clues),
    the unpack stage, for every document (an archive's name), and the scope gate's loop
    check, for every link it has not seen."""
    path = _plain_web_path(url)
    return urlsplit(url).path if path is None else path


def scheme_of(url: str) -> str:
    return url.split(":", 1)[0].lower() if ":" in url else ""


def extension_of(url: str) -> str:
    """Lower-case extension of the last path segment, or "" for a page/directory (no dot).

    Asked for every link the scope gate sees (hence :func:`_plain_web_path`)."""
    path = _plain_web_path(url)
    if path is None:
        path = unquote(urlsplit(url).path)
    segment = path.rsplit("/", 1)[-1]
    if "." not in segment:
        return ""
    return segment.rsplit(".", 1)[-1].lower()


@dataclass(frozen=True)
class LinkPolicy:
    """Which URLs the crawl may fetch: protocol, format, domains, ``file://`` roots, loop safety,
    and no link into the crawler's own networks (``addresses.py``) unless
    ``private_addresses`` (the crawl started on one, or the setting allows them).

    Built once per crawl from the parsed inputs and settings. ``admit`` returns the canonical URL
    or raises :class:`UrlRejected` with a short reason that adapters turn into a stats key.
    """

    permitted_formats: frozenset[str]
    stay_within: tuple[str, ...] = ()
    forbidden: tuple[str, ...] = ()
    file_roots: tuple[str, ...] = ()
    keep_query: bool = default_of("CITESEEKER_KEEP_QUERY")
    max_url_length: int = default_of("CITESEEKER_MAX_URL_LENGTH")
    max_repeated_segments: int = default_of("CITESEEKER_MAX_REPEATED_SEGMENTS")
    private_addresses: bool = default_of("CITESEEKER_ALLOW_PRIVATE_ADDRESSES")

    def __post_init__(self) -> None:
        # One verdict per link spelling (fragment aside), remembered: a documentation page
        # links the same pages as its neighbours, and w3lib's canonical form of each would
        # be most of the crawler's main-process CPU per page.
        object.__setattr__(self, "_web_verdict",
                           functools.lru_cache(maxsize=VERDICT_CACHE_SIZE)(self._web_verdict))

    def admit(self, url: str, *, referrer: str | None = None) -> str:
        """Canonical form of ``url`` if the crawl may fetch it (found on page ``referrer``).
        Who calls: the scheduler's scope gate, for every request and every link."""
        if url[:5].lower() == "file:":  # scheme_of(url) == "file", without the split
            return self._checked(url, referrer)  # its verdict depends on the referrer
        canonical, reason, private = self._web_verdict(url.partition("#")[0])
        if reason:
            raise UrlRejected(reason, url)
        if private and self._steered_inside(referrer):
            raise UrlRejected("private_address", url)
        return canonical

    def refuses_private_links_from(self, referrer: str | None) -> bool:
        """Whether a link to a private address found on page ``referrer`` is refused (the
        only part of a web link's verdict that depends on the page it is on). Who calls: the
        scope gate, once per page, before it answers the page's known links without a
        verdict."""
        return not self.private_addresses and self._steered_inside(referrer)

    def _steered_inside(self, referrer: str | None) -> bool:
        """A link (or redirect) to a private address, in a crawl that neither started on one
        nor allows them: refused when a public page gave it. A start point (no referrer) is
        the user's own choice; a private page's links are its network's own, and a
        ``file:`` page's the user's own disk's."""
        return (referrer is not None and not referrer.startswith("file:")
                and not is_private_url(referrer))

    def _web_verdict(self, url: str) -> tuple[str, str, bool]:
        """(canonical form, "", is its host private and refused from public pages?) or ("",
        the reason of the refusal, False) of a non-``file:`` URL."""
        try:
            canonical = self._checked(url, None)
        except UrlRejected as rejection:
            return "", rejection.reason, False
        return canonical, "", not self.private_addresses and is_private_url(canonical)

    def _checked(self, url: str, referrer: str | None) -> str:
        scheme = scheme_of(url)
        if scheme in NON_DOCUMENT_SCHEMES:
            raise UrlRejected("not_a_document", url)
        if scheme not in SUPPORTED_SCHEMES:
            raise UrlRejected("unsupported_protocol", url)
        canonical = canonical_url(url, keep_query=self.keep_query)
        self._check_file_scope(canonical, referrer)
        self._check_format(canonical)
        self._check_domains(canonical)
        self._check_loop_safety(canonical)
        return canonical

    def _check_file_scope(self, url: str, referrer: str | None) -> None:
        if not url.startswith("file:"):
            return
        if referrer is not None and not referrer.startswith("file:"):
            raise UrlRejected("file_link_from_web", url)
        if not any(url.startswith(root) for root in self.file_roots):
            raise UrlRejected("outside_file_root", url)

    def _check_format(self, url: str) -> None:
        extension = extension_of(url)
        if extension and extension not in self.permitted_formats:
            raise UrlRejected("format_not_permitted", url)

    def _check_domains(self, url: str) -> None:
        """Stay-within rules win; forbidden rules apply only when there are none (§7.3.1)."""
        if url.startswith("file:"):
            return
        if self.stay_within:
            if not matches_any_domain(url, self.stay_within):
                raise UrlRejected("outside_stay_within", url)
        elif self.forbidden and matches_any_domain(url, self.forbidden):
            raise UrlRejected("forbidden_domain", url)

    def _check_loop_safety(self, url: str) -> None:
        """IsSafeURL of §7.3.5: suspiciously long URLs and repeated path segments are traps."""
        if len(url) > self.max_url_length:
            raise UrlRejected("url_too_long", url)
        if longest_segment_repeat(path_of(url)) > self.max_repeated_segments:
            raise UrlRejected("repeated_segments", url)


def matches_any_domain(url: str, rules: tuple[str, ...]) -> bool:
    """True when ``url`` falls under a wildcard domain (``.edu``) or starts with a URL prefix."""
    host = (urlsplit(url).hostname or "").lower()
    for rule in rules:
        if rule.startswith("."):
            if host.endswith(rule) or host == rule[1:]:
                return True
        elif url.startswith(canonical_prefix(rule)):
            return True
    return False


@functools.lru_cache(maxsize=4096)
def canonical_prefix(rule: str) -> str:
    """A URL-prefix rule in the canonical spelling (a bare server gets its "/", so that
    ``http://wscg.zcu.cz`` does not also match ``http://wscg.zcu.cz.evil.org``)."""
    return canonical_url(rule, keep_query=True)


def longest_segment_repeat(path: str) -> int:
    """Length of the longest run of one path segment repeated in a row (``/a/a/a/`` → 3)."""
    longest = run = 0
    previous = None
    for segment in path.split("/"):
        if not segment:
            continue
        run = run + 1 if segment == previous else 1
        previous = segment
        longest = max(longest, run)
    return longest


def file_root_of(start_point: str) -> str:
    """The directory a ``file://`` start point confines the crawl to (the point itself if a dir)."""
    canonical = canonical_url(start_point)
    path = urlsplit(canonical).path
    if os.path.isdir(unquote(path)):
        return canonical if canonical.endswith("/") else canonical + "/"
    return canonical.rsplit("/", 1)[0] + "/"
