"""What a ``CITESEEKER_*`` setting is: its kind (one strict parser per type), its bounds,
choices and check, and how docs/settings.md states its type, default and example.

Who reads it: :mod:`citeseeker_scrapy.settings_table` declares every setting as a
:class:`Setting` of these kinds and parses a value with :meth:`Setting.parse`;
:mod:`citeseeker_scrapy.settings_doc` writes each setting's lines of docs/settings.md with its
``*_text``/``type_doc`` methods. Pure: no Scrapy import.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .exceptions import ConfigError

# --- one parser per type ---------------------------------------------------------------------

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off", ""})


def parse_boolean(raw: Any, name: str) -> bool:
    """True/False, also 1/0, yes/no, on/off: a typo (``Ture``) is an error naming the
    setting, never a silent False."""
    if isinstance(raw, str):
        word = raw.strip().lower()
        if word in TRUE_WORDS | FALSE_WORDS:
            return word in TRUE_WORDS
        raise ConfigError(f"{name} must be True or False (or 1/0, yes/no, on/off), not {raw!r}")
    if isinstance(raw, (bool, int)) and raw in (0, 1):
        return bool(raw)
    raise ConfigError(f"{name} must be True or False, not {raw!r}")


def parse_integer(raw: Any, name: str) -> int:
    """A whole number (``"12"`` from the command line too); ``1.5`` or ``True`` is refused."""
    if isinstance(raw, bool) or isinstance(raw, float) and not raw.is_integer():
        raise ConfigError(f"{name} must be an integer, not {raw!r}")
    try:
        return int(raw)
    except (TypeError, ValueError) as error:
        raise ConfigError(f"{name} must be an integer, not {raw!r}") from error


def parse_optional_integer(raw: Any, name: str) -> int | None:
    """An integer, or empty for "chosen by another setting"."""
    return None if raw is None or raw == "" else parse_integer(raw, name)


def parse_number(raw: Any, name: str) -> float:
    """A number (``"0.5"`` from the command line too)."""
    if isinstance(raw, bool):
        raise ConfigError(f"{name} must be a number, not {raw!r}")
    try:
        return float(raw)
    except (TypeError, ValueError) as error:
        raise ConfigError(f"{name} must be a number, not {raw!r}") from error


def parse_text(raw: Any, name: str) -> str:
    return "" if raw is None else str(raw)


def parse_words(raw: Any, name: str) -> tuple[str, ...]:
    """Words separated by spaces or commas, or a list of them (a project's settings.py)."""
    if isinstance(raw, str):
        return tuple(raw.replace(",", " ").split())
    try:
        return tuple(str(word).strip() for word in raw if str(word).strip())
    except TypeError as error:
        raise ConfigError(f"{name} must be words separated by spaces or commas, "
                          f"not {raw!r}") from error


def parse_mapping(raw: Any, name: str) -> dict[str, str]:
    """A JSON object (``{"X-API-Key": "..."}``) or a dict (a project's settings.py)."""
    if not raw:
        return {}
    try:
        mapping = json.loads(raw) if isinstance(raw, str) else raw
        return {str(key): str(value) for key, value in dict(mapping).items()}
    except (TypeError, ValueError) as error:
        raise ConfigError(f"{name} must be a JSON object, not {raw!r}") from error


def parse_directory(raw: Any, name: str) -> str:
    """A directory, or empty for the crawl's own choice; a file of that name cannot work."""
    text = parse_text(raw, name)
    if text and Path(text).exists() and not Path(text).is_dir():
        raise ConfigError(f"{name} must be a directory, but {text!r} is a file")
    return text


@dataclass(frozen=True)
class Kind:
    """A type of setting: its parser, and its name and how it is written in docs/settings.md."""

    doc: str
    parse: Callable[[Any, str], Any]
    detail: str = ""


BOOLEAN = Kind("boolean", parse_boolean, "`True`/`False`, also `1`/`0`, `yes`/`no`, `on`/`off`")
INTEGER = Kind("integer", parse_integer)
OPTIONAL_INTEGER = Kind("integer", parse_optional_integer, "empty: chosen by another setting")
NUMBER = Kind("number", parse_number)
TEXT = Kind("string", parse_text)
CHOICE = Kind("string", parse_text)
WORDS = Kind("list", parse_words, "spaces or commas between")
DIRECTORY = Kind("directory", parse_directory)
MAPPING = Kind("JSON object", parse_mapping)

# --- one setting -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Setting:
    """One ``CITESEEKER_*`` setting. ``at_least``/``above``/``at_most`` bound a number,
    ``choices`` a string (matched without regard to case, read as written here); ``check``
    is a rule of its own. ``default_doc`` says what an empty or derived default means;
    ``unit`` and ``note`` complete the type in the docs; ``example`` is a value for ``-s``,
    or a whole option (``-a ...``)."""

    name: str
    kind: Kind
    default: Any
    doc: str
    example: str
    at_least: float | None = None
    above: float | None = None
    at_most: float | None = None
    choices: tuple[str, ...] = ()
    check: Callable[[str, Any], None] | None = None
    unit: str = ""
    note: str = ""
    default_doc: str = ""

    def parse(self, raw: Any) -> Any:
        """``raw`` (None: the default) read by the type's parser, then checked."""
        value = self.kind.parse(self.default if raw is None else raw, self.name)
        if self.choices:
            value = self._choice(value)
        self._check_bounds(value)
        if self.check is not None:
            self.check(self.name, value)
        return value

    def _choice(self, value: str) -> str:
        by_word = {choice.lower(): choice for choice in self.choices}
        word = value.strip().lower()
        if word not in by_word:
            raise ConfigError(f"{self.name} must be one of {', '.join(self.choices)}, "
                              f"not {word!r}")
        return by_word[word]

    def _check_bounds(self, value: Any) -> None:
        if value is None or not isinstance(value, (int, float)):
            return
        if self.above is not None and self.at_most is not None:
            if not self.above < value <= self.at_most:
                raise ConfigError(f"{self.name} must be in ({self.above:g}, {self.at_most:g}], "
                                  f"not {value}")
        elif self.above is not None and value <= self.above:
            raise ConfigError(f"{self.name} must be above {self.above:g}, not {value}")
        elif self.at_least is not None and value < self.at_least:
            raise ConfigError(f"{self.name} must be at least {self.at_least:g}, not {value}")

    def type_doc(self) -> str:
        """The type as docs/settings.md states it: kind, then unit and bounds."""
        if self.choices:
            return "one of " + ", ".join(f"`{choice}`" for choice in self.choices)
        details = [part for part in (self.kind.detail, self.note, self.unit) if part]
        if self.above is not None and self.at_most is not None:
            details.append(f"above {self.above:g}, at most {self.at_most:g}")
        elif self.above is not None:
            details.append(f"above {self.above:g}")
        elif self.at_least is not None:
            details.append(f"at least {self.at_least:g}")
        return self.kind.doc + (f" ({', '.join(details)})" if details else "")

    def default_text(self) -> str:
        """The default as docs/settings.md states it."""
        if self.default_doc:
            return self.default_doc
        value = self.default
        if value == "" or value is None:
            return "empty"
        if isinstance(value, (list, tuple)):
            value = " ".join(value)
        elif isinstance(value, float):
            value = f"{value:g}"
        text = f"`{value}`"
        if self.unit == "bytes" and value >= 1024 * 1024:
            mib = value / (1024 * 1024)
            text += f" ({mib / 1024:g} GiB)" if mib >= 1024 else f" ({mib:g} MiB)"
        return text

    def example_text(self) -> str:
        return self.example if self.example.startswith("-") else f"-s {self.name}={self.example}"
