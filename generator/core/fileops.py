"""One file of the site or of the cache written: in a new folder, or in place atomically (a
reader sees the old file or the new one), never outside its folder; and two folders exchanged
in one step, where the system can."""
from __future__ import annotations

import contextlib
import ctypes
import errno
import functools
import os
import stat
import sys
import tempfile
from pathlib import Path, PurePosixPath


def umask() -> int:
    """The process's umask: files and folders of the site get the modes any program's would."""
    mask = os.umask(0o077)  # the only way to read it is to set it; a strict value meanwhile
    os.umask(mask)
    return mask


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
    """Write beside the file, then rename over it: a reader sees the old file or the new one.
    A file that already holds these bytes is left as it is: ``serve`` renders again every page an
    edit may change, and most of them (the home page, a player's other events) did not."""
    data = data.encode("utf-8") if isinstance(data, str) else data
    if holds(path, data):
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-")
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
        os.chmod(tmp, 0o666 & ~umask())  # mkstemp makes the file private
        os.replace(tmp, path)
    except BaseException:  # a full disk: no half-written file left beside it
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def move_into(staged: Path, path: Path) -> None:
    """Put a file written elsewhere on the same disk at ``path``, whose folder exists, in one
    rename (a reader sees the old file or the new one); a file that already holds these bytes is
    left as it is."""
    if holds(path, staged.read_bytes()):
        return
    os.replace(staged, path)


def holds(path: Path, data: bytes) -> bool:
    """Whether ``path`` is a plain file of exactly ``data`` (its size first: most changed pages
    change in length, and reading them is then spared)."""
    try:
        found = os.lstat(path)
        return stat.S_ISREG(found.st_mode) and found.st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


def remove_file(path: Path) -> None:
    """Delete the file of a page that is gone, and its folder when that is left empty."""
    path.unlink(missing_ok=True)
    try:
        path.parent.rmdir()
    except OSError:
        pass  # not empty


RENAME_EXCHANGE = 2  # linux/fs.h
AT_FDCWD = -100  # paths relative to the working folder


def exchange(a: Path, b: Path) -> bool:
    """Swap two folders in one step (Linux renameat2 with RENAME_EXCHANGE): there is no moment
    without a site. False, with nothing moved, where the system or the file system cannot."""
    renameat2 = _renameat2()
    if renameat2 is None:
        return False
    if renameat2(AT_FDCWD, os.fsencode(a), AT_FDCWD, os.fsencode(b), RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):  # an old kernel, or a file system without it
        return False
    raise OSError(code, os.strerror(code), str(a), None, str(b))


@functools.cache
def _renameat2():
    """libc's renameat2 (glibc 2.28+, musl 1.2.5+), or None."""
    if sys.platform != "linux":
        return None
    function = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
    if function is not None:
        function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
        function.restype = ctypes.c_int
    return function
