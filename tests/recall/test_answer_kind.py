"""What kind of answer a short question asks for, and which units state one (pure)."""

from __future__ import annotations

import pytest

from hippograph.recall import answer_kind, asked_thing
from hippograph.recall.answer_kind import expected
from hippograph.recall.answer_said import states
from hippograph.recall.asked import AnswerKind, Asked, Dimension
from hippograph.recall.closing import closing_question


@pytest.mark.parametrize(
    ("query", "kind"),
    [
        ("when did we freeze the v1 API?", AnswerKind.TIME),
        ("Since when do we use pnpm?", AnswerKind.TIME),
        ("what time is the standup?", AnswerKind.TIME),
        ("which day do we deploy?", AnswerKind.TIME),
        ("how many partitions does the invoice.events topic have?", AnswerKind.QUANTITY),
        ("How long do we keep backups?", AnswerKind.QUANTITY),
        ("how often do we release the mobile app?", AnswerKind.QUANTITY),
        ("when I run make test it fails with a timeout", None),  # a report, not a question
        ("what's the memory limit on the billing-api pods?", AnswerKind.MEASURE),
        ("what port is route-planner listening on?", AnswerKind.MEASURE),
        ("which python version do our services run?", AnswerKind.MEASURE),
        ("device-registry port?", AnswerKind.MEASURE),  # terse: no question word
        ("node version for the console build?", AnswerKind.MEASURE),
        ("what is the backup interval?", AnswerKind.MEASURE),
        ("what's the session timeout?", AnswerKind.MEASURE),
        ("which rust toolchain version does analyzer-bridge build with?", AnswerKind.MEASURE),
        ("what similarity cutoff is used to match faces?", AnswerKind.MEASURE),
        ("which push notification provider does the app use?", None),  # a thing, no value
        ("which version control system do we use?", None),  # names no setting
        ("what capacity mode does the orders table use?", None),
        ("what exchange rate provider do we use?", None),
        ("what causes the latency spikes on checkout?", None),  # not right after "what"
        ("which team owns the rate limits?", None),
        ("where is the rate limit configured?", None),  # asks where, not for the value
        ("how is the timeout configured?", None),
        ("why is checkout latency so high?", AnswerKind.REASON),
        ("who owns the latency dashboards?", AnswerKind.PERSON),
        ("hey, who's on call for ingest tonight?", AnswerKind.PERSON),
        ("who do I ask to cut the release?", AnswerKind.PERSON),
        ("who serves the map tiles in the app?", None),  # a thing may serve them
        ("what time zone is Hiroshi in?", AnswerKind.MEASURE),  # a zone, not a time
        ("roughly how long does the nightly export take?", AnswerKind.QUANTITY),
        ("max upload size?", AnswerKind.MEASURE),
        ("is there a rate limit on the export endpoint?", AnswerKind.MEASURE),  # or "no limit"
        ("is there a dark mode in the app?", None),  # a feature, not a value
        ("is Marta around on Friday?", AnswerKind.PRESENCE),
        ("need a second reviewer — will Jonas be on leave next week?", AnswerKind.PRESENCE),
        ("is Grafana available on the VPN?", None),  # a thing, not someone
        ("is the release out?", None),
        ("is Dana out?", AnswerKind.PRESENCE),
        ("roughly what does the nightly GPU runner cost us?", AnswerKind.QUANTITY),
        ("why do my builds wait so long in the queue?", None),  # how it works for me
        ("timeout errors in checkout?", None),
        ("port forwarding broken?", None),
        ("update the port to 8041?", None),
        ("what vm size are the aks worker nodes", None),  # a size may be a name: "m5.large"
        ("fix the rate limiter in the api", None),
        ("api timeout retries", None),  # topics, not a question
        ("update the port in docker compose to 8041", None),  # an instruction, not a question
        ("what do you think about the size of this PR and whether to split it", None),
        ("how do I run the notifier tests?", None),
        ("when did we " + "really " * 40 + "freeze it?", None),  # a pasted prompt, not a question
        # the question a prompt closes with, after its context
        ("the worker pods keep restarting, what's the memory limit on them?", AnswerKind.MEASURE),
        ("builds are slow again.. how many runners do we have?", AnswerKind.QUANTITY),
        ("the nightly export failed — who owns it these days?", AnswerKind.PERSON),
        ("the deploy went out. anything I should check before the demo?", None),
        ("the deploy went out, how did it go?", None),
    ],
)
def test_expected(query: str, kind: AnswerKind | None) -> None:
    asked = expected(query)
    assert (asked.kind if asked else None) is kind


@pytest.mark.parametrize(
    ("text", "time", "quantity"),
    [
        ("v1 is frozen; v2 takes new endpoints.", False, False),  # names with digits say nothing
        ("The upload buckets live in eu-central-1.", False, False),
        ("billing-api runs 3 replicas in production.", False, True),
        ("The billing cron runs at 04:30 UTC.", True, True),
        ("We froze v1 in March.", True, False),
        ("Released on 2024-10-13.", True, False),  # a date is not a quantity
        ("We deploy on any weekday except Friday afternoons.", True, False),
        ("Deploys run on Tuesdays.", True, False),
        ("PRs need two approvals.", False, True),
        ("The mobile release train is weekly.", True, True),
        ("Catalog cache TTL is 5m.", False, True),
        ("Checkout SLO is 99.5%.", False, True),
        ("API keys never expire.", False, True),
    ],
)
def test_states(text: str, time: bool, quantity: bool) -> None:
    unit = {"kind": "fact", "text": text}
    assert states(Asked(AnswerKind.TIME), unit) is time
    assert states(Asked(AnswerKind.QUANTITY), unit) is quantity
    assert states(None, unit)


@pytest.mark.parametrize(
    ("text", "time"),
    [
        ("Backups run nightly at 02:00 UTC.", True),
        ("We sync the catalogue daily.", True),
        ("Deploys happen daily, after review.", True),
        ("Releases are monthly on the first Tuesday.", True),
        ("AGT v3 will add daily minimum and maximum temperature fields.", False),  # a kind of field
        ("The weekly report lists open incidents.", False),
    ],
)
def test_a_period_word_before_a_noun_names_a_kind_of_thing(text: str, time: bool) -> None:
    """ "runs nightly" says when; "daily minimum" says what (a kind of value), not when."""
    assert states(Asked(AnswerKind.TIME), {"kind": "fact", "text": text}) is time


@pytest.mark.parametrize(
    ("question", "text", "measure"),
    [
        ("what port does the API listen on?", "The API listens on port 8040.", True),
        ("which python version do we run?", "All Python services run Python 3.12.", True),
        (
            "what's the rate limit on the public API?",
            "The public API rate limit is 600 requests per minute.",
            True,
        ),
        ("which client version should I use?", "Use the v2 client; v1 is frozen.", True),
        # a value may be a name
        ("node pool vm version?", "The AKS node pool runs Standard_D8s_v5 VMs.", True),
        ("worker instance size limit?", "Workers run on m5.large instances.", True),
        ("what is the backup interval?", "Backups run nightly.", True),  # a value in words
        ("what's the session timeout?", "Sessions time out after one hour of inactivity.", True),
        ("what's the ttl of flag cache entries?", "Feature-flag cache entries never expire.", True),
        (
            "what port does route-planner listen on?",
            "route-planner is a Rust service; its crate lives in crates/route-planner.",
            False,
        ),
        (
            "what's the timeout on route-planner calls?",
            "dispatch-gateway retries route-planner calls twice.",  # a count, not a value
            False,
        ),
        (
            "which version of route-planner is deployed?",
            "route-planner is deployed to k8s, its assets in S3.",  # names, not values
            False,
        ),
    ],
)
def test_a_value_is_a_number_a_name_with_digits_or_words_for_one(
    question: str, text: str, measure: bool
) -> None:
    asked = expected(question)
    assert asked is not None and asked.kind is AnswerKind.MEASURE
    assert states(asked, {"kind": "fact", "text": text}) is measure


@pytest.mark.parametrize(
    ("question", "dimension"),
    [
        ("what's the request timeout on telemetry-ingest?", Dimension.DURATION),
        ("what p99 latency budget do we hold inventory-svc to?", Dimension.DURATION),
        ("whats the ttl on the vault tokens", Dimension.DURATION),
        ("what is the backup interval?", Dimension.DURATION),
        ("what's the memory limit on the billing-api pods?", Dimension.MEMORY),
        ("how much disk does the timescale instance have?", Dimension.MEMORY),
        ("how many months does a probe battery last?", Dimension.DURATION),
        ("for how many days is a client cert valid?", Dimension.DURATION),
        ("what port is route-planner listening on?", Dimension.PORT),
        ("device-registry port?", Dimension.PORT),
        ("how many partitions does the invoice.events topic have?", Dimension.COUNT),
        ("how long do we keep backups?", Dimension.KEPT),
        ("what time is the standup?", Dimension.CLOCK),
        ("which time zone is Ngozi in?", Dimension.ZONE),
        # a condition before the question: the question after it decides
        ("when a webhook fails, how many times do we retry it?", Dimension.TRIES),
        ("if the feed is down, how long do we serve stale rates?", Dimension.SPAN),
        ("what's the rate limit on the export api?", Dimension.RATE),  # per second, per minute
        ("which python version do our services run?", Dimension.VERSION),
    ],
)
def test_a_question_may_say_what_its_value_measures(
    question: str, dimension: Dimension | None
) -> None:
    asked = expected(question)
    assert asked is not None and asked.dimension is dimension


@pytest.mark.parametrize(
    ("question", "text", "answers"),
    [
        # a duration, not another number
        (
            "what's the request timeout on telemetry-ingest?",
            "telemetry-ingest runs 6 replicas.",
            False,
        ),
        ("what's the request timeout on telemetry-ingest?", "Uploads time out after 30 s.", True),
        ("what's the request timeout on telemetry-ingest?", "The timeout is 2500ms.", True),
        ("what's the request timeout on telemetry-ingest?", "It gives up after two minutes.", True),
        (
            "what p99 latency budget for inventory-svc?",
            "inventory-svc listens on port 8081.",
            False,
        ),
        ("what p99 latency budget for inventory-svc?", "p99 must stay under 1.5 seconds.", True),
        ("what is the backup interval?", "Backups run every 6h.", True),
        ("whats the ttl on the vault tokens", "CI tokens live for an hour.", True),
        (
            "whats the ttl on the vault tokens",
            "Secrets live in Vault; never put them in git.",
            False,
        ),
        ("whats the ttl on the vault tokens", "Vault tokens never expire.", True),
        (
            "how many days of logs does datadog keep?",
            "Datadog drops DEBUG logs before indexing.",
            False,
        ),
        # an amount of memory
        ("what's the memory limit on the billing-api pods?", "billing-api runs 3 replicas.", False),
        ("what's the memory limit on the billing-api pods?", "Each pod is capped at 512Mi.", True),
        ("what's the memory limit on the billing-api pods?", "The pods get 2 GB each.", True),
        (
            "how much disk does the timescale instance have?",
            "TimescaleDB runs on Postgres 16.",
            False,
        ),
        ("how much disk does the timescale instance have?", "It has a 500 GB volume.", True),
        # a number of days, months …, or a date to count from
        ("how many months does a probe battery last?", "A 3.6 V lithium cell.", False),
        ("how many months does a probe battery last?", "A battery lasts about 18 months.", True),
        ("how many days is a client cert valid?", "Certs are issued by step-ca.", False),
        ("how many days is a client cert valid?", "Client certs are valid for 90 days.", True),
        ("how many days is a client cert valid?", "Certs expire on 1 March 2026.", True),
        # a port or a version is no count
        ("how many matchmaker instances run?", "The matchmaker serves gRPC on port 9100.", False),
        ("how many matchmaker instances run?", "The matchmaker runs 4 instances.", True),
        ("how many nodes does the emqx cluster have?", "EMQX is on version 5.6.", False),
        ("how many nodes does the emqx cluster have?", "It exposes metrics on :9464.", False),
        ("what's the rate limit on the export api?", "The export api listens on port 8080.", False),
        ("what port does the export api use?", "The export api listens on port 8080.", True),
        # a version is a number or "v2", not a name with digits
        ("which rust version does it build with?", "It targets x86_64-unknown-linux-musl.", False),
        ("which rust version does it build with?", "It builds with Rust 1.83.", True),
        ("which client version should I use?", "Use the v2 client.", True),
        # how long: an amount of time, no end, a date, or until something happens
        ("how long do we keep backups?", "Backups go to the cold bucket.", False),
        ("how long do we keep backups?", "Backups are kept for 35 days.", True),
        ("how long do we keep backups?", "We keep backups until the audit closes.", True),
        ("how long do we keep backups?", "Backups are kept forever.", True),
        # how often is not how long
        ("how long do we keep backups?", "Backups run nightly to the cold bucket.", False),
        ("how long do we keep control results?", "Control results are checked every 5 min.", False),
        ("how long does the export take?", "It reads the monthly_totals table.", False),
        ("how long does the export take?", "It takes 40 minutes every night.", True),
        ("how long was he a firefighter?", "Twenty-seven years is long enough.", True),
        ("how long are the turbine blades?", "They're like 60 meters long.", True),  # a length
        ("how long are the turbine blades?", "The farm runs 3 turbines.", False),
        # a count, not a clock time or a date
        ("how many times does the sync retry?", "The sync runs nightly at 01:15 UTC.", False),
        ("how many times does the sync retry?", "The sync retries 5 times.", True),
        # a time of day, not when it was said or how often
        ("what time is the standup?", "The standup is at 9:45 in the big room.", True),
        ("what time is the standup?", "The standup is at 10am.", True),
        ("what time does the retrain start?", "The model retrains nightly.", False),
        # a time zone: an abbreviation, an area/city name or an offset
        ("which time zone is Ngozi in?", "Ngozi owns the driver portal.", False),
        ("which time zone is Ngozi in?", "Ngozi works from Lagos, on WAT.", True),
        ("which timezone are delivery windows saved in?", "They are stored in UTC.", True),
        ("whats the tz on the cron schedule", "The cron runs in Europe/London.", True),
        ("whats the tz on the cron schedule", "IT owns the cron schedule.", False),
    ],
)
def test_a_value_must_be_of_the_measure_asked_for(question: str, text: str, answers: bool) -> None:
    assert states(expected(question), {"kind": "fact", "text": text}) is answers


def test_a_time_the_unit_carries_counts() -> None:
    assert states(Asked(AnswerKind.TIME), {"kind": "episode", "text": "we froze it"})
    assert states(Asked(AnswerKind.TIME), {"kind": "fact", "text": "v1 is frozen", "valid_from": 1})
    assert not states(Asked(AnswerKind.QUANTITY), {"kind": "episode", "text": "we froze it"})


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Ownership of the ledger service moved to Aiko's team in January.", True),
        ("Lena is primary on-call for payments from this week.", True),
        ("Beatriz takes over as release manager starting with patch 1.8.", True),
        ("For anything about fx-rates, ask Priya.", True),
        ("Reviews go to @mei-lin.", True),
        ("fx-rates exposes REST on port 8088.", False),
        ("catalog-ingest is a Python 3.12 service that parses DDEX deliveries.", False),
        ("Launcher builds are produced for Windows and macOS.", False),
    ],
)
def test_a_question_for_an_owner_needs_someone_named(text: str, names: bool) -> None:
    asked = expected("who owns this service?")
    assert asked == Asked(AnswerKind.PERSON, names=frozenset({"owns"}))  # what is asked
    assert states(asked, {"kind": "fact", "text": text}) is names


def test_a_time_of_day_is_not_when_something_was_said() -> None:
    asked = expected("what time is the standup?")
    assert not states(asked, {"kind": "episode", "text": "we moved the standup"})
    assert states(asked, {"kind": "episode", "text": "standup moved to 9:30"})


@pytest.mark.parametrize(
    ("question", "options"),
    [
        ("flux or argo?", {"flux", "argo"}),
        ("npm, yarn or pnpm for the frontend?", {"yarn", "pnpm", "frontend"}),
        ("e2e tests on the web player, playwright or cypress?", {"playwright", "cypress"}),
        ("is the cron in UTC or Europe/London? clocks change", {"utc", "europe", "london"}),
        # a clause after "or" names no option
        ("is claims-intake still on jdk 17 or did someone bump it?", None),
        ("do the migrations run at boot, or somewhere else?", None),
        ("is the flag computed by us or by the instrument?", None),
        ("would that still be around or has it been purged?", None),
        ("do we convert to GBP before saving or keep the original currency?", None),
        # options that judge a behaviour: what the behaviour is answers them
        ("the export skips archived rows, is that a bug or intended?", None),
        ("login redirects twice. by design or broken?", None),
        # when to do it is no option: a rule of when answers it
        ("it's 11am monday - can i push it to prod today or wait?", None),
        ("ok to merge now or later?", None),
    ],
)
def test_a_question_may_end_by_naming_its_options(question: str, options: set[str] | None) -> None:
    asked = expected(question)
    if options is None:
        assert asked is None
    else:
        assert asked == Asked(AnswerKind.CHOICE, options=frozenset(options))


def test_an_answer_to_a_choice_names_one_of_its_options() -> None:
    asked = expected("what do we use for e2e tests, playwright or cypress?")
    assert states(asked, {"kind": "fact", "text": "E2E tests run on Playwright in 3 shards."})
    assert not states(asked, {"kind": "fact", "text": "The web player is a SvelteKit app."})
    # a unit, in short or in full
    units = expected("is dbh in the db in cm or mm?")
    assert states(units, {"kind": "fact", "text": "DBH is stored in millimetres."})
    assert states(expected("is it in millimetres or inches?"), {"text": "Target is 38mm."})
    assert not states(units, {"kind": "fact", "text": "DBH is an integer column."})


@pytest.mark.parametrize(
    ("question", "text", "answers"),
    [
        # whom we deal with is someone
        (
            "who's our rep at the brackenfield dealer?",
            "The fleet is nine Brackenfield TW-230s.",
            False,
        ),
        ("who's our rep at the brackenfield dealer?", "Dana Whitlow is our rep there.", True),
        # the price asked after "do we know"
        ("do we know the per-message price?", "Texts go out 48 hours before.", False),
        ("do we know the per-message price?", "Each SMS costs us 3.2p.", True),
        # whether there is a charge: an amount, or none
        ("is there any charge for doing the transfer?", "Transfers need a rep's approval.", False),
        ("is there any charge for doing the transfer?", "Transfers are free of charge.", True),
        # the biggest file it takes: an amount of memory
        ("what's the biggest photo ripstop will accept?", "Photos are kept for 7 years.", False),
        ("what's the biggest photo ripstop will accept?", "Uploads are capped at 20 MB.", True),
        # someone free for a job on a day
        ("is hal free to take the saturday sunrise?", "Hal is one of six pilots.", False),
        ("is hal free to take the saturday sunrise?", "Hal is on leave until the 14th.", True),
        # years in short
        ("how many yrs do we keep closed records?", "Records are kept for 15 years.", True),
        # all of it is an amount
        ("how much does it take off their card at booking?", "It charges the full fare.", True),
        # a rate per thing is a price; a rate limit is not
        ("what's the per-message rate?", "Each SMS is one 160-character segment.", False),
        ("what's the per-message rate?", "Each SMS costs us 3.2p per segment.", True),
        ("what's the per-key rate limit?", "Keys are limited to 100 requests per minute.", True),
        # nothing to pay is an amount of money
        ("how much does a replacement card cost?", "The fee is waived for members.", True),
        ("how much does a replacement card cost?", "It is included in the membership.", True),
        ("how much does a replacement card cost?", "Cards are replaced at the desk.", False),
        # no bound: on an amount, or on a time
        ("how many seats can a member book?", "There is no limit on seats per member.", True),
        ("how long do we keep signed waivers?", "Waivers are never deleted.", True),
        ("what's the request limit per api key?", "Grids are kept indefinitely.", False),
        # a period word at the end of a sentence
        ("how often is the stock count done?", "Stock is counted weekly.", True),
        ("how often is the stock count done?", "The counts land in weekly.csv files.", False),
    ],
)
def test_new_readings_of_what_is_asked(question: str, text: str, answers: bool) -> None:
    asked = expected(question)
    assert asked is not None
    assert states(asked, {"kind": "fact", "text": text}) is answers


def test_a_thing_free_to_use_is_nobody_around() -> None:
    asked = expected("is parking free to use on sundays?")
    assert asked is None or asked.kind is not AnswerKind.PRESENCE


def test_a_why_that_says_what_the_asker_thought_asks_what_holds_now() -> None:
    prompt = "why only 15 mins between the two jobs today? thought there was always a half hour gap"
    assert expected("why only 15 mins between the two jobs today?") is not None
    assert answer_kind.expected_in(prompt, "why only 15 mins between the two jobs today?") is None
    why = "why did we move off mysql?"
    assert answer_kind.expected_in(why, why) == expected(why)


@pytest.mark.parametrize(
    ("text", "kind", "gives"),
    [
        ("grib-loader is pinned to 1 replica.", "fact", False),
        ("grib-loader is pinned to 1 replica because its lock is not shared.", "fact", True),
        ("We keep one replica so that the lock file is never contended.", "fact", True),
        ("Latency spikes are caused by the N+1 query in the cart.", "fact", True),
        ("Use Redis for the queue.", "decision", True),  # a decision carries its reasons
        ("I moved there last year.", "episode", True),  # a turn may answer the one before it
        ("grib-loader has run on 1 replica since March 2025.", "fact", False),  # when, not why
        ("grib-loader runs on 1 replica since v3.", "fact", False),
        ("grib-loader runs on 1 replica since its lock is not shared.", "fact", True),
    ],
)
def test_a_why_question_needs_a_reason(text: str, kind: str, gives: bool) -> None:
    asked = expected("why is grib-loader held at a single replica?")
    assert asked == Asked(AnswerKind.REASON)
    assert states(asked, {"kind": kind, "text": text}) is gives


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        ("which license is our emqx under?", ("license",)),
        ("what sample rate are we using for traces in honeycomb", ("sample", "rate")),
        ("hey, what's the backup schedule for the reporting cluster?", ("backup", "schedule")),
        ("What is the memory limit on billing-api?", ("memory", "limit")),
        ("what version of node does the console build use?", ("version",)),
        ("who owns fx-rates?", ()),  # not a what/which question
        ("What did Melanie make?", ()),  # asks nothing by name
        ("what framework drives the launcher's e2e suite?", ()),  # runs on: no thing closed
        ("what executes deferred work for the python services?", ()),  # may start with a verb
        # three words before the question's verb are its subject
        ("which message broker client does billing use?", ("message", "broker", "client")),
        ("what retry budget per request do we allow?", ("retry", "budget")),  # any preposition
        ("what upload size limit per tenant?", ()),
        ("which licence?", ("licence",)),
        ("minimum iOS version for the billing app?", ("minimum", "ios", "version")),
        ("retention period for the audit logs?", ("retention", "period")),
        ("rustc version?", ()),  # no preposition: the subject may be among the words
        ("customer says their basket expired for no reason?", ()),  # a sentence
        ("the invoice export. status of it?", ()),  # more than one sentence
        ("xarray on my laptop fails - what codec?", ()),
        ("timeout on the job that renders all the monthly statements?", ()),  # not terse
        ("node version for?", ()),  # no subject after the preposition
        ("who's the owner of the billing app?", ()),  # a question word
        ("is there a dark mode in the admin console?", ("dark", "mode")),
        ("do we have a load testing tool? if so which", ("load", "testing", "tool")),
        ("does the invoice service support sepa payments?", ("sepa", "payments")),
        ("is versioning turned on for the backups bucket?", ("versioning",)),
        ("is the nightly vacuum job enabled on replicas?", ("nightly", "vacuum", "job")),
        ("is billing-api still on java 17?", ()),  # asks about a value, not a feature
        ("is there?", ()),
    ],
)
def test_the_words_naming_what_a_what_question_asks_for(
    question: str, thing: tuple[str, ...]
) -> None:
    assert asked_thing.asked_thing(question) == thing


def test_a_query_without_the_words_it_asks_for() -> None:
    assert (
        asked_thing.without_words("which license is our emqx under?", ("license",))
        == "which is our emqx under?"
    )
    assert asked_thing.without_words("license", ("license",)) == "license"  # nothing left
    assert asked_thing.without_words("sub-license terms", ("license",)) == "sub-license terms"


@pytest.mark.parametrize(
    ("text", "answers"),
    [
        ("analyzer-bridge is cross-compiled for x86_64-unknown-linux-musl.", False),
        ("analyzer-bridge is built with cargo.", False),
        ("analyzer-bridge builds with Rust 1.83 (pinned in rust-toolchain.toml).", True),
    ],
)
def test_the_head_of_a_three_word_subject_may_be_the_measure(text: str, answers: bool) -> None:
    """ "which rust toolchain version does …" asks for a version as "which rust version" does."""
    asked = expected("which rust toolchain version does analyzer-bridge build with?")
    assert asked is not None and asked.dimension is Dimension.VERSION
    assert states(asked, {"kind": "fact", "text": text}) is answers


@pytest.mark.parametrize(
    ("question", "text", "answers"),
    [
        # whether someone is around: leave, travel, days off; not any fact about them
        ("is Marta around on Friday?", "Marta reviews every schema migration.", False),
        ("is Marta around on Friday?", "Marta is on parental leave until 3 March.", True),
        ("is she out next week?", "Marta has Thursday and Friday off next week.", True),
        ("is she out next week?", "Marta is travelling to the Lisbon offsite.", True),
        # ... typed in lower case, or with a word of stress between
        ("is jonas actually around on friday?", "Jonas maintains the importer.", False),
        ("is jonas actually around on friday?", "Jonas is off on Friday.", True),
        ("is Ravi still reachable this weekend?", "Ravi is primary on-call.", False),
        # a thing going somewhere is nobody's absence
        ("the patch is going out next week, what changes?", "It ships with a migration.", True),
        # a cost in money, not another number
        ("what does the staging cluster cost us per month?", "Staging runs 4 nodes.", False),
        ("what does the staging cluster cost us per month?", "Staging costs about $1,900.", True),
        ("what fee is the card processor charging per refund?", "Refunds take 5 days.", False),
        ("what fee is the card processor charging per refund?", "It charges 0.25 EUR.", True),
        ("how much do we pay for the error tracker?", "We pay 240 EUR a month for it.", True),
        # a rate, not a count of other things
        ("how many requests per second can a client send?", "The gateway runs 4 replicas.", False),
        ("how many requests per second can a client send?", "Clients get 50 rps each.", True),
        ("how many rows per hour does the stream write?", "It publishes at 1 Hz.", True),
        # ... or the period it is the inverse of
        ("how many pings per hour does a probe send?", "Probes ping every 20 seconds.", True),
        ("how many pings per hour does a probe send?", "The probe interval is 20 s.", True),
        ("how many pings per hour does a probe send?", "Probes keep pings for 20 days.", False),
        # ... when it is no longer than the unit the rate is asked per
        ("how many calls per minute may a partner make?", "Keys rotate every 60 days.", False),
        ("how many calls per minute may a partner make?", "One call every 2 seconds.", True),
        ("what's the per-tenant rate limit on exports?", "Exports go every 30 days.", False),
        ("what's the per-tenant rate limit on exports?", "10 exports per hour.", True),
        ("what's the per-tenant rate limit on exports?", "p95 latency is 800 ms.", False),
        # a number of tries, said as one
        ("how many times does the spooler retry a job?", "It queues jobs per printer.", False),
        ("how many times does the spooler retry a job?", "One printer may block.", False),
        ("how many times does the spooler retry a job?", "Jobs get up to 5 attempts.", True),
        ("how many retries do flaky tests get?", "E2E tests run in 3 shards.", False),
        ("how many retries do flaky tests get?", "Flaky tests are retried twice.", True),
        # an amount of time counts no tries
        ("how many attempts before the upload fails?", "Retries back off to 10 min.", False),
        ("how many attempts before the upload fails?", "It retries 4 times, 10 min apart.", True),
        # and "twice" counts times, not things
        ("how many workers does the indexer run?", "The indexer runs twice a day.", False),
        ("how many workers does the indexer run?", "The indexer runs two workers.", True),
        # "how many times did …" counts events: any count answers it
        ("how many times did Mel go camping?", "We went camping twice.", True),
        # how long something is kept, said of keeping it
        ("how long does the scorer keep its rows?", "p99 latency is under 40 ms.", False),
        ("how long does the scorer keep its rows?", "Rows are purged after 90 days.", True),
        ("how long does the api remember a key?", "Keys expire after 24 hours.", True),
        ("how long does the api remember a key?", "Bookings close 30 minutes ahead.", False),
        # how long a thing runs, said of running
        ("how long does a full restore take?", "Snapshots are kept for 35 days.", False),
        ("how long does a full restore take?", "A full restore takes about 3 hours.", True),
        ("how long did the last drill take?", "It finished in under 40 minutes.", True),
        # ... or that it takes no time at all
        ("how long does a refund take to show up?", "Refunds post the moment they are made.", True),
        ("how long does a refund take to show up?", "Refunds post to the ledger.", False),
        # the size of a payload or an upload is an amount of bytes
        ("max payload size the broker accepts?", "The broker runs six replicas.", False),
        ("max payload size the broker accepts?", "Messages are capped at 256 KB.", True),
        # "is there a …?": a value, or the unit saying there is none
        ("is there a max object size in the archive?", "Ingest checks each MD5.", False),
        ("is there a max object size in the archive?", "The archive has no size limit.", True),
        ("is there a max object size in the archive?", "Objects may be up to 5 TB.", True),
    ],
)
def test_presence_money_rate_and_size_need_their_own_kind_of_answer(
    question: str, text: str, answers: bool
) -> None:
    assert states(expected(question), {"kind": "fact", "text": text}) is answers


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("On-call pages go to the PagerDuty service backend-primary.", False),  # the role asked
        ("Lena is primary on-call for payments from this week.", True),
        ("Kofi Mensah is the on-call lead this week.", True),
        ("The rota moved to Joana Silva, who now takes the pager.", True),
    ],
)
def test_the_role_a_question_asks_about_names_no_one(text: str, names: bool) -> None:
    asked = expected("who's on-call for the backend this week?")
    assert states(asked, {"kind": "fact", "text": text}) is names


def test_a_possessive_after_which_asks_for_its_owner_not_a_value() -> None:
    asked = expected("which vendor's quota page should I check?")
    assert asked is None or asked.kind is not AnswerKind.MEASURE


@pytest.mark.parametrize(
    ("question", "text", "answers"),
    [
        # a point in time, not an amount of time
        ("what date does the spring sale start?", "The spring sale runs for 3 weeks.", False),
        ("what date does the spring sale start?", "The spring sale starts on 4 April.", True),
        ("when does the new office open?", "Desks are booked in two-hour blocks.", False),
        ("when does the new office open?", "The new office opens next month.", True),
        ("when does the new office open?", "The office opens in two weeks.", True),
        ("when is the v3 api going live?", "v3 goes live on Tuesday.", True),
        # the last time something happened: a day, not a habit or a time of day
        ("when was the ledger last reindexed?", "The ledger reindexes nightly at 02:30.", False),
        ("when was the ledger last reindexed?", "The ledger was reindexed on 9 May.", True),
        ("when did anyone last rotate the key?", "Someone rotated it three weeks ago.", True),
        # when someone is back, not when they leave
        ("when is Tomasz back?", "Tomasz goes on holiday on 3 August.", False),
        ("when is Tomasz back?", "Tomasz is back on 24 August.", True),
        ("when will she return?", "She is away until the 9th.", True),
        # a size, not a duration
        ("how big is a nightly snapshot?", "Snapshots are kept for 30 days.", False),
        ("how big is a nightly snapshot?", "A snapshot is about 40 GB.", True),
        # a version, not a count of things
        ("which redis version is the cache on?", "The cache has 6 shards.", False),
        ("which redis version is the cache on?", "The cache runs Redis 7.2.", True),
        # the unit the question asks in names the measure
        ("what's the max image size (mb) for uploads?", "Uploads must pass a virus scan.", False),
        ("what's the max image size (mb) for uploads?", "Images are capped at 8 MB.", True),
        ("what max latency in ms do we promise?", "We promise 99.9% uptime.", False),
        # a rate limit is a rate
        ("what's the per-key request rate limit on the api?", "The api runs on 4 pods.", False),
        ("what's the per-key request rate limit on the api?", "Each key gets 50 rps.", True),
        # an age or a grace period is a duration
        ("what cache-control max-age do the assets get?", "Assets are served from a CDN.", False),
        ("what cache-control max-age do the assets get?", "Assets are cached for a day.", True),
        # whoever does a thing is someone
        ("who does the release notes for the app?", "Release notes live in docs/releases.", False),
        ("who does the release notes for the app?", "Ines writes them; ask Ines.", True),
        # ... and so is whoever chairs or covers
        ("who chairs the design review?", "Priya Nair sends the review agenda.", False),
        ("who chairs the design review?", "The review is chaired by Priya's team lead.", True),
        ("who's covering triage this week?", "Triage runs in the #triage channel.", False),
        # the role asked is no one, however it is written
        ("who's on call for payments tonight?", "Payments on-call hands over at 09:00.", False),
    ],
)
def test_a_point_in_time_a_return_a_size_and_a_doer_need_their_own_answer(
    question: str, text: str, answers: bool
) -> None:
    assert states(expected(question), {"kind": "fact", "text": text}) is answers


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        ("how many worker pools does the scheduler have?", ("worker", "pools")),
        ("how many shards is the search index split into?", ("shards",)),
        ("how many days notice does a tenant get before deletion?", ("notice",)),  # unit of time
        ("how many times do we retry a webhook?", ()),
        ("how many hours does a battery last on one charge?", ()),
        ("how many people can join one call?", ()),  # people: how it is counted
        ("roughly how many tenants are on the shared cluster?", ("tenants",)),
        # three words when the question's verb closes them
        ("how many night shift nurses are we rostering?", ("night", "shift", "nurses")),
        ("how many night shift nurses on each ward?", ()),
    ],
)
def test_a_how_many_question_names_what_it_counts(question: str, thing: tuple[str, ...]) -> None:
    assert asked_thing.asked_thing(question) == thing


def test_which_day_is_answered_by_a_day_or_a_habit() -> None:
    asked = expected("which day do we deploy?")
    assert states(asked, {"kind": "fact", "text": "We deploy daily after standup."})
    assert states(asked, {"kind": "fact", "text": "Deploys go out on Tuesdays."})
    assert not states(asked, {"kind": "fact", "text": "A deploy takes 20 minutes."})
    assert expected("when do we ship the mobile app?") == Asked(AnswerKind.TIME)  # a habit too


@pytest.mark.parametrize(
    ("question", "text", "answers"),
    [
        # someone named, then who they are, then what they do
        (
            "who signs off a change to the invoice template?",
            "Mara has left; Ilse Brandt, the new finance lead, now signs off template changes.",
            True,
        ),
        ("who approves it?", "The release, the big one, approves nothing.", False),
        # a share of an amount of money is money; a share of anything else is not
        ("how much do we charge upfront?", "The deposit is 20% of the order total.", True),
        ("how much do we charge upfront?", "Uploads may use 20% of the disk.", False),
        # a count within a longer period: a shorter period, named without an amount, answers it
        ("how many billing cycles are there in a year?", "Billing cycles are now months.", True),
        ("how many billing cycles are there in a year?", "Invoices go out quarterly.", True),
        ("how many billing cycles are there in a year?", "Billing runs on Stripe.", False),
        ("how many billing cycles are there in a month?", "Billing cycles are quarters.", False),
        # how long things "hang around" is how long they are kept
        ("how long do failed jobs hang around before they're gone?", "Jobs retry 5 times.", False),
        ("how long do failed jobs hang around?", "Failed jobs are purged after 7 days.", True),
        # "when's …" asks for a time as "when is …" does
        ("when's the next mobile release?", "The mobile app is built with Expo.", False),
        ("when's the next mobile release?", "The next mobile release ships on 3 March.", True),
        # "is dawit in this week?": in, as at work; a calendar module is no one's calendar
        ("is dawit in this week?", "Dawit reviews the reconcile changes.", False),
        ("is dawit in this week?", "Dawit is off sick until Thursday.", True),
        ("is dawit around next week?", "Dawit approves changes to the calendar module.", False),
        ("is dawit around next week?", "Dawit's calendar says he is at the offsite.", True),
    ],
)
def test_an_answer_may_name_someone_by_role_a_share_of_money_or_a_period(
    question: str, text: str, answers: bool
) -> None:
    assert states(expected(question), {"kind": "fact", "text": text}) is answers


def test_a_clause_before_the_question_or_a_second_question_changes_what_is_asked() -> None:
    # "if …" with no comma: the words after "if" are no terse "<thing> port?" question
    assert expected("if the port scans fail at night where do we report it?") is None
    assert expected("gateway port?") is not None
    # a second wh-question that asks for no kind: either question may be answered
    assert expected("why did the router pick eu-west? how does it choose a region now") is None
    assert expected("how many replicas? which version?") == Asked(
        AnswerKind.QUANTITY, Dimension.COUNT
    )
    assert expected("who approves it? is it still Hana?") is not None  # a check of the first
    # what would follow is reasoned from how it works: "each order is sent at once" answers it
    assert expected("if the app crashes, how many orders could we lose?") is None
    assert expected("how many orders did we lose in the outage?") == Asked(
        AnswerKind.QUANTITY, Dimension.COUNT
    )


@pytest.mark.parametrize(
    ("question", "text", "answers"),
    [
        # a time still to come is not told by the past alone
        ("when's the next db upgrade booked?", "Ada did the last db upgrade in June 2024.", False),
        ("when's the next db upgrade booked?", "DB upgrades happen every quarter.", True),
        (
            "when is the kiosk app going live?",
            "The kiosk app designs were approved on 2 May.",
            False,
        ),
        ("when is the kiosk app going live?", "The kiosk app goes live on 12 May.", True),
        ("when does the lease come up for renewal?", "We signed the lease in 2023.", False),
        ("when did the kiosk app go live?", "The kiosk app went live on 2 May.", True),
        # a share: a percentage or a fraction, or none of it
        ("what % of the list price do resellers pay?", "Resellers pay 70% of list.", True),
        ("what % of the list price do resellers pay?", "Resellers are not charged at all.", True),
        ("what percentage of the list price do resellers pay?", "Resellers order by EDI.", False),
        # how long a run takes: the time it is given says so too
        ("how long does the nightly solver take?", "The solver gets a 10-minute budget.", True),
        ("how long does the nightly solver take?", "The solver gives up after 10 minutes.", True),
        ("how long does the nightly solver take?", "Solver logs are kept for 10 days.", False),
        # "how long til …" asks when, which a habit answers
        ("how long til my fix is live?", "Releases are cut every Thursday.", True),
        ("how long til my fix is live?", "Releases are built with Gradle.", False),
        # a supervisor, an organiser: someone
        ("who supervises the east depot?", "The east depot has 40 vans.", False),
        ("who supervises the east depot?", "Tariq Haddad supervises the east depot.", True),
        # a question after a scene-setting phrase with no comma
        ("during a power cut how many hours does the ups last?", "The UPS is an APC 1500.", False),
        ("during a power cut how many hours does the ups last?", "The UPS lasts 2 hours.", True),
    ],
)
def test_a_time_to_come_a_share_a_run_time_and_a_supervisor_need_their_answer(
    question: str, text: str, answers: bool
) -> None:
    assert states(expected(question), {"kind": "fact", "text": text}) is answers


def test_options_that_are_clauses_are_no_choice() -> None:
    # a pronoun makes the words after "or" a clause: any statement of the behaviour answers
    assert expected("does the importer count those as new rows or dedupe them?") is None
    assert expected("is that within the limit or shuld it be flagged?") is None
    assert expected("which queue, rabbitmq or sqs?") is not None


@pytest.mark.parametrize(
    ("question", "text", "answers"),
    [
        # a question that gives what to work from is answered by the rule to work it out
        ("if a shift starts at 7am, what time does it end?", "Shifts are 8.5 hours long.", True),
        ("what time does the shift end?", "Shifts are 8.5 hours long.", False),
        (
            "an ad went live on 3rd march, what date does it expire?",
            "Ads expire after 30 days.",
            True,
        ),
        ("an ad went up on 3rd march, what date does it come down?", "Ads run for 30 days.", True),
        ("what date does the ad come down?", "Ads run for 30 days.", False),
        ("hire at £45k base, what fee do we charge?", "The fee is 20% of base salary.", True),
        ("what fee do we charge?", "The fee is 20% of base salary.", False),
        ("two crews at £20 a crew, how much is the invoice?", "Entry is charged per crew.", True),
        (
            "from full output to half, how many minutes does it take?",
            "It ramps 5% per minute.",
            True,
        ),
        ("how many minutes does the ramp take?", "It ramps 5% per minute.", False),
        ("a 4 hour session, how many bookings fit?", "Slots are 12 minutes long.", True),
        ("how many crews fit in a division?", "Entries close 10 days before racing.", False),
        ("how many crews fit in a division?", "Entry costs £18 per crew.", False),
        (
            "finished in 6:41.7, does it show 6:41 or 6:42?",
            "Times are rounded to the nearest second.",
            True,
        ),
        # the question's own words tell nothing: "night" in the name of what is asked about
        ("when does the night safari go on sale?", "Night Safari tickets cost £34.", False),
        ("when does the night safari go on sale?", "Night Safari goes on sale on 1 May.", True),
        # how long kept, how long a run takes, how long a change can go unseen
        (
            "how many days of readings do we keep?",
            "Readings are averaged over 15-minute windows.",
            False,
        ),
        ("how many days of readings do we keep?", "Readings are kept for 400 days.", True),
        ("how long does a full restore take?", "The last restore test was run in March.", False),
        ("how long can a parse job run?", "The parser reads the first 20 pages.", False),
        ("how long are the blades?", "Each blade is 60 metres.", True),
        ("how long could a leak go unnoticed?", "Sensors are polled every 60 seconds.", True),
        # an age; memory is not disk
        (
            "what's the minimum age for the talk?",
            "The talk accepts children aged 8 and over.",
            True,
        ),
        ("how much memory does the vm have?", "The vm has 2 vCPUs and an 80 GB disk.", False),
        ("how much memory does the vm have?", "The vm has 4 GB of RAM.", True),
        # a causal "as" needs a clause after it
        ("why did we move to celery?", "The workers use Redis as the broker.", False),
        ("why did we move to celery?", "We moved as the old cron box was full.", True),
    ],
)
def test_what_a_question_gives_and_says_itself_changes_what_answers_it(
    question: str, text: str, answers: bool
) -> None:
    assert states(expected(question), {"kind": "fact", "text": text}) is answers


@pytest.mark.parametrize(
    ("question", "text", "answers"),
    [
        # a system named like a role, a role word before a thing, a system's possessive, "X is
        # the Y service": no one
        ("who signs off a new venue?", "Each venue record in Rota stores parking notes.", False),
        ("who's on call for paddock?", "Paddock is the keeper rota app.", False),
        ("who approves refunds?", "Burrow is the records service in services/burrow.", False),
        ("who approves refunds?", "Refunds go through Caravan's public API.", False),
        ("who approves refunds?", "Ines Okafor is the tech lead.", True),
        ("who approves refunds?", "Refunds go to Aiko's team.", True),
        ("who approves refunds?", "The head of Crew Planning approves refunds.", True),
        # someone at a time: said of that time, or holding the role asked
        ("who's on call this weekend?", "Jonas migrated Paddock to Spring Boot 3.", False),
        ("who's on call this weekend?", "Priya is the primary on-call this weekend.", True),
        ("who's on call this weekend?", "Tomasz took over primary on-call from Priya.", True),
        (
            "who's our contact if tonight's batch fails?",
            "Sam Ortiz is our contact at the bank.",
            True,
        ),
        # someone by what they are doing, or by the post they were given
        (
            "who signs off the prod deploy?",
            "Deploys no longer wait for Oona; whoever is on call that week approves them.",
            True,
        ),
        (
            "who signs off the swap?",
            "Dmitri Volkov has joined as Invigilation Coordinator and approves swaps in Vigil.",
            True,
        ),
        ("who signs off the swap?", "Swaps are approved in Vigil within two days.", False),
        # the number in a name the question gives is no amount; how long a thing runs for is
        # how long it takes, and when it starts says nothing of that
        ("how many seats does screen 1 hold?", "Screen 1 is the largest, with laser.", False),
        ("how many seats does screen 1 hold?", "Screen 1 seats 180.", True),
        (
            "how long does the weekly staging refresh run for?",
            "Staging is refreshed every Sunday at 02:00.",
            False,
        ),
        ("how long does the weekly staging refresh run for?", "It takes about 40 min.", True),
        # an amount by weight or volume, not a share of it
        ("how many tonnes does S1 hold?", "Silowatch warns when a silo is below 30% full.", False),
        ("how many tonnes does S1 hold?", "S1 holds 18 tonnes of flour.", True),
        ("how many litres does a K4 carry?", "A K4 carries a 40 l tank.", True),
        # someone's age, said as one; a cache's max age is a duration
        (
            "what's the upper age limit for the young person's pass?",
            "Passes cost £30 a year.",
            False,
        ),
        (
            "what's the oldest a kid can be for a child pass?",
            "Child passes are for under-12s.",
            True,
        ),
        ("what's the max age of cached tiles?", "Tiles are cached for 5 minutes.", True),
        # a distance in miles, money coming in, how far back a restore goes, a till is no "until"
        ("how many miles can a van do on a charge?", "The vans charge overnight at 22:00.", False),
        ("how many miles can a van do on a charge?", "A van does about 140 miles.", True),
        ("how much did we get back from hmrc?", "The claim covered 3,412 donors.", False),
        ("how much did we get back from hmrc?", "HMRC paid us £8,530.", True),
        ("how far back can we restore from backups?", "Backups run nightly at 23:30.", False),
        ("how far back can we restore from backups?", "Backups are kept for 35 days.", True),
        ("how long do the tablets last on battery?", "Each shop has two till tablets.", False),
    ],
)
def test_someone_is_a_person_or_a_team_and_at_the_time_asked(
    question: str, text: str, answers: bool
) -> None:
    assert states(expected(question), {"kind": "fact", "text": text}) is answers


@pytest.mark.parametrize(
    ("question", "text", "answers"),
    [
        # hours of the day to fill: a length of slot fills them
        (
            "she does check-ups 9 till 12 straight, how many fit in that block?",
            "A check-up is booked as a 15-minute appointment.",
            True,
        ),
        ("how many check-ups fit in a block?", "A check-up is a 15-minute appointment.", False),
        # so many things to get through: a rate answers how long it takes
        (
            "6000 reminders to send, how long will the run take?",
            "We are limited to 10 messages per second.",
            True,
        ),
        ("how long will the run take?", "We are limited to 10 messages per second.", False),
        # an amount of storage, a temperature, a share
        ("how many terabytes is the archive using?", "Recordings are 8 kHz mono Opus.", False),
        ("how many terabytes is the archive using?", "The archive holds 3.2 TB.", True),
        ("what temperature are the units kept at?", "Units cost 25% more.", False),
        ("what temperature are the units kept at?", "The units are held at 16 °C.", True),
        ("what temperature are the units kept at?", "Units stay between 10 and 20 degrees.", True),
        ("which temperature sensor model do we use?", "We use the TS-22.", True),
        ("what minimum coverage % does CI enforce?", "The CI pipeline takes 6 minutes.", False),
        ("what minimum coverage % does CI enforce?", "CI fails under 80% line coverage.", True),
        # a number of things, a rate of requests, not a year nor a time
        ("how many hydrants are there?", "Many were installed before 1970.", False),
        ("how many hydrants are there?", "There are 2000 hydrants.", True),
        (
            "what's the max number of characters in a text?",
            "Opt-outs land within 5 minutes.",
            False,
        ),
        (
            "what's the max number of characters in a text?",
            "Texts are capped at 320 characters.",
            True,
        ),
        ("what's the request limit per api key?", "API requests time out after 10 seconds.", False),
        ("what's the request limit per api key?", "Each key gets 600 requests per minute.", True),
        # a plan ahead is not a start behind; an end is said as one
        (
            "when's the rewrite meant to take over?",
            "It has run in shadow since 3 March 2025.",
            False,
        ),
        ("when's the rewrite meant to take over?", "It takes over on 2 June.", True),
        ("when does the licence run out?", "The licence was renewed in March 2024.", False),
        ("when does the licence run out?", "The licence expires on 31 May 2026.", True),
        ("when do login tokens run out?", "Session tokens expire after 2 hours.", True),
        (
            "when does the subscription come up for renewal?",
            "Invoices export nightly at 23:00.",
            False,
        ),
        # a one-off still to come is no habit; the next of a habit is
        ("when is carrick turning off the v1 api?", "We poll the v1 api every 5 minutes.", False),
        (
            "when is carrick turning off the v1 api?",
            "The v1 api will be turned off on 1 June.",
            True,
        ),
        ("when's the next backup?", "Backups run nightly.", True),
        # the cause of a choice is no need, nor what follows a thing
        (
            "why did we swap sidekiq for goodjob?",
            "The GoodJob dashboard needs the staff-admin role.",
            False,
        ),
        ("why did we swap sidekiq for goodjob?", "GoodJob was required by the auditors.", True),
        ("why did we swap sidekiq for goodjob?", "We swapped because Redis kept failing.", True),
        ("why does a void need a PIN?", "After 10 minutes a void needs a supervisor PIN.", True),
        # a time of day keeps nothing so long
        (
            "how many years of records do we keep?",
            "Records are archived every night at 01:00.",
            False,
        ),
        ("how many years of records do we keep?", "Records are archived for 7 years.", True),
        # a period named once, shorter than the one asked within
        ("how many invoices a year?", "Rent is invoiced on the same date each month.", True),
    ],
)
def test_what_is_counted_measured_or_ended_is_said_as_such(
    question: str, text: str, answers: bool
) -> None:
    assert states(expected(question), {"kind": "fact", "text": text}) is answers


@pytest.mark.parametrize(
    ("question", "kind", "dimension"),
    [
        # a question someone else asked, told, when the question that closes is a few words
        (
            "the treasurer's asking what podcast hosting costs us each month, got a figure?",
            AnswerKind.QUANTITY,
            Dimension.MONEY,
        ),
        ("new dev asking why arbor is on rails, what was the reasoning?", AnswerKind.REASON, None),
        ("what's the reason code for a refund?", None, None),
        (
            "mum asks why she can't see bus 42 on the map. is it supposed to be visible then?",
            None,
            None,
        ),
        # how long something is kept, or how far back something goes
        (
            "deleted 7 weeks ago, do we still have a backup going back that far?",
            AnswerKind.QUANTITY,
            Dimension.KEPT,
        ),
        ("how far back do we keep gate logs?", AnswerKind.QUANTITY, Dimension.KEPT),
        ("how far back in the history do we look?", AnswerKind.QUANTITY, Dimension.SPAN),
        # someone who can get in, who has access or keys
        ("who can actually get into the depot?", AnswerKind.PERSON, None),
        ("who has the keys to the server room?", AnswerKind.PERSON, None),
        # a temperature alarm is no temperature asked
        (
            "low temp alarm on gh3 fired at 3am. who is supposed to get woken?",
            AnswerKind.PERSON,
            None,
        ),
    ],
)
def test_the_question_a_prompt_asks_is_read_whole(
    question: str, kind: AnswerKind | None, dimension: Dimension | None
) -> None:
    asked = expected(question)
    assert (asked.kind if asked else None) is kind
    assert (asked.dimension if asked else None) is dimension


@pytest.mark.parametrize(
    ("question", "text", "answers"),
    [
        # how often: a habit or a schedule, however it is said; not a count of things
        ("how often does test get refreshed from prod?", "Test data is synthetic.", False),
        ("how often does the adapter poll?", "The adapter maps 14 registers.", False),
        ("how often do we rotate the key?", "Vault access is granted per namespace.", False),
        ("how often is the model refreshed?", "We retrain it daily at 03:00 UTC.", True),
        ("how often does the job fire?", "The reminder job runs once an hour.", True),
        ("how frequently do probes report?", "Probes report every 10 minutes now.", True),
        ("how often does it flush?", "Cut the flush interval to 10 seconds.", True),
        ("how often do the traps get read?", "Traps are counted twice a week.", True),
        ("how often does the portal go out?", "The portal ships continuously.", True),
        # an estimate of a day to come is not told by a day gone
        (
            "when are we expecting vintage 2026 to kick off?",
            "Vintage 2025 started on 17 February.",
            False,
        ),
        ("when do we expect the audit?", "The audit is planned for 3 March.", True),
        # the other end of opening hours
        (
            "what time does ollerton open on a saturday?",
            "Pennock closes at 13:00 on Saturdays.",
            False,
        ),
        ("what time does ollerton open on a saturday?", "Ollerton opens at 08:30.", True),
        ("what time does the bar shut on fridays?", "The bar is open until 23:00.", True),
        # a day said of another happening than the one asked of
        (
            "when was the latex printer last serviced?",
            "The latex printer was installed in March 2022.",
            False,
        ),
        ("when was the latex printer last serviced?", "It was serviced on 3 May.", True),
        ("when was the latex printer last serviced?", "Engineer visit on 4 May.", True),
        # how long a thing takes: not how often something else happens
        (
            "how many days does the lab usually take to turn an analysis around?",
            "Samples are couriered to the lab every Monday.",
            False,
        ),
        (
            "how many days does the lab usually take to turn an analysis around?",
            "The lab returns results within 5 working days.",
            True,
        ),
        (
            "from full output to half, how many minutes will it take to get there?",
            "It ramps at 5% of installed capacity per minute.",
            True,
        ),
        # whether someone named before is free
        ("could we get ingrid back in july, is she free?", "Ingrid built the checkout.", False),
        ("could we get ingrid back in july, is she free?", "Ingrid is on leave all July.", True),
    ],
)
def test_how_often_when_expected_and_what_happened_are_said_as_such(
    question: str, text: str, answers: bool
) -> None:
    assert states(expected(question), {"kind": "fact", "text": text}) is answers


@pytest.mark.parametrize(
    ("question", "kind", "dimension"),
    [
        (
            "what's the oldest iOS the app is supposed to run on?",
            AnswerKind.MEASURE,
            Dimension.VERSION,
        ),
        ("whats the lowest android version we support?", AnswerKind.MEASURE, Dimension.VERSION),
        ("if the nightly import blows up, who gets alerted about it?", AnswerKind.PERSON, None),
        ("who signs those off at the council?", AnswerKind.PERSON, None),
        ("whose job is it to reconcile the cash?", AnswerKind.PERSON, None),
        ("who's supposed to refuel the launches?", AnswerKind.PERSON, None),
        ("which dev gets paged out of bed?", AnswerKind.PERSON, None),
        ("what's the staging URL?", AnswerKind.MEASURE, Dimension.ADDRESS),
        ("what's the url of our schema registry?", AnswerKind.MEASURE, Dimension.ADDRESS),
        ("what's the url format for share links?", None, None),
        ("what's the number for brisk's out of hours line?", AnswerKind.MEASURE, Dimension.PHONE),
        ("what's the number of replicas?", AnswerKind.QUANTITY, Dimension.COUNT),
        (
            "what's the p99 response time target for checkout?",
            AnswerKind.MEASURE,
            Dimension.DURATION,
        ),
    ],
)
def test_versions_doers_addresses_and_numbers_to_ring_are_asked_for(
    question: str, kind: AnswerKind | None, dimension: Dimension | None
) -> None:
    asked = expected(question)
    assert (asked.kind if asked else None) is kind
    assert (asked.dimension if asked else None) is dimension


@pytest.mark.parametrize(
    ("question", "text", "answers"),
    [
        ("what's the staging URL?", "Staging moved to stg.eu.example.dev.", True),
        ("what's the staging URL?", "Staging is at https://staging.example.com.", True),
        ("what's the staging URL?", "Staging runs on the k3s cluster.", False),
        ("what's the url of our schema registry?", "Tilt applies deploy/overlays/dev.", False),
        ("what's the number for the out of hours line?", "Ring 0161 496 0000 after 19:00.", True),
        ("what's the number for the out of hours line?", "The desk is staffed 07:00-19:00.", False),
    ],
)
def test_an_address_or_a_number_to_ring_is_said_as_such(
    question: str, text: str, answers: bool
) -> None:
    assert states(expected(question), {"kind": "fact", "text": text}) is answers


def test_every_thing_is_no_habit() -> None:
    asked = expected("how often do we have to rotate the ssh key?")
    said = "That identifier is the primary key for vessels in every service."
    assert not states(asked, {"kind": "fact", "text": said})
    assert states(asked, {"kind": "fact", "text": "The key is rotated on every deploy."})


@pytest.mark.parametrize(
    ("question", "kind", "dimension"),
    [
        # how far ahead, however typed, is a time, not a distance
        ("how far ahaed can members book the hall?", None, None),
        ("how far in advnace do we publish the rota?", None, None),
        ("how far can a tag be read from?", AnswerKind.QUANTITY, Dimension.DISTANCE),
        # "which zone rate": which zone, however it is named
        ("which zone rate do i charge for the docks?", None, None),
        ("which tier limit applies to trial accounts?", None, None),
        ("which python version does ci use?", AnswerKind.MEASURE, Dimension.VERSION),
        ("which memory limit applies to workers?", AnswerKind.MEASURE, Dimension.MEMORY),
        # "how long at most till …": when, which a habit answers
        ("how long at most till the poller notices?", AnswerKind.TIME, None),
        # "still X or already Y?": whether it is, not one of two names
        ("is that order still in the queue or already shipped?", None, None),
        ("redis or memcached for sessions?", AnswerKind.CHOICE, None),
        # the date, however it is asked for; not a date's format
        ("what's the exact date of the spring fair?", AnswerKind.TIME, Dimension.DATE),
        ("what is the date format in the exports?", None, None),
        # when it last happened, as a question is reported
        (
            "auditors asking when we last ran a fire drill, do we know?",
            AnswerKind.TIME,
            Dimension.LAST,
        ),
        ("want to know when the policy was last reviewed", AnswerKind.TIME, Dimension.LAST),
        # someone, by what they do or are
        ("the heating's off again, who's the person to ring?", AnswerKind.PERSON, None),
        ("who's the engineer we call out for the lift?", AnswerKind.PERSON, None),
        ("who's leading the stocktake next week?", AnswerKind.PERSON, None),
        ("who actually puts the newsletter together?", AnswerKind.PERSON, None),
        ("who sends out the renewal letters?", AnswerKind.PERSON, None),
        ("who's been assigned to the audit?", AnswerKind.PERSON, None),
        ("who's driving round 7 this saturday?", AnswerKind.PERSON, None),
        ("who's on the thursday collection route this week?", AnswerKind.PERSON, None),
        ("who's staffing the stand?", AnswerKind.PERSON, None),
        # a word that only stresses the question word
        ("when exactly is the cutover scheduled?", AnswerKind.TIME, None),
        # the question after another: "… ? and how many times?"
        ("does the gateway retry it? and how many times?", AnswerKind.QUANTITY, Dimension.TIMES),
    ],
)
def test_ahead_which_one_dates_and_people_however_asked(
    question: str, kind: AnswerKind | None, dimension: Dimension | None
) -> None:
    asked = expected(question)
    assert (asked.kind if asked else None, asked.dimension if asked else None) == (kind, dimension)


@pytest.mark.parametrize(
    ("question", "text", "answers"),
    [
        # none any more is a count
        (
            "how many badges do we reprint every january?",
            "Badges no longer expire, so there is no yearly reprint any more.",
            True,
        ),
        ("how many badges do we reprint every january?", "Badges are printed in house.", False),
        # a frequency counts what happens in a longer period the question names
        (
            "how many fire drills should we log across a whole year?",
            "Fire drills now happen every two months.",
            True,
        ),
        (
            "how many fire drills should we log across a whole year?",
            "Fire drills are logged in the safety app.",
            False,
        ),
        # the unit values are kept in works out a measure the question gives
        (
            "flagging bags over 3kg, what threshold value goes in the query?",
            "The scales store weights as integers of grams.",
            True,
        ),
        (
            "what threshold value goes in the query?",
            "The scales store weights as integers of grams.",
            False,
        ),
        (
            "flagging bags over 3kg, what threshold value goes in the query?",
            "The scales sit beside the packing bench.",
            False,
        ),
    ],
)
def test_none_any_more_a_frequency_in_a_year_and_a_unit_answer(
    question: str, text: str, answers: bool
) -> None:
    assert states(expected(question), {"kind": "fact", "text": text}) is answers


def test_a_number_of_tries_is_no_habit() -> None:
    asked = expected("how often does the importer sync with the registry?")
    assert not states(asked, {"kind": "fact", "text": "Failed syncs are retried up to 5 times."})
    assert states(asked, {"kind": "fact", "text": "The importer syncs three times a day."})


def test_so_long_after_is_when_not_why() -> None:
    asked = expected("why is the badge expiry 3 years?")
    assert not states(asked, {"kind": "fact", "text": "Badges expire 3 years after issue."})
    assert states(asked, {"kind": "fact", "text": "Badges expire after the audit found reuse."})


@pytest.mark.parametrize(
    ("prompt", "closing"),
    [
        (
            "checkout throwing 500s since lunch, where do i go to see the stack traces?",
            "where do i go to see the stack traces?",
        ),
        ("the queue is long - can we add a worker?", "can we add a worker?"),
        ("where do the stack traces go?", None),  # one clause: nothing closes it
        ("the import failed again, any idea?", None),  # no question word
    ],
)
def test_the_question_a_prompt_closes_with(prompt: str, closing: str | None) -> None:
    assert closing_question(prompt) == closing
