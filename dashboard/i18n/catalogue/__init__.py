"""The message catalogue: every module here defines ``MESSAGES = {key: (english, korean)}``.

One module per area (``common``, one per page, ``errors_forward`` and the
three ``checkpoint_*`` for the readers' sources, formats and folders), so keys
group by where they are shown. Keys are
``area.name``; placeholders are ``{named}`` and the same in both languages.
The terms follow ``docs/glossary.md``.

An error's English text is what ``str(error)`` and the command line show; its
Korean is what a page shows under ``lang=ko``. Paths, file names, keys,
identifiers and library error texts are parameters and are never translated.
"""
