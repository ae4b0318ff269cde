# The Canasta tutor on The Littlest JupyterHub (docs/HUB.md, "The Littlest JupyterHub").
# Copy to /opt/tljh/config/jupyterhub_config.d/canasta.py, then: sudo tljh-config reload hub
#
# TLJH keeps its own spawner (SystemdSpawner: a Unix user per learner, memory limits), its
# own proxy (traefik), HTTPS and idle culler (tljh-config set services.cull.timeout 1800);
# this adds the learner view, the roles and the teacher's service.
from tutor.classroom.hub.config import configure

configure(
    c,  # noqa: F821 - JupyterHub's config object
    notebooks="/opt/canasta/notebooks",          # the clone, readable by every learner
    lessons=["all"],                              # or ["05-taking-the-pile", "06-frozen-pile"]
    lang="en",                                    # "sv", "fi"
    db_url="sqlite:////opt/tljh/state/canasta-class.sqlite3",
    teachers=["teacher"],                         # the group "teachers": the teacher's view
    culler=False,                                 # TLJH's own culler stops idle servers
    python="/opt/tljh/hub/bin/python",            # the hub's Python runs the teacher's service
)
