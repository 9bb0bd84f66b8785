"""`tabletome serve` as a script, so benchmarks/server_load.py can run it under cProfile."""
import sys

from tabletome.cli.main import main

sys.exit(main(sys.argv[1:]))
