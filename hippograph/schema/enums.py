"""Labels, relationship types and the closed vocabularies of the graph (docs/graph-model.md)."""

from __future__ import annotations

from enum import StrEnum


class NodeLabel(StrEnum):
    """Every node label hippograph writes. ``Node`` is on every node: it carries the id index."""

    NODE = "Node"
    MEMORY = "Memory"
    FACT = "Fact"
    DECISION = "Decision"
    FAILURE = "Failure"
    RULE = "Rule"
    EPISODE = "Episode"
    SYMBOL = "Symbol"
    FILE = "File"
    ENTITY = "Entity"
    TASK = "Task"
    AMBIGUITY = "Ambiguity"
    CONFLICT = "Conflict"
    CHANGE = "Change"
    ALTERNATIVE = "Alternative"
    GRANT = "Grant"  # access rules (units/access.py), not memory
    PRINCIPAL = "Principal"


class MemoryKind(StrEnum):
    """The kinds of knowledge unit; each is also the unit's second label."""

    FACT = "fact"
    DECISION = "decision"
    FAILURE = "failure"
    RULE = "rule"
    EPISODE = "episode"

    @property
    def label(self) -> NodeLabel:
        """The node label for units of this kind."""
        return NodeLabel(self.value.capitalize())


class RelType(StrEnum):
    """Every relationship type hippograph writes."""

    FROM = "FROM"
    ABOUT = "ABOUT"
    SUPERSEDED_BY = "SUPERSEDED_BY"
    CONTRADICTS = "CONTRADICTS"
    CONSIDERED = "CONSIDERED"
    GOVERNS = "GOVERNS"
    BROKE = "BROKE"
    FIXED_BY = "FIXED_BY"
    DERIVED_FROM = "DERIVED_FROM"
    DEFINED_IN = "DEFINED_IN"
    CALLS = "CALLS"
    IMPORTS = "IMPORTS"
    RENAMED_FROM = "RENAMED_FROM"
    SAME_AS = "SAME_AS"
    NEXT = "NEXT"
    RELATED = "RELATED"
    INVOLVES = "INVOLVES"  # review record (Conflict, Ambiguity, Task) -> what it is about


class TruthStatus(StrEnum):
    """How far a unit is believed."""

    HYPOTHESIS = "hypothesis"
    CANDIDATE = "candidate"
    CONFIRMED = "confirmed"
    CONTRADICTED = "contradicted"
    DEPRECATED = "deprecated"


class Lifecycle(StrEnum):
    """Where a unit stands on its way to long-term memory."""

    STAGING = "staging"
    WORKING = "working"
    CONSOLIDATED = "consolidated"
    ARCHIVED = "archived"


class SourceKind(StrEnum):
    """Who or what produced a unit; it sets the initial trust."""

    USER = "user"
    AGENT = "agent"
    TOOL = "tool"
    IMPORT = "import"
    WEB = "web"


class MemoryType(StrEnum):
    """Drives decay: how fast a unit of this type fades."""

    COMMITMENT = "commitment"
    PROFILE = "profile"
    PROJECT_NOTE = "project_note"
    USER_RULE = "user_rule"
    EPISODIC = "episodic"
    CODE = "code"


class RuleCategory(StrEnum):
    """What a rule protects."""

    ARCHITECTURE = "architecture"
    CODE = "code"
    SECURITY = "security"
    PERFORMANCE = "performance"
    ANTI_PATTERN = "anti-pattern"


class Severity(StrEnum):
    """How hard a rule bites: critical and high block a patch."""

    CRITICAL = "critical"
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


class SymbolKind(StrEnum):
    """Kinds of code symbol the indexer records."""

    FUNCTION = "function"
    METHOD = "method"
    CLASS = "class"
    STRUCT = "struct"
    INTERFACE = "interface"
    TRAIT = "trait"
    ENUM = "enum"
    MODULE = "module"


class ReviewStatus(StrEnum):
    """State of a review record (Conflict, Ambiguity, Task)."""

    OPEN = "open"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    DONE = "done"


class InvolvedAs(StrEnum):
    """The part a thing plays in an :Ambiguity (the ``role`` of its INVOLVES edge)."""

    UNCERTAIN = "uncertain"  # its identity is in doubt: units about it are ambiguous
    CANDIDATE = "candidate"  # what the uncertain thing may be: its units stay answerable


class ChangeOp(StrEnum):
    """What a ``:Change`` did."""

    CREATE_NODE = "create_node"
    UPDATE_NODE = "update_node"
    CREATE_EDGE = "create_edge"
    UPDATE_EDGE = "update_edge"
    RETIRE_NODE = "retire_node"
    RETIRE_EDGE = "retire_edge"
    APPLY_SCHEMA = "apply_schema"
    OVERRIDE_RULE = "override_rule"  # a user let a patch through a violated rule
    PURGE = "purge"  # a unit's words removed for good, from it and its history (never undone)
