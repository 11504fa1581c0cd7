"""`podium serve` rebuilds on change; a broken edit prints the problem and keeps the last site."""
from __future__ import annotations

import os
import socket

import pytest

from podium.run.rebuild import Rebuilder
from podium.venue.serve import CONTENT_PROBLEM, REBUILT, rebuild


def test_rebuild_failure_keeps_previous_site(tree, capsys):
    tree.event("e1", 8)
    out = tree.root / "site"
    builder = Rebuilder(tree.content, out)
    assert rebuild(builder) == REBUILT
    index = (out / "index.html").read_bytes()
    tree.write("events/e1/event.yaml", "name: [unclosed\n")
    assert rebuild(builder) == CONTENT_PROBLEM
    err = capsys.readouterr().err
    assert "event.yaml:1: YAML syntax" in err and "the site was not rebuilt" in err
    assert (out / "index.html").read_bytes() == index


@pytest.mark.parametrize("port", ["70000", "-1", "0", "http"])
def test_a_port_out_of_range_is_one_line(tree, cli, port):
    result = cli("serve", "--port", port, expect=1)
    assert result.output == f"--port: {port} is not a port number; use one from 1 to 65535, such as 8000\n1 problem found.\n"


def test_a_port_in_use_is_said_before_anything_is_built(tree, cli):
    tree.event("e1", 8)
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        result = cli("serve", "--port", port, expect=1)
    assert result.output == (f"--port: {port} is already in use by another program (another podium serve?); "
                             "stop it or choose another port, such as --port 8000\n1 problem found.\n")
    assert not (tree.root / "site").exists()


def test_editor_lock_files_and_broken_links_do_not_stop_rebuilds(tree, capsys):
    tree.event("e1", 8)
    out = tree.root / "site"
    builder = Rebuilder(tree.content, out)
    assert rebuild(builder) == REBUILT
    index = (out / "index.html").read_bytes()
    os.symlink("olga@laptop.4242", tree.content / "events/e1/.#event.yaml")  # Emacs, while the file is open
    os.symlink(".#event.yaml", tree.content / "events/e1/.#rounds")
    assert rebuild(builder) == REBUILT
    os.symlink("loop.md", tree.content / "loop.md")
    assert rebuild(builder) == CONTENT_PROBLEM
    assert "content/loop.md: is a symbolic link that leads back to itself; delete it" in capsys.readouterr().err
    assert (out / "index.html").read_bytes() == index
    (tree.content / "loop.md").unlink()
    assert rebuild(builder) == REBUILT


def test_a_bug_in_a_rebuild_is_reported_and_the_last_site_kept_serving(tree, capsys, monkeypatch):
    """At a venue the phones keep the last good site even when Podium itself fails: the
    traceback is printed for a bug report, and the next save is tried again."""
    tree.event("e1", 8)
    out = tree.root / "site"
    builder = Rebuilder(tree.content, out)
    assert rebuild(builder) == REBUILT
    index = (out / "index.html").read_bytes()

    def broken(inputs=None):
        raise RuntimeError("a bug")

    monkeypatch.setattr(builder, "rebuild", broken)
    assert rebuild(builder) == CONTENT_PROBLEM
    err = capsys.readouterr().err
    assert "RuntimeError: a bug" in err and err.rstrip().endswith(
        "Podium failed while rebuilding (a bug: please report it with the lines above); "
        "the last site is still served")
    assert (out / "index.html").read_bytes() == index


def test_serve_answers_a_missing_page_with_the_sites_404_page(tree, cli):
    """Issue 35: plain `podium serve` answered "404: Not Found", its server's own words, where the
    built site has a 404 page of its own (in its language, with the way back)."""
    import os
    import signal
    import subprocess
    import sys
    import urllib.error
    import urllib.request

    from test_serve_lan import ROOT, free_port, wait_for

    tree.event("e1", 8)
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    serving = subprocess.Popen([sys.executable, "-m", "podium", "serve", "--port", str(port)], cwd=tree.root, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        def answer():
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/no-such-page/", timeout=2)
            except urllib.error.HTTPError as exc:
                return exc.code, exc.read().decode("utf-8")
            except OSError:
                return None
        status, body = wait_for(answer, 60)
        reloading = body.index('<script type="text/javascript">(function(){'), body.index("</script></head>")
        served = body[:reloading[0]] + body[reloading[1] + len("</script>"):]  # but livereload's script, as on every page
        assert status == 404 and served == (tree.root / "site/404.html").read_text(encoding="utf-8")
    finally:
        serving.send_signal(signal.SIGINT)
        serving.wait(timeout=30)
