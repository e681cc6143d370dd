"""The message catalogue: every module here defines ``MESSAGES = {key: (english, korean)}``.

One module per area (``common``, ``nav``, one per page, ``errors_*`` per
library package), so keys group by where they are shown. Keys are
``area.name``; placeholders are ``{named}`` and the same in both languages.
The terms follow ``docs/glossary.md``.
"""
