"""Where a page on the public web must not send the crawl: the crawler's own networks.

Why: a crawl run under Scrapyd on a server follows whatever links the pages it reads hold. A
page that links ``http://169.254.169.254/latest/meta-data/`` (a cloud's metadata service),
``http://127.0.0.1:6800/`` (Scrapyd itself) or ``http://10.0.0.5/admin`` would steer it into
the network it runs in. So the crawl's scope (:class:`citeseeker_scrapy.urls.LinkPolicy`)
refuses links to such addresses, unless the crawl itself started on one (a lab's intranet, a
test web on 127.0.0.1) or ``CITESEEKER_ALLOW_PRIVATE_ADDRESSES`` allows them.

What counts (:data:`PRIVATE_NETWORKS`): loopback, "this host" (0.0.0.0/8, ::), the private
ranges 10/8, 172.16/12, 192.168/16, link-local 169.254/16 (the metadata services) and
fe80::/10, unique-local fc00::/7, and IPv4 addresses written inside IPv6 (``::ffff:127.0.0.1``).
Host names: ``localhost`` and ``*.localhost`` (RFC 6761: always loopback).

What is not checked: other host names are not resolved here. The scope is decided for every
link, before any request, and a DNS look-up per link would cost the crawl its speed; an answer
looked up here could also differ from the one the download then gets (DNS rebinding). A name
that resolves to a private address is therefore followed like any name; guarding against that
needs the network itself (a firewall, or a proxy that refuses private addresses).

Numbers as the C library reads them (``2130706433``, ``0x7f.1``, ``127.1``) are addresses too:
the download would connect to them.

Who calls it: ``urls.LinkPolicy`` (each link's verdict) and the crawl job (are the start points
on such addresses?). Pure: no Scrapy, no network.
"""

from __future__ import annotations

import functools
import ipaddress
import re
import socket

PRIVATE_NETWORKS = tuple(ipaddress.ip_network(network) for network in (
    "0.0.0.0/8", "127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16",
    "169.254.0.0/16", "::/128", "::1/128", "fc00::/7", "fe80::/10",
))
#: Host names that are loopback by definition (RFC 6761).
LOOPBACK_NAMES = ("localhost",)
#: A host the C library may read as an IPv4 address in one of its legacy spellings.
_NUMERIC_HOST = re.compile(r"(?:0x[0-9a-f]*|[0-9]+)(?:\.(?:0x[0-9a-f]*|[0-9]+)){0,3}")


@functools.lru_cache(maxsize=4096)
def is_private_host(host: str) -> bool:
    """True when ``host`` (a URL's host, lower-case, IPv6 with or without brackets) is one of
    the crawler's own networks; see the module docstring."""
    host = host.strip("[]").rstrip(".").lower()
    if host in LOOPBACK_NAMES or host.endswith(tuple(f".{name}" for name in LOOPBACK_NAMES)):
        return True
    address = ip_of(host)
    if address is None:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return any(address in network for network in PRIVATE_NETWORKS)


def ip_of(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address ``host`` spells, standard or legacy (``0x7f.1``); None for a name."""
    try:
        return ipaddress.ip_address(host.split("%", 1)[0])  # an IPv6 zone is no part of it
    except ValueError:
        pass
    if not _NUMERIC_HOST.fullmatch(host):
        return None
    try:
        return ipaddress.IPv4Address(socket.inet_aton(host))
    except OSError:
        return None


def is_private_url(url: str) -> bool:
    """True when the host of web URL ``url`` is private (``file:`` and hostless URLs: False).
    Called for every new link: the host is cut out by hand and judged once per host (the
    standard library's ``urlsplit`` and ``ipaddress`` cost ~20 µs a link)."""
    netloc = url.partition("://")[2].partition("/")[0].partition("?")[0].partition("#")[0]
    netloc = netloc.rpartition("@")[2].lower()
    host = netloc[1:netloc.find("]")] if netloc.startswith("[") else netloc.partition(":")[0]
    return bool(host) and is_private_host(host)
