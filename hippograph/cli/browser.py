"""``hippo browser``: Neo4j Browser with hippograph's style and guide, in one click."""

from __future__ import annotations

import typer

from hippograph.cli.app import app, settings_of


@app.command("browser")
def browser_command(
    ctx: typer.Context,
    open_it: bool = typer.Option(
        False, "--open", help="Open Neo4j Browser in this machine's web browser."
    ),
    style: bool = typer.Option(
        False, "--style", help="Print the style sheet, to paste after `:style` in Browser."
    ),
    serve: bool = typer.Option(
        False,
        "--serve",
        help="Serve the style and the guide over HTTP (with CORS) for a Neo4j server hippo does "
        "not manage, until Ctrl-C; prints the Browser commands and neo4j.conf lines to use.",
    ),
    port: int = typer.Option(
        7480, "--port", min=1, max=65535, help="Port for --serve, on 127.0.0.1."
    ),
) -> None:
    """Where Neo4j Browser is, and how hippograph's style and `:play` guide load.

    The managed server (`hippo db start`) serves both itself and applies them on connect: open
    the URL, log in, and the guide of saved queries (why did we choose X, what broke around
    this function, what changed last week, ...) is the first thing shown."""
    from hippograph.neo4j_local import browser, status

    settings = settings_of(ctx)
    if style:
        typer.echo(browser.style_text(), nl=False)
        return
    if serve:
        _serve(port)
        return
    report = status(settings)
    url = settings.browser_url
    if report.mode == "managed":
        if report.action != "running":
            typer.echo("The managed Neo4j server is not running: start it with `hippo db start`.")
            raise typer.Exit(1)
        base = f"http://localhost:{settings.neo4j_http_port}{browser.URL_PATH}"
        typer.echo(f"Neo4j Browser: {url}")
        typer.echo(f"  log in as {settings.neo4j_user}, password in {settings.password_file}")
        typer.echo("  the style and the guide load on connect; to open them again:")
        typer.echo(f"    :style {base}{browser.STYLE_NAME}")
        typer.echo(f"    :play {base}{browser.GUIDE_NAME}")
    else:
        typer.echo(f"Neo4j at {settings.bolt_uri} is not managed by hippo ({report.mode}).")
        typer.echo(f"  open its Browser (e.g. {url}), then either paste the style:")
        typer.echo("    run `hippo browser --style`, type :style in Browser and paste it")
        typer.echo("  or serve the style and the guide: `hippo browser --serve` prints how.")
    if open_it:
        import webbrowser

        webbrowser.open(url)


def _serve(port: int) -> None:
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from hippograph.neo4j_local import browser

    base = f"http://127.0.0.1:{port}/"
    content = browser.files(base)
    types = {browser.STYLE_NAME: "text/plain", browser.GUIDE_NAME: "text/html"}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            name = self.path.split("?", 1)[0].lstrip("/")
            body = content.get(name)
            if body is None:
                self.send_error(404, "only the hippograph style and guide are served here")
                return
            self.send_response(200)
            self.send_header("Content-Type", f"{types[name]}; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Access-Control-Allow-Origin", "*")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            return  # quiet: the terminal shows the instructions

    try:
        server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    except OSError as exc:
        typer.echo(
            f"Error: cannot serve on 127.0.0.1:{port} ({exc.strerror}); pick another with --port.",
            err=True,
        )
        raise typer.Exit(1) from exc
    typer.echo(f"Serving hippograph's style and guide at {base} (Ctrl-C to stop).")
    typer.echo("In Neo4j Browser, run:")
    typer.echo(f"  :style {base}{browser.STYLE_NAME}")
    typer.echo(f"  :play {base}{browser.GUIDE_NAME}")
    typer.echo("To load both on every connect, add to that server's neo4j.conf:")
    typer.echo(f"  browser.post_connect_cmd={browser.post_connect_commands(base)}")
    typer.echo("  browser.remote_content_hostname_whitelist=127.0.0.1")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
