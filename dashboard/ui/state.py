"""Session-state and query-parameter keys, in one place so pages and tests agree."""

#: session_state key of the source (bundled name or path) every page shows.
ACTIVE_SOURCE = "active_source"
#: session_state key of the sidebar's bundled-model select box.
BUNDLED_PICKER = "bundled_picker"
#: session_state key of the sidebar's local-path field.
LOCAL_PATH = "local_path"
#: session_state key of the UMAP job (its cache key) the Token map waits for, or None.
UMAP_WAITING = "map_umap_waiting"
#: session_state key of the link values seed_widgets ignored: widget key -> (parameter, link text, value used instead).
URL_IGNORED = "url_ignored"
#: session_state key of the default each seeded field was last given: widget key -> value (seed_widgets).
DEFAULT_GIVEN = "default_given"
#: session_state key of the last load error shown in the sidebar.
LOAD_ERROR = "load_error"
#: query parameter carrying the active source, so a link reopens the same model.
MODEL_PARAM = "model"
#: session_state keys of the reorder page's widgets.
REORDER_SENTENCE = "reorder_sentence"
REORDER_KIND = "reorder_kind"
REORDER_SEED = "reorder_seed"
#: session_state key of the reorder page's "move whole words" checkbox (reverse and shuffle).
REORDER_WORDS = "reorder_words"
REORDER_SWAP_I = "reorder_swap_i"
REORDER_SWAP_J = "reorder_swap_j"
REORDER_CUSTOM = "reorder_custom"
#: (source, sentence) the custom order was written for: a new sentence gets its own reverse order.
REORDER_CUSTOM_FOR = "reorder_custom_for"
REORDER_HEAD = "reorder_head"
REORDER_ORIGINAL_ORDER = "reorder_original_order"
#: session_state key of the last (sentence, order) that ran, shown again after a bad input.
REORDER_LAST_GOOD = "reorder_last_good"
#: session_state key of the reader options (npz array names, vocabulary file) of the active source.
ACTIVE_OPTIONS = "active_options"
#: session_state key of the session's upload folder (a dashboard.ui.session_files.SessionFolder).
UPLOAD_FOLDER = "upload_folder"
#: Load page widgets. The uploader's key is UPLOAD_FILES plus UPLOAD_ROUND, which grows after each upload attempt to
#: empty the widget (Streamlit keeps adding files to an uploader otherwise).
UPLOAD_FILES = "upload_files"
UPLOAD_ROUND = "upload_round"
LOAD_PATH = "load_path"
HUB_MODEL_ID = "hub_model_id"
TOKEN_ARRAY = "token_array"
POSITION_ARRAY = "position_array"
VOCAB_FILE = "vocab_file"
#: session_state key of an .npz path whose arrays the user must pick before it can load.
PENDING_ARRAYS = "pending_arrays"
#: session_state keys of the Perturb and watch page's widgets.
PERTURB_TOKEN = "perturb_token"
PERTURB_TABLE = "perturb_table"
PERTURB_CHANGE = "perturb_change"
PERTURB_NOISE = "perturb_noise"
PERTURB_SCALE = "perturb_scale"
PERTURB_SEED = "perturb_seed"
PERTURB_PROMPT = "perturb_prompt"
#: session_state key of the sidebar's language switch, and the query parameter that carries it.
LANGUAGE = "lang"
LANGUAGE_PARAM = "lang"
