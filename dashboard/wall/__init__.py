"""The wall around files that did not ship with the app: read in a capped child process, never in the server
(see :mod:`dashboard.wall.runner`)."""

#: True in a child of the wall (set by :func:`dashboard.wall.child.main`). A job there is already capped, so it
#: reads itself what a server would hand to a child of its own (a ``tokenizer.json``'s vocabulary): a second
#: interpreter would cost about a second and guard nothing more.
INSIDE = False
