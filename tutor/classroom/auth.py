"""Who is asking, and what they may do: jupyter-server 2's IdentityProvider and Authorizer.

Voila serves a page and starts a kernel for it; its front end then talks to that kernel
over ``/api/kernels/<id>/channels``. Voila already refuses what a page's front end could
use to run code: its kernel manager lets through only the widget messages
(``comm_*``, ``kernel_info_request``, ``shutdown_request``), so an ``execute_request``
never reaches a kernel, and it serves no contents, sessions or terminals API. What a
room needs on top, and this module adds:

- **Nobody unknown.** A person is a *learner* (came in with the room code and a name) or
  *the teacher* (the teacher password); either is a signed cookie (`RoomIdentityProvider`).
  Without one, every page sends you to the join page and every API answers 403.
- **Your own kernel only.** A kernel belongs to whoever opened the page that started it
  (`kernels.RoomKernelManager` records it). `RoomAuthorizer` allows the ``kernels``
  resource (the channels, the kernel's model, shutting it down) only to its owner, and
  nothing else to anybody: no other Jupyter resource is served in a room.
"""
from __future__ import annotations

import json

from jupyter_server.auth.authorizer import Authorizer
from jupyter_server.auth.identity import IdentityProvider, User
from traitlets import Unicode

TEACHER = "teacher"
COOKIE = "canasta-room"


def is_teacher(user) -> bool:
    return user is not None and user.username == TEACHER


def learner_user(learner: str, name: str) -> User:
    return User(username=learner, name=name, display_name=name)


def teacher_user(name: str = "Teacher") -> User:
    return User(username=TEACHER, name=name, display_name=name)


class RoomIdentityProvider(IdentityProvider):
    """A person is who their signed room cookie says, while the room still knows them."""

    cookie_name = Unicode(COOKIE, config=True)

    @property
    def room(self):
        return self.parent.room

    def get_user(self, handler):
        user = self.get_user_cookie(handler)
        if user is None:
            return None
        if user.username != TEACHER and not self.room.is_learner(user.username):
            return None                     # a cookie of another evening's room
        return user

    def get_user_cookie(self, handler):
        try:
            return super().get_user_cookie(handler)
        except Exception:                   # noqa: BLE001 - a forged or stale cookie: nobody
            return None

    def user_to_cookie(self, user: User) -> str:
        return json.dumps({"username": user.username, "name": user.name})

    def user_from_cookie(self, cookie_value: str) -> User:
        data = json.loads(cookie_value)
        return User(username=data["username"], name=data["name"], display_name=data["name"])

    @property
    def auth_enabled(self) -> bool:
        return True

    @property
    def login_available(self) -> bool:
        return True

    def get_handlers(self):
        from .pages import JoinHandler, LeaveHandler, TeacherLoginHandler
        return [(r"/login", JoinHandler), (r"/logout", LeaveHandler),
                (r"/teacher/login", TeacherLoginHandler)]


def kernel_id_of(handler) -> str | None:
    """The kernel a request is about (the channels socket, ``/api/kernels/<id>``)."""
    kid = getattr(handler, "kernel_id", None)
    if kid:
        return kid
    kwargs = getattr(handler, "path_kwargs", None) or {}
    if kwargs.get("kernel_id"):
        return kwargs["kernel_id"]
    args = getattr(handler, "path_args", None) or ()
    return args[0] if args else None


class RoomAuthorizer(Authorizer):
    """Kernels to their owners; nothing else to anybody."""

    def is_authorized(self, handler, user, action, resource) -> bool:
        if user is None or resource != "kernels":
            self.log.warning("refused %s %s to %s", action, resource, getattr(user, "username", None))
            return False
        kid = kernel_id_of(handler)
        owner = handler.kernel_manager.owner(kid) if kid else None
        if owner is None or owner != user.username:
            self.log.warning("refused kernel %s to %s (not theirs)", kid, user.username)
            return False
        return True
