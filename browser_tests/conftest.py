"""The browser test uses the suite's fixtures: the test server, its settings, an emptied graph."""

from tests.conftest import clean_environ, graph, session_graph, settings  # noqa: F401
