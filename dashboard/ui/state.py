"""Session-state and query-parameter keys, in one place so pages and tests agree."""

#: session_state key of the source (bundled name or path) every page shows.
ACTIVE_SOURCE = "active_source"
#: session_state key of the sidebar's bundled-model select box.
BUNDLED_PICKER = "bundled_picker"
#: session_state key of the sidebar's local-path field.
LOCAL_PATH = "local_path"
#: session_state key of the last load error shown in the sidebar.
LOAD_ERROR = "load_error"
#: query parameter carrying the active source, so a link reopens the same model.
MODEL_PARAM = "model"
