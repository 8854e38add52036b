"""Code identity through real history: files and folders that move, modules renamed with small
edits, same-named classes in sibling modules, files that come back. Each test builds a small
repository, attaches memory to symbols, changes the repository the way a commit does, re-indexes
and asks pre-edit at the new place."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from hippograph.errors import IngestError
from hippograph.graph.client import Graph
from hippograph.memory import Memory

ASYNC_BACKEND = '''"""Streams over asyncio."""
import asyncio


class SocketStream:
    def __init__(self, transport):
        self._transport = transport
        self._closed = False

    async def send(self, data):
        self._transport.write(data)
        await asyncio.sleep(0)

    async def aclose(self):
        self._closed = True
        self._transport.close()


class Event:
    def __init__(self):
        self._event = asyncio.Event()

    def set(self):
        self._event.set()

    async def wait(self):
        await self._event.wait()


def current_time():
    return asyncio.get_running_loop().time()
'''

TRIO_BACKEND = '''"""Streams over trio."""
import trio


class SocketStream:
    def __init__(self, stream):
        self._stream = stream

    async def send(self, data):
        await self._stream.send_all(data)

    async def aclose(self):
        await self._stream.aclose()


class Event:
    def __init__(self):
        self._event = trio.Event()

    def set(self):
        self._event.set()

    async def wait(self):
        await self._event.wait()


def current_time():
    return trio.current_time()
'''

MODELS = '''"""Request and response models."""


class URL:
    def __init__(self, url):
        self.raw = url
        self.scheme, _, rest = url.partition("://")
        self.host = rest.split("/")[0]

    def join(self, path):
        return URL(self.scheme + "://" + self.host + "/" + path.lstrip("/"))


class Headers:
    def __init__(self, items=None):
        self._items = list(items or [])

    def get(self, key, default=None):
        for k, v in self._items:
            if k.lower() == key.lower():
                return v
        return default


class Request:
    def __init__(self, method, url, headers=None):
        self.method = method
        self.url = URL(url)
        self.headers = Headers(headers)


class Response:
    def __init__(self, status_code, headers=None, content=b""):
        self.status_code = status_code
        self.headers = Headers(headers)
        self.content = content

    def raise_for_status(self):
        if self.status_code >= 400:
            raise ValueError(self.status_code)
'''


def git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", *args],
        cwd=root,
        check=True,
        capture_output=True,
    )


def new_repo(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "proj"
    root.mkdir()
    git(root, "init", "-q")
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    git(root, "add", "-A")
    git(root, "commit", "-qm", "start")
    return root


def attach(memory: Memory, places: list[str]) -> dict[str, str]:
    """One decision governing each FILE:SYMBOL (as `hippo decide --governs FILE:SYMBOL` does):
    place -> decision id."""
    return {
        place: memory.decide(
            f"Keep the behaviour of {place} {i}",
            governs=[place],
            source_ref=f"adr#{i}",
        ).id
        for i, place in enumerate(places)
    }


def reachable(
    memory: Memory, root: Path, where: dict[str, str], ids: dict[str, str]
) -> dict[str, tuple[bool, list[str]]]:
    """For each old FILE:SYMBOL, whether pre-edit at its new FILE:SYMBOL shows its decision, and
    the decisions of other symbols it shows (a wrong attachment)."""
    out = {}
    for old, place in where.items():
        bundle = memory.pre_edit(str(root / place))
        shown = {d["id"] for d in bundle.decisions}
        out[old] = (ids[old] in shown, sorted(shown - {ids[old]}))
    return out


def all_reachable(places: list[str]) -> dict[str, tuple[bool, list[str]]]:
    return {p: (True, []) for p in places}


def test_a_folder_renamed_with_same_named_classes_in_sibling_files(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    root = new_repo(
        tmp_path,
        {"pkg/_backends/_asyncio.py": ASYNC_BACKEND, "pkg/_backends/_trio.py": TRIO_BACKEND},
    )
    memory.index(root)
    places = [
        f"pkg/_backends/{m}.py:{s}"
        for m in ("_asyncio", "_trio")
        for s in ("SocketStream", "Event", "current_time", "Event.set", "SocketStream.aclose")
    ]
    ids = attach(memory, places)
    git(root, "mv", "pkg/_backends", "pkg/backends")
    git(root, "commit", "-qm", "move")
    memory.index(root)
    where = {p: p.replace("_backends", "backends") for p in places}
    assert reachable(memory, root, where, ids) == all_reachable(places)


def test_sibling_modules_moved_and_edited_keep_their_own_classes(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    root = new_repo(
        tmp_path,
        {"pkg/_backends/_asyncio.py": ASYNC_BACKEND, "pkg/_backends/_trio.py": TRIO_BACKEND},
    )
    memory.index(root)
    places = [
        f"pkg/_backends/{m}.py:{s}"
        for m in ("_asyncio", "_trio")
        for s in ("SocketStream", "Event", "current_time")
    ]
    ids = attach(memory, places)
    git(root, "mv", "pkg/_backends", "pkg/streams")
    for name in ("_asyncio", "_trio"):
        path = root / f"pkg/streams/{name}.py"
        text = path.read_text().replace(
            "async def aclose(self):", "async def aclose(self) -> None:"
        )
        path.write_text(text.replace("def set(self):", "def set(self) -> None:"))
    memory.index(root)
    where = {p: p.replace("_backends", "streams") for p in places}
    assert reachable(memory, root, where, ids) == all_reachable(places)


def test_modules_renamed_to_private_with_a_one_line_change_per_class(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    root = new_repo(
        tmp_path, {"client/models.py": MODELS, "client/api.py": "def get(url):\n    return url\n"}
    )
    memory.index(root)
    places = [f"client/models.py:{c}" for c in ("URL", "Headers", "Request", "Response")]
    places.append("client/models.py:Response.raise_for_status")
    ids = attach(memory, places)
    git(root, "mv", "client/models.py", "client/_models.py")
    path = root / "client/_models.py"
    text = path.read_text()
    text = text.replace("self.raw = url", "self.raw = str(url)")
    text = text.replace(
        "self._items = list(items or [])", "self._items = [tuple(i) for i in items or []]"
    )
    text = text.replace("self.method = method", "self.method = method.upper()")
    text = text.replace(
        "raise ValueError(self.status_code)", "raise RuntimeError(self.status_code)"
    )
    path.write_text(text)
    memory.index(root)
    where = {p: p.replace("models.py", "_models.py") for p in places}
    assert reachable(memory, root, where, ids) == all_reachable(places)


def test_a_package_renamed_with_a_sixth_of_its_lines_changed(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    root = new_repo(tmp_path, {"old/models.py": MODELS, "old/backend.py": ASYNC_BACKEND})
    memory.index(root)
    places = [f"old/models.py:{c}" for c in ("URL", "Headers", "Request", "Response")]
    places += [f"old/backend.py:{c}" for c in ("SocketStream", "Event", "current_time")]
    ids = attach(memory, places)
    git(root, "mv", "old", "new")
    models = (root / "new/models.py").read_text()
    models = models.replace('"""Request and response models."""', '"""Models."""\n\nDEFAULT = 5')
    models = models.replace(
        "        return default\n", "        return default if default is not None else DEFAULT\n"
    )
    models = models.replace(
        "self.content = content", "self.content = bytes(content)\n        self.elapsed = 0.0"
    )
    (root / "new/models.py").write_text(models)
    backend = (root / "new/backend.py").read_text()
    backend = backend.replace("await asyncio.sleep(0)", "await asyncio.sleep(0.001)")
    backend = backend.replace(
        "self._closed = False", "self._closed = False\n        self._sent = 0"
    )
    (root / "new/backend.py").write_text(backend)
    memory.index(root)
    where = {p: p.replace("old/", "new/") for p in places}
    assert reachable(memory, root, where, ids) == all_reachable(places)


def test_a_module_folded_into_another(memory: Memory, graph: Graph, tmp_path: Path) -> None:
    helpers = "def slugify(text):\n    text = text.lower()\n    return text.replace(' ', '-')\n"
    root = new_repo(
        tmp_path, {"app/helpers.py": helpers, "app/views.py": "def index():\n    return 'ok'\n"}
    )
    memory.index(root)
    ids = attach(memory, ["app/helpers.py:slugify", "app/views.py:index"])
    (root / "app/views.py").write_text("def index():\n    return 'ok'\n\n\n" + helpers)
    git(root, "rm", "-q", "app/helpers.py")
    memory.index(root)
    where = {
        "app/helpers.py:slugify": "app/views.py:slugify",
        "app/views.py:index": "app/views.py:index",
    }
    assert reachable(memory, root, where, ids) == all_reachable(list(where))


def test_a_file_that_comes_back_is_revived_not_created_twice(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    root = new_repo(tmp_path, {"app/a.py": ASYNC_BACKEND, "app/b.py": "def b():\n    return 1\n"})
    memory.index(root)
    ids = attach(memory, ["app/a.py:SocketStream"])
    git(root, "rm", "-q", "app/a.py")
    git(root, "commit", "-qm", "drop a")
    gone = memory.index(root)
    assert gone.files_retired == 1
    for _ in range(2):  # back and forth, twice
        git(root, "checkout", "-q", "HEAD~1")
        back = memory.index(root)
        assert back.files_revived == 1 and back.symbols_revived > 0 and back.symbols_created == 0
        assert reachable(
            memory, root, {"a": "app/a.py:SocketStream"}, {"a": ids["app/a.py:SocketStream"]}
        ) == {"a": (True, [])}
        git(root, "checkout", "-q", "-")
        assert memory.index(root).files_retired == 1
    files = graph.read("code_files", project=back.project)[0]["files"]
    assert sorted(f["path"] for f in files) == ["app/a.py", "app/b.py"]  # one node per path


def test_governs_file_symbol_names_one_symbol_or_says_which(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    root = new_repo(tmp_path, {"pkg/a.py": ASYNC_BACKEND, "pkg/b.py": TRIO_BACKEND})
    memory.index(root)
    ids = attach(memory, ["pkg/b.py:Event"])
    bundle = memory.pre_edit(str(root / "pkg/b.py:Event"))
    assert [d["id"] for d in bundle.decisions] == [ids["pkg/b.py:Event"]]
    assert memory.pre_edit(str(root / "pkg/a.py:Event")).decisions == []
    with pytest.raises(IngestError, match=r"names 2 symbols"):
        memory.decide("Constructors stay cheap", governs=["pkg/b.py:__init__"])


def test_files_indexed_with_an_older_sketch_are_read_again_once(
    memory: Memory, graph: Graph, tmp_path: Path
) -> None:
    from hippograph.code import identity
    from hippograph.units import store

    root = new_repo(tmp_path, {"app/a.py": ASYNC_BACKEND, "app/b.py": TRIO_BACKEND})
    first = memory.index(root)
    files = graph.read("code_files", project=first.project)[0]["files"]
    assert {f["sketch_version"] for f in files} == {identity.SKETCH_VERSION}
    a = next(f for f in files if f["path"] == "app/a.py")
    graph.write_tx(
        lambda tx: store.update_node(tx, a["id"], {"sketch_version": None}, actor="test")
    )
    again = memory.index(root)
    assert again.files_indexed == 1 and again.files_unchanged == 1
    assert again.symbols_created == 0 and again.symbols_retired == 0
    assert memory.index(root).files_indexed == 0


def test_many_files_and_edges_are_written_in_several_transactions_all_the_same(
    memory: Memory, graph: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hippograph.code import edges, indexer

    files = {
        f"app/m{i}.py": f"def f{i}(x):\n    return g{i}(x)\n\n\ndef g{i}(x):\n    return x\n"
        for i in range(7)
    }
    files["app/main.py"] = "from app.m0 import f0\n\n\ndef main():\n    return f0(1) + f1(2)\n"
    root = new_repo(tmp_path, files)
    whole = memory.index(root)
    graph.run_autocommit("clear_database")
    monkeypatch.setattr(indexer, "CHUNK_FILES", 2)
    monkeypatch.setattr(edges, "EDGES_PER_TX", 3)
    chunked = memory.index(root)
    assert chunked.symbols_created == whole.symbols_created == 15
    assert chunked.calls_linked == whole.calls_linked == 9
    assert chunked.imports_linked == whole.imports_linked == 1
    indexed = graph.read("code_files", project=chunked.project)[0]["files"]
    assert sorted(r["path"] for r in indexed) == sorted(files)
