"""The wall around files that did not ship with the app: read in a capped child process, never in the server
(see :mod:`dashboard.wall.runner`)."""

#: True in a child of the wall (set by :func:`dashboard.wall.child.main`): a job there is already capped, so it
#: reads itself what a server would hand to a child of its own (a ``tokenizer.json``'s vocabulary).
INSIDE = False
