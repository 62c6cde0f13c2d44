"""Command-line interface (placeholder until the CLI lands)."""


def main() -> None:
    """Entry point of the ``stolik`` command."""
    raise SystemExit("stolik: the command-line interface is not built yet")
