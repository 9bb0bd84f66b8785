"""examples/train_ppo.py on a machine without PyTorch (the 'train' extra is not installed): a line
saying what to install, not a traceback."""

import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_ppo.py"


def test_without_torch_the_ppo_example_says_what_to_install():
    # torch is made unimportable (as it is without tabletome[train]), whether or not this machine has it
    code = ("import runpy, sys; sys.modules['torch'] = None; "
            f"sys.argv = [{str(EXAMPLE)!r}, '--game', 'spirit-link', '--minutes', '0.1']; "
            f"runpy.run_path({str(EXAMPLE)!r}, run_name='__main__')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert done.stderr.strip() == "examples/train_ppo.py needs PyTorch (CPU): pip install 'tabletome[train]'"
    assert "Traceback" not in done.stderr and done.stdout == ""
