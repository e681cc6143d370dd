"""The longest text, in characters (Python ``len``), each text field and the URL parameter behind it
(:func:`dashboard.ui.url_state.bounded_text`) accept, so no typed or linked text makes a page do outsized work."""

#: A token, word or ``king - man + woman`` expression (Nearest neighbours).
QUERY_CHARS = 200
#: Up to 40 comma-separated terms (Similarity heatmap).
TERMS_CHARS = 1_000
#: Words separated by commas, or one regular expression (Token map highlight).
HIGHLIGHT_CHARS = 200  # what match_tokens takes (dashboard.maps.frame.MAX_QUERY_CHARS; a test keeps them equal)
#: One sentence for the reorder demo, and its custom order.
SENTENCE_CHARS = 500
#: A server path: Linux's PATH_MAX less its closing NUL. Not less: a text box silently refuses a longer paste
#: (streamlit/streamlit#9221), so a shorter bound would drop a real path.
PATH_CHARS = 4_095
#: A Hugging Face model id: owner and name of at most 96 characters each.
MODEL_ID_CHARS = 200
#: A file name beside a .npz archive (most Linux file systems allow 255 bytes).
FILE_NAME_CHARS = 255
#: Up to 12 word pairs, one a line (Predict the similarity).
PAIRS_CHARS = 2_000
#: Comma-separated token ids (Under-trained tokens: rows known to be unused), room for about 800 six-digit ids.
IDS_CHARS = 5_000
