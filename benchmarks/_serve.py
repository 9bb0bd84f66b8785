"""`tabletome serve` as a script, so benchmarks/server_load.py can profile it: SIGUSR1 starts
cProfile (the event loop's thread), SIGUSR2 stops it and saves the stats to $TABLETOME_PROFILE."""
import cProfile
import os
import signal
import time
import sys

from tabletome.cli.main import main

profiler = cProfile.Profile(time.process_time)     # CPU time: a shared machine preempts us anywhere


def start(signum, frame):
    profiler.enable()


def stop(signum, frame):
    profiler.disable()
    profiler.dump_stats(os.environ["TABLETOME_PROFILE"])


signal.signal(signal.SIGUSR1, start)
signal.signal(signal.SIGUSR2, stop)
sys.exit(main(sys.argv[1:]))
