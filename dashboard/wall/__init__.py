"""The wall around files that did not ship with the app: read in a capped child process, never in the server
(see :mod:`dashboard.wall.runner`)."""
