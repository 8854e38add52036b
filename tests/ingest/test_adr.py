"""Architecture decision records (MADR 2-4, Nygard): fields, options, supersession and exact line
ranges; pure."""

from __future__ import annotations

from pathlib import Path

import pytest

from hippograph.errors import IngestError
from hippograph.ingest.adr import Adr, Option, discover_adrs, parse_adr
from hippograph.repo.sources import format_line_ref, read_lines

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "adr"


def load(name: str) -> Adr:
    return parse_adr((FIXTURES / name).read_text(encoding="utf-8"), f"docs/adr/{name}")


def test_discover_skips_readme_index_and_template(tmp_path: Path) -> None:
    assert [p.name for p in discover_adrs(FIXTURES)] == [
        "0002-use-postgres-for-event-storage.md",
        "0003-http-client-library.md",
        "0005-store-events-in-clickhouse.md",
        "0007-http-client-with-retries.md",
    ]
    for name in ("INDEX.md", "notes.txt", "0001-a.md"):
        (tmp_path / name).write_text("# x\n", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "0002-b.md").write_text("# y\n", encoding="utf-8")
    assert discover_adrs(tmp_path) == [tmp_path / "0001-a.md"]


def test_discover_needs_a_folder(tmp_path: Path) -> None:
    with pytest.raises(IngestError, match="not a folder of decision records") as info:
        discover_adrs(tmp_path / "missing")
    assert info.value.path == str(tmp_path / "missing")


def test_madr3_front_matter_options_pros_cons_and_chosen() -> None:
    adr = load("0007-http-client-with-retries.md")
    assert adr == Adr(
        path="docs/adr/0007-http-client-with-retries.md",
        number=7,
        title="HTTP client with retries and timeouts",
        status="accepted",
        date="2024-06-03",
        context=(
            "Outbound calls to the carrier APIs fail about 0.5% of the time with 502/503\n"
            "and time out under load. Adapters retry inconsistently, and the webhook worker\n"
            "needs async calls. Which client and retry policy should we standardise on?"
        ),
        options=(
            Option(
                "httpx with tenacity", ("sync and async APIs", "HTTP/2 support"), (), True, None
            ),
            Option(
                "requests with urllib3 Retry",
                ("no migration",),
                ("no async API", "`Retry` does not retry on read timeouts by default"),
                False,
                "no async API; `Retry` does not retry on read timeouts by default",
            ),
            Option(
                "aiohttp",
                (),
                ("async only, so sync adapters would need a second client",),
                False,
                "async only, so sync adapters would need a second client",
            ),
        ),
        decision="httpx with tenacity",
        reasoning=(
            "it is the only option with both sync and async APIs, and tenacity gives "
            "one retry policy for both."
        ),
        consequences=(
            "* Good, because the webhook worker and the adapters share one client factory\n"
            "* Bad, because we add a dependency on tenacity"
        ),
        superseded_by=None,
        supersedes=("0003-http-client-library.md",),
        line_ranges={
            "title": (7, 7),
            "context": (9, 13),
            "options": (20, 24),
            "decision": (26, 30),
            "consequences": (32, 35),
        },
    )


def test_line_ranges_point_at_the_sections() -> None:
    adr = load("0007-http-client-with-retries.md")
    start, end = adr.line_ranges["decision"]
    ref = format_line_ref("0007-http-client-with-retries.md", start, end)
    assert read_lines(ref, FIXTURES) == (
        "## Decision Outcome\n\n"
        'Chosen option: "httpx with tenacity", because\n'
        "it is the only option with both sync and async APIs, and tenacity gives one\n"
        "retry policy for both."
    )
    start, end = adr.line_ranges["title"]
    assert read_lines(
        format_line_ref("0007-http-client-with-retries.md", start, end), FIXTURES
    ) == ("# HTTP client with retries and timeouts")


def test_madr2_status_bullet_superseded_with_positive_and_negative_consequences() -> None:
    adr = load("0003-http-client-library.md")
    assert (adr.number, adr.title, adr.status, adr.date) == (
        3,
        "Use requests as the HTTP client",
        "superseded",
        "2023-05-10",
    )
    assert adr.superseded_by == "0007-http-client-with-retries.md"
    assert adr.supersedes == ()
    assert adr.context == (
        "The billing and shipping adapters each build HTTP calls by hand with urllib.\n"
        "Which library should all outbound HTTP calls use?"
    )
    assert adr.decision == "requests"
    assert (
        adr.reasoning
        == "every adapter author already knows it and it has the smallest learning curve."
    )
    assert adr.options == (
        Option(
            "requests", ("the team knows it", "it is stable"), ("it has no async API",), True, None
        ),
        Option(
            "httpx",
            ("it has sync and async APIs",),
            ("it is still below 1.0",),
            False,
            "it is still below 1.0",
        ),
        Option(
            "urllib3",
            (),
            ("retries and pooling must be configured by hand",),
            False,
            "retries and pooling must be configured by hand",
        ),
    )
    assert adr.consequences == (
        "Positive Consequences:\n* adapters share one session helper\n\n"
        "Negative Consequences:\n* no async support, so the webhook worker keeps its own client"
    )
    assert adr.line_ranges == {
        "title": (1, 1),
        "context": (9, 12),
        "options": (19, 23),
        "decision": (25, 27),
        "consequences": (29, 35),
    }


def test_nygard_superseded_by_link() -> None:
    adr = load("0002-use-postgres-for-event-storage.md")
    assert adr == Adr(
        path="docs/adr/0002-use-postgres-for-event-storage.md",
        number=2,
        title="Use Postgres for event storage",
        status="superseded",
        date="2023-02-14",
        context=(
            "The ingest service writes about 2,000 click events per second. We already run\n"
            "Postgres 14 for accounts and billing, and the team knows it well."
        ),
        options=(),
        decision=(
            "We will store click events in a partitioned `events` table in the existing\n"
            "Postgres cluster."
        ),
        reasoning=(
            "We will store click events in a partitioned `events` table in the existing\n"
            "Postgres cluster.\n\n"
            "Partitions are monthly, so old months can be detached and archived."
        ),
        consequences=(
            "One database to operate and back up. Analytical queries over several months\n"
            "will compete with OLTP traffic; we accept that until volume doubles."
        ),
        superseded_by="0005-store-events-in-clickhouse.md",
        supersedes=(),
        line_ranges={
            "title": (1, 1),
            "context": (9, 12),
            "decision": (14, 19),
            "consequences": (21, 24),
        },
    )


def test_nygard_supersedes_keeps_accepted_status() -> None:
    adr = load("0005-store-events-in-clickhouse.md")
    assert (adr.number, adr.title, adr.status, adr.date) == (
        5,
        "Store events in ClickHouse",
        "accepted",
        "2024-03-01",
    )
    assert adr.supersedes == ("0002-use-postgres-for-event-storage.md",)
    assert adr.superseded_by is None
    assert adr.decision == (
        "We will write click events to ClickHouse through the Kafka engine.\n"
        "Postgres stays the store for accounts and billing (OLTP only)."
    )
    assert adr.reasoning == adr.decision
    assert adr.options == ()
    assert adr.line_ranges == {
        "title": (1, 1),
        "context": (11, 14),
        "decision": (16, 19),
        "consequences": (21, 24),
    }


def test_front_matter_status_superseded_by_plain_reference() -> None:
    text = (
        "---\n"
        'status: "superseded by ADR-0009"\n'
        "date: 2024-01-15 # last review\n"
        "deciders: [Ana]\n"
        "---\n"
        "# Cache sessions in Redis\n"
        "\n"
        "## Context and Problem Statement\n"
        "\n"
        "Sessions are lost on every deploy.\n"
        "\n"
        "## Considered Options\n"
        "\n"
        "* Redis\n"
        "* sticky sessions\n"
        "\n"
        "## Decision Outcome\n"
        "\n"
        "Chosen option: Redis, because it survives deploys.\n"
    )
    adr = parse_adr(text, "decisions/cache-sessions.md")
    assert (adr.number, adr.status, adr.superseded_by, adr.date) == (
        None,
        "superseded",
        "ADR-0009",
        "2024-01-15",
    )
    assert adr.decision == "Redis"
    assert adr.reasoning == "it survives deploys."
    assert adr.options == (
        Option("Redis", (), (), True, None),
        Option("sticky sessions", (), (), False, "not chosen"),
    )
    assert adr.line_ranges == {
        "title": (6, 6),
        "context": (8, 10),
        "options": (12, 15),
        "decision": (17, 19),
    }


def test_number_from_title_when_the_file_name_has_none() -> None:
    text = "# ADR-12: Use UTC everywhere\n\n## Status\n\nProposed\n"
    adr = parse_adr(text, "adr/use-utc.md")
    assert (adr.number, adr.title, adr.status) == (12, "Use UTC everywhere", "proposed")
    assert parse_adr("# 4. Log as JSON\n\nStatus: Accepted\n", "x.md").number == 4
    assert (
        parse_adr("# Log as JSON\n\nStatus: Accepted\n", "2024-03-01-log-as-json.md").number is None
    )


def test_status_in_bold_amended_lines_and_dates_in_the_status_section() -> None:
    text = (
        "# 8. Queue retries\n\n## Status\n\n**Date:** 2024-04-02\n\n"
        "Amended by [9. Backoff](0009-backoff.md)\n\n"
        "Accepted\n\n"
        "Supersedes [3. Cron retries](0003-cron.md) and [4. Manual retries](0004-manual.md)\n"
    )
    adr = parse_adr(text, "0008-queue-retries.md")
    assert (adr.status, adr.date, adr.superseded_by) == ("accepted", "2024-04-02", None)
    assert adr.supersedes == ("0003-cron.md", "0004-manual.md")


def test_no_chosen_option_means_nothing_is_rejected() -> None:
    text = "# Pick a queue\n\n* Status: proposed\n\n## Considered Options\n\n* SQS\n* RabbitMQ\n"
    adr = parse_adr(text, "0010-pick-a-queue.md")
    assert adr.status == "proposed"
    assert adr.decision is None
    assert adr.options == (
        Option("SQS", (), (), False, None),
        Option("RabbitMQ", (), (), False, None),
    )


OPTIONS = (
    "# Embeddings\n\n* Status: accepted\n\n## Considered Options\n\n"
    "* sentence-transformers, imported lazily.\n"
    "* The same model run in numpy: a BERT encoder in numpy, weights read with safetensors.\n"
    "* A warm embedder process.\n\n## Decision Outcome\n\n"
)


def test_an_unquoted_chosen_option_runs_to_because_or_the_end_of_its_sentence() -> None:
    adr = parse_adr(
        OPTIONS + "Chosen option: the numpy encoder (`encoder.py`), in the `embeddings` extra "
        "(`numpy`, `safetensors`). It computes the same vectors.\n",
        "0005-embeddings.md",
    )
    assert adr.decision == (
        "the numpy encoder (`encoder.py`), in the `embeddings` extra (`numpy`, `safetensors`)"
    )
    assert adr.reasoning == "It computes the same vectors."
    # named in other words: the option sharing the most words with the decision is the one
    assert [o.chosen for o in adr.options] == [False, True, False]
    assert [o.why_rejected for o in adr.options] == ["not chosen", None, "not chosen"]


def test_a_chosen_option_that_starts_with_code_is_not_a_quoted_name() -> None:
    adr = parse_adr(
        OPTIONS + "Chosen option: `numpy` run in a BERT encoder, because torch is 6 GB.\n",
        "0005-embeddings.md",
    )
    assert adr.decision == "`numpy` run in a BERT encoder"
    assert adr.reasoning == "torch is 6 GB."
    whole = parse_adr(OPTIONS + "Chosen option: `numpy`, because torch is 6 GB.\n", "0005-e.md")
    assert whole.decision == "numpy" and whole.reasoning == "torch is 6 GB."
    since = parse_adr(OPTIONS + "Chosen option: a warm embedder process, since it stays.\n", "5.md")
    assert since.decision == "a warm embedder process" and since.reasoning == "since it stays."
    short = parse_adr(OPTIONS + "Chosen: a warm embedder process. It stays loaded.\n", "5-e.md")
    assert short.decision == "a warm embedder process" and short.reasoning == "It stays loaded."
    assert [o.chosen for o in short.options] == [False, False, True]


def test_a_decision_that_names_no_option_rejects_none() -> None:
    adr = parse_adr(OPTIONS + "Chosen option: whatever is cheapest.\n", "0005-embeddings.md")
    assert adr.decision == "whatever is cheapest"
    assert not any(o.chosen for o in adr.options)
    assert all(o.why_rejected is None for o in adr.options)


def test_headings_in_code_fences_comments_and_crlf_are_ignored() -> None:
    text = (
        "<!-- generated -->\r\n# 1. Record architecture decisions\r\n\r\nDate: 2020-02-30\r\n\r\n"
        "## Status\r\n\r\nAccepted\r\n\r\n## Context\r\n\r\n```md\r\n## Decision\r\n```\r\n\r\n"
        "## Decision\r\n\r\nWe will use ADRs.\r\n"
    )
    adr = parse_adr(text, "0001-record-architecture-decisions.md")
    assert adr.date is None  # 30 February is not a date
    assert adr.context == "```md\n## Decision\n```"
    assert adr.decision == "We will use ADRs."
    assert adr.line_ranges == {"title": (2, 2), "context": (10, 14), "decision": (16, 18)}


def test_a_file_without_a_title_is_not_an_adr() -> None:
    with pytest.raises(IngestError, match="no '# Title' heading") as info:
        parse_adr("Some notes\n\n## Status\n\nAccepted\n", "docs/adr/notes.md")
    assert info.value.path == "docs/adr/notes.md"
    assert str(info.value).startswith("docs/adr/notes.md: ")


def test_a_titled_file_without_adr_sections_is_not_an_adr() -> None:
    with pytest.raises(
        IngestError, match="no Status, Context, Decision or Considered Options section"
    ):
        parse_adr("# Meeting notes\n\nWe talked about caching.\n", "docs/adr/meeting.md")


def test_template_placeholders_are_not_a_status_or_options() -> None:
    text = (
        "# {short title}\n\n* Status: {proposed | rejected | accepted | superseded by ADR-0005}\n\n"
        "## Considered Options\n\n* {title of option 1}\n* …\n\n## Decision Outcome\n\n"
        'Chosen option: "{title of option 1}", because {justification}.\n'
    )
    adr = parse_adr(text, "adr-template.md")
    assert (adr.status, adr.superseded_by) == (None, None)
    assert adr.options == (Option("{title of option 1}", (), (), True, None),)
