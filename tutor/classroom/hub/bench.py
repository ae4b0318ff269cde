"""The hub under load: a trial hub on this machine and simulated learners, each with a server.

    python -m tutor.classroom.hub.bench --learners 10 --minutes 1 [--arrive 20]

Starts the same hub as ``python -m tutor hub`` (its configuration, on 127.0.0.1, in a
temporary folder) with a ``bench`` service whose token may start servers and make tokens.
Each simulated learner (the class bench's `SimLearner`, talking to the learner's own
server with a token of that learner) arrives, has the hub start their server (timed until
the hub says it is ready), opens a lesson page in it (Voila runs the notebook in a new
kernel), loads its widgets like Voila's front end, and presses the table's *Draw* and
*Undo* every 2–4 s, timing each click until the explanation updates; it polls the
teacher's question every 2.5 s through its server (which asks the teacher's service) and
answers it once the bench, as the teacher, has put one on every screen. Memory: the
proportional set size of each learner's server and its kernels, and of the hub, the proxy
and the services. Figures for docs/HUB.md.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import secrets
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..bench import BENCH_NOTEBOOK, SimLearner, descendants, pss_kib
from . import Hub, find_proxy, free_port, learner_names, write_config


class HubSimLearner(SimLearner):
    """A learner's browser on their own hub server: every request with their token."""

    def __init__(self, hub_url: str, name: str, token: str):
        super().__init__(f"{hub_url}/user/{name}/", name)
        self.token = token

    async def request(self, path, method="GET", form=None, headers=None):
        return await super().request(path, method, form,
                                     {"Authorization": f"token {self.token}", **(headers or {})})

    async def connect(self, kernel_id=None):
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect
        from ..bench import WS_PROTOCOL
        kid = kernel_id or self.kernel_id
        url = self.base.replace("http", "ws", 1) + f"api/kernels/{kid}/channels?session_id={self.session}"
        req = HTTPRequest(url, headers={"Authorization": f"token {self.token}",
                                        "Origin": self.base.split("/user/")[0]})
        self.ws = await websocket_connect(req, max_message_size=64 * 1024 * 1024,
                                          subprotocols=[WS_PROTOCOL])
        self._reader = asyncio.ensure_future(self._read())


@dataclass
class HubFigures:
    learners: int
    arrive: float
    hub_start: float = 0.0
    spawns: list = field(default_factory=list)        # seconds, server asked until ready
    opens: list = field(default_factory=list)         # seconds, lesson page with its kernel
    ready: list = field(default_factory=list)         # seconds, arrival until the table is usable
    clicks: list = field(default_factory=list)
    polls: list = field(default_factory=list)
    answers: int = 0
    failures: list = field(default_factory=list)
    server_pss: list = field(default_factory=list)    # KiB per learner server (no kernels)
    kernel_pss: list = field(default_factory=list)    # KiB per kernel
    base_pss: int = 0                                 # KiB: hub, proxy, services

    def report(self) -> str:
        def q(v, p):
            s = sorted(v)
            return s[min(len(s) - 1, int(round(p * (len(s) - 1))))] if s else float("nan")
        per_server = statistics.mean(self.server_pss) / 1024 if self.server_pss else float("nan")
        kernels_per = sum(self.kernel_pss) / 1024 / max(1, len(self.server_pss))
        per = per_server + kernels_per
        return "\n".join([
            f"hub under load: {self.learners} simulated learners, each with a server, arriving over "
            f"{self.arrive:.0f} s; {len(self.clicks)} clicks, {len(self.failures)} failures",
            f"  hub start until it answers          {self.hub_start:7.2f} s",
            f"  a learner's server, asked to ready  median {q(self.spawns, .5):6.2f} s, p95 {q(self.spawns, .95):6.2f} s, "
            f"worst {max(self.spawns, default=float('nan')):6.2f} s",
            f"  a lesson page with its kernel       median {q(self.opens, .5):6.2f} s, p95 {q(self.opens, .95):6.2f} s",
            f"  arrival until the table is usable   median {q(self.ready, .5):6.2f} s, p95 {q(self.ready, .95):6.2f} s",
            f"  click to explanation                median {q(self.clicks, .5) * 1000:6.0f} ms, p95 "
            f"{q(self.clicks, .95) * 1000:6.0f} ms, worst {max(self.clicks, default=float('nan')) * 1000:6.0f} ms",
            f"  question poll (server + service)    median {q(self.polls, .5) * 1000:6.0f} ms, p95 "
            f"{q(self.polls, .95) * 1000:6.0f} ms; {self.answers} of {self.learners} answered",
            f"  memory per learner                  {per:7.1f} MiB (server {per_server:.1f} + kernels {kernels_per:.1f})",
            f"  memory, hub + proxy + services      {self.base_pss / 1024:7.1f} MiB",
        ] + [f"  failure: {f}" for f in self.failures[:5]])


def _api(hub_url, token):
    from tornado.httpclient import AsyncHTTPClient
    http = AsyncHTTPClient(force_instance=True, defaults={"request_timeout": 300})

    async def call(path, method="GET", body=None):
        r = await http.fetch(hub_url + path, method=method, raise_error=False,
                             headers={"Authorization": f"token {token}"},
                             body=json.dumps(body) if body is not None else
                             (b"" if method == "POST" else None))
        return r.code, json.loads(r.body or b"{}") if r.body else {}
    return call, http


async def _learner(hub_url, api, name, i, fig, until, rng):
    await asyncio.sleep(fig.arrive * i / fig.learners)
    t0 = time.monotonic()
    sim = polling = None
    try:
        code, _ = await api(f"/hub/api/users/{name}/server", "POST", {})
        if code not in (201, 202):
            raise RuntimeError(f"spawn answered {code}")
        while True:
            code, model = await api(f"/hub/api/users/{name}")
            if model.get("servers", {}).get("", {}).get("ready"):
                break
            await asyncio.sleep(0.25)
        fig.spawns.append(time.monotonic() - t0)
        code, tok = await api(f"/hub/api/users/{name}/tokens", "POST",
                              {"scopes": [f"access:servers!user={name}"], "expires_in": 3600})
        sim = HubSimLearner(hub_url, name, tok["token"])
        fig.opens.append(await sim.open(BENCH_NOTEBOOK))
        await sim.connect()
        await sim.load_widgets()
        fig.ready.append(time.monotonic() - t0)
        parts = sim.table()
        if parts is None:
            raise RuntimeError("no table with Draw, Undo and an explanation")
        polling = asyncio.ensure_future(_poll(sim, until, fig, rng))
        while time.monotonic() < until:
            await asyncio.sleep(rng.uniform(2.0, 4.0))
            fig.clicks.append(await sim.click(parts["draw"], parts["panel"]))
            await asyncio.sleep(rng.uniform(2.0, 4.0))
            await sim.click(parts["undo"], parts["panel"])
        await polling
    except asyncio.CancelledError:
        pass
    except Exception as e:                          # noqa: BLE001 - counted and reported
        fig.failures.append(f"{name}: {type(e).__name__}: {e}")
    finally:
        if polling is not None:
            polling.cancel()
        if sim is not None:
            await sim.close()


async def _poll(sim, until, fig, rng):
    answered = False
    while time.monotonic() < until:
        t0 = time.monotonic()
        r = await sim.request(f"canasta/room/question?kernel={sim.kernel_id}")
        fig.polls.append(time.monotonic() - t0)
        state = json.loads(r.body or b"{}")
        m = re.search(r"data-push='(\d+)'", state.get("html", ""))
        if m and not answered:
            r = await sim.request("canasta/room/answer", "POST",
                                  {"push": m.group(1), "answer": rng.choice(("legal", "illegal"))})
            if r.code == 200:
                answered = True
                fig.answers += 1
        await asyncio.sleep(2.5)


async def _teacher(hub_url, token, fig, until):
    """Once everybody is in, a question on every screen (the bench's token holds the
    teacher's scope)."""
    from tornado.httpclient import AsyncHTTPClient
    http = AsyncHTTPClient(force_instance=True)
    while len(fig.ready) + len(fig.failures) < fig.learners and time.monotonic() < until:
        await asyncio.sleep(1)
    r = await http.fetch(hub_url + "/services/canasta-teacher/teacher", raise_error=False,
                         headers={"Authorization": f"token {token}"})
    m = re.search(r"<option value='([^']+)'", r.body.decode())
    if m:
        import html
        import urllib.parse
        await http.fetch(hub_url + "/services/canasta-teacher/teacher/push", method="POST",
                         raise_error=False, follow_redirects=False,
                         headers={"Authorization": f"token {token}"},
                         body=urllib.parse.urlencode({"question": html.unescape(m.group(1))}))
    http.close()


def measure_memory(hub: Hub, fig: HubFigures) -> None:
    servers, kernels, base = [], [], 0
    for pid in [hub.proc.pid, *descendants(hub.proc.pid)]:
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"jupyterhub-singleuser" in cmd:
            servers.append(pss_kib(pid))
        elif b"ipykernel" in cmd:
            kernels.append(pss_kib(pid))
        else:
            base += pss_kib(pid)
    fig.server_pss, fig.kernel_pss, fig.base_pss = servers, kernels, base


async def run(hub: Hub, token: str, learners: list[str], seconds: float, arrive: float) -> HubFigures:
    fig = HubFigures(len(learners), arrive)
    api, http = _api(hub.url, token)
    rng = random.Random(1)
    until = time.monotonic() + arrive + seconds + 60 * len(learners) / 10
    tasks = [asyncio.ensure_future(_learner(hub.url, api, n, i, fig, until, random.Random(rng.random())))
             for i, n in enumerate(learners)]
    teacher = asyncio.ensure_future(_teacher(hub.url, token, fig, until))
    while len(fig.ready) + len(fig.failures) < len(learners):
        await asyncio.sleep(0.5)
    # everybody is in: click for `seconds` from now on
    until_clicking = time.monotonic() + seconds
    await asyncio.sleep(max(0.0, min(10.0, seconds - 5)))
    measure_memory(hub, fig)
    while time.monotonic() < until_clicking:
        await asyncio.sleep(0.5)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, teacher, return_exceptions=True)
    http.close()
    return fig


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tutor.classroom.hub.bench", description=__doc__.splitlines()[0])
    p.add_argument("--learners", type=int, default=10)
    p.add_argument("--minutes", type=float, default=1.0, help="clicking time, once all are in")
    p.add_argument("--arrive", type=float, default=None, help="seconds over which they arrive "
                   "(default: one every 2 s)")
    args = p.parse_args(argv)
    n = max(1, min(args.learners, 60))
    proxy = find_proxy()
    if proxy is None:
        print("configurable-http-proxy not found (scripts/hub.sh installs it)", file=sys.stderr)
        return 2
    from .. import REPO_NOTEBOOKS
    with tempfile.TemporaryDirectory(prefix="tutor-hub-bench-") as tmp:
        state = Path(tmp)
        names = learner_names(n)
        port = free_port()
        config = write_config(state, ip="127.0.0.1", port=port, lessons=["05-taking-the-pile"],
                              lang="en", learners=names, db_url=f"sqlite:///{state / 'class.sqlite3'}",
                              proxy=proxy, notebooks=REPO_NOTEBOOKS, cull_minutes=30, log_level="WARN")
        token = secrets.token_hex(24)
        with open(config, "a", encoding="utf-8") as f:
            f.write("\n# the bench: a service that starts servers, makes tokens, puts questions\n"
                    f"c.JupyterHub.services.append({{'name': 'bench', 'api_token': {token!r}}})\n"
                    "c.JupyterHub.load_roles.append({'name': 'bench', 'services': ['bench'], 'scopes': "
                    "['admin:users', 'admin:servers', 'tokens', 'access:servers', "
                    "'access:services!service=canasta-teacher']})\n"
                    f"c.JupyterHub.load_groups = {{'teachers': {{'users': ['teacher']}}, "
                    f"'bench-learners': {{'users': {names!r}}}}}\n")
        hub = Hub(state, config, port)
        try:
            fig_start = hub.start()
            arrive = 2.0 * n if args.arrive is None else max(0.0, args.arrive)
            fig = asyncio.run(run(hub, token, names, max(20.0, args.minutes * 60), arrive))
            fig.hub_start = fig_start
        finally:
            hub.stop()
    print(fig.report())
    return 1 if fig.failures else 0


if __name__ == "__main__":
    sys.exit(main())
