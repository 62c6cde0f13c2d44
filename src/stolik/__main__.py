"""``python -m stolik`` runs the command-line interface."""

from stolik.cli import main

main()
