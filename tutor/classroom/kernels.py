"""Learners' kernels: each one for a person, knowing who, and culled when idle.

Two ways a page gets its kernel, both Voila's:

- **Started for the learner who asks** (a page with no pool, or its pool empty). Voila
  starts a kernel inside the request that renders the page (``VoilaHandler``), with the
  environment it builds; it does not say for whom. The room's render handler sets
  `starting_for` (a context variable, so two learners' pages rendering at once cannot mix)
  before Voila runs, and `RoomKernelManager.start_kernel` reads it: the kernel's
  environment names the learner (``TUTOR_LEARNER``, which
  ``tutor.progress.current_learner()`` reads). No such kernel starts for a request that
  names nobody.
- **Preheated** (Voila's own pool: ``preheat_kernel`` and ``kernel_pools_config``, sized by
  ``python -m tutor class --expect``). Voila starts the kernels of the pages learners open
  first before anybody comes, runs their notebooks up to the last cell, and refills the
  pool as they are taken. Such a kernel is started for nobody: its environment names the
  room but no learner, and nobody may reach it (it has no owner). The lesson's last cell
  (``page.ready()``) then waits for its learner: it asks the room
  (``GET /room/kernel/<kernel id>`` with the kernel's own one-time key, `handshake`), and
  the answer comes when the room's render handler has taken that kernel for a learner
  (`give`): from then on it is that learner's (owner, ``TUTOR_LEARNER``), and the page is
  sent. A kernel learns one learner, once; a page never acts for anybody else.

In both cases the kernel's environment names the room's progress file (``TUTOR_PROGRESS``),
the room, its language and tonight's lessons (``TUTOR_ROOM``, ``TUTOR_LANG``,
``TUTOR_TONIGHT``), so the lessons write progress where the teacher reads it without
knowing of the room; and the kernel is recorded as its learner's (``owner``): the
authorizer lets nobody else reach it.

Each kernel is a process of its own: one learner's bad input or crashed kernel stays in
it. Idle kernels are culled by jupyter-server's culler (``cull_idle_timeout``, set by
``python -m tutor class --cull-minutes``), connected or not: a learner who left a tab
open does not hold memory all evening; the page then offers a reload. Pooled kernels
waiting for a learner are not culled (Voila's pool keeps them).
"""
from __future__ import annotations

import asyncio
import contextvars
import hmac
import secrets
from datetime import timedelta

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server._tz import utcnow
from tornado import web
from traitlets import Dict, Float, Integer

#: The person whose page is being rendered in this request (a jupyter-server User).
starting_for: contextvars.ContextVar = contextvars.ContextVar("tutor_room_starting_for",
                                                              default=None)
#: Variables of the teacher's environment a learner's kernel must not inherit.
PRIVATE = ("TUTOR_TEACHER_PASSWORD", "TUTOR_ROOM_CODE", "JUPYTER_TOKEN")
#: What a preheated kernel may be told when it is taken: who its learner is.
GIVEN = ("TUTOR_LEARNER",)


def room_env(env: dict, room) -> dict:
    """A kernel's environment in the room, before it has a learner: the teacher's secrets
    out; the room's progress file, its name, language and tonight's lessons in."""
    out = {k: v for k, v in (env or {}).items()
           if k not in PRIVATE and k not in GIVEN and k not in ("TUTOR_KERNEL_KEY", "TUTOR_ROOM_URL")}
    out.update({"TUTOR_PROGRESS": str(room.store.path), "TUTOR_ROOM": room.name,
                "TUTOR_LANG": room.lang, "TUTOR_TONIGHT": ",".join(room.lessons)})
    return out


def learner_env(env: dict, user, room) -> dict:
    return {**room_env(env, room), "TUTOR_LEARNER": user.username}


class RoomKernelManager(AsyncMappingKernelManager):
    """Starts a kernel only for a known person, with their name in its environment; or, for
    Voila's pool, for nobody until a learner takes it (see the module doc)."""

    owners = Dict()                  # kernel id -> the username that owns it
    cull_closed_timeout = Integer(120, config=True,
                                  help="seconds a kernel whose page is closed may stay idle")
    refill_after = Float(20.0, config=True,
                         help="seconds after a preheated page is taken before the pool starts "
                              "its replacement (after the rush of arrivals)")
    refill_spacing = Float(3.0, config=True,
                           help="seconds between two replacements starting: thirty pages taken "
                                "at once are replaced one after the other, not all at once")
    handshake_wait = Integer(1800, config=True,
                             help="seconds a pooled kernel's question 'who is my learner?' is "
                                  "held open before it asks again")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._keys: dict = {}        # pooled kernel id -> its one-time key (until told)
        self._given: dict = {}       # pooled kernel id -> future of its learner's username
        self._asking: set = set()    # pooled kernels waiting now (their page is ready)

    @property
    def room(self):
        return self.parent.room

    async def start_kernel(self, *args, **kwargs):
        env = kwargs.get("env") or {}
        if env.get("VOILA_PREHEAT") == "True":           # Voila's pool: for nobody yet
            key = secrets.token_urlsafe(24)
            kwargs["env"] = {**room_env(env, self.room), "TUTOR_KERNEL_KEY": key,
                             "TUTOR_ROOM_URL": self.handshake_url()}
            kernel_id = await super().start_kernel(*args, **kwargs)
            self._keys[kernel_id] = key
            return kernel_id
        user = starting_for.get()
        if user is None:
            raise web.HTTPError(403)
        kwargs["env"] = learner_env(env, user, self.room)
        kernel_id = await super().start_kernel(*args, **kwargs)
        self.owners[kernel_id] = user.username
        return kernel_id

    def handshake_url(self) -> str:
        """Where a pooled kernel asks for its learner: this server, from this computer."""
        app = self.parent
        ip = app.ip if app.ip not in ("", "0.0.0.0", "::") else "127.0.0.1"
        host = f"[{ip}]" if ":" in ip else ip
        return f"http://{host}:{app.port}{app.server_url.rstrip('/')}/room/kernel/"

    # ---- a pooled kernel and its learner ------------------------------------------------------
    def _future(self, kernel_id: str) -> asyncio.Future:
        fut = self._given.get(kernel_id)
        if fut is None:
            fut = self._given[kernel_id] = asyncio.get_running_loop().create_future()
        return fut

    def next_refill_delay(self) -> float:
        """The delay before Voila starts the replacement of a page being taken now: at least
        `refill_after`, and `refill_spacing` after the replacement before it."""
        now = asyncio.get_running_loop().time()
        slot = max(now + self.refill_after, getattr(self, "_next_refill", 0.0))
        self._next_refill = slot + self.refill_spacing
        return slot - now

    def give(self, kernel_id: str, user) -> None:
        """A learner's page took this pooled kernel: it is theirs, and it is told so."""
        if kernel_id not in self._keys or self.owners.get(kernel_id) is not None:
            raise web.HTTPError(500, "a pooled kernel was taken twice")
        self.owners[kernel_id] = user.username
        fut = self._future(kernel_id)
        if not fut.done():
            fut.set_result(user.username)

    async def handshake(self, kernel_id: str, key: str) -> dict | None:
        """A pooled kernel asks who its learner is (with its own key): the answer, once
        given; None for a wrong key (logged) or when it should ask again later."""
        known = self._keys.get(kernel_id)
        if not key or known is None or not hmac.compare_digest(known.encode(), key.encode()):
            self.log.warning("refused a kernel handshake for %s (wrong key or not a pooled kernel)",
                             kernel_id)
            raise web.HTTPError(403)
        self._asking.add(kernel_id)
        try:
            username = await asyncio.wait_for(asyncio.shield(self._future(kernel_id)),
                                               self.handshake_wait)
        except asyncio.TimeoutError:
            return None
        finally:
            self._asking.discard(kernel_id)
        self._keys.pop(kernel_id, None)                   # told once: the key is spent
        self._given.pop(kernel_id, None)
        return {"TUTOR_LEARNER": username}

    def pool_state(self) -> tuple[int, int, int]:
        """(pages ready and waiting for a learner, pages the pool holds when full, kernels
        the learners hold)."""
        config = getattr(self, "kernel_pools_config", {}) or {}
        total = sum(int(c.get("pool_size", 0)) for name, c in config.items() if name != "default")
        held = sum(1 for k, who in self.owners.items() if who is not None and k in self)
        return len(self._asking), total, held

    def owner(self, kernel_id: str) -> str | None:
        return self.owners.get(kernel_id) if kernel_id in self else None

    def remove_kernel(self, kernel_id):
        self.owners.pop(kernel_id, None)
        self._keys.pop(kernel_id, None)
        self._asking.discard(kernel_id)
        fut = self._given.pop(kernel_id, None)
        if fut is not None and not fut.done():
            fut.cancel()
        try:                        # what Voila kept for a preheated page's request info
            from voila.request_info_handler import RequestInfoSocketHandler
            RequestInfoSocketHandler._cache.pop(kernel_id, None)
        except (ImportError, AttributeError):
            pass
        return super().remove_kernel(kernel_id)

    def kernels_of(self, username: str) -> list[str]:
        return [k for k, who in self.owners.items() if who == username and k in self]

    async def cull_kernel_if_idle(self, kernel_id):
        """jupyter-server's culler with two limits: a page left open may stay idle for
        ``cull_idle_timeout``, a kernel whose page was closed (no connection: the page
        was left without saying so) for ``cull_closed_timeout``. Dead kernels go at once."""
        kernel = self._kernels.get(kernel_id)
        if kernel is None or not hasattr(kernel, "last_activity"):
            return
        if getattr(kernel, "execution_state", None) == "dead":
            await self.shutdown_kernel(kernel_id)
            return
        connected = self._kernel_connections.get(kernel_id, 0) > 0
        limit = self.cull_idle_timeout if connected else self.cull_closed_timeout
        idle = utcnow() - kernel.last_activity
        if idle > timedelta(seconds=limit) and (self.cull_busy or kernel.execution_state != "busy"):
            self.log.warning("Culling kernel %s of %s: idle %d s, %s", kernel_id,
                             self.owners.get(kernel_id), idle.total_seconds(),
                             "page open" if connected else "page closed")
            await self.shutdown_kernel(kernel_id)
