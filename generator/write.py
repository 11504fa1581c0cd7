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
        pure = PurePosixPath(url)
        if pure.is_absolute() or ".." in pure.parts or not pure.parts:
            raise ValueError(f"refusing to write outside the site: {url!r}")
        if url in self.written:
            raise ValueError(f"two pages want the same path: {url!r}")
        self.written.add(url)
        return self.tmp.joinpath(*pure.parts)

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
