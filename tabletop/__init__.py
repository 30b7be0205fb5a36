"""Tabletop: a desktop card table for court-themed card games."""

# The one version: pyproject.toml ([tool.hatch.version]), packaging/build.py and the
# PyInstaller spec read it here, and from them the .deb, the tarball, Info.plist, the Windows
# file properties and installer; a release tag must be "v" + this.
__version__ = "0.1.0"
