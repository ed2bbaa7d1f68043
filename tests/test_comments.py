"""Comments, docstrings and docs explain the code as it is, not the history of how it came to
be: a reader of ``scheduler.py`` cannot open an issue's number and round of work, and the reason
they stood for is lost once the issue is closed. The tracker and git log keep the history; the
code keeps the why. In the code only comments and docstrings are read, never string data the
code uses; the docs (README, docs/, the benchmarks' READMEs) are read whole, and so are the
labels the benchmarks print (their figures are copied into bench/README.md)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIPPED_DIRS = {".venv", ".git", "__pycache__", "node_modules", "build", "dist"}
#: A pointer into the tracker's or the lab's history: an issue's number (one or several,
#: any case), a numbered round of an issue's work, the session that wrote the line; the words
#: may be split over two lines of a docstring or of a run of comments.
HISTORY = re.compile(r"\bissues?[\s-]+#?\d+|\bround\s+\d+\b|\bthis\s+session\b", re.IGNORECASE)


def doc_files(root: Path) -> list[Path]:
    """The docs a reader follows: the README, docs/ and the benchmarks' READMEs."""
    return [root / "README.md", *sorted((root / "docs").glob("*.md")),
            *sorted((root / "bench").rglob("*.md"))]


def python_files(root: Path) -> list[Path]:
    return sorted(path for path in root.rglob("*.py")
                  if not SKIPPED_DIRS & set(path.relative_to(root).parts))


def string_statements(tree: ast.AST) -> Iterator[ast.Constant]:
    """Every string that stands alone as a statement: module, class and function docstrings
    and the attribute docstrings below an assignment. Such a string does nothing but document;
    a string the code passes, returns or compares is data and is not read."""
    for node in ast.walk(tree):
        if (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)):
            yield node.value


def commentary(source: str) -> Iterator[tuple[int, list[str]]]:
    """(first line, lines) of each run of comments on consecutive lines and of each docstring
    of ``source``."""
    run: list[str] = []
    start = last = 0
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type != tokenize.COMMENT:
            continue
        if run and token.start[0] != last + 1:
            yield start, run
            run = []
        if not run:
            start = token.start[0]
        run.append(token.string)
        last = token.start[0]
    if run:
        yield start, run
    for constant in string_statements(ast.parse(source)):
        yield constant.lineno, constant.value.splitlines()


def history_offenders(path: Path, root: Path) -> list[str]:
    """``path:line: text`` for each comment or docstring line where a pointer into history
    starts. A docstring's line number is its first line plus the offset inside the string
    (exact unless a line continuation sits inside it)."""
    name = path.relative_to(root)
    offenders = []
    for start, lines in commentary(path.read_text(encoding="utf-8")):
        text = "\n".join(line.lstrip("#:").strip() for line in lines)
        for match in HISTORY.finditer(text):
            offset = text.count("\n", 0, match.start())
            offenders.append(f"{name}:{start + offset}: {lines[offset].strip()}")
    return offenders


def test_comments_and_docstrings_say_why_not_which_issue() -> None:
    offenders = [line for path in python_files(ROOT) for line in history_offenders(path, ROOT)]
    assert offenders == []


def test_the_history_check_can_fail(tmp_path: Path) -> None:
    """The check above, on a planted file: a comment, a module, function and attribute
    docstring each pointing into history are caught, also split over two lines; the same
    words as string data are not."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "planted.py").write_text(
        '"""Fast paths (issue 27, second round)."""\n'
        "LIMIT = 8  # Issue 12: a hand-off costs more\n"
        "# than parsing a small page (issue\n"
        "# 27)\n"
        '"""Raised in round 4."""\n'
        "def f():\n"
        '    """Decided this\n    session."""\n'
        '    return "issue 12", f"round {LIMIT}"\n', encoding="utf-8")
    (tmp_path / "clean.py").write_text(
        '"""A hand-off to a thread costs more than parsing a small page."""\n'
        'TITLE = "issue 12"  # data the code uses, not a comment\n', encoding="utf-8")
    offenders = [line for path in python_files(tmp_path)
                 for line in history_offenders(path, tmp_path)]
    assert offenders == [
        "pkg/planted.py:2: # Issue 12: a hand-off costs more",
        "pkg/planted.py:3: # than parsing a small page (issue",
        "pkg/planted.py:1: Fast paths (issue 27, second round).",
        "pkg/planted.py:5: Raised in round 4.",
        "pkg/planted.py:7: Decided this",
    ]


def text_offenders(name: str, start: int, text: str) -> list[str]:
    """``name:line: text`` for each line of ``text`` (whose first line is ``start``) where a
    pointer into history starts; the words may be split over two lines."""
    lines = text.splitlines()
    offsets = [text.count("\n", 0, match.start()) for match in HISTORY.finditer(text)]
    return [f"{name}:{start + offset}: {lines[offset].strip()}" for offset in offsets]


def doc_offenders(path: Path, root: Path) -> list[str]:
    return text_offenders(str(path.relative_to(root)), 1, path.read_text(encoding="utf-8"))


def label_offenders(path: Path, root: Path) -> list[str]:
    """The strings of a benchmark (the labels it prints, f-strings' text included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [line for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            for line in text_offenders(str(path.relative_to(root)), node.lineno, node.value)]


def test_docs_and_benchmark_labels_say_what_they_are_not_which_issue() -> None:
    offenders = [line for path in doc_files(ROOT) for line in doc_offenders(path, ROOT)]
    offenders += [line for path in python_files(ROOT / "bench")
                  for line in label_offenders(path, ROOT)]
    assert offenders == []


def test_the_docs_and_labels_check_can_fail(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "bench").mkdir()
    (tmp_path / "README.md").write_text("Recall by the recall categories.\n", encoding="utf-8")
    (tmp_path / "docs" / "a.md").write_text(
        "## Issue 47's evaluation\nexits 1 below issue\n45's targets; the issue-16 cases\n",
        encoding="utf-8")
    (tmp_path / "bench" / "README.md").write_text("| fifth round 5 |\n", encoding="utf-8")
    (tmp_path / "bench" / "b.py").write_text(
        'run("generated cases of issue 16")\nprint(f"{n} cases (issue #12)")\n'
        '# the cases\n', encoding="utf-8")
    offenders = [line for path in doc_files(tmp_path) for line in doc_offenders(path, tmp_path)]
    offenders += [line for path in python_files(tmp_path / "bench")
                  for line in label_offenders(path, tmp_path)]
    assert offenders == [
        "docs/a.md:1: ## Issue 47's evaluation", "docs/a.md:2: exits 1 below issue",
        "docs/a.md:3: 45's targets; the issue-16 cases", "bench/README.md:1: | fifth round 5 |",
        "bench/b.py:1: generated cases of issue 16", "bench/b.py:2: cases (issue #12)"]
