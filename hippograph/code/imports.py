"""Which files of the same project an import names: the targets of ``IMPORTS`` edges.

Pure: a path, the import as written and the project's file paths in; file paths out. Only
imports that land on a file of the project resolve; packages from outside (``os``,
``react``, ``java.util.List``) resolve to nothing and stay in ``File.imports`` as written.
Resolution is by file layout, per language, without running or configuring a build tool:

- Python: ``a.b`` is ``a/b.py`` or ``a/b/__init__.py`` at the root or under any folder (a
  ``src/`` layout); leading dots are relative to the importing file's package; a name taken
  from a package may be a submodule (``from . import utils``).
- JavaScript / TypeScript: relative specifiers only (``./x``, ``../lib/y``), with the usual
  extensions and ``index`` files.
- Go: the import path's trailing folders name a package folder; every non-test file in it.
- Rust: ``crate::``, ``self::`` and ``super::`` paths, to ``x.rs`` or ``x/mod.rs``.
- Java, Kotlin-style and PHP (PSR-4) names: the file whose path ends with the name's segments.
- PHP ``require``/``include`` of a relative path.

The encoding of an import in ``File.import_refs``: ``module`` or ``module:name1,name2``.
"""

from __future__ import annotations

import posixpath
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

JS_EXTENSIONS = (".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")
JS_LANGUAGES = frozenset({"javascript", "typescript", "tsx"})


def encode(module: str, names: Iterable[str]) -> str:
    """One import as stored on its file."""
    taken = [n for n in names if n and n != "default"]
    return f"{module}:{','.join(taken)}" if taken else module


def decode(ref: str) -> tuple[str, tuple[str, ...]]:
    """The stored form back into (module, names). A module never contains ':' except Rust's '::'."""
    head, sep, tail = ref.rpartition(":")
    if not sep or head.endswith(":") or not head:
        return ref, ()
    return head, tuple(n for n in tail.split(",") if n)


@dataclass(frozen=True)
class Layout:
    """A project's file paths, indexed by every path suffix and by folder, so that resolving
    the imports of a large repository is lookups, not scans."""

    files: frozenset[str]
    by_suffix: dict[str, set[str]] = field(default_factory=dict, compare=False)
    by_folder: dict[str, set[str]] = field(default_factory=dict, compare=False)
    folders_ending: dict[str, set[str]] = field(default_factory=dict, compare=False)

    @classmethod
    def of(cls, paths: Iterable[str]) -> Layout:
        """Index ``paths`` (posix, relative to the repository root)."""
        files = frozenset(paths)
        suffixes: defaultdict[str, set[str]] = defaultdict(set)
        folders: defaultdict[str, set[str]] = defaultdict(set)
        for f in files:
            parts = f.split("/")
            for i in range(len(parts)):
                suffixes["/".join(parts[i:])].add(f)
            folders[posixpath.dirname(f)].add(f)
        ending: defaultdict[str, set[str]] = defaultdict(set)
        for folder in folders:
            parts = folder.split("/")
            for i in range(len(parts)):
                ending["/".join(parts[i:])].add(folder)
        return cls(files, dict(suffixes), dict(folders), dict(ending))

    def __contains__(self, path: object) -> bool:
        return path in self.files


def resolve(
    path: str, language: str, module: str, names: tuple[str, ...], files: Layout
) -> set[str]:
    """The project files one import of ``path`` names (empty when it names none)."""
    if language == "python":
        found = _python(path, module, names, files)
    elif language in JS_LANGUAGES:
        found = _javascript(path, module, files)
    elif language == "go":
        found = _go(module, files)
    elif language == "rust":
        found = _rust(path, module, files)
    elif language == "php" and ("/" in module or module.endswith(".php")):
        found = _first(files, [_join(posixpath.dirname(path), module), module])
    else:  # java, php namespaces, and the rest: dotted or backslashed names ending in a type
        found = _by_suffix(
            module.replace("\\", ".").split("."), files, _EXTENSION.get(language, ())
        )
    found.discard(path)
    return found


_EXTENSION = {
    "java": (".java",),
    "php": (".php",),
    "kotlin": (".kt",),
    "scala": (".scala",),
    "c_sharp": (".cs",),
}


def _join(folder: str, relative: str) -> str:
    return posixpath.normpath(posixpath.join(folder, relative)).lstrip("./") if relative else folder


def _first(files: Layout, candidates: Iterable[str]) -> set[str]:
    for candidate in candidates:
        if candidate in files:
            return {candidate}
    return set()


def _by_suffix(parts: list[str], files: Layout, extensions: tuple[str, ...]) -> set[str]:
    """The file whose path ends with the name's last segments, as many as match (a namespace
    prefix such as PHP's ``App\\`` may map to another folder name); at least two segments of a
    longer name, so ``java.util.List`` never lands on a ``List.java`` of the project."""
    parts = [p for p in parts if p]
    shortest = 1 if len(parts) == 1 else 2
    for start in range(0, len(parts) - shortest + 1):
        tails = ["/".join(parts[start:]) + ext for ext in extensions]
        hits = _ending(files, tails)
        if hits:
            return hits if len(hits) == 1 else set()  # two candidates: ambiguous, link neither
    return set()


def _python(path: str, module: str, names: tuple[str, ...], files: Layout) -> set[str]:
    dots = len(module) - len(module.lstrip("."))
    stem = module[dots:].replace(".", "/")
    if dots:
        base = posixpath.dirname(path)
        for _ in range(dots - 1):
            base = posixpath.dirname(base)
        root = _join(base, stem)
        found = _first(
            files,
            [root + ".py", root + "/__init__.py"]
            if stem
            else [posixpath.join(root, "__init__.py")],
        )
        for name in names:  # ``from . import utils``: a module of the package
            found |= _first(
                files,
                [posixpath.join(root, name) + ".py", posixpath.join(root, name, "__init__.py")],
            )
        return found
    found = _closest(path, _ending(files, [stem + ".py", stem + "/__init__.py"]))
    for name in names:  # ``from pkg import sub``: sub may be a module of the package
        found |= _closest(path, _ending(files, [f"{stem}/{name}.py", f"{stem}/{name}/__init__.py"]))
    return found


def _ending(files: Layout, tails: list[str]) -> set[str]:
    """Files whose path is one of ``tails`` or ends with ``/`` + one of them."""
    return {f for tail in tails for f in files.by_suffix.get(tail.strip("/"), ())}


def _closest(path: str, hits: set[str]) -> set[str]:
    """One of several same-named modules: the one sharing the longest folder prefix with the
    importer; a tie links none (never a guess)."""
    if len(hits) <= 1:
        return hits
    here = [p for p in posixpath.dirname(path).split("/") if p]

    def shared(f: str) -> int:
        there = [p for p in posixpath.dirname(f).split("/") if p]
        n = 0
        while n < min(len(here), len(there)) and here[n] == there[n]:
            n += 1
        return n

    best = max(shared(f) for f in hits)
    top = {f for f in hits if shared(f) == best}
    return top if len(top) == 1 else set()


def _javascript(path: str, module: str, files: Layout) -> set[str]:
    if not module.startswith("."):
        return set()  # a package, not a file of this project
    target = _join(posixpath.dirname(path), module)
    candidates = (
        [target]
        + [target + ext for ext in JS_EXTENSIONS]
        + [f"{target}/index{ext}" for ext in JS_EXTENSIONS]
    )
    if target.endswith(".js"):  # TypeScript sources imported by their compiled name
        candidates += [target[:-3] + ext for ext in (".ts", ".tsx")]
    return _first(files, candidates)


def _go(module: str, files: Layout) -> set[str]:
    parts = module.split("/")
    for start in range(len(parts)):
        folder = "/".join(parts[start:])
        folders = files.folders_ending.get(folder, set())
        hits = {
            f
            for d in folders
            for f in files.by_folder[d]
            if f.endswith(".go") and not f.endswith("_test.go")
        }
        if hits:
            folders = {posixpath.dirname(f) for f in hits}
            return hits if len(folders) == 1 else set()
    return set()


def _rust(path: str, module: str, files: Layout) -> set[str]:
    parts = module.split("::")
    if parts[0] == "crate":
        src = (
            path.split("/src/")[0] + "/src"
            if "/src/" in path
            else ("src" if path.startswith("src/") else "")
        )
        base, rest = src, parts[1:]
    elif parts[0] in ("self", "super"):
        here = posixpath.dirname(path)
        mod_dir = (
            here
            if posixpath.basename(path) in ("mod.rs", "lib.rs", "main.rs")
            else posixpath.join(here, posixpath.splitext(posixpath.basename(path))[0])
        )
        base, rest = mod_dir, parts[1:]
        while rest and rest[0] == "super":
            base, rest = posixpath.dirname(base), rest[1:]
        if parts[0] == "super":
            base = posixpath.dirname(base)
    else:
        return set()  # another crate
    for end in range(
        len(rest), 0, -1
    ):  # the longest path that is a module file (the rest are items in it)
        stem = posixpath.join(base, *rest[:end]) if base else "/".join(rest[:end])
        hit = _first(files, [stem + ".rs", stem + "/mod.rs"])
        if hit:
            return hit
    return set()
