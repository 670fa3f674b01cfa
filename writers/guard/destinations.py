"""Destinations in learned text: links, bare domains, e-mail addresses, webhooks, host:port.

Learned text may point only where the owner allowed (`SAFETY_ALLOW_DOMAINS`, e-mail allowlist);
webhooks and paste/tunnel hosts are never acceptable. Redacted placeholders of destinations count
too: a redacted address cannot be on any allowlist.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from urllib.parse import urlsplit

_URL = re.compile(r"(?:https?|ftp)://[^\s<>|\"'`]+|\bwww\.[^\s<>|\"'`]+", re.IGNORECASE)
_BARE_DOMAIN_PATH = re.compile(
    r"(?<![\w@./-])((?:[a-z0-9-]+\.)+(?:com|net|org|io|co|app|dev|xyz|ru|cn|me|info|biz|sh|gg"
    r"|site|online|top|link|ly|tk|cc|to|ai|in|tech|live|pw|su))(/[^\s<>|\"'`]*)?",
    re.IGNORECASE,
)
_EMAIL = re.compile(r"[\w.%+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}", re.IGNORECASE)
_IP_PORT = re.compile(r"(?<![\w.])(\d{1,3}(?:\.\d{1,3}){3}):\d{2,5}\b")
_WEBHOOK_HOSTS = (
    "hooks.slack.com",
    "webhook.site",
    "hooks.zapier.com",
    "maker.ifttt.com",
    "requestbin.com",
    "requestbin.net",
    "pipedream.net",
    "hookbin.com",
    "beeceptor.com",
    "webhook.office.com",
    "outlook.office.com",
)
_SUSPICIOUS_HOSTS = (
    "pastebin.com",
    "paste.ee",
    "hastebin.com",
    "ghostbin.com",
    "transfer.sh",
    "ngrok.io",
    "ngrok.app",
    "ngrok-free.app",
    "ngrok.dev",
    "serveo.net",
    "loca.lt",
    "trycloudflare.com",
    "interact.sh",
    "oast.fun",
    "burpcollaborator.net",
    "bit.ly",
    "tinyurl.com",
    "0x0.st",
    "termbin.com",
    "file.io",
)
_LOOPBACK = ("localhost", "127.0.0.1", "::1", "[::1]", "0.0.0.0")


def _host_allowed(host: str, path: str, allow: Sequence[str]) -> bool:
    for entry in allow:
        entry = entry.lower().strip().removeprefix("https://").removeprefix("http://")
        dom, _, prefix = entry.partition("/")
        if (host == dom or host.endswith("." + dom)) and path.lstrip("/").startswith(prefix):
            return True
    return False


def _host_in(host: str, hosts: Sequence[str]) -> bool:
    return any(host == h or host.endswith("." + h) for h in hosts)


def links(text: str, allow_domains: Sequence[str]) -> Iterator[tuple[str, str]]:
    """(reason code, snippet) for every link in `text` that is not on the allowlist."""
    seen: set[str] = set()
    for m in _URL.finditer(text):
        url = m.group(0).rstrip(").,;:!?]}*_~")
        try:
            parts = urlsplit(url if "://" in url else "http://" + url)
            host = (parts.hostname or "").lower()
            path = parts.path + ("?" + parts.query if parts.query else "")
        except ValueError:
            # Not a parseable URL (a redacted `[REDACTED:ip_address]` host, say): a link to
            # somewhere no allowlist can name.
            yield "unlisted_link", url
            continue
        seen.add(host)
        yield from _judge_host(host, path, url, allow_domains, explicit=True)
    for m in _BARE_DOMAIN_PATH.finditer(text):
        host, path = m.group(1).lower(), m.group(2) or ""
        if host in seen or _EMAIL.search(text[max(0, m.start() - 64) : m.end()]):
            continue
        # A bare name without a path (socket.io, example.com) is usually prose, not a link.
        explicit = bool(path) or _host_in(host, _SUSPICIOUS_HOSTS + _WEBHOOK_HOSTS)
        if explicit:
            yield from _judge_host(host, path, m.group(0), allow_domains, explicit=True)
    for m in _IP_PORT.finditer(text):
        if m.group(1) not in _LOOPBACK and m.group(1) not in seen:
            yield "unlisted_link", m.group(0)


def _judge_host(
    host: str, path: str, shown: str, allow_domains: Sequence[str], *, explicit: bool
) -> Iterator[tuple[str, str]]:
    lowered = (host + path).lower()
    if _host_in(host, _WEBHOOK_HOSTS) or re.search(r"discord(?:app)?\.com/api/webhooks", lowered):
        yield "webhook", shown  # webhooks post data out; never acceptable in learned text
        return
    if not explicit or host in _LOOPBACK:
        return
    if not _host_allowed(host, path, allow_domains):
        yield "unlisted_link", shown


def emails(text: str, allow_emails: Sequence[str]) -> Iterator[tuple[str, str]]:
    allowed = [e.lower().strip() for e in allow_emails]
    for m in _EMAIL.finditer(text):
        addr = m.group(0).lower()
        domain = addr.rsplit("@", 1)[1]
        # "bob@acme.com" allows that address; "acme.com" or "@acme.com" allows the domain.
        ok = any(
            addr == a
            if "@" in a.lstrip("@")
            else domain == a.lstrip("@") or domain.endswith("." + a.lstrip("@"))
            for a in allowed
        )
        if not ok:
            yield "unlisted_email", m.group(0)


REDACTED_CODES = {
    "email": "unlisted_email",
    "slack_webhook": "webhook",
    "url_credentials": "unlisted_link",
}
REDACTED_DESTINATION = re.compile(r"\[REDACTED:(email|slack_webhook|url_credentials)\]")
