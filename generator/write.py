"""⑥ Writing the site: into a temporary folder beside the output, then swapped in whole.

A build that fails leaves the previous site untouched; a build that succeeds replaces it in
one rename. No path may be written twice or leave the output folder.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path, PurePosixPath


class SiteWriter:
    def __init__(self, out: Path):
        self.out = out.resolve()
        self.out.parent.mkdir(parents=True, exist_ok=True)
        self.tmp = Path(tempfile.mkdtemp(dir=self.out.parent, prefix=f".{self.out.name}-building-"))
        self.written: set[str] = set()

    def write(self, url: str, data: str | bytes) -> None:
        write_file(self.reserve(url), data)

    def reserve(self, url: str) -> Path:
        """The file for ``url`` inside the temporary folder, checked; written later by anyone."""
        return self._path(url)

    def _path(self, url: str) -> Path:
        if url in self.written:
            raise ValueError(f"two pages want the same path: {url!r}")
        self.written.add(url)
        return site_path(self.tmp, url)

    def commit(self) -> None:
        """Swap the finished folder in place of the old site."""
        old = None
        if self.out.exists():
            old = Path(tempfile.mkdtemp(dir=self.out.parent, prefix=f".{self.out.name}-old-"))
            os.rename(self.out, old / "site")
        os.rename(self.tmp, self.out)
        if old:
            shutil.rmtree(old)

    def abort(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)


def write_file(path: Path, data: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)


def site_path(root: Path, url: str) -> Path:
    """The file of ``url`` under ``root``; a URL that would leave the folder is a bug, refused."""
    pure = PurePosixPath(url)
    if pure.is_absolute() or ".." in pure.parts or not pure.parts:
        raise ValueError(f"refusing to write outside the site: {url!r}")
    return root.joinpath(*pure.parts)


def replace_file(path: Path, data: str | bytes) -> None:
    """Write beside the file, then rename over it: a reader sees the old file or the new one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-")
    with os.fdopen(fd, "wb") as stream:
        stream.write(data.encode("utf-8") if isinstance(data, str) else data)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)


def remove_file(path: Path) -> None:
    """Delete the file of a page that is gone, and its folder when that is left empty."""
    path.unlink(missing_ok=True)
    try:
        path.parent.rmdir()
    except OSError:
        pass  # not empty
