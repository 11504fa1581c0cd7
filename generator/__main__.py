from podium.commands.cli import main

main()
