"""What Cypher someone else wrote (an agent's ``run_cypher``) may do: an allow-list of reads.

A statement is planned with EXPLAIN, never run, and runs only when Neo4j types it a read
(``r``) and every operator of its plan is one that only reads: scans and seeks, expansions,
filters, projections, joins, sorting, aggregation. Procedures run only when they read the
graph or its indexes (``db.labels``, the full-text and vector index queries, ...).
Everything else is refused by name: ``SHOW TRANSACTIONS`` (other sessions' queries), ``SHOW
SETTINGS``, statistics collection, index sampling, any write, ``LOAD CSV``, and whatever
operator a future Neo4j adds until it is reviewed and listed here.
"""

from __future__ import annotations

from dataclasses import dataclass

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


def procedure_of(details: str) -> str:
    """The procedure a ProcedureCall names in its details (``db.labels() :: ...``: db.labels)."""
    return details.split("(", 1)[0].strip()
