"""Compile the message catalogs (.po -> .mo) whenever the package is built or installed.

Everything else about the package is in pyproject.toml. The compiling is done by
tutor/i18n/build.py (with Babel, a build requirement), loaded by its path so that building
does not import the package itself.
"""
import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class build_py_with_catalogs(build_py):
    def run(self):
        spec = importlib.util.spec_from_file_location("_tutor_i18n_build", HERE / "tutor" / "i18n" / "build.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.compile_catalogs(quiet=True)     # in the source tree: editable installs read it there
        super().run()                           # then copied into the build like other package data


setup(cmdclass={"build_py": build_py_with_catalogs})
