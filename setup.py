"""scrapyd-deploy builds the egg with ``python setup.py bdist_egg`` and writes a setup.py of its
own (shipping tests/, missing the settings) when there is none; all metadata is in pyproject.toml.
"""

from setuptools import setup

setup()
