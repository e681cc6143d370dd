"""dashboard.settings: every EXPLORER_* variable parsed in one place, a bad value kept as its typed error until used."""

import pytest

from dashboard import settings
from dashboard.errors import (
    ArchiveLimitError,
    ClusterSettingError,
    LiveFitLimitError,
    RefusedPathError,
    UploadStorageError,
)
from dashboard.settings import ClusterSettings, Settings, Unusable, usable


def read(**variables: str) -> Settings:
    return Settings.from_environment({getattr(settings, name): value for name, value in variables.items()})


def test_nothing_set_is_every_default():
    assert Settings.from_environment({}) == Settings()
    assert Settings() == Settings(language="en", local_paths="any", models_dir=None, cache_mb=2_000,
                                  upload_quota_mb=1_000, upload_idle_minutes=60, max_extract_mb=None,
                                  tokenizer_mb=1024, cluster=ClusterSettings())


def test_each_variable_is_read_into_its_field(tmp_path):
    got = read(LANG_ENV=" KO ", LOCAL_PATHS_ENV="Models", MODELS_DIR_ENV=str(tmp_path), CACHE_DIR_ENV=str(tmp_path),
               CACHE_MB_ENV="5", UPLOAD_QUOTA_ENV="1.5", UPLOAD_IDLE_ENV="2",
               MAX_EXTRACT_ENV="300", TOKENIZER_MB_ENV="200", SCHEDULER_ENV="tcp://host:8786", WORKERS_ENV="3",
               MEMORY_ENV="2GiB", LIVE_FIT_ENV="1000", WARM_ENV="0")
    assert got == Settings(language="ko", local_paths="models", models_dir=tmp_path, cache_dir=tmp_path, cache_mb=5,
                           upload_quota_mb=1.5, upload_idle_minutes=2.0, max_extract_mb=300.0,
                           tokenizer_mb=200, cluster=ClusterSettings("tcp://host:8786", 3, "2GiB", 1000, False))


@pytest.mark.parametrize(("variables", "expected"), [
    ({"LANG_ENV": "fr"}, {"language": "en"}),
    ({"CACHE_MB_ENV": "1e3"}, {"cache_mb": 2_000}),
    ({"CACHE_MB_ENV": "0"}, {"cache_mb": 2_000}),
    ({"MODELS_DIR_ENV": "  "}, {"models_dir": None}),
    ({"MAX_EXTRACT_ENV": " "}, {"max_extract_mb": None}),
    ({"TOKENIZER_MB_ENV": ""}, {"tokenizer_mb": 1024}),
])
def test_values_without_an_error_fall_back_to_the_default(variables, expected):
    got = read(**variables)
    assert {name: getattr(got, name) for name in expected} == expected


@pytest.mark.parametrize(("variables", "field", "error", "says"), [
    ({"LOCAL_PATHS_ENV": "some"}, "local_paths", RefusedPathError, "EXPLORER_LOCAL_PATHS='some'.*any, models, off"),
    ({"UPLOAD_QUOTA_ENV": "lots"}, "upload_quota_mb", UploadStorageError, "EXPLORER_UPLOAD_QUOTA_MB='lots'"),
    ({"UPLOAD_IDLE_ENV": "-1"}, "upload_idle_minutes", UploadStorageError, "EXPLORER_UPLOAD_IDLE_MINUTES='-1'"),
    ({"MAX_EXTRACT_ENV": "nan"}, "max_extract_mb", ArchiveLimitError, "EXPLORER_MAX_EXTRACT_MB='nan'"),
    ({"TOKENIZER_MB_ENV": "1.5"}, "tokenizer_mb", ValueError, "EXPLORER_TOKENIZER_MB='1.5'"),
    ({"SCHEDULER_ENV": "host:8786"}, "cluster", ClusterSettingError, "EXPLORER_DASK_SCHEDULER='host:8786'"),
    ({"WORKERS_ENV": "two"}, "cluster", ClusterSettingError, "EXPLORER_DASK_WORKERS='two'"),
    ({"LIVE_FIT_ENV": "0"}, "cluster", LiveFitLimitError, "EXPLORER_LIVE_FIT_ROWS='0'"),
])
def test_a_bad_value_is_kept_as_its_typed_error_and_raised_only_when_used(variables, field, error, says):
    got = read(**variables)
    assert isinstance(getattr(got, field), Unusable)
    with pytest.raises(error, match=says):
        usable(getattr(got, field))
    assert got.language == "en" and got.cache_mb == 2_000  # every other setting still reads


def test_the_current_settings_follow_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(settings.CACHE_DIR_ENV, str(tmp_path / "one"))
    first = settings.current_settings()
    assert first.cache_dir == tmp_path / "one" and settings.current_settings() is first  # parsed once
    monkeypatch.setenv(settings.CACHE_DIR_ENV, str(tmp_path / "two"))
    assert settings.current_settings().cache_dir == tmp_path / "two"
    monkeypatch.setenv("NOT_EXPLORER_CACHE_DIR", "x")  # another program's variable is not a change
    assert settings.current_settings().cache_dir == tmp_path / "two"


def test_a_live_fit_over_the_cap_is_refused_with_the_variable_named():
    cluster = usable(read(LIVE_FIT_ENV="5").cluster)
    cluster.check_live_fit(5, "UMAP")
    with pytest.raises(LiveFitLimitError, match="EXPLORER_LIVE_FIT_ROWS"):
        cluster.check_live_fit(6, "UMAP")


def test_the_table_in_the_docstring_names_every_variable_read():
    names = {value for name, value in vars(settings).items() if name.endswith("_ENV")}
    assert len(names) == 14
    assert all(f"``{name}``" in settings.__doc__ for name in names)
