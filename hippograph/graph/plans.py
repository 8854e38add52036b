"""What Cypher someone else wrote (an agent's ``run_cypher``) may do: an allow-list of reads.

A statement is planned with EXPLAIN, never run, and runs only when Neo4j types it a read
(``r``) and every operator of its plan is one that only reads: scans and seeks, expansions,
filters, projections, joins, sorting, aggregation. Procedures run only when they read the
graph or its indexes (``db.labels``, the full-text and vector index queries, ...).
Everything else is refused by name: ``SHOW TRANSACTIONS`` (other sessions' queries), ``SHOW
SETTINGS``, statistics collection, index sampling, any write, ``LOAD CSV``, and whatever
operator a future Neo4j adds until it is reviewed and listed here.

One thing no plan shows: a loop inside an expression. Neo4j evaluates ``reduce`` and list
comprehensions without checking its timeout or memory limit (a ``reduce`` over
``range(1, 100000000)`` ran for minutes after its 10 s timeout had marked it terminated), and
only ``range()`` can make such a list from nothing. So every ``range()`` must have literal
integer bounds, each at most ``MAX_RANGE`` long and all of them together at most
``MAX_RANGE_PRODUCT``; lists made from data (``collect``) are counted by the memory limit.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from hippograph.graph.queries import strip_comments_and_strings

READ_OPERATORS = frozenset(
    # scans and seeks
    "AllNodesScan NodeByLabelScan NodeByIdSeek NodeByElementIdSeek NodeIndexSeek "
    "NodeUniqueIndexSeek NodeIndexSeekByRange NodeUniqueIndexSeekByRange NodeIndexScan "
    "NodeIndexContainsScan NodeIndexEndsWithScan MultiNodeIndexSeek AssertingMultiNodeIndexSeek "
    "UnionNodeByLabelsScan IntersectionNodeByLabelsScan SubtractionNodeByLabelsScan "
    "DirectedRelationshipTypeScan UndirectedRelationshipTypeScan DirectedAllRelationshipsScan "
    "UndirectedAllRelationshipsScan DirectedRelationshipIndexSeek UndirectedRelationshipIndexSeek "
    "DirectedRelationshipIndexScan UndirectedRelationshipIndexScan "
    "DirectedRelationshipIndexSeekByRange UndirectedRelationshipIndexSeekByRange "
    "DirectedRelationshipIndexContainsScan UndirectedRelationshipIndexContainsScan "
    "DirectedRelationshipIndexEndsWithScan UndirectedRelationshipIndexEndsWithScan "
    "DirectedRelationshipByIdSeek UndirectedRelationshipByIdSeek "
    "DirectedRelationshipByElementIdSeek UndirectedRelationshipByElementIdSeek "
    "NodeCountFromCountStore RelationshipCountFromCountStore "
    # expansions and paths
    "Expand OptionalExpand VarLengthExpand PruningVarExpand BFSPruningVarExpand ShortestPath "
    "StatefulShortestPath ProjectEndpoints Trail Repeat "
    # relational operators
    "ProduceResults Projection Filter Argument Apply SemiApply AntiSemiApply LetSemiApply "
    "LetAntiSemiApply SelectOrSemiApply SelectOrAntiSemiApply LetSelectOrSemiApply "
    "LetSelectOrAntiSemiApply RollUpApply ConditionalApply AntiConditionalApply Optional Anti "
    "CartesianProduct NodeHashJoin NodeLeftOuterHashJoin NodeRightOuterHashJoin ValueHashJoin "
    "Sort PartialSort Top PartialTop Limit ExhaustiveLimit Skip Distinct OrderedDistinct "
    "EagerAggregation OrderedAggregation Unwind Union OrderedUnion Eager CacheProperties "
    "EmptyResult EmptyRow AssertSameNode AssertSameRelationship NullifyMetadata TriadicSelection "
    "TriadicBuild TriadicFilter ProcedureCall".split()
)
READ_PROCEDURES = frozenset(
    "db.labels db.relationshipTypes db.propertyKeys db.index.fulltext.queryNodes "
    "db.index.fulltext.queryRelationships db.index.vector.queryNodes "
    "db.index.vector.queryRelationships db.schema.visualization db.schema.nodeTypeProperties "
    "db.schema.relTypeProperties".split()
)


@dataclass(frozen=True)
class TextPlan:
    """What EXPLAIN says about a statement someone else wrote: its query type, the operators of
    its plan and the procedures it calls."""

    query_type: str  # r, rw, w or s (schema/system), as Neo4j types the statement
    operators: tuple[str, ...]
    procedures: tuple[str, ...] = ()

    @property
    def refused_operators(self) -> tuple[str, ...]:
        """Operators that are not on the read allow-list, once each, in plan order."""
        found = (op for op in self.operators if op.split("(", 1)[0] not in READ_OPERATORS)
        return tuple(dict.fromkeys(found))

    @property
    def refused_procedures(self) -> tuple[str, ...]:
        """Procedures that are not on the read allow-list."""
        return tuple(dict.fromkeys(p for p in self.procedures if p not in READ_PROCEDURES))

    @property
    def is_read_only(self) -> bool:
        """True only for a plain read that uses allowed operators and procedures alone."""
        return self.query_type == "r" and not self.refused_operators and not self.refused_procedures

    def refusal(self) -> str | None:
        """Why the statement may not run, in words; None when it may."""
        if self.is_read_only:
            return None
        what = [*self.refused_operators, *(f"CALL {p}" for p in self.refused_procedures)]
        found = ", ".join(what) or "none"
        return (
            f"the query is not a plain read (Neo4j types it {self.query_type!r}; not allowed: "
            f"{found}), so it was not run; run_cypher reads memory only, with the operators and "
            "procedures listed in docs/mcp.md, and memory changes through hippograph's own tools."
        )


MAX_RANGE = 100_000
MAX_RANGE_PRODUCT = 1_000_000
_RANGE = re.compile(r"\brange\s*\(", re.IGNORECASE)
_INT = re.compile(r"^\s*-?\d+\s*$")


def _arguments(body: str, start: int) -> list[str]:
    """The top-level arguments of the call whose '(' is at ``start`` - 1 (to its ')')."""
    depth = 0
    args: list[str] = []
    current: list[str] = []
    for ch in body[start:]:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif ch == "," and depth == 0:
            args.append("".join(current))
            current = []
            continue
        current.append(ch)
    args.append("".join(current))
    return args


def loop_refusal(text: str) -> str | None:
    """Why the ``range()`` calls of ``text`` could loop without limit, in words; None when
    they cannot (see the module docstring)."""
    body = strip_comments_and_strings(text)
    product = 1
    for call in _RANGE.finditer(body):
        args = _arguments(body, call.end())
        shown = ",".join(args).strip()
        if not 2 <= len(args) <= 3 or not all(_INT.match(a) for a in args):
            return (
                f"range({shown}) needs literal integer bounds, so it was not run; Neo4j "
                "cannot stop a loop inside an expression, so run_cypher allows range() only "
                f"with numbers, at most {MAX_RANGE:,} long."
            )
        start, end, *step = (int(a) for a in args)
        length = max(0, math.floor((end - start) / (step[0] if step and step[0] else 1)) + 1)
        product *= max(length, 1)
        if length > MAX_RANGE or product > MAX_RANGE_PRODUCT:
            return (
                f"range({shown}) is too long ({length:,} values; at most {MAX_RANGE:,}, and "
                f"{MAX_RANGE_PRODUCT:,} for all ranges together), so it was not run; Neo4j "
                "cannot stop a loop inside an expression once it starts."
            )
    return None


def procedure_of(details: str) -> str:
    """The procedure a ProcedureCall names in its details (``db.labels() :: ...``: db.labels)."""
    return details.split("(", 1)[0].strip()
