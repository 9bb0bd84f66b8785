"""Test settings: `pytest --slow` runs the long soaks (thousands of games per option set)."""

import pytest


def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true", default=False,
                     help="run long soaks: thousands of random games per game and option set")


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: long soak, run only with --slow")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="long soak: run with --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def slow(request):
    return request.config.getoption("--slow")
