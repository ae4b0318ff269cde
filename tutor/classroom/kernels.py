"""Learners' kernels: each one started for a person, knowing who, and culled when idle.

Voila starts a kernel inside the request that renders a page (``VoilaHandler``), with
the environment it builds; it does not say for whom. The room's render handler sets
`starting_for` (a context variable, so two learners' pages rendering at once cannot mix)
before Voila runs, and `RoomKernelManager.start_kernel` reads it:

- the kernel's environment names the learner (``TUTOR_LEARNER``, which
  ``tutor.progress.current_learner()`` reads), the room's progress file
  (``TUTOR_PROGRESS``), the room and its language (``TUTOR_ROOM``, ``TUTOR_LANG``), so
  the lessons write progress where the teacher reads it without knowing of the room;
- the kernel is recorded as the learner's (``owner``): the authorizer lets nobody else
  reach it;
- no kernel starts for a request that names nobody.

Each kernel is a process of its own: one learner's bad input or crashed kernel stays in
it. Idle kernels are culled by jupyter-server's culler (``cull_idle_timeout``, set by
``python -m tutor class --cull-minutes``), connected or not: a learner who left a tab
open does not hold memory all evening; the page then offers a reload.
"""
from __future__ import annotations

import contextvars

from datetime import timedelta

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server._tz import utcnow
from tornado import web
from traitlets import Dict, Integer

#: The person whose page is being rendered in this request (a jupyter-server User).
starting_for: contextvars.ContextVar = contextvars.ContextVar("tutor_room_starting_for",
                                                              default=None)
#: Variables of the teacher's environment a learner's kernel must not inherit.
PRIVATE = ("TUTOR_TEACHER_PASSWORD", "TUTOR_ROOM_CODE", "JUPYTER_TOKEN")


def learner_env(env: dict, user, room) -> dict:
    out = {k: v for k, v in (env or {}).items() if k not in PRIVATE}
    out.update({"TUTOR_LEARNER": user.username, "TUTOR_PROGRESS": str(room.store.path),
                "TUTOR_ROOM": room.name, "TUTOR_LANG": room.lang})
    return out


class RoomKernelManager(AsyncMappingKernelManager):
    """Starts a kernel only for a known person, with their name in its environment."""

    owners = Dict()                  # kernel id -> the username that owns it
    cull_closed_timeout = Integer(120, config=True,
                                  help="seconds a kernel whose page is closed may stay idle")

    @property
    def room(self):
        return self.parent.room

    async def start_kernel(self, *args, **kwargs):
        user = starting_for.get()
        if user is None:
            raise web.HTTPError(403)
        kwargs["env"] = learner_env(kwargs.get("env"), user, self.room)
        kernel_id = await super().start_kernel(*args, **kwargs)
        self.owners[kernel_id] = user.username
        return kernel_id

    def owner(self, kernel_id: str) -> str | None:
        return self.owners.get(kernel_id) if kernel_id in self else None

    def remove_kernel(self, kernel_id):
        self.owners.pop(kernel_id, None)
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
