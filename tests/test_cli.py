"""The CLI skeleton: version, Italian help, usage errors, the error boundary."""

from __future__ import annotations


def test_version_prints_package_version(invoke) -> None:  # type: ignore[no-untyped-def]
    from judgekit import __version__

    result = invoke("--version")
    assert result.exit_code == 0
    assert __version__ in result.stdout


def test_help_is_italian(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("-h")
    assert result.exit_code == 0
    assert "Mostra questo aiuto" in result.stdout


def test_unknown_command_is_usage_error_in_italian(invoke) -> None:  # type: ignore[no-untyped-def]
    result = invoke("nonesiste")
    assert result.exit_code == 2
    assert "comando sconosciuto" in result.stderr
