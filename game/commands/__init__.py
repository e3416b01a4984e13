"""One module per ``qttt`` subcommand, each with ``main(argv) -> int``."""
