from essaylint.cli.main import cli

cli()
