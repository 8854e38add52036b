"""`hippo grant` and `hippo grants` from the command line, against the test server."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from hippograph.cli import app
from hippograph.graph.client import Graph

runner = CliRunner()


def hippo(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_grant_a_role_give_it_to_an_agent_and_list_both(
    graph: Graph, env_for_cli: dict[str, str]
) -> None:
    code, out, _ = hippo("grant", "auditor", "workspace", "read")
    assert code == 0 and out.strip() == "Role auditor may now read on workspace."
    code, out, _ = hippo("grant", "auditor", "workspace", "none")
    assert code == 0 and out.strip() == (
        "Role auditor may no longer read or write on workspace (was read)."
    )
    code, out, _ = hippo("grant", "auditor", "--to", "agent:ci-bot")
    assert code == 0 and out.strip() == "agent:ci-bot now has role auditor."
    code, out, _ = hippo("grants", "--json")
    listed = json.loads(out)
    assert [(g["role"], g["scope"], g["level"]) for g in listed["grants"]] == [
        ("auditor", "workspace", "none")
    ]
    assert [(p["name"], p["kind"], p["role"]) for p in listed["principals"]] == [
        ("ci-bot", "agent", "auditor")
    ]
    code, out, _ = hippo("grants")
    assert code == 0 and "auditor" in out and "agent:ci-bot" in out


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["grant", "agent", "workspace", "everything"], "is not one of none, read, write, admin"),
        (["grant", "admin", "workspace", "read"], "cannot be narrowed"),
        (["grant", "agent", "workspace"], "give the SCOPE and the LEVEL"),
        (["grant", "agent", "workspace", "read", "--to", "agent:x"], "not both"),
        (["grant", "bad role", "workspace", "read"], "is not a name"),
    ],
)
def test_bad_grants_fail_in_one_sentence(
    graph: Graph, env_for_cli: dict[str, str], args: list[str], says: str
) -> None:
    code, out, err = hippo(*args)
    said = " ".join(line.strip("│ ") for line in (out + err).splitlines())
    assert code != 0 and says in said and "Traceback" not in said
