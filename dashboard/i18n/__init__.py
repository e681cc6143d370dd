"""Messages in English and Korean: one catalogue, one key per message, named placeholders.

Use :func:`msg` where a message is made (a library function, an error) and
:func:`render` or :func:`t` where it is shown. See :mod:`dashboard.i18n.core`.
"""

from dashboard.i18n.core import (LANGUAGES, Text, active_language, both_languages, msg, plural_key, render, t,
                                 use_language)

__all__ = ["LANGUAGES", "Text", "active_language", "both_languages", "msg", "plural_key", "render", "t", "use_language"]
