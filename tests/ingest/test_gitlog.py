"""Git history: commits with exact touched line ranges from real temporary repositories, and
fix/revert signals."""

from __future__ import annotations

import os
import subprocess
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from hippograph.errors import IngestError
from hippograph.ingest.gitlog import (
    Commit,
    FailureSignal,
    FileChange,
    classify,
    commit_exists,
    read_commits,
)

PLUS2 = timezone(timedelta(hours=2))


class Repo:
    """A throw-away repository whose commits have fixed authors and dates."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.day = 0
        root.mkdir(exist_ok=True)
        self.git("init", "-q", "-b", "main")

    def git(self, *args: str) -> str:
        stamp = f"2024-03-{max(self.day, 1):02d}T10:00:00+02:00"
        env = {
            **os.environ,
            "GIT_CONFIG_GLOBAL": os.environ.get("TEST_GIT_CONFIG", os.devnull),
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_AUTHOR_NAME": "Ana Lima",
            "GIT_AUTHOR_EMAIL": "ana@example.com",
            "GIT_COMMITTER_NAME": "Ana Lima",
            "GIT_COMMITTER_EMAIL": "ana@example.com",
            "GIT_AUTHOR_DATE": stamp,
            "GIT_COMMITTER_DATE": stamp,
        }
        done = subprocess.run(
            ["git", *args], cwd=self.root, env=env, capture_output=True, text=True, check=True
        )
        return done.stdout.strip()

    def write(self, name: str, content: str | bytes) -> None:
        path = self.root / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8", newline="\n")

    def commit(self, message: str) -> str:
        self.day += 1
        self.git("add", "-A")
        self.git("commit", "-q", "-m", message)
        return self.git("rev-parse", "HEAD")


APP_V1 = "import os\nimport sys\n\ndef main():\n    return 0\n"
APP_V2 = "import os\nimport time\n\ndef main():\n    return 0\n\ndef retry():\n    pass\n"


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> tuple[Repo, dict[str, str]]:
    repo = Repo(tmp_path_factory.mktemp("history"))
    shas: dict[str, str] = {}
    repo.write("app.py", APP_V1)
    repo.write("README.md", "# Demo\nSmall demo.\n")
    repo.write("logo.png", b"\x89PNG\r\n\x1a\n\x00\x00\x01")
    shas["init"] = repo.commit("Initial commit")
    repo.write("app.py", APP_V2)
    shas["feat"] = repo.commit("feat: add retry helper")
    repo.write("app.py", APP_V2.replace("return 0", "return run()"))
    shas["fix"] = repo.commit(
        "fix(cache): stale entries after restart (#42)\n\nThe cache kept entries.\n\nFixes #41"
    )
    repo.day += 1
    repo.git("revert", "--no-edit", shas["fix"])
    shas["revert"] = repo.git("rev-parse", "HEAD")
    repo.git("mv", "app.py", "service.py")
    repo.write("service.py", APP_V2.replace("import os\n", "import os  # noqa\n"))
    shas["rename"] = repo.commit("Rename app to service")
    repo.write("README.md", "# Demo\nA small demo.\n")
    shas["typo"] = repo.commit("Fix typo in README")
    repo.write("logo.png", b"\x89PNG\r\n\x1a\n\x00\x00\x02")
    shas["logo"] = repo.commit("Update logo")
    repo.git("checkout", "-q", "-b", "feature")
    repo.write("notes.txt", "one\ntwo\n")
    shas["notes"] = repo.commit("docs: add notes")
    repo.git("checkout", "-q", "main")
    repo.write("README.md", "")
    (repo.root / "README.md").unlink()
    shas["delete"] = repo.commit("hotfix: crash when README is missing")
    repo.day += 1
    repo.git("merge", "-q", "--no-ff", "feature", "-m", "Merge branch 'feature'")
    shas["merge"] = repo.git("rev-parse", "HEAD")
    return repo, shas


def test_commits_newest_first_with_metadata(history: tuple[Repo, dict[str, str]]) -> None:
    repo, shas = history
    commits = read_commits(repo.root)
    assert [c.sha for c in commits] == [
        shas[k]
        for k in (
            "merge",
            "delete",
            "notes",
            "logo",
            "typo",
            "rename",
            "revert",
            "fix",
            "feat",
            "init",
        )
    ]
    fix = commits[7]
    assert fix == Commit(
        sha=shas["fix"],
        parents=(shas["feat"],),
        author="Ana Lima <ana@example.com>",
        date=datetime(2024, 3, 3, 10, 0, tzinfo=PLUS2),
        subject="fix(cache): stale entries after restart (#42)",
        body="The cache kept entries.\n\nFixes #41",
        files=(FileChange("app.py", None, ((5, 5),), ((5, 5),)),),
    )
    assert fix.date.utcoffset() == timedelta(hours=2)
    assert commits[-1].parents == ()
    assert commits[0].parents == (shas["delete"], shas["notes"])
    assert commits[0].files == ()  # merges carry no diff of their own


def test_touched_line_ranges_per_file(history: tuple[Repo, dict[str, str]]) -> None:
    repo, shas = history
    files = {c.sha: c.files for c in read_commits(repo.root)}
    assert files[shas["init"]] == (
        FileChange("README.md", None, ((1, 2),), ()),
        FileChange("app.py", None, ((1, 5),), ()),
        FileChange("logo.png", None, (), ()),
    )
    assert files[shas["feat"]] == (FileChange("app.py", None, ((2, 2), (6, 8)), ((2, 2),)),)
    assert files[shas["revert"]] == (FileChange("app.py", None, ((5, 5),), ((5, 5),)),)
    assert files[shas["rename"]] == (FileChange("service.py", "app.py", ((1, 1),), ((1, 1),)),)
    assert files[shas["logo"]] == (FileChange("logo.png", None, (), ()),)
    assert files[shas["delete"]] == (FileChange("README.md", None, (), ((1, 2),)),)


def test_since_and_max_count(history: tuple[Repo, dict[str, str]]) -> None:
    repo, shas = history
    assert [c.sha for c in read_commits(repo.root, max_count=2)] == [shas["merge"], shas["delete"]]
    recent = read_commits(repo.root, since="2024-03-07T00:00:00+02:00")
    assert [c.subject for c in recent] == [
        "Merge branch 'feature'",
        "hotfix: crash when README is missing",
        "docs: add notes",
        "Update logo",
    ]


def test_classify_the_history(history: tuple[Repo, dict[str, str]]) -> None:
    repo, shas = history
    signals = [s for s in (classify(c) for c in read_commits(repo.root)) if s is not None]
    assert signals == [
        FailureSignal("fix", "crash when README is missing", shas["delete"], None, ()),
        FailureSignal(
            "revert",
            "fix(cache): stale entries after restart (#42)",
            shas["revert"],
            shas["fix"],
            ("#42",),
        ),
        FailureSignal("fix", "stale entries after restart", shas["fix"], None, ("#42", "#41")),
    ]


def test_unusual_paths_and_a_hostile_global_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "home" / ".gitconfig"  # the user's own: read through $HOME
    config.parent.mkdir()
    config.write_text(
        "[diff]\n\tnoprefix = true\n\tmnemonicPrefix = true\n"
        "\trenames = false\n\texternal = false\n"
        "[color]\n\tui = always\n[core]\n\tquotePath = true\n[log]\n\tdecorate = full\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("TEST_GIT_CONFIG", str(config))
    monkeypatch.setenv("HOME", str(config.parent))
    repo = Repo(tmp_path / "repo")
    repo.write("my notes.txt", "a\nb\n")
    repo.write("naïve.py", "x = 1\n")
    repo.commit("Add files")
    repo.git("mv", "my notes.txt", "our notes.txt")
    repo.write("naïve.py", "x = 2\n")
    repo.commit("Rename notes")
    latest = read_commits(repo.root)[0]
    assert latest.files == (
        FileChange("naïve.py", None, ((1, 1),), ((1, 1),)),
        FileChange("our notes.txt", "my notes.txt", (), ()),
    )


def test_a_folder_that_is_not_a_repository(tmp_path: Path) -> None:
    with pytest.raises(IngestError) as info:
        read_commits(tmp_path)
    assert str(info.value) == f"{tmp_path}: not a git repository; run it inside one or pass --repo"
    assert info.value.path == str(tmp_path)
    with pytest.raises(IngestError, match="not a git repository"):
        read_commits(tmp_path / "missing")
    with pytest.raises(IngestError, match="not a git repository"):
        commit_exists(tmp_path, "HEAD")


def test_an_empty_repository_has_no_commits(tmp_path: Path) -> None:
    Repo(tmp_path)
    assert read_commits(tmp_path) == []
    assert commit_exists(tmp_path, "HEAD") is None


def test_commit_exists(history: tuple[Repo, dict[str, str]]) -> None:
    repo, shas = history
    assert commit_exists(repo.root, shas["fix"][:8]) == shas["fix"]
    assert commit_exists(repo.root, "HEAD~1") == shas["delete"]
    assert commit_exists(repo.root, "feature") == shas["notes"]
    assert commit_exists(repo.root, "0" * 40) is None
    assert commit_exists(repo.root, "no-such-branch") is None
    assert commit_exists(repo.root, "HEAD:service.py") is None  # a blob, not a commit
    assert commit_exists(repo.root, "--output=/tmp/x") is None
    assert commit_exists(repo.root, "HEAD ~1") is None
    assert commit_exists(repo.root, "") is None


def commit(subject: str, body: str = "") -> Commit:
    return Commit("c0ffee", (), "A <a@x>", datetime(2024, 1, 1, tzinfo=UTC), subject, body, ())


@pytest.mark.parametrize(
    ("subject", "body", "expected"),
    [
        (
            'Revert "Use a shared cache"',
            "This reverts commit 1a2b3c4d5e6f.",
            ("revert", "Use a shared cache", "1a2b3c4d5e6f"),
        ),
        (
            'Revert "Revert "Use a shared cache""',
            "",
            ("revert", 'Revert "Use a shared cache"', None),
        ),
        (
            "Back out the cache change",
            "This reverts commit 1a2b3c4.",
            ("revert", "Back out the cache change", "1a2b3c4"),
        ),
        ("revert: shared cache", "", ("revert", "shared cache", None)),
        ("fix: null pointer in parser", "", ("fix", "null pointer in parser", None)),
        ("fix(parser)!: crash on empty input", "", ("fix", "crash on empty input", None)),
        ("Fix race between flush and close", "", ("fix", "race between flush and close", None)),
        ("Fixed login loop with SSO", "", ("fix", "login loop with SSO", None)),
        ("Fixes #123", "", ("fix", "#123", None)),
        ("Fix #12: crash on start", "", ("fix", "crash on start", None)),
        ("Handle empty config (fixes #77)", "", ("fix", "Handle empty config", None)),
        ("hotfix for checkout timeouts", "", ("fix", "checkout timeouts", None)),
        ("Bugfix: wrong VAT on refunds", "", ("fix", "wrong VAT on refunds", None)),
        ("[fix] double charge on retry", "", ("fix", "double charge on retry", None)),
        (
            "Regression: search returns deleted items",
            "",
            ("fix", "search returns deleted items", None),
        ),
        ("fix flaky login", "", ("fix", "flaky login", None)),
    ],
)
def test_classify_signals(subject: str, body: str, expected: tuple[str, str, str | None]) -> None:
    signal = classify(commit(subject, body))
    assert signal is not None
    assert (signal.kind, signal.what, signal.reverted) == expected
    assert signal.sha == "c0ffee"


@pytest.mark.parametrize(
    "subject",
    [
        "fix typo",
        "Fix typos in README",
        "fix: a small typo",
        "fix lint",
        "Fix linting errors",
        "fix formatting",
        "fix: formatting",
        "Fix docs",
        "fix(docs): broken link",
        "fix tests",
        "Fix flaky test",
        "fix failing tests on CI",
        "fix(deps): bump httpx to 0.28",
        "fix mypy",
        "fix",
        "fix:",
        "fixup! Add retry",
        "Add regression test for #12",
        "Regression test for search",
        "feat: add prefix option",
        "Merge branch 'fix-login'",
        "Prefix handling",
    ],
)
def test_classify_ignores_noise(subject: str) -> None:
    assert classify(commit(subject)) is None


def test_issue_refs_from_subject_and_closing_lines() -> None:
    signal = classify(
        commit(
            "fix: lost writes (#90)", "Seen in step #2.\n\nFixes #88\nCloses acme/api#7\nRefs GH-3"
        )
    )
    assert signal == FailureSignal(
        "fix", "lost writes", "c0ffee", None, ("#90", "#88", "acme/api#7")
    )
