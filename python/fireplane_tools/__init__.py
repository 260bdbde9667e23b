"""The code Fireplane's Python tools share: the scripts in scripts/ and the
ctest checkers in tests/*/check_*.py.

One module a purpose (python/README.md lists them). Standard
library only, and matplotlib for the pictures (plotting.py). Nothing
installs the package: each tool puts the folder above this one on sys.path,
computed from its own location, so a fresh clone works as it is.
"""
