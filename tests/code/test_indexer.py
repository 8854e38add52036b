"""Indexing code into the real graph: identity, incremental runs, renames, moves,
signatures, pre-edit."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from hippograph.code import identity
from hippograph.config import Settings
from hippograph.errors import AccessDeniedError, NotFoundError
from hippograph.graph.client import Graph
from hippograph.memory import Memory
from hippograph.units import store
from tests.code.fixture_repos import repo
from tests.fakes import git_repo

AUTH = '''"""Auth helpers."""


def login(user, password):
    token = issue_token(user)
    audit("login", user)
    return token


def issue_token(user):
    return sign({"sub": user, "scope": "api"})


class User:
    def display(self):
        return self.name.title()
'''
BILLING = """class User:
    def plan(self):
        return "free"
"""


def key(tmp_path: Path) -> str:
    """The code key of the test repository: its project id (no remote: its root path)."""
    return f"path:{(tmp_path / 'shop').resolve()}"


def qualified(graph: Graph, project: str, path: str) -> list[str]:
    return [
        r["symbol"]["qualified_name"]
        for r in graph.read("symbols_in_file", project=project, path=path)
    ]


def test_index_records_symbols_and_reindex_writes_nothing(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    root = repo(
        tmp_path,
        {
            "shop/auth.py": AUTH,
            "shop/billing.py": BILLING,
            "README.md": "# shop\n",
            ".gitignore": "generated/\n",
            "generated/big.py": "def skip_me(): pass\n",
        },
    )
    report = memory.index(root)
    assert report.files_indexed == 2 and report.languages == {"python": 2}
    assert qualified(graph, key(tmp_path), "shop/auth.py") == [
        "shop.auth.login",
        "shop.auth.issue_token",
        "shop.auth.User",
        "shop.auth.User.display",
    ]
    # two User classes in two files: two symbols
    assert "shop.billing.User" in qualified(graph, key(tmp_path), "shop/billing.py")
    assert report.calls_linked >= 1  # login -> issue_token resolves uniquely
    changes_before = len(memory.log(limit=100_000))
    again = memory.index(root)
    assert again.files_unchanged == 2 and again.files_indexed == 0
    assert len(memory.log(limit=100_000)) == changes_before


def test_rename_keeps_an_attached_decision_reachable(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    root = repo(tmp_path, {"shop/auth.py": AUTH})
    memory.index(root)
    dec = memory.remember(
        "Signatures use RS256 only",
        kind="decision",
        governs=["shop.auth.issue_token"],
        source="user",
        source_ref="adr#1",
    )
    (root / "shop/auth.py").write_text(AUTH.replace("issue_token", "mint_token"))
    report = memory.index(root)
    assert [(r["old"], r["new"], r["how"]) for r in report.renamed] == [
        ("shop.auth.issue_token", "shop.auth.mint_token", "rename")
    ]
    bundle = memory.pre_edit(str(root / "shop/auth.py") + ":mint_token")
    assert [d["id"] for d in bundle.decisions] == [dec.id]
    assert bundle.renames[0]["was"] == "shop.auth.issue_token"
    with pytest.raises(NotFoundError, match=r"it became shop\.auth\.mint_token in shop/auth\.py"):
        memory.pre_edit(str(root / "shop/auth.py") + ":issue_token")  # by its old name
    # why, asked by the new name, as FILE:SYMBOL, or by the file that holds it
    for subject in (
        "mint_token",
        "shop.auth.mint_token",
        "shop/auth.py:mint_token",
        "shop/auth.py",
    ):
        answer = memory.why(subject, mode="keyword")
        assert answer.decision is not None and answer.decision["id"] == dec.id, subject
        assert answer.governs == ["shop.auth.mint_token (was shop.auth.issue_token)"]


def test_move_to_another_module_keeps_the_failure_reachable(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    root = repo(tmp_path, {"shop/auth.py": AUTH, "shop/tokens.py": "\n"})
    memory.index(root)
    fail = memory.remember(
        "Tokens expired early under clock skew",
        kind="failure",
        governs=["shop.auth.issue_token"],
        source="user",
        source_ref="incident#7",
        details={"test": "tests/test_auth.py::test_skew"},
    )
    moved = AUTH.split("def issue_token")[1].split("class User")[0]
    (root / "shop/auth.py").write_text(AUTH.replace("def issue_token" + moved, ""))
    (root / "shop/tokens.py").write_text("def issue_token" + moved)
    report = memory.index(root)
    assert [(r["new"], r["how"]) for r in report.renamed] == [("shop.tokens.issue_token", "move")]
    bundle = memory.pre_edit(str(root / "shop/tokens.py") + ":issue_token")
    assert fail.id in [f["id"] for f in bundle.decisions + bundle.failures + bundle.facts]


def test_a_move_split_across_two_transactions_that_stop_between_is_still_a_move(
    memory: Memory, graph: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hippograph.code import indexer
    from hippograph.schema import RelType
    from hippograph.units import store

    root = repo(tmp_path, {"shop/auth.py": AUTH, "shop/tokens.py": "\n"})
    memory.index(root)
    fail = memory.remember(
        "Tokens expired early under clock skew",
        kind="failure",
        governs=["shop.auth.issue_token"],
        source="user",
        source_ref="incident#7",
        details={"test": "tests/test_auth.py::test_skew"},
    )
    moved = AUTH.split("def issue_token")[1].split("class User")[0]
    (root / "shop/auth.py").write_text(AUTH.replace("def issue_token" + moved, ""))
    (root / "shop/tokens.py").write_text("def issue_token" + moved)
    monkeypatch.setattr(indexer, "CHUNK_FILES", 1)  # auth.py commits; tokens.py does not
    real = store.create_edges

    def create_edges(tx: Any, new: list[Any], **kwargs: Any) -> list[str]:
        if new and new[0].type == RelType.DEFINED_IN:
            raise RuntimeError("connection lost")
        return real(tx, new, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(store, "create_edges", create_edges)
        with pytest.raises(RuntimeError, match="connection lost"):
            memory.index(root)
    report = memory.index(root)
    assert [(r["new"], r["how"]) for r in report.renamed] == [("shop.tokens.issue_token", "move")]
    bundle = memory.pre_edit(str(root / "shop/tokens.py") + ":issue_token")
    assert fail.id in [f["id"] for f in bundle.decisions + bundle.failures + bundle.facts]


def test_signature_change_marks_references_stale_and_opens_a_task(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    root = repo(tmp_path, {"shop/auth.py": AUTH})
    memory.index(root)
    note = memory.remember(
        "login is rate limited to 5 per minute",
        kind="decision",
        governs=["shop.auth.login"],
        source="user",
        source_ref="adr#2",
    )
    (root / "shop/auth.py").write_text(
        AUTH.replace("def login(user, password):", "def login(user, password, otp):")
    )
    report = memory.index(root)
    assert (
        len(report.signature_changes) == 1
        and report.signature_changes[0]["stale_references"] == "1"
    )
    bundle = memory.pre_edit(str(root / "shop/auth.py") + ":login")
    assert [s["id"] for s in bundle.stale] == [note.id]
    assert any(i.kind == "Task" and "signature" in i.item["text"] for i in memory.review())


def test_deleted_symbol_is_retired_not_deleted(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    root = repo(tmp_path, {"shop/auth.py": AUTH})
    memory.index(root)
    (root / "shop/auth.py").write_text(AUTH.split("class User")[0])
    report = memory.index(root)
    assert report.symbols_retired == 2
    assert "shop.auth.User" not in qualified(graph, key(tmp_path), "shop/auth.py")


def test_pre_edit_on_a_file_never_indexed_answers_plainly(memory: Memory, tmp_path: Path) -> None:
    root = repo(tmp_path, {"shop/new.py": "def fresh():\n    return 1\n"})
    bundle = memory.pre_edit(str(root / "shop/new.py") + ":1")
    assert (
        bundle.indexed_now and bundle.is_empty and [s["name"] for s in bundle.symbols] == ["fresh"]
    )
    with pytest.raises(NotFoundError, match="no symbol 'nope'"):
        memory.pre_edit(str(root / "shop/new.py") + ":nope")
    with pytest.raises(NotFoundError, match="is not a file"):
        memory.pre_edit(str(root / "shop/missing.py"))
    with pytest.raises(NotFoundError, match=r"line 99 is past the end of .*new.py \(2 lines\)"):
        memory.pre_edit(str(root / "shop/new.py") + ":99")
    assert [s["name"] for s in memory.pre_edit(str(root / "shop/new.py") + ":2").symbols] == [
        "fresh"
    ]


def test_bad_files_are_reported_not_fatal(memory: Memory, tmp_path: Path) -> None:
    root = repo(
        tmp_path,
        {
            "shop/ok.py": "def ok():\n    return 1\n",
            "shop/broken.py": "def broken(:\n    pass\n\ndef fine():\n    return 2\n",
        },
    )
    (root / "shop/blob.py").write_bytes(b"\x00\x01\x02binary")
    (root / "shop/huge.py").write_text("x = 1\n" * 200_000)
    report = memory.index(root)
    reasons = {s["path"]: s["reason"] for s in report.skipped}
    assert reasons["shop/blob.py"] == "binary file" and reasons["shop/huge.py"].startswith(
        "too large"
    )
    assert report.syntax_errors and report.syntax_errors[0]["path"] == "shop/broken.py"
    assert report.files_indexed == 2


def test_code_mention_links_about_the_symbol(memory: Memory, tmp_path: Path) -> None:
    root = repo(tmp_path, {"shop/auth.py": AUTH})
    memory.index(root)
    unit = memory.remember(
        "`issue_token` must never log the payload", about=["auth"], source="user", source_ref="c#1"
    )
    targets = [e["other_text"] for e in memory.get(unit.id).edges if e["type"] == "ABOUT"]
    assert "issue_token" in targets


COMPAT = """import sys

if sys.platform == "win32":
    def home():
        return "C:/Users"
else:
    def home():
        return "/home"
"""


def test_same_name_kind_and_signature_in_one_file_are_two_symbols(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    root = repo(tmp_path, {"shop/compat.py": COMPAT})
    report = memory.index(root)
    assert qualified(graph, key(tmp_path), "shop/compat.py") == [
        "shop.compat.home",
        "shop.compat.home",
    ]
    assert report.duplicates == [
        {
            "path": "shop/compat.py",
            "qualified_name": "shop.compat.home",
            "kind": "function",
            "count": 2,
        }
    ]
    changes = len(memory.log(limit=100_000))
    (root / "shop/compat.py").write_text(COMPAT + "\n# touched\n")
    again = memory.index(root)  # parsed again: the same two ids, nothing created or retired
    assert again.symbols_created == 0 and again.symbols_retired == 0
    assert len(memory.log(limit=100_000)) - changes == 1  # the file's new content hash only


def test_a_symbol_moved_within_its_go_package_moves_its_defined_in_edge(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    total = (
        "func Total(prices []int) int {\n\tsum := 0\n\tfor _, p := range prices {\n"
        "\t\tsum += p\n\t}\n\treturn sum\n}\n"
    )
    root = repo(tmp_path, {"cart/a.go": "package cart\n\n" + total, "cart/b.go": "package cart\n"})
    memory.index(root)
    [sym] = [
        r["symbol"] for r in graph.read("symbols_in_file", project=key(tmp_path), path="cart/a.go")
    ]
    (root / "cart/a.go").write_text("package cart\n")
    (root / "cart/b.go").write_text("package cart\n\n" + total)
    memory.index(root)
    [same] = [
        r["symbol"] for r in graph.read("symbols_in_file", project=key(tmp_path), path="cart/b.go")
    ]
    assert same["id"] == sym["id"] and same["file_path"] == "cart/b.go"
    assert [e["path"] for e in graph.read("symbol_defined_in", ids=[sym["id"]])] == ["cart/b.go"]
    assert any(c.reason == "moved from cart/a.go to cart/b.go" for c in memory.log(limit=100))


def imported(graph: Graph, project: str, path: str) -> list[str]:
    return sorted(
        e["target"] for e in graph.read("code_import_edges", project=project, paths=[path])
    )


def test_imports_become_edges_between_files_and_follow_the_layout(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    root = repo(
        tmp_path,
        {
            "shop/__init__.py": "",
            "shop/auth.py": AUTH,
            "shop/billing.py": BILLING,
            "shop/api.py": (
                "import os\nfrom shop import auth\nfrom .billing import User\nimport shop.tokens\n"
            ),
        },
    )
    report = memory.index(root)
    assert imported(graph, key(tmp_path), "shop/api.py") == [
        "shop/__init__.py",
        "shop/auth.py",
        "shop/billing.py",
    ]  # os: not ours
    assert report.imports_linked == 3
    (root / "shop/tokens.py").write_text(
        "def mint():\n    return 1\n"
    )  # api.py is unchanged but now resolves it
    assert memory.index(root).imports_linked == 1
    assert imported(graph, key(tmp_path), "shop/api.py") == [
        "shop/__init__.py",
        "shop/auth.py",
        "shop/billing.py",
        "shop/tokens.py",
    ]
    (root / "shop/billing.py").unlink()
    gone = memory.index(root)
    assert gone.imports_retired == 1 and "shop/billing.py" not in imported(
        graph, key(tmp_path), "shop/api.py"
    )
    changes = len(memory.log(limit=100_000))
    again = memory.index(root)
    assert (
        again.imports_linked == again.imports_retired == 0
        and len(memory.log(limit=100_000)) == changes
    )


def test_pre_edit_never_reads_or_indexes_a_file_outside_the_project(
    graph: Graph, settings: Settings, tmp_path: Path
) -> None:
    repo = git_repo(tmp_path / "app")
    (repo / "app.py").write_text("def main():\n    return 1\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "secret.py").write_text("def leak():\n    return 'x'\n")
    memory = Memory(graph, settings, cwd=repo)
    with pytest.raises(AccessDeniedError, match="outside the project"):
        memory.pre_edit(str(elsewhere / "secret.py"))
    with pytest.raises(AccessDeniedError, match="outside the project"):
        memory.pre_edit("../elsewhere/secret.py:leak")
    assert memory.pre_edit("app.py:main").file == "app.py"
    files = {r["label"]: r["count"] for r in graph.read("count_labels")}
    assert files.get("File") == 1  # only the project's own file was indexed


def test_index_progress_names_its_phases(graph: Graph, settings: Settings, tmp_path: Path) -> None:
    repo = git_repo(tmp_path / "app")
    for name in ("a.py", "b.py"):
        (repo / name).write_text(f"def {name[0]}():\n    return 1\n")
    steps: list[tuple[int, int, str]] = []
    Memory(graph, settings, cwd=repo).index(repo, progress=lambda n, t, s: steps.append((n, t, s)))
    phases = [s.split(" ", 1)[0] for _, _, s in steps]
    assert phases == ["parse", "parse", "write", "write", "link"], steps
    assert steps[-1][0] == steps[-1][1]  # the bar ends full, on the last phase


def files_of(graph: Graph, project: str) -> dict[str, dict[str, Any]]:
    return {f["path"]: f for f in graph.read("code_files", project=project)[0]["files"]}


HOUR_AGO = time.time_ns() - 3600 * 10**9


def test_a_file_whose_stat_is_unchanged_is_not_read_again(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    root = repo(tmp_path, {"shop/auth.py": AUTH, "shop/billing.py": BILLING})
    for rel in ("shop/auth.py", "shop/billing.py"):
        os.utime(root / rel, ns=(HOUR_AGO, HOUR_AGO))
    memory.index(root)
    auth = files_of(graph, key(tmp_path))["shop/auth.py"]
    assert (auth["size"], auth["mtime_ns"]) == (len(AUTH.encode()), HOUR_AGO)
    # same size, mtime put back to the nanosecond: trusted without a read (git's own trade-off),
    # which is how this test sees that the file was not read
    (root / "shop/auth.py").write_text(AUTH.replace("login", "logon"))
    os.utime(root / "shop/auth.py", ns=(HOUR_AGO, HOUR_AGO))
    assert memory.index(root).files_indexed == 0
    # another mtime, the same bytes: read, not parsed; its new stat kept without a change
    os.utime(root / "shop/billing.py", ns=(HOUR_AGO + 1, HOUR_AGO + 1))
    changes = len(memory.log(limit=100_000))
    again = memory.index(root)
    assert again.files_indexed == 0 and again.files_unchanged == 2
    assert len(memory.log(limit=100_000)) == changes
    assert files_of(graph, key(tmp_path))["shop/billing.py"]["mtime_ns"] == HOUR_AGO + 1
    os.utime(root / "shop/auth.py", ns=(HOUR_AGO + 1, HOUR_AGO + 1))  # now the edit is seen
    assert [r["new"] for r in memory.index(root).renamed] == ["shop.auth.logon"]


def test_a_file_changed_just_before_the_index_is_read_again_next_time(
    memory: Memory, graph: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hippograph.code import indexer

    # an hour's window instead of two seconds: the test does not depend on the machine's speed
    monkeypatch.setattr(indexer, "RACY_NS", 7200 * 10**9)
    root = repo(tmp_path, {"shop/auth.py": AUTH})
    os.utime(root / "shop/auth.py", ns=(HOUR_AGO, HOUR_AGO))
    memory.index(root)
    auth = files_of(graph, key(tmp_path))["shop/auth.py"]
    assert auth["size"] is None and auth["mtime_ns"] is None  # too recent to vouch for its bytes
    (root / "shop/auth.py").write_text(AUTH.replace("login", "logon"))  # same size and mtime
    os.utime(root / "shop/auth.py", ns=(HOUR_AGO, HOUR_AGO))
    assert [r["new"] for r in memory.index(root).renamed] == ["shop.auth.logon"]


def test_an_undone_index_restores_the_stat_of_the_content_it_restores(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    root = repo(tmp_path, {"shop/auth.py": AUTH})
    os.utime(root / "shop/auth.py", ns=(HOUR_AGO, HOUR_AGO))
    memory.index(root)
    (root / "shop/auth.py").write_text(AUTH + "\n\ndef logout(user):\n    return None\n")
    os.utime(root / "shop/auth.py", ns=(HOUR_AGO + 1, HOUR_AGO + 1))
    assert memory.index(root).symbols_created == 1
    file_id = files_of(graph, key(tmp_path))["shop/auth.py"]["id"]
    change = next(c for c in memory.log(limit=100) if c.target_id == file_id)
    memory.undo(change.id)  # the graph holds the old content again, with the old stat
    assert files_of(graph, key(tmp_path))["shop/auth.py"]["mtime_ns"] == HOUR_AGO
    again = memory.index(root)  # so the file, whose stat differs, is read and indexed again
    assert again.files_indexed == 1 and again.symbols_revived == 1


def test_a_secret_in_a_signature_is_redacted_and_the_names_are_kept(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    code = (
        'def connect_billing(key="sk_live_4eC39HqLyjWDarjtT1zdp7dc"):\n'
        "    return open_connection(key)\n\n\n"
        "def set_password(user, password: Optional[str]) -> None:\n"
        "    store_password_hash(user, password)\n"
    )
    root = repo(tmp_path, {"shop/billing.py": code})
    memory.index(root)
    rows = graph.read("code_symbols_in_files", project=key(tmp_path), paths=["shop/billing.py"])
    symbols = {r["symbol"]["name"]: r["symbol"] for r in rows}
    billing = symbols["connect_billing"]  # a default value: scanned, and the key redacted
    assert "sk_live_4eC39HqLyjWDarjtT1zdp7dc" not in billing["signature"]
    assert "[redacted" in billing["signature"] and billing["redacted"]
    assert billing["calls"] == ["open_connection"]
    # identifiers only (a parameter named password is not a password): kept as written
    plain = symbols["set_password"]
    assert plain["signature"] == "def set_password(user, password: Optional[str]) -> None"
    assert plain["calls"] == ["store_password_hash"] and "redacted" not in plain
    # the same when a re-index changes the signature (an update, not a creation)
    (root / "shop/billing.py").write_text(
        code.replace("password: Optional[str])", "password: Optional[str], strict: bool)")
    )
    assert len(memory.index(root).signature_changes) == 1
    rows = graph.read("code_symbols_in_files", project=key(tmp_path), paths=["shop/billing.py"])
    changed = next(r["symbol"] for r in rows if r["symbol"]["name"] == "set_password")
    assert changed["signature"] == (
        "def set_password(user, password: Optional[str], strict: bool) -> None"
    )
    assert "redacted" not in changed


def test_a_decision_on_a_file_not_indexed_yet_governs_this_projects_file(
    graph: Graph, settings: Settings, tmp_path: Path, clock: Any
) -> None:
    """`--governs shop/auth.py` before `hippo index`: the file is indexed then and there and the
    decision governs this repository's file. It used to be attached to another project's file of
    the same path, so pre-edit here never showed it."""
    main = settings.model_copy(update={"branch": "main"})
    other = repo(tmp_path / "other", {"shop/auth.py": AUTH})
    Memory(graph, main, cwd=other, clock=clock).index(other)
    mine = repo(tmp_path / "mine", {"shop/auth.py": AUTH})
    memory = Memory(graph, main, cwd=mine, clock=clock)
    dec = memory.remember(
        "Tokens are signed with RS256 only",
        kind="decision",
        governs=["shop/auth.py"],
        source="user",
        source_ref="adr#1",
    )
    governed = [
        e["target_id"]
        for e in store.get_edges(graph, dec.id)
        if e["type"] == "GOVERNS" and e["source_id"] == dec.id
    ]
    assert governed == [identity.file_id(key(tmp_path / "mine"), "shop/auth.py")] and not dec.notes
    planned = memory.remember(
        "Payments get their own module",
        kind="decision",
        governs=["./shop/payments.py"],  # not written yet; "./" is the repository root
        source="user",
        source_ref="adr#2",
    )
    assert planned.notes and planned.notes[0].startswith(
        "shop/payments.py is no file or symbol of this project's code graph"
    )
    bundle = memory.pre_edit(str(mine / "shop/auth.py") + ":issue_token")
    assert [d["id"] for d in bundle.decisions] == [dec.id]
    # once the file is written, pre-edit shows the decision linked by its name
    (mine / "shop/payments.py").write_text("def charge(amount):\n    return amount\n")
    later = memory.pre_edit(str(mine / "shop/payments.py"))
    assert [d["id"] for d in later.decisions] == [planned.id]
    # and only in this project: the other repository's shop/payments.py knows nothing of it
    (other / "shop/payments.py").write_text("def charge(amount):\n    return amount\n")
    elsewhere = Memory(graph, main, cwd=other, clock=clock).pre_edit(
        str(other / "shop/payments.py")
    )
    assert elsewhere.decisions == []
