"""A test that waits to be killed, for the pytest run that
``test_children.test_killing_the_xdist_controller_ends_its_worker_and_the_workers_children``
starts and kills. Its name keeps ``make test`` from collecting it (not a ``test_*.py`` file);
that test runs it by naming it.

Its worker starts a child tied to itself, writes its own pid and the child's to the file named
by :data:`PIDS_FILE`, then waits past any kill.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from tests.support.children import tied

#: The environment variable naming the file where the worker's test writes its own pid and
#: its tied child's, set by the test that starts the pytest run around it.
PIDS_FILE = "CITESEEKER_TEST_CHILDREN_PIDS"


def test_a_worker_of_a_session_that_will_be_killed() -> None:
    """The worker's test: a tied child, both pids written, then a wait past any kill."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"], **tied())
    Path(os.environ[PIDS_FILE]).write_text(f"{os.getpid()} {child.pid}")
    time.sleep(300)
