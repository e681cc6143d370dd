"""Messages of the sidebar and the shared UI modules: sources, uploads, server paths, links, downloads (helper "start")."""

MESSAGES = {
    # dashboard/ui/sidebar.py
    "sidebar.checkpoint": ("Checkpoint", "체크포인트"),
    "sidebar.bundled": ("Bundled checkpoint", "함께 제공되는 체크포인트"),
    "sidebar.bundled_placeholder": ("a path or upload is shown", "경로나 업로드한 파일을 보고 있습니다"),
    "sidebar.default_name": ("{name} (default)", "{name} (기본)"),
    "sidebar.bundled_help": ("Real trained checkpoints that ship with the explorer.",
                             "탐색기와 함께 제공되는, 실제로 학습된 체크포인트입니다."),
    "sidebar.local_path": ("Or a local path", "또는 로컬 경로"),
    "sidebar.local_path_help": (
        "A checkpoint file or Hugging Face folder on the server's disk; press Enter to load. ",
        "서버 디스크에 있는 체크포인트 파일이나 Hugging Face 폴더입니다. Enter를 누르면 불러옵니다. "),
    "sidebar.local_path_restricted": ("Only paths inside the models folder open here.",
                                      "이 서버에서는 모델 폴더 안의 경로만 열 수 있습니다."),
    "sidebar.showing": ("Showing **{name}**", "지금 보는 체크포인트: **{name}**"),
    # What a student can open by path, per EXPLORER_LOCAL_PATHS mode; the setting itself goes in the tooltip.
    "sidebar.paths.any": ("Any file or folder on this server opens by its path.",
                          "이 서버에 있는 파일이나 폴더는 경로로 열 수 있습니다."),
    "sidebar.paths.models": ("Only files and folders inside the models folder open by path.",
                             "모델 폴더 안의 파일과 폴더만 경로로 열 수 있습니다."),
    "sidebar.paths.off": ("Open a bundled checkpoint, or upload your files on the Load page.",
                          "함께 제공되는 체크포인트를 열거나, 체크포인트 불러오기 페이지에서 파일을 업로드하세요."),
    "sidebar.paths.teacher": ("For the teacher: {setting}", "교사용: {setting}"),
    "sidebar.upload_not_linked": (
        "Uploads last only as long as this browser session, so the page's link leaves them out "
        "(it opens the default checkpoint). To share a view, open the checkpoint by path.",
        "업로드한 파일은 이 브라우저 세션 동안만 남습니다. 그래서 페이지 링크에는 넣지 않습니다 (링크를 열면 기본 "
        "체크포인트가 열립니다). 화면을 함께 보려면 체크포인트를 경로로 여세요."),
    "sidebar.still_showing": ("{message}. Still showing {name}.", "{message}. 지금은 그대로 {name}을(를) 보여 줍니다."),
    "sidebar.upload_removed": (
        "Your upload {name} was removed after {minutes:g} minutes without use ({env}); upload it again to see it",
        "업로드한 {name}은(는) {minutes:g}분 동안 쓰이지 않아 지워졌습니다 ({env}). 다시 보려면 다시 업로드하세요"),
    # dashboard/ui/loading.py
    "loading.reading": ("Reading the embedding tables ...", "임베딩 테이블을 읽는 중입니다 ..."),
    # dashboard/ui/source_names.py
    "sources.no_files": ("no files", "파일 없음"),
    "sources.files_and_more": ("{files} and {more} more", "{files} 외 {more}개"),
    "sources.upload_name": ("upload: {name}", "업로드: {name}"),
    "sources.could_not_read": ("Could not read {name}: {reason}", "{name}을(를) 읽을 수 없습니다: {reason}"),
    # dashboard/ui/page_guard.py
    "guard.message": (
        "Something went wrong on this page: this is a bug of the explorer, not of your checkpoint or input. "
        "The rest of the app still works: open another page, or load another checkpoint.",
        "이 페이지에서 문제가 생겼습니다. 체크포인트나 입력 탓이 아니라 탐색기의 버그입니다. 앱의 나머지는 그대로 "
        "작동합니다. 다른 페이지를 열거나 다른 체크포인트를 불러오세요."),
    "guard.details": ("Details for a bug report", "버그 보고용 자세한 내용"),
    # dashboard/ui/url_state.py
    "url.ignored": (
        "Ignored from the link: {values} (not a value this page accepts); using the defaults instead.",
        "링크의 {values}은(는) 이 페이지가 받는 값이 아니라서 무시하고 기본값을 씁니다."),
    # dashboard/ui/downloads.py
    "downloads.chart_as": ("Chart as {format}", "차트를 {format}(으)로 받기"),
    # dashboard/ui/models_dir.py
    "models_dir.empty": (
        "No checkpoints in {folder} yet: put a Hugging Face folder or a checkpoint file there.",
        "{folder}에 아직 체크포인트가 없습니다. Hugging Face 폴더나 체크포인트 파일을 넣으세요."),
    "models_dir.label": ("Or one in {folder}", "또는 {folder} 안의 체크포인트"),
    "models_dir.placeholder": ("Pick a checkpoint", "체크포인트를 고르세요"),
    "models_dir.help": ("Checkpoints on the server's disk in {folder} (set {env} to list another folder).",
                        "서버 디스크의 {folder}에 있는 체크포인트입니다 (다른 폴더를 보여 주려면 {env}을(를) 설정하세요)."),
    # dashboard/ui/path_access.py
    "paths.setting_problem": ("{error}; until then server paths are off",
                              "{error}. 고칠 때까지 서버 경로는 꺼져 있습니다"),
    # dashboard/ui/table_pages.py
    "table_pages.title": ("{title}: {name}", "{title}: {name}"),
    "table_pages.metric": ("Metric", "측정 방법"),
    "table_pages.metric.cosine": ("cosine", "코사인"),
    "table_pages.metric.dot": ("dot", "내적"),
    "table_pages.metric.centered": ("centred cosine", "중심화 코사인"),
    "table_pages.exact_terms": ("Terms must match a token exactly: {note}.",
                                "입력한 말이 토큰과 정확히 같아야 합니다: {note}."),
    # dashboard/checkpoints/path_policy.py: which server paths open (EXPLORER_LOCAL_PATHS)
    "paths.mode.any": ("any path on this server", "이 서버의 모든 경로"),
    "paths.mode.models": ("only paths inside the models folder", "모델 폴더 안의 경로만"),
    "paths.mode.off": ("no server paths (bundled checkpoints and your uploads only)",
                       "서버 경로는 열 수 없음 (함께 제공되는 체크포인트와 직접 업로드한 파일만)"),
    "paths.kind.checkpoint": ("checkpoint", "체크포인트"),
    "paths.kind.vocabulary_file": ("vocabulary file", "어휘 파일"),
    "paths.kind.checkpoint_folder": ("checkpoint folder", "체크포인트 폴더"),
    "paths.where": (" ({folder})", " ({folder})"),
    "paths.where_none": (" (none found: set {env})", " (찾지 못함: {env}을(를) 설정하세요)"),
    "paths.describe": ("Server paths: {allows}{where}. Set by {setting}.",
                       "서버 경로: {allows}{where}. {setting}(으)로 정해졌습니다."),
    "paths.allowed_inside": ("paths inside {folder}", "{folder} 안의 경로"),
    "paths.allowed_none": ("no paths", "어떤 경로도 허용하지 않음"),
    "err.paths.bad_mode": (
        "{setting} is not a mode; set it to one of {modes} (the administrator's setting, see the README)",
        "{setting}은(는) 올바른 모드가 아닙니다. {modes} 중 하나로 설정하세요 (서버 관리자가 정하는 값입니다. "
        "README를 보세요)"),
    "err.paths.refused": (
        "the {what} path {path} is not open on this server ({setting} allows {allowed} besides the bundled "
        "checkpoints and your own uploads); open one of those, or upload the file on the app's Load page",
        "{what} 경로 {path}은(는) 이 서버에서 열 수 없습니다 ({setting}: 함께 제공되는 체크포인트와 직접 업로드한 "
        "파일 외에 허용하는 것은 {allowed}). 그중 하나를 열거나, 체크포인트 불러오기 페이지에서 파일을 업로드하세요"),
    "err.paths.foreign_upload": (
        "the {what} path names an upload ({name}) of another browser session; uploads belong to the session that "
        "made them and cannot be linked or opened from another: upload the file again on the Load page",
        "{what} 경로가 다른 브라우저 세션이 업로드한 파일({name})을 가리킵니다. 업로드한 파일은 그 세션의 것이라 "
        "링크로 나누거나 다른 세션에서 열 수 없습니다. 체크포인트 불러오기 페이지에서 파일을 다시 업로드하세요"),
    "err.paths.unencodable": (
        "the {what} path {path} holds characters the file system cannot encode ({reason}); retype the path",
        "{what} 경로 {path}에 파일 시스템이 나타낼 수 없는 문자가 있습니다 (원문: {reason}). 경로를 다시 입력하세요"),
    "err.paths.link_outside": (
        "the checkpoint folder {folder} holds {entry}, a link that leads outside the folders this server opens "
        "({setting}); nothing was read. Ask the server's administrator to copy the file there instead of linking it",
        "체크포인트 폴더 {folder}에 있는 {entry}은(는) 이 서버가 여는 폴더 밖을 가리키는 링크입니다 ({setting}). "
        "아무것도 읽지 않았습니다. 서버 관리자에게 링크 대신 파일을 그 폴더에 복사해 달라고 하세요"),
    # dashboard/ui/session_files.py: where uploads are kept, and for how long
    "uploads.storage_advice": (
        "set TMPDIR to a writable folder (in Docker: docker run --tmpfs /tmp, needed with --read-only); "
        "bundled checkpoints and local paths still open without it",
        "TMPDIR를 쓸 수 있는 폴더로 설정하세요 (Docker에서는 docker run --tmpfs /tmp, --read-only와 함께 쓸 때 "
        "필요합니다). 그래도 함께 제공되는 체크포인트와 로컬 경로는 열립니다"),
    "uploads.bad_settings": ("Upload settings: {error}.", "업로드 설정: {error}."),
    "uploads.rules": (
        "At most {quota:,.0f} MB of uploads per session. Only this browser session can open its uploads; a new "
        "upload replaces the last, and they are deleted when the session ends or has not been used for "
        "{minutes:g} minutes.",
        "세션마다 최대 {quota:,.0f} MB까지 업로드할 수 있습니다. 업로드한 파일은 이 브라우저 세션에서만 열 수 있고, "
        "새로 업로드하면 이전 파일을 대신합니다. 세션이 끝나거나 {minutes:g}분 동안 쓰지 않으면 지워집니다."),
    # For the teacher (folded away on the Load page): the settings behind uploads.rules.
    "uploads.settings": (
        "uploads per session: `{quota_env}` = {quota:,.0f} MB; minutes a session may sit unused before its uploads "
        "are deleted: `{idle_env}` = {minutes:g}",
        "세션당 업로드: `{quota_env}` = {quota:,.0f} MB. 쓰지 않는 세션의 업로드를 지우기까지의 시간(분): "
        "`{idle_env}` = {minutes:g}"),
    "err.uploads.no_temporary_folder": (
        "this server has no writable temporary folder to store uploads in; {advice}",
        "이 서버에는 업로드한 파일을 저장할 수 있는 임시 폴더가 없습니다. {advice}"),
    "err.uploads.cannot_make_root": ("cannot make the upload folder {folder} ({reason}); {advice}",
                                     "업로드 폴더 {folder}을(를) 만들 수 없습니다 (원문: {reason}). {advice}"),
    "err.uploads.cannot_make_folder": (
        "cannot make a folder for this session's uploads in {folder} ({reason}); {advice}",
        "{folder} 안에 이 세션의 업로드 폴더를 만들 수 없습니다 (원문: {reason}). {advice}"),
    "err.uploads.quota_held": (
        "; the upload this session shows takes {used:,.1f} MB and counts until another checkpoint is opened "
        "(a bundled one frees it)",
        ". 지금 보고 있는 업로드가 {used:,.1f} MB를 차지하며, 다른 체크포인트를 열 때까지 계산에 들어갑니다 "
        "(함께 제공되는 체크포인트를 열면 비워집니다)"),
    "err.uploads.quota": (
        "this upload needs {needed:,.1f} MB on the server's disk, more than the {left:,.1f} MB left of this "
        "session's quota of {quota:,.0f} MB ({env}){held}; nothing of it was kept",
        "이 업로드에는 서버 디스크 {needed:,.1f} MB가 필요한데, 이 세션의 한도 {quota:,.0f} MB({env}) 중 남은 "
        "{left:,.1f} MB보다 큽니다{held}. 업로드한 것은 아무것도 남기지 않았습니다"),
}
