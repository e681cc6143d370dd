"""The message catalogue: every module here defines ``MESSAGES = {key: (english, korean)}``.

One module per area (``common``, one per page, ``errors_forward`` and the
three ``checkpoint_*`` for the readers' sources, formats and folders), so keys
group by where they are shown. Keys are
``area.name``; placeholders are ``{named}`` and the same in both languages.
The terms follow ``docs/glossary.md``.
"""
