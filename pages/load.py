"""Load: open any checkpoint (upload, local path, hub id) and see exactly what was read."""

import streamlit as st

from dashboard.checkpoints import READERS
from dashboard.checkpoints.hub import OFFLINE_ADVICE
from dashboard.checkpoints.numpy_arrays import list_arrays
from dashboard.errors import ExplorerError
from dashboard.markdown_text import escape_markdown
from dashboard.ui import state
from dashboard.ui.load_actions import (
    HUB_OFF_HERE,
    apply_arrays,
    hub_unavailable,
    numpy_archive_of,
    open_hub_model,
    open_path,
    open_uploads,
    upload_widget_key,
)
from dashboard.ui.load_frames import (
    describe_token_sample,
    read_summary_frame,
    sample_token_ids,
    token_sample_frame,
    training_frame,
)
from dashboard.ui.loading import active_source, active_tables
from dashboard.ui.navigation import ensure_routed
from dashboard.ui.path_access import session_policy
from dashboard.ui.session_files import STORAGE_ADVICE, describe_upload_rules, sweep_ended_uploads, uploads_possible
from dashboard.ui.text_limits import FILE_NAME_CHARS, MODEL_ID_CHARS, PATH_CHARS

ensure_routed()
sweep_ended_uploads()  # uploads of sessions that have ended or sat idle
policy = session_policy()
st.title("Load a checkpoint")
st.caption("Readable formats: " + "; ".join(reader.describe for reader in READERS.values()) + ".")

upload, path, hub = st.columns(3)
with upload:
    st.subheader("Upload")
    limit_mb = st.get_option("server.maxUploadSize")
    files = st.file_uploader("Checkpoint files", accept_multiple_files=True, key=upload_widget_key(),
                             help="One checkpoint file, several files of one model folder (config.json, weights, "
                                  "tokenizer), or a .zip of the folder.")
    st.caption(f"Upload limit: **{limit_mb:,} MB per file** (server.maxUploadSize). {describe_upload_rules()}")
    if not uploads_possible():
        st.warning(f"Uploads cannot be stored: this server has no writable temporary folder. To fix: "
                   f"{STORAGE_ADVICE}.", icon=":material/warning:")
    st.button("Open the uploaded files", key="open_uploads", on_click=open_uploads, disabled=not files,
              type="primary")
with path:
    st.subheader("Local path")
    if policy.mode == "off":
        st.info("Server paths are off on this server (EXPLORER_LOCAL_PATHS=off): open a bundled checkpoint or "
                "upload the files.", icon=":material/block:")
    else:
        where = f"inside {escape_markdown(policy.models_dir)}" if policy.restricted else "on the server"
        st.text_input(f"File or folder {where}", key=state.LOAD_PATH, max_chars=PATH_CHARS,
                      placeholder="/path/to/out/ckpt.pt",
                      help="For checkpoints larger than the upload limit; the sidebar's path field does the same.")
        st.button("Open path", key="open_path", on_click=open_path)
with hub:
    st.subheader("Hugging Face Hub")
    offline = None if policy.restricted else hub_unavailable()
    if policy.restricted:
        st.info(HUB_OFF_HERE[0].upper() + HUB_OFF_HERE[1:] + ".", icon=":material/cloud_off:")
    elif offline is not None:
        st.info(f"Models cannot be fetched by id here: {offline}. Instead, {OFFLINE_ADVICE}.",
                icon=":material/cloud_off:")
    if not policy.restricted:
        st.text_input("Model id", key=state.HUB_MODEL_ID, max_chars=MODEL_ID_CHARS,
                      placeholder="openai-community/gpt2",
                      help="Fetches the config, tokenizer and weights (not the whole repository) into the hub cache.")
        st.button("Fetch and open", key="open_hub", on_click=open_hub_model)

archive = st.session_state.get(state.PENDING_ARRAYS) or active_source()
npz = numpy_archive_of(archive)
if npz is not None:
    st.subheader(f"Arrays of {escape_markdown(npz.name)}")
    try:
        arrays = list_arrays(npz)
    except ExplorerError as error:
        st.error(escape_markdown(error))
        arrays = {}
    names = [name for name, (shape, _) in arrays.items() if len(shape) == 2]
    describe = {name: f"{name} {shape} {dtype}" for name, (shape, dtype) in arrays.items()}
    if names:
        left, middle, right = st.columns(3)
        left.selectbox("Token table", names, key=state.TOKEN_ARRAY, format_func=describe.get)
        middle.selectbox("Position table", [None] + names, key=state.POSITION_ARRAY,
                         format_func=lambda n: "none" if n is None else describe[n])
        right.text_input("Vocabulary file (one token a line)", key=state.VOCAB_FILE, placeholder="vocab.txt",
                         max_chars=FILE_NAME_CHARS)
        st.button("Use these arrays", key="apply_arrays", on_click=apply_arrays, args=(archive,))

tables = active_tables()
st.subheader(f"What was read: {escape_markdown(tables.name)}")
st.dataframe(read_summary_frame(tables), hide_index=True, width="stretch")
st.write(f"**Weight tying: {escape_markdown(tables.tying.label)}**. {escape_markdown(tables.tying.evidence)}.")
if tables.tying.config_note:
    st.warning(f"Note: {escape_markdown(tables.tying.config_note)}.")
for note in tables.notes:
    st.caption(f"Note: {escape_markdown(note)}")
training = training_frame(tables)
if not training.empty:
    st.subheader("Training run (as saved in the checkpoint)")
    st.dataframe(training, hide_index=True, width="stretch")
st.subheader("Token strings")
sample = sample_token_ids(tables)
st.caption(f"{describe_token_sample(sample, len(tables.vocabulary))} As the tokenizer stores them and as the "
           "text they stand for (␣ is a space, ↵ a newline); special tokens are marked.")
st.dataframe(token_sample_frame(tables, sample), hide_index=True, width="stretch")
