"""The on-disk snapshot format: one JSON object per line, tagged values, and the manifest.

A snapshot folder holds ``manifest.json``, ``nodes/<Kind>.jsonl`` and
``edges/<TYPE>.jsonl``. A line is a JSON object with sorted keys and no spaces;
property values that JSON cannot carry exactly are tagged objects with one key:
``{"$datetime": "2026-03-01T12:00:00.123456789Z"}`` (also ``$localdatetime``,
``$date``, ``$time``, ``$localtime``, ``$duration``, in Neo4j's own ISO-8601
text) and ``{"$float": "NaN"}`` (or ``Infinity``, ``-Infinity``). Encoding
lives here next to decoding, so what export writes is what import accepts.

A per-project export (``hippo export DIR --project P``) adds ``references/<TYPE>.jsonl``:
relationships between a node of the export and one outside it, in the edge line format.
Import does not read them (their far ends are not in the snapshot); the manifest counts them
under ``references`` and names the exported scopes under ``projects``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

from hippograph.schema import NodeLabel, RelType
from hippograph.units.store import kind_of

FORMAT = "hippograph-snapshot"
VERSION = 1
MANIFEST = "manifest.json"
INT64 = (-(2**63), 2**63 - 1)

# valueType() name -> tag; the names match the CASE in export_*_page.cypher and
# each tag (without "$") is a kind that import_*.cypher parses back.
TEMPORAL_TAGS = {
    "ZONED DATETIME": "$datetime",
    "LOCAL DATETIME": "$localdatetime",
    "DATE": "$date",
    "ZONED TIME": "$time",
    "LOCAL TIME": "$localtime",
    "DURATION": "$duration",
}
_TIME = r"([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?"
_ZONE = r"(Z|[+-]\d{2}:\d{2}(:\d{2})?)(\[[A-Za-z0-9_+\-/]+\])?"
_NUM = r"-?\d+"
_TAG_SHAPES = {
    "$datetime": re.compile(rf"\d{{4}}-\d{{2}}-\d{{2}}T{_TIME}{_ZONE}"),
    "$localdatetime": re.compile(rf"\d{{4}}-\d{{2}}-\d{{2}}T{_TIME}"),
    "$date": re.compile(r"\d{4}-\d{2}-\d{2}"),
    "$time": re.compile(rf"{_TIME}{_ZONE}"),
    "$localtime": re.compile(_TIME),
    "$duration": re.compile(
        rf"P(?=.)({_NUM}Y)?({_NUM}M)?({_NUM}W)?({_NUM}D)?(T(?=.)({_NUM}H)?({_NUM}M)?({_NUM}(\.\d{{1,9}})?S)?)?"
    ),
}
_FLOATS = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}
_SCALARS = {"STRING", "INTEGER", "FLOAT", "BOOLEAN"}
NODE_KEYS = frozenset({"id", "labels", "props"})
EDGE_KEYS = frozenset({"id", "type", "source_id", "target_id", "props"})
NODE_LABELS = frozenset(label.value for label in NodeLabel)
NODE_KINDS = NODE_LABELS - {NodeLabel.MEMORY.value}  # what kind_of() can return
EDGE_TYPES = frozenset(rel.value for rel in RelType)


_LINE_BREAKS = {ord(c): f"\\u{ord(c):04x}" for c in "\x85\u2028\u2029"}


class LineError(ValueError):
    """One snapshot line (or the manifest) is malformed; the message says how."""


def dump_line(obj: dict[str, Any]) -> str:
    """The canonical text of one line: sorted keys, no spaces, UTF-8 as is, trailing newline."""
    text = json.dumps(
        obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False
    )
    # Some tools (str.splitlines, editors) also break lines at these; JSON may escape them,
    # so it does.
    return text.translate(_LINE_BREAKS) + "\n"


def dump_manifest(files: dict[str, int], extra: dict[str, Any] | None = None) -> str:
    """The canonical manifest text for these per-file line counts (no timestamps), with
    ``extra`` keys that import does not read (a per-project export's projects and references)."""
    nodes = sum(n for name, n in files.items() if name.startswith("nodes/"))
    body: dict[str, Any] = {
        **(extra or {}),
        "format": FORMAT,
        "version": VERSION,
        "nodes": nodes,
        "edges": sum(files.values()) - nodes,
        "files": files,
    }
    return json.dumps(body, sort_keys=True, ensure_ascii=False, indent=2) + "\n"


def _encode_float(value: float) -> Any:
    if math.isfinite(value):
        return value
    return {"$float": "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")}


def encode_props(owner: str, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """Turn the ``props`` column of an export page into a JSON-ready map with tagged values."""
    out: dict[str, Any] = {}
    for entry in entries:
        key, value = entry["key"], entry["value"]
        vtype = str(entry["type"]).replace(" NOT NULL", "")
        if vtype in TEMPORAL_TAGS and isinstance(value, str):
            out[key] = {TEMPORAL_TAGS[vtype]: value}
        elif vtype in _SCALARS and isinstance(value, str | int | float):
            out[key] = _encode_float(value) if isinstance(value, float) else value
        elif (
            vtype.startswith("LIST<")
            and vtype[5:-1] in _SCALARS | {"NOTHING"}
            and isinstance(value, list)
        ):
            out[key] = [_encode_float(v) if isinstance(v, float) else v for v in value]
        else:
            raise LineError(
                f"{owner} has property {key!r} of type {vtype}, which a snapshot cannot store; "
                "convert or remove it, then export again."
            )
    return out


def _decode_scalar(value: Any, where: str) -> Any:
    if isinstance(value, dict) and set(value) == {"$float"} and value["$float"] in _FLOATS:
        return _FLOATS[value["$float"]]
    if isinstance(value, bool | str | float):
        return value
    if isinstance(value, int):
        if not INT64[0] <= value <= INT64[1]:
            raise LineError(f"{where} is an integer outside the 64-bit range Neo4j stores")
        return value
    if value is None:
        raise LineError(f"{where} is null; a stored property is never null, so leave the key out")
    raise LineError(
        f"{where} is {json.dumps(value, ensure_ascii=False)[:80]}, which is not a storable value"
    )


def _check_temporal(tag: str, text: Any, where: str) -> str:
    shape = _TAG_SHAPES[tag]
    if not isinstance(text, str) or not shape.fullmatch(text):
        raise LineError(
            f"{where} has {tag} value {text!r}, which is not ISO-8601 text of that kind"
        )
    if tag in ("$datetime", "$localdatetime", "$date"):
        try:
            date.fromisoformat(text[:10])
        except ValueError:
            raise LineError(
                f"{where} has {tag} value {text!r}, which is not a calendar date"
            ) from None
    return text


def decode_props(props: Any, owner: str) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """Split a line's ``props`` into plain values and temporal ``{key, kind, value}`` rows,
    checking every value."""
    if not isinstance(props, dict):
        raise LineError(f"{owner}: props is not a JSON object")
    plain: dict[str, Any] = {}
    temporals: list[dict[str, str]] = []
    for key, value in props.items():
        where = f"{owner}: property {key!r}"
        if not key:
            raise LineError(f"{owner} has a property with an empty name")
        if isinstance(value, dict) and len(value) == 1 and next(iter(value)) in _TAG_SHAPES:
            tag = next(iter(value))
            temporals.append(
                {"key": key, "kind": tag[1:], "value": _check_temporal(tag, value[tag], where)}
            )
        elif isinstance(value, list):
            items = [_decode_scalar(v, where) for v in value]
            if len({type(v) for v in items}) > 1:
                raise LineError(f"{where} mixes value types in one list, which Neo4j cannot store")
            plain[key] = items
        else:
            plain[key] = _decode_scalar(value, where)
    return plain, temporals


def _load(text: str) -> dict[str, Any]:
    def refuse(name: str) -> Any:
        raise LineError(f'the bare constant {name} is not allowed; write {{"$float": "{name}"}}')

    try:
        obj = json.loads(text, parse_constant=refuse)
    except json.JSONDecodeError as exc:
        raise LineError(f"the line is not valid JSON ({exc.msg} at column {exc.colno})") from None
    if not isinstance(obj, dict):
        raise LineError("the line is not a JSON object")
    return obj


def _keys(obj: dict[str, Any], expected: frozenset[str]) -> None:
    if set(obj) != expected:
        missing, extra = sorted(expected - set(obj)), sorted(set(obj) - expected)
        raise LineError(
            f"the line's keys differ from the format: missing {missing}, unexpected {extra}"
        )


def _text_id(obj: dict[str, Any], key: str) -> str:
    value = obj[key]
    if not isinstance(value, str) or not value:
        raise LineError(
            f"{key} must be a non-empty string, not {json.dumps(value, ensure_ascii=False)[:80]}"
        )
    return value


def decode_node(text: str, kind: str) -> dict[str, Any]:
    """Check one line of ``nodes/<kind>.jsonl`` and return its ``import_nodes`` row
    (plus ``id``)."""
    obj = _load(text)
    _keys(obj, NODE_KEYS)
    node_id = _text_id(obj, "id")
    labels = obj["labels"]
    if not isinstance(labels, list) or not all(isinstance(label, str) for label in labels):
        raise LineError(f"node {node_id}: labels must be a list of strings")
    unknown = sorted(set(labels) - NODE_LABELS)
    if unknown or len(set(labels)) != len(labels) or NodeLabel.NODE.value not in labels:
        raise LineError(
            f"node {node_id}: labels {labels} must be distinct NodeLabel names including "
            f"'Node' (unknown: {unknown})"
        )
    labels = [NodeLabel(label).value for label in sorted(labels)]
    if kind_of(labels) != kind:
        raise LineError(
            f"node {node_id} has kind {kind_of(labels)}, so it belongs in "
            f"nodes/{kind_of(labels)}.jsonl"
        )
    props, temporals = decode_props(obj["props"], f"node {node_id}")
    if props.get("id") != node_id:
        raise LineError(f"node {node_id}: props.id must equal the line's id")
    return {"id": node_id, "labels": labels, "props": props, "temporals": temporals}


def decode_edge(text: str, rel_type: str) -> dict[str, Any]:
    """Check one line of ``edges/<rel_type>.jsonl`` and return its ``import_edges`` row
    (plus ``id``)."""
    obj = _load(text)
    _keys(obj, EDGE_KEYS)
    edge_id = _text_id(obj, "id")
    if obj["type"] != rel_type:
        raise LineError(
            f"edge {edge_id} has type {obj['type']!r} but sits in edges/{rel_type}.jsonl"
        )
    source_id, target_id = _text_id(obj, "source_id"), _text_id(obj, "target_id")
    props, temporals = decode_props(obj["props"], f"edge {edge_id}")
    if props.get("id") != edge_id:
        raise LineError(f"edge {edge_id}: props.id must equal the line's id")
    row = {"type": RelType(rel_type).value, "source_id": source_id, "target_id": target_id}
    return {"id": edge_id, **row, "props": props, "temporals": temporals}


def read_lines(path: Path) -> Iterator[tuple[int, bytes]]:
    """Numbered raw lines of a snapshot file, split on newlines only."""
    with path.open("rb") as handle:
        yield from enumerate(handle, start=1)


def line_text(raw: bytes) -> str:
    """One raw line as text, without its line ending."""
    try:
        return raw.decode("utf-8").rstrip("\r\n")
    except UnicodeDecodeError as exc:
        raise LineError(f"the line is not UTF-8 (byte {exc.start + 1})") from None


def parse_manifest(text: str) -> dict[str, int]:
    """Check a manifest's text and return its per-file line counts."""
    try:
        body = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LineError(
            f"manifest.json is not valid JSON ({exc.msg} at line {exc.lineno})"
        ) from None
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise LineError(f"manifest.json does not describe a {FORMAT}")
    if body.get("version") != VERSION:
        raise LineError(
            f"manifest.json has format version {body.get('version')!r}; this "
            f"hippograph reads version {VERSION}"
        )
    files = body.get("files")
    if not isinstance(files, dict):
        raise LineError("manifest.json has no 'files' map of line counts")
    for name, count in files.items():
        folder, _, stem = name.removesuffix(".jsonl").partition("/")
        allowed = (
            NODE_KINDS if folder == "nodes" else EDGE_TYPES if folder == "edges" else frozenset()
        )
        if not name.endswith(".jsonl") or stem not in allowed:
            raise LineError(
                f"manifest.json lists {name!r}, which is not nodes/<NodeLabel>.jsonl "
                "or edges/<RelType>.jsonl"
            )
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise LineError(
                f"manifest.json gives {name!r} the count {count!r}; counts are whole numbers"
            )
    return dict(files)
