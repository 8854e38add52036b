"""The fixture repositories under tests/fixtures/code/<language>/, parsed as the indexer would
read them, and small repositories written for one test."""

from __future__ import annotations

import subprocess
from pathlib import Path

from hippograph.code import ParsedFile, ParsedSymbol, language_of, parse_source

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "code"

SymbolRow = tuple[str, str, int, int]


def fixture_files(repo: str) -> list[str]:
    """Repo-relative paths of the source files of one fixture repository, sorted."""
    root = FIXTURES / repo
    return sorted(
        p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file() and language_of(p)
    )


def parse_fixture(repo: str, rel_path: str) -> ParsedFile:
    """One fixture file parsed with the language its extension names."""
    language = language_of(rel_path)
    assert language is not None, rel_path
    return parse_source((FIXTURES / repo / rel_path).read_bytes(), rel_path, language)


def symbol_table(parsed: ParsedFile) -> list[SymbolRow]:
    """(qualified_name, kind, start_line, end_line) of every symbol, in file order."""
    return [(s.qualified_name, s.kind, s.start_line, s.end_line) for s in parsed.symbols]


def symbol(parsed: ParsedFile, qualified_name: str) -> ParsedSymbol:
    """The one symbol named ``qualified_name``."""
    found = [s for s in parsed.symbols if s.qualified_name == qualified_name]
    assert len(found) == 1, (qualified_name, [s.qualified_name for s in parsed.symbols])
    return found[0]


def repo(tmp_path: Path, files: dict[str, str]) -> Path:
    """A git repository at ``tmp_path/shop`` holding ``files`` (repo-relative path -> text)."""
    root = tmp_path / "shop"
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    return root
