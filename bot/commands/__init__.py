"""CLI sub-commands, one module per job; each exposes `register(app: typer.Typer) -> None`."""
