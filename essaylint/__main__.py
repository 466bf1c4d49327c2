from essaylint.cli.entry import main

main()
