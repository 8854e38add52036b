"""Seeded generator of realistic engineering-memory text: services, configs, people,
decisions, incidents.

Every word class is drawn with a Zipf law, so a few services, people and config keys are
everywhere and most are rare: full-text terms get realistic document frequencies. The
vocabulary holds a few thousand distinct tokens (words, identifiers, paths, tickets).
Used by the speed benchmarks; nothing here touches the database.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Any

SERVICES = """billing payments auth search ingest gateway scheduler notifier ledger catalog
inventory checkout orders shipping pricing invoicing reporting analytics profile accounts sessions
webhooks mailer sms exporter importer indexer crawler thumbnails media uploads storage audit
compliance fraud risk recommendations feed timeline chat presence sync backup metrics alerts tracing
config flags quota limits routing dns certs secrets vault-proxy cron-runner migrations admin console
partner-api mobile-bff web-bff""".split()
PEOPLE = """alice bob carol dave erin frank grace heidi ivan judy mallory nina oscar peggy quentin
rupert sybil trent ursula victor walter xena yusuf zoe amara bilal chen dmitri elena farid giulia
hana ines jonas kenji leila marco nadia olu priya rahul sofia tomas uma vera wei ximena yara zane
aiko bruno chiara diego emeka fatima gustav hiro isla jamal kasia lars mei nikos omar paula quinn
rosa santi tariq ulla vikram wanda""".split()
TECHS = """postgres mysql sqlite redis memcached kafka rabbitmq nats pulsar elasticsearch opensearch
clickhouse neo4j mongodb cassandra dynamodb s3 minio nginx envoy haproxy traefik istio linkerd
kubernetes helm terraform pulumi ansible docker podman grafana prometheus loki tempo jaeger sentry
datadog pagerduty celery sidekiq temporal airflow dagster fastapi django flask express nestjs spring
gin actix tokio grpc graphql protobuf avro parquet arrow pandas polars numpy pytorch onnx vllm
openapi swagger jwt oauth oidc keycloak okta ldap vault consul etcd zookeeper github gitlab jenkins
argocd flux buildkite bazel poetry uv pnpm webpack vite""".split()
TEAMS = """platform infra data payments growth identity search mobile web sre security compliance
devex ml support finance-eng checkout-squad core reliability""".split()
ENVS = ["production", "staging", "dev", "eu-west", "us-east", "canary", "sandbox", "qa"]
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]
NOUNS = """request response queue worker job batch cache connection pool timeout retry backoff limit
quota token session cookie header payload schema migration index table column row partition shard
replica cluster node pod container image volume secret certificate key endpoint route handler
middleware listener consumer producer topic offset lag throughput latency error exception trace span
metric alert dashboard runbook incident outage deploy release rollback rollout canary flag toggle
config setting default threshold budget report export import sync snapshot backup restore lock mutex
deadlock leak memory heap stack thread process socket port address hostname domain proxy load
balancer gateway webhook callback event message notification email invoice refund charge
subscription plan customer tenant account user role permission policy scope audit log record entry
document file bucket object upload download thumbnail preview search query filter sort page cursor
offset limit window buffer checksum hash signature nonce salt password credential rotation expiry
renewal quota tier region zone latency p99 spike regression benchmark profile flamegraph allocation
garbage collector pause""".split()
VERBS = """reads writes caches retries drops rejects validates parses serialises compresses encrypts
signs verifies forwards routes batches flushes commits rolls-back publishes consumes acknowledges
replays indexes shards replicates backs-up restores rotates renews expires throttles rate-limits
paginates sorts filters dedupes merges splits migrates archives deletes refreshes invalidates warms
evicts""".split()
ADJS = """slow fast stale fresh flaky stable noisy quiet large small hot cold expensive cheap legacy
new experimental deprecated critical optional strict lenient eventual consistent idempotent atomic
synchronous asynchronous blocking lazy eager partial full incremental hourly nightly
weekly""".split()
FAILURES = """timed-out crashed leaked-memory dropped-messages double-charged lost-writes deadlocked
ran-out-of-disk returned-500s served-stale-data overloaded-the-database exhausted-the-pool
hit-the-rate-limit corrupted-the-index missed-the-deadline looped-forever""".split()
REASONS = [
    "the {noun} was {adj} under load",
    "{tech} could not keep up with the {noun} volume",
    "the {noun} {noun2} kept growing",
    "{person} measured a {adj} {noun} in {env}",
    "the old {tech} client had a {noun} leak",
    "licensing costs for {tech} doubled",
    "the {team} team wanted one {noun} format",
    "we kept hitting the {key} ceiling",
    "{tech} handles {noun} {noun2} natively",
    "the {noun} path was {adj} and hard to debug",
]
FIXES = [
    "raising {key} to {num}",
    "moving the {noun} to {tech}",
    "adding a {adj} {noun} in front of {svc}",
    "pinning {tech} to {version}",
    "splitting the {noun} by {noun2}",
    "a circuit breaker around {svc}",
    "batching {noun} writes",
    "removing the {adj} {noun}",
]
TEMPLATES = [
    "The {svc} service reads {key} from {path}; the default is {num} {unit}.",
    "{person} decided to move {svc} from {tech} to {tech2} because {reason}.",
    "We set {key} to {num} on {svc} after incident {ticket}.",
    "{svc} talks to {svc2} over {proto} and retries {num} times with {adj} backoff.",
    "Deploys of {svc} go through {tool}; {person} owns the pipeline.",
    "{person} prefers {tech} over {tech2} for the {noun} {noun2}.",
    "The {env} cluster runs {svc} with {num} replicas and {num2} GiB of memory.",
    "Incident {ticket}: {svc} {failure} because {reason}; fixed by {fix}.",
    "Function {func} in {path} {verb} the {noun} before it {verb2} the {noun2}.",
    "Codename {codename} is the {adj} rewrite of {svc}, led by {person}.",
    "Never call {tech} directly from {svc}; use {func} instead.",
    "The {team} team reviews changes to {path} on {weekday}s.",
    "{svc} {verb} every {noun} it receives from {svc2}, which keeps the {noun2} {adj}.",
    "Decision: {svc} uses {tech} for {noun} storage; {tech2} was rejected because {reason}.",
    "{person} is the on-call contact for {svc} in {env} this quarter.",
    "The {key} setting in {path} controls how many {noun}s {svc} keeps in memory.",
    "Since {version}, {svc} {verb} {noun}s in {adj} batches of {num}.",
    "Our convention: every {noun} handler in {svc} logs the {noun2} id and the {key} value.",
    "{person} and {person2} agreed that {svc} should stop {verbing} {noun}s on {weekday}s.",
    "The {adj} {noun} alert on {svc} fires when {key} exceeds {num}; see runbook {path}.",
    "Migration {ticket} moved {svc} {noun}s from {tech} to {tech2} without downtime.",
    "{tech} {version} broke {func} in {svc}; we pinned {tech} until {ticket} is fixed.",
    "Hostname {host} serves {svc} for the {team} team in {env}.",
    "Why {svc} uses {tech}: {reason}, said {person}.",
]
# Prompts as people type them to a coding agent: several sentences, pasted paths, logs and
# tracebacks; {line}, {line2} and {stamp} are filled before the rest.
PROMPT_TEMPLATES = [
    (
        "hey, quick one: what is {key} set to on {svc} in {env}? i'm looking at {path} and it says "
        "{num} but the pods seem to behave differently"
    ),
    (
        "Why are we using {tech} for the {noun} {noun2} in {svc}? {person} mentioned there was a "
        "reason but I can't find it anywhere, and I'd like to try {tech2} instead."
    ),
    (
        "Can you refactor {func} in {path}? It {verb} the {noun} before it {verb2} the {noun2}, "
        "which is backwards. Keep the {tech} client as it is and don't touch the {key} default."
    ),
    (
        "{svc} {failure} again in {env} (see {ticket}). Before I start digging: did we already fix "
        "something like this? I vaguely remember {person} changing {key}."
    ),
    (
        "deploy of {svc} to {env} failed in {tool} with `{key} must be <= {num}`. who owns that "
        "pipeline, and is it ok if I just change it in {path}?"
    ),
    (
        "write a test for the {noun} retry path in {svc}, the one that talks to {svc2} over "
        "{proto}. use the existing fixtures, don't spin up {tech} for it"
    ),
    (
        "two things. 1) {svc} in {env} should run {num2} replicas, not {num}; can you fix the "
        "values file? 2) is {person} still on call for {svc2} this quarter or did that change?"
    ),
    (
        "Reviewing the PR for {codename}: it moves {svc} {noun}s from {tech} to {tech2}. Anything "
        "in memory about why we didn't do that before? Also check the {team} team's "
        "conventions for {path}."
    ),
    (
        "{svc} worker crashes on startup:\n\nTraceback (most recent call last):\n"
        '  File "/app/src/{svc}/{noun}.py", line {line}, in {func}\n'
        "    client = {tech}.connect(settings.{key})\n"
        '  File "/usr/local/lib/python3.11/site-packages/{tech}/pool.py", line {line2}, '
        "in connect\n"
        '    raise TimeoutError("{noun2} pool exhausted")\n'
        "TimeoutError: {noun2} pool exhausted\n\n"
        "it started after I bumped {tech} to {version}. thoughts?"
    ),
    (
        "seeing this in the {env} logs for {svc}:\n{stamp} ERROR [{svc}.{noun}] {noun2} {failure} "
        "after {num} retries (key={key})\nis that the same thing as {ticket} or something new? "
        "{person} said it was fixed"
    ),
]
CHATTER_PROMPTS = [
    "ok go on",
    "thanks, that worked",
    "lgtm",
    "continue please",
    "yes",
    "perfect, commit it",
    "sounds good, do the same for the other file",
    "nice. next?",
    "hmm ok",
    "great, carry on",
]
PROTOS = ["grpc", "http", "https", "amqp", "kafka topics", "websockets", "unix sockets"]
TOOLS = [
    "argocd",
    "github actions",
    "jenkins",
    "buildkite",
    "helm",
    "terraform",
    "spinnaker",
    "flux",
]
UNITS = ["ms", "seconds", "minutes", "requests", "connections", "MiB", "rows", "messages"]
KEY_PARTS = """retry timeout max min pool batch cache ttl rate limit queue depth worker count buffer
size interval backoff port replicas memory cpu threshold window concurrency prefetch lease heartbeat
grace idle read write connect flush sample""".split()
KEY_SUFFIXES = ["ms", "s", "mb", "count", "size", "limit", "enabled", "ratio", "per_sec", "max"]
FUNC_VERBS = """load save sync fetch build parse apply check send handle compute refresh resolve
merge validate render export import rotate schedule enqueue drain retry""".split()
SYLLABLES = (
    "ka lo mi nu ve ra zo ti pe su gar bel dor fin hal jor kel mar nor pil quo ros tav vel wyn"
).split()


def _zipf_weights(n: int, s: float) -> list[float]:
    return list(itertools.accumulate(1.0 / (r + 1) ** s for r in range(n)))


@dataclass
class _Pool:
    items: list[str]
    cum: list[float] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.cum:
            self.cum = _zipf_weights(len(self.items), 1.0)

    def draw(self, rng: random.Random) -> str:
        return rng.choices(self.items, cum_weights=self.cum)[0]


@dataclass(frozen=True)
class Unit:
    """One generated statement and the entities (kind, name) it mentions."""

    text: str
    entities: tuple[tuple[str, str], ...]
    kind_hint: str


class TextGen:
    """Deterministic text from a seed: ``statement()`` for units, ``query()`` for recall queries,
    ``prompt()`` for prompts to a coding agent, ``turn()`` for transcripts."""

    def __init__(self, seed: int) -> None:
        vocab = random.Random(
            seed * 7919 + 1
        )  # the vocabulary's order (who is frequent) follows the seed too
        services = _shuffled(vocab, SERVICES)
        self.svc_ids = [f"{s}-{suffix}" for s in services for suffix in ("api", "worker")]
        keys = sorted(
            {
                "_".join(vocab.sample(KEY_PARTS, vocab.choice((1, 2))))
                + "_"
                + vocab.choice(KEY_SUFFIXES)
                for _ in range(900)
            }
        )
        funcs = sorted({f"{vocab.choice(FUNC_VERBS)}_{vocab.choice(NOUNS)}s" for _ in range(700)})
        codenames = sorted(
            {"".join(vocab.choices(SYLLABLES, k=vocab.choice((2, 3)))) for _ in range(250)}
        )
        self.codenames = _shuffled(vocab, codenames)
        self.pools = {
            "svc": _Pool(services),
            "person": _Pool(_shuffled(vocab, PEOPLE)),
            "tech": _Pool(_shuffled(vocab, TECHS)),
            "team": _Pool(_shuffled(vocab, TEAMS)),
            "env": _Pool(ENVS),
            "noun": _Pool(_shuffled(vocab, NOUNS)),
            "verb": _Pool(_shuffled(vocab, VERBS)),
            "adj": _Pool(_shuffled(vocab, ADJS)),
            "failure": _Pool(_shuffled(vocab, FAILURES)),
            "key": _Pool(_shuffled(vocab, keys)),
            "func": _Pool(_shuffled(vocab, funcs)),
            "codename": _Pool(self.codenames),
            "proto": _Pool(PROTOS),
            "tool": _Pool(TOOLS),
            "unit": _Pool(UNITS),
            "weekday": _Pool(WEEKDAYS),
        }
        self.rng = random.Random(seed)

    # -- vocabulary ---------------------------------------------------------------

    def entities(self) -> list[tuple[str, str]]:
        """Every entity a statement may be ABOUT: (entity_type, name), a few hundred."""
        out = [("service", s) for s in self.pools["svc"].items]
        out += [("person", p) for p in self.pools["person"].items]
        out += [("library", t) for t in self.pools["tech"].items]
        out += [("team", t) for t in self.pools["team"].items]
        out += [("project", c) for c in self.codenames[:60]]
        return out

    def _fill(self, template: str, rng: random.Random) -> tuple[str, list[tuple[str, str]]]:
        mentioned: list[tuple[str, str]] = []
        pools = self.pools

        def svc() -> str:
            name = pools["svc"].draw(rng)
            mentioned.append(("service", name))
            return name if rng.random() < 0.7 else f"{name}-{rng.choice(('api', 'worker'))}"

        def person() -> str:
            name = pools["person"].draw(rng)
            mentioned.append(("person", name))
            return name.capitalize()

        def tech() -> str:
            name = pools["tech"].draw(rng)
            mentioned.append(("library", name))
            return name

        def team() -> str:
            name = pools["team"].draw(rng)
            mentioned.append(("team", name))
            return name

        def codename() -> str:
            name = pools["codename"].draw(rng)
            if name in self.codenames[:60]:
                mentioned.append(("project", name))
            return name.capitalize()

        def path() -> str:
            s = pools["svc"].draw(rng)
            return rng.choice(
                (
                    f"config/{s}.yaml",
                    f"deploy/{s}/values.yaml",
                    f"src/{s}/{pools['noun'].draw(rng)}.py",
                    f"docs/runbooks/{s}.md",
                    f"services/{s}/settings.toml",
                )
            )

        def reason() -> str:
            return self._fill(rng.choice(REASONS), rng)[0]

        def fix() -> str:
            return self._fill(rng.choice(FIXES), rng)[0]

        def verbing() -> str:
            v = pools["verb"].draw(rng).split("-")[0]
            return (v[:-2] if v.endswith("es") and v[-3] in "sxh" else v[:-1]) + "ing"

        makers: dict[str, Any] = {
            "svc": svc,
            "svc2": svc,
            "person": person,
            "person2": person,
            "tech": tech,
            "tech2": tech,
            "team": team,
            "codename": codename,
            "path": path,
            "reason": reason,
            "fix": fix,
            "verbing": verbing,
            "num": lambda: str(
                rng.choice((1, 2, 3, 5, 8, 10, 16, 20, 30, 50, 64, 100, 128, 250, 500, 1000, 5000))
            ),
            "num2": lambda: str(rng.choice((1, 2, 4, 8, 16, 32))),
            "ticket": lambda: (
                f"{rng.choice(('INC', 'OPS', 'PLAT', 'BUG'))}-{rng.randint(100, 9999)}"
            ),
            "version": lambda: f"v{rng.randint(1, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 12)}",
            "host": lambda: (
                f"{pools['svc'].draw(rng)}-{rng.randint(1, 40):02d}.{rng.choice(ENVS)}.internal"
            ),
            "noun2": lambda: pools["noun"].draw(rng),
            "verb2": lambda: pools["verb"].draw(rng),
        }
        values: dict[str, str] = {}
        for name in dict.fromkeys(_slots(template)):
            if name in makers:
                values[name] = makers[name]()
            else:
                values[name] = pools[name].draw(rng)
        return template.format(**values), mentioned

    # -- what the benches use -----------------------------------------------------

    def statement(self) -> Unit:
        """One unit's text (one to two sentences) and the entities it mentions."""
        template = self.rng.choice(TEMPLATES)
        text, mentioned = self._fill(template, self.rng)
        text = _sentence(text)
        if self.rng.random() < 0.25:
            more, extra = self._fill(self.rng.choice(TEMPLATES), self.rng)
            text, mentioned = f"{text} {_sentence(more)}", mentioned + extra
        kind = (
            "decision" if template.startswith(("Decision", "{person} decided", "Why")) else "fact"
        )
        return Unit(text=text, entities=tuple(dict.fromkeys(mentioned)), kind_hint=kind)

    def query(self) -> tuple[str, str]:
        """A realistic recall prompt and its style: identifier, question, why, when or keywords."""
        rng, p = self.rng, self.pools
        style = rng.choices(
            ("identifier", "question", "why", "when", "keywords"), weights=(30, 40, 15, 10, 5)
        )[0]
        svc, svc_id, tech, person = (
            p["svc"].draw(rng),
            rng.choice(self.svc_ids),
            p["tech"].draw(rng),
            p["person"].draw(rng),
        )
        key, noun, env = p["key"].draw(rng), p["noun"].draw(rng), p["env"].draw(rng)
        if style == "identifier":
            text = rng.choice(
                (
                    key,
                    p["func"].draw(rng),
                    svc_id,
                    f"config/{svc}.yaml",
                    f"{rng.choice(('INC', 'OPS'))}-{rng.randint(100, 9999)}",
                    f"{key} {svc}",
                )
            )
        elif style == "question":
            text = rng.choice(
                (
                    f"which database does the {svc} service use",
                    f"what is {key} set to on {svc}",
                    f"who owns the {svc} deploy pipeline",
                    f"how many replicas does {svc} run in {env}",
                    f"who is on call for {svc}",
                    f"where does {svc} read its {noun} settings from",
                    f"does {svc} talk to {p['svc'].draw(rng)} over grpc",
                    f"what does {person} prefer for the {noun} layer",
                    f"how do we handle {noun} retries in {svc}",
                    f"which team reviews changes to {svc} config",
                )
            )
        elif style == "why":
            text = rng.choice(
                (
                    f"why did we move {svc} to {tech}",
                    f"why is {key} set so high on {svc}",
                    f"why does {svc} use {tech}",
                    f"why was {tech} rejected for {noun} storage",
                )
            )
        elif style == "when":
            text = rng.choice(
                (
                    f"when did {person} change {key}",
                    f"when did we migrate {svc} off {tech}",
                    f"when was the last {svc} incident",
                )
            )
        else:
            text = f"{tech} {noun} {p['adj'].draw(rng)}"
        return text, style

    def prompt(self) -> tuple[str, str]:
        """A prompt as typed to a coding agent (several sentences, pasted paths, logs, typos) and
        its style: one of ask, paste (a log or traceback) or chat (one in ten: no topic)."""
        rng = self.rng
        if rng.random() < 0.1:
            return rng.choice(CHATTER_PROMPTS), "chat"
        template = rng.choice(PROMPT_TEMPLATES)
        template = (
            template.replace("{line}", str(rng.randint(12, 900)))
            .replace("{line2}", str(rng.randint(40, 700)))
            .replace(
                "{stamp}",
                f"2025-05-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:"
                f"{rng.randint(0, 59):02d}:07Z",
            )
        )
        text, _ = self._fill(template, rng)
        if rng.random() < 0.3:  # a typo or two, in prose words only
            words = text.split(" ")
            for _ in range(rng.randint(1, 2)):
                i = rng.randrange(len(words))
                w = words[i]
                if len(w) >= 5 and w.isalpha():
                    j = rng.randrange(len(w) - 1)
                    words[i] = w[:j] + w[j + 1] + w[j] + w[j + 2 :]
            text = " ".join(words)
        return text, "paste" if "\n" in text else "ask"

    def turn(self, speaker: str) -> str:
        """A transcript turn: a user's short ask or an assistant's two to four sentence answer."""
        rng = self.rng
        if speaker == "user":
            q, _ = self.query()
            lead = rng.choice(("", "ok, ", "next: ", "can you check ", "please look at ", "hmm, "))
            return (lead + q + rng.choice(("?", "", ".", " please"))).strip()
        return " ".join(
            _sentence(self._fill(rng.choice(TEMPLATES), rng)[0]) for _ in range(rng.randint(2, 4))
        )


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:]


def _shuffled(rng: random.Random, items: list[str]) -> list[str]:
    out = list(items)
    rng.shuffle(out)
    return out


def _slots(template: str) -> list[str]:
    import string

    return [name for _, name, _, _ in string.Formatter().parse(template) if name]
