# The single-user server of a learner on the hub (tutor/classroom/hub/config.py passes it
# with --config): the learner view only. Voila serves the lessons; the tutor's extension
# adds the teacher's question to every lesson page; JupyterLab, the classic notebook and
# terminals are off, so the hub's default URL and every link lead to pages with no code.
c = get_config()  # noqa: F821 - traitlets config file

c.ServerApp.jpserver_extensions = {
    "jupyterlab": False,
    "notebook": False,
    "nbclassic": False,
    "jupyter_server_terminals": False,
    "voila": True,
    "tutor.classroom.hub.learner": True,
}
c.ServerApp.terminals_enabled = False
# a page's kernel without what a page with no code cannot use (the class's lighter kernel:
# no debugger, numpy and Pillow loaded at their first use; tutor/classroom/kernel.py)
c.ServerApp.kernel_spec_manager_class = "tutor.classroom.kernel.RoomKernelSpecManager"
# the rest of Jupyter's REST API closed: files, contents (the shared lessons), sessions
c.ServerApp.authorizer_class = "tutor.classroom.hub.learner.LearnerAuthorizer"
# the learner view's Voila settings (tutor.lessons.serve.voila_config): no code, no tracebacks
c.VoilaConfiguration.strip_sources = True
c.VoilaConfiguration.show_tracebacks = False
c.VoilaConfiguration.file_allowlist = []
# what a page's front end may send its kernel: widget messages only, as Voila allows as its
# own application (the notebook itself is run by Voila in the server, not over the socket):
# an execute_request from a browser is dropped before it reaches the kernel
c.MappingKernelManager.allowed_message_types = [
    "comm_open", "comm_close", "comm_msg", "comm_info_request", "kernel_info_request",
    "shutdown_request",
]
# a lesson page left behind gives its kernel back (the idle culler stops the whole server)
c.MappingKernelManager.cull_idle_timeout = 300
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = False
