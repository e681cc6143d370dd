"""A Streamlit script for tests/e2e/test_markdown_text_e2e.py: each attack, escaped, in each text element."""

import streamlit as st

from dashboard.markdown_text import code_span, escape_markdown

#: Name -> text a link, file name, token or config field could carry.
ATTACKS = {
    "link": "[Session expired](https://evil.example/login)",
    "autolink": "see https://evil.example/x, www.evil.example and WWW.evil.example",
    "angle": "<https://evil.example/a>",
    "email": "write to a.b@evil.example now",
    "image": "![x](https://evil.example/p.png)",
    "html": "<b>bold</b><img src=https://evil.example/i.png>",
    "math": "$x^2$ and $$y$$",
    "icon": ":material/home: :smile: :streamlit:",
    "color": ":red[red text] :blue-background[bg] :violet-badge[badge]",
    "format": "**bold** _it_ `code` ~~s~~",
    "blocks": "x\n# Heading\n- item\n> quote",
    "entity": "&lt;b&gt; &amp;",
}

for name, text in ATTACKS.items():
    st.markdown(f"{name}: {escape_markdown(text)}")
    st.error(f"{name}: {escape_markdown(text)}")
    st.caption(f"{name}: {escape_markdown(text)}")
    st.markdown(f"{name}: {code_span(text)}")
st.title(escape_markdown(ATTACKS["link"]))
