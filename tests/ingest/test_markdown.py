"""Markdown memory files: discovery rules and units with exact line ranges; pure, no database."""

from __future__ import annotations

from pathlib import Path

import pytest

from hippograph.errors import IngestError
from hippograph.ingest.markdown import (
    MEMORY_FILE_NAMES,
    MarkdownUnit,
    discover_markdown,
    parse_markdown,
)


def spans(text: str) -> list[tuple[str, int, int]]:
    return [(u.text, u.start_line, u.end_line) for u in parse_markdown(text)]


def test_memory_file_names() -> None:
    assert MEMORY_FILE_NAMES == ("MEMORY.md", "CLAUDE.md", "AGENTS.md")


def test_bullets_one_unit_each_with_exact_lines() -> None:
    text = "- We use Postgres\n* Tests run with pytest\n+ CI is GitHub Actions\n"
    assert spans(text) == [
        ("We use Postgres", 1, 1),
        ("Tests run with pytest", 2, 2),
        ("CI is GitHub Actions", 3, 3),
    ]


def test_multi_line_bullet_keeps_indented_and_lazy_continuation() -> None:
    text = (
        "- Postgres is only OLTP now;\n  analytics moved\nto ClickHouse.\n"
        "- Next item\n\nAfter the list.\n"
    )
    assert spans(text) == [
        ("Postgres is only OLTP now; analytics moved to ClickHouse.", 1, 3),
        ("Next item", 4, 4),
        ("After the list.", 6, 6),
    ]


def test_nested_bullets_are_separate_units() -> None:
    text = "- Database\n  - Postgres 16\n    on port 5433\n    - replica lag alerts\n- Cache\n"
    assert spans(text) == [
        ("Database", 1, 1),
        ("Postgres 16 on port 5433", 2, 3),
        ("replica lag alerts", 4, 4),
        ("Cache", 5, 5),
    ]


def test_numbered_items_and_task_boxes() -> None:
    text = (
        "1. Run make\n2) Run make test\n10. Ship\n- [ ] write docs\n"
        "- [x] add tests\n* [X] done\n- [ ]\n"
    )
    assert spans(text) == [
        ("Run make", 1, 1),
        ("Run make test", 2, 2),
        ("Ship", 3, 3),
        ("write docs", 4, 4),
        ("add tests", 5, 5),
        ("done", 6, 6),
    ]


def test_paragraphs_split_on_blank_lines() -> None:
    text = "\nFirst paragraph\nstill first.\n\n\nSecond   paragraph.\n"
    assert spans(text) == [("First paragraph still first.", 2, 3), ("Second paragraph.", 6, 6)]


def test_numbers_other_than_one_do_not_interrupt_a_paragraph() -> None:
    text = "We moved in\n2024. It went fine.\nSteps:\n1. backup\n- restore\n"
    assert spans(text) == [
        ("We moved in 2024. It went fine. Steps:", 1, 3),
        ("backup", 4, 4),
        ("restore", 5, 5),
    ]


def test_headings_set_heading_and_path() -> None:
    text = (
        "# Project\n\nIntro.\n\n## Database\n- Postgres\n### Backups ###\n- nightly\n## Testing\n"
        "- pytest\n# Other\nText\n"
    )
    units = parse_markdown(text)
    assert units == [
        MarkdownUnit("Intro.", 3, 3, "Project", ("Project",)),
        MarkdownUnit("Postgres", 6, 6, "Database", ("Project", "Database")),
        MarkdownUnit("nightly", 8, 8, "Backups", ("Project", "Database", "Backups")),
        MarkdownUnit("pytest", 10, 10, "Testing", ("Project", "Testing")),
        MarkdownUnit("Text", 12, 12, "Other", ("Other",)),
    ]


def test_text_before_any_heading_has_none() -> None:
    (unit,) = parse_markdown("Just text.")
    assert unit.heading is None and unit.heading_path == ()


def test_setext_headings() -> None:
    text = "Project\n=======\n\nDatabase\n--------\n- Postgres\n"
    assert parse_markdown(text) == [
        MarkdownUnit("Postgres", 6, 6, "Database", ("Project", "Database"))
    ]


def test_hash_without_space_is_not_a_heading() -> None:
    assert spans("#hashtag and #123\n") == [("#hashtag and #123", 1, 1)]


def test_thematic_break_ends_a_unit_and_is_not_one() -> None:
    assert spans("- one\n---\n* * *\ntwo\n___\n") == [("one", 1, 1), ("two", 4, 4)]


def test_fenced_code_is_skipped() -> None:
    text = (
        "Before:\n```bash\nmake test\n- not an item\n# not a heading\n```\nAfter.\n~~~\ncode\n~~~\n"
        "- Item\n  ```\n  inside\n  ```\n"
    )
    units = parse_markdown(text)
    assert [(u.text, u.start_line, u.end_line) for u in units] == [
        ("Before:", 1, 1),
        ("After.", 7, 7),
        ("Item", 11, 11),
    ]
    assert all(u.heading is None for u in units)


def test_longer_fence_needs_a_closing_fence_as_long() -> None:
    text = "````\n```\nstill code\n````\nText\n"
    assert spans(text) == [("Text", 5, 5)]


def test_unclosed_fence_runs_to_the_end() -> None:
    assert spans("Text\n```\n- hidden\n") == [("Text", 1, 1)]


def test_indented_code_is_skipped_outside_lists() -> None:
    text = "Paragraph.\n\n    code line\n\n- item\n\n    more of the item\n"
    assert spans(text) == [("Paragraph.", 1, 1), ("item", 5, 5), ("more of the item", 7, 7)]


def test_front_matter_is_skipped() -> None:
    text = "---\nname: db\ndescription: x\n---\n# Title\nBody line\n"
    assert parse_markdown(text) == [MarkdownUnit("Body line", 6, 6, "Title", ("Title",))]


def test_unclosed_front_matter_is_not_front_matter() -> None:
    assert spans("---\nBody\n") == [("Body", 2, 2)]


def test_html_comments_are_skipped() -> None:
    text = "<!-- one line -->\nKeep <!-- inline --> this\n<!--\n- hidden\n-->\n- Shown\n"
    assert spans(text) == [("Keep this", 2, 2), ("Shown", 6, 6)]


def test_block_quotes_are_paragraphs_without_markers() -> None:
    text = (
        "> Decision: use Neo4j\n> for memory.\n>\n> > nested quote\n\n"
        "> - quoted item\n> - another\n"
    )
    assert spans(text) == [
        ("Decision: use Neo4j for memory.", 1, 2),
        ("nested quote", 4, 4),
        ("quoted item", 6, 6),
        ("another", 7, 7),
    ]


def test_a_table_is_one_unit() -> None:
    text = (
        "Ports:\n| Service | Port |\n|---------|:----:|\n| neo4j   | 7687 |\n"
        "| http    | 7474 |\n\nAfter\n"
    )
    assert spans(text) == [
        ("Ports:", 1, 1),
        ("| Service | Port | | neo4j | 7687 | | http | 7474 |", 2, 5),
        ("After", 7, 7),
    ]


def test_pipe_without_delimiter_row_is_text() -> None:
    assert spans("a | b\nc | d\n") == [("a | b c | d", 1, 2)]


def test_crlf_and_cr_line_endings() -> None:
    text = "# Title\r\n\r\n- one\r\n  two\r\n- three\r\n"
    assert parse_markdown(text) == [
        MarkdownUnit("one two", 3, 4, "Title", ("Title",)),
        MarkdownUnit("three", 5, 5, "Title", ("Title",)),
    ]
    assert spans("a\rb\r\rc") == [("a b", 1, 2), ("c", 4, 4)]


def test_byte_order_mark_is_ignored() -> None:
    assert spans("\ufeff# T\nx\n") == [("x", 2, 2)]


def test_empty_input_gives_no_units() -> None:
    assert parse_markdown("") == []
    assert parse_markdown("\n\n  \n# Only a heading\n") == []


def test_line_numbers_match_the_source_lines() -> None:
    text = "# H\n\n- alpha\n  beta\n\npara one\npara two\n\n1. gamma\n"
    lines = text.split("\n")
    for unit in parse_markdown(text):
        source = " ".join(lines[unit.start_line - 1 : unit.end_line])
        assert unit.text.split()[-1] in source and unit.text.split()[0] in source


def test_parsing_is_deterministic() -> None:
    text = "# A\n- x\n  - y\n\nz\n"
    assert parse_markdown(text) == parse_markdown(text)


# discovery


def make(root: Path, *names: str) -> None:
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("- x\n", encoding="utf-8")


def test_discover_finds_memory_files_in_folder_and_subfolders(tmp_path: Path) -> None:
    make(
        tmp_path,
        "CLAUDE.md",
        "README.md",
        "pkg/AGENTS.md",
        "pkg/notes.md",
        "deep/er/MEMORY.md",
        "memory/db.md",
        "memory/sub/ops.md",
        "memory/notes.txt",
        "docs/memory/x.md",
        ".git/CLAUDE.md",
        "node_modules/lib/AGENTS.md",
        ".venv/memory/y.md",
        "claude.md",
    )
    found = discover_markdown([tmp_path])
    assert [p.relative_to(tmp_path).as_posix() for p in found] == [
        "CLAUDE.md",
        "deep/er/MEMORY.md",
        "docs/memory/x.md",
        "memory/db.md",
        "memory/sub/ops.md",
        "pkg/AGENTS.md",
    ]
    assert all(p.is_absolute() for p in found)


def test_discover_given_memory_folder_takes_all_markdown(tmp_path: Path) -> None:
    make(tmp_path, "memory/a.md", "memory/b.MD")
    found = discover_markdown([tmp_path / "memory"])
    assert [p.name for p in found] == ["a.md", "b.MD"]


def test_discover_accepts_any_md_file_and_deduplicates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make(tmp_path, "CLAUDE.md", "notes/plan.md")
    monkeypatch.chdir(tmp_path)
    found = discover_markdown(
        [Path("notes/plan.md"), tmp_path, Path("CLAUDE.md"), tmp_path / "CLAUDE.md"]
    )
    assert found == [tmp_path / "CLAUDE.md", tmp_path / "notes" / "plan.md"]


def test_discover_missing_path_raises(tmp_path: Path) -> None:
    missing = tmp_path / "nope"
    with pytest.raises(IngestError) as info:
        discover_markdown([missing])
    assert str(info.value) == f"{missing}: no such file or directory; check the path"
    assert info.value.path == str(missing)


def test_discover_refuses_a_file_that_is_not_markdown(tmp_path: Path) -> None:
    make(tmp_path, "notes.txt")
    with pytest.raises(IngestError, match="not a Markdown file"):
        discover_markdown([tmp_path / "notes.txt"])


def test_discover_nothing_found_is_empty(tmp_path: Path) -> None:
    assert discover_markdown([tmp_path]) == []
    assert discover_markdown([]) == []
