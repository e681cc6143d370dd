"""Load: open any checkpoint (upload, local path, hub id) and see exactly what was read."""

import streamlit as st

from dashboard.checkpoints import READERS
from dashboard.checkpoints.hub import OFFLINE_ADVICE
from dashboard.errors import ExplorerError
from dashboard.i18n import render, t
from dashboard.markdown_text import escape_markdown
from dashboard.ui import state
from dashboard.ui.language import display_frame, in_session_language
from dashboard.ui.load_actions import (
    apply_arrays,
    hub_unavailable,
    numpy_archive_of,
    open_hub_model,
    open_path,
    open_uploads,
    upload_widget_key,
)
from dashboard.ui.load_frames import (
    SUMMARY_COLUMNS,
    TOKEN_COLUMNS,
    TRAINING_COLUMNS,
    describe_token_sample,
    read_summary_frame,
    sample_token_ids,
    token_sample_frame,
    training_frame,
)
from dashboard.ui.loading import active_source, active_tables
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.path_access import session_policy
from dashboard.ui.session_files import (
    STORAGE_ADVICE,
    describe_upload_rules,
    describe_upload_settings,
    sweep_ended_uploads,
    uploads_possible,
)
from dashboard.ui.uploader_text import localise_uploader
from dashboard.ui.url_state import FILE_NAME_CHARS, MODEL_ID_CHARS, PATH_CHARS
from dashboard.wall.archives import list_arrays_behind_wall

ensure_routed()
sweep_ended_uploads()  # uploads of sessions that have ended or sat idle
policy = session_policy()
st.title(t("load.title"))
st.caption(t("load.formats", formats=t("load.formats_separator").join(render(r.describe) for r in READERS.values())))

upload, path, hub = st.columns(3)
with upload:
    st.subheader(t("load.upload"))
    limit_mb = st.get_option("server.maxUploadSize")
    localise_uploader(limit_mb)
    files = st.file_uploader(t("load.upload_files"), accept_multiple_files=True, key=upload_widget_key(),
                             help=t("load.upload_help"))
    st.caption(t("load.upload_limit", limit_mb=limit_mb, rules=describe_upload_rules()))
    if not uploads_possible():
        st.warning(t("load.uploads_impossible", advice=STORAGE_ADVICE), icon=":material/warning:")
    st.button(t("load.open_uploads"), key="open_uploads", on_click=in_session_language(open_uploads),
              disabled=not files, type="primary")
with path:
    st.subheader(t("load.local_path"))
    if policy.mode == "off":
        st.info(t("load.paths_off"), icon=":material/block:")
    else:
        label = (t("load.path_inside", folder=escape_markdown(policy.models_dir)) if policy.restricted
                 else t("load.path_on_server"))
        st.text_input(label, key=state.LOAD_PATH, max_chars=PATH_CHARS, placeholder="/path/to/out/ckpt.pt",
                      help=t("load.path_help"))
        st.button(t("load.open_path"), key="open_path", on_click=in_session_language(open_path))
with hub:
    st.subheader("Hugging Face Hub")
    offline = None if policy.restricted else hub_unavailable()
    if policy.restricted:
        st.info(t("load.hub_off_info"), icon=":material/cloud_off:")
    elif offline is not None:
        st.info(t("load.hub_unreachable", reason=offline, advice=OFFLINE_ADVICE), icon=":material/cloud_off:")
    if not policy.restricted:
        st.text_input(t("load.model_id"), key=state.HUB_MODEL_ID, max_chars=MODEL_ID_CHARS,
                      placeholder="openai-community/gpt2", help=t("load.model_id_help"))
        st.button(t("load.fetch"), key="open_hub", on_click=in_session_language(open_hub_model))
with st.expander(t("load.teacher"), icon=":material/settings:"):  # what a student cannot change, by name
    st.markdown("\n".join([t("load.teacher.intro"), "", "- " + t("load.teacher.upload_limit", limit_mb=limit_mb),
                            "- " + render(describe_upload_settings()),
                            "- " + escape_markdown(render(policy.describe()))]))

archive = st.session_state.get(state.PENDING_ARRAYS) or active_source()
npz = numpy_archive_of(archive)
if npz is not None:
    st.subheader(t("load.arrays_of", name=escape_markdown(npz.name)))
    try:
        arrays = list_arrays_behind_wall(npz)
    except ExplorerError as error:
        st.error(escape_markdown(render(error)))
        arrays = {}
    names = [name for name, (shape, _) in arrays.items() if len(shape) == 2]
    describe = {name: f"{name} {shape} {dtype}" for name, (shape, dtype) in arrays.items()}
    if names:
        left, middle, right = st.columns(3)
        left.selectbox(t("load.token_array"), names, key=state.TOKEN_ARRAY, format_func=describe.get)
        middle.selectbox(t("load.position_array"), [None] + names, key=state.POSITION_ARRAY,
                         format_func={None: t("load.no_array"), **describe}.get)
        right.text_input(t("load.vocab_file"), key=state.VOCAB_FILE, placeholder="vocab.txt",
                         max_chars=FILE_NAME_CHARS)
        st.button(t("load.use_arrays"), key="apply_arrays", on_click=in_session_language(apply_arrays), args=(archive,))

tables = active_tables()
st.subheader(t("load.what_was_read", name=escape_markdown(tables.name)))
st.dataframe(display_frame(read_summary_frame(tables), SUMMARY_COLUMNS), hide_index=True, width="stretch")
st.write(t("load.tying", label=escape_markdown(render(tables.tying.label)),
           evidence=escape_markdown(render(tables.tying.evidence))))
if tables.tying.config_note:
    st.warning(t("overview.note_sentence", note=escape_markdown(render(tables.tying.config_note))))
for note in tables.notes:
    st.caption(t("overview.note", note=escape_markdown(render(note))))
training = training_frame(tables)
if not training.empty:
    st.subheader(t("load.training"))
    st.dataframe(display_frame(training, TRAINING_COLUMNS), hide_index=True, width="stretch")
st.subheader(t("load.token_strings"))
sample = sample_token_ids(tables)
st.caption(t("load.token_caption", sample=describe_token_sample(sample, len(tables.vocabulary))))
st.dataframe(display_frame(token_sample_frame(tables, sample), TOKEN_COLUMNS), hide_index=True, width="stretch")
