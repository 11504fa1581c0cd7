"""Files made for the organizer without overwriting anything, and the sentence that says why a
file or folder cannot be made or written (a file on the way, a link, a full disk, a name too
long) — for the site's folder, a new event's files, a round file, the editor schemas."""
from __future__ import annotations

import contextlib
import errno
import os
import secrets
from pathlib import Path

from podium.core.errors import Problems, Src, display_path, fail


_NAME_ONE = "name a folder for the site, such as --out site"


DISK_FULL = (errno.ENOSPC, errno.EDQUOT)


def cannot_be_made(out: Path, hint: str = _NAME_ONE) -> str | None:
    """Why a folder (or file) cannot be made at ``out`` (a file on the way, a name too long, a
    folder that cannot be written), or None; ``hint`` says what to name instead."""
    try:
        os.lstat(out)
        return None  # there already: the other checks say whether it may be replaced
    except FileNotFoundError:
        pass
    except OSError as exc:
        return made_how(out, exc, hint)
    parent = next(folder for folder in out.absolute().parents if os.path.lexists(folder))
    if not parent.is_dir():
        return made_how(out, NotADirectoryError(errno.ENOTDIR, "not a folder"), hint)
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"cannot be made: {display_path(str(parent))} is not a folder this user may write in; {hint}"
    return None


def made_how(out: Path, exc: OSError, hint: str = _NAME_ONE) -> str:
    if exc.errno == errno.ENOTDIR:
        file = next((folder for folder in reversed(out.parents) if os.path.isfile(folder)), out)
        return f"cannot be made: {display_path(str(file))} is a file, not a folder; {hint}"
    if exc.errno == errno.ENAMETOOLONG:
        return f"cannot be made: the name is too long; {hint}"
    if exc.errno in (errno.EBUSY, errno.EXDEV):
        return (f"cannot be replaced whole ({exc.strerror}: a mount point, or a folder another program holds); "
                f"the last site is as it was; {hint}")
    if exc.errno in DISK_FULL:
        return f"cannot be written: the disk is full ({exc.strerror}); {hint}"
    return f"cannot be made ({exc.strerror}); {hint}"


def output_problem(out: Path, exc: OSError, option: str | None = "--out", hint: str = _NAME_ONE):
    """The UserError for a folder or file that could not be made or written after all (a full
    disk, a system folder such as /proc): said for ``option``, as the checks before say theirs
    (None: at ``out`` itself)."""
    if option == "--out" and exc.errno in DISK_FULL:  # naming another folder would not help
        hint = "free some space and run it again (the last site is as it was)"
    if option is None:
        error = fail(Src(str(out)), made_how(out, exc, hint))
    else:
        error = fail(Src(option), f"{display_path(str(out))} {made_how(out, exc, hint)}")
    error.about_output = True  # not the content's fault: the same content may succeed later (serve retries)
    return error


def is_output_problem(error) -> bool:
    """Whether a UserError says the output could not be written (``output_problem``)."""
    return getattr(error, "about_output", False)


def new_file_problem(path: Path, root: Path, hint: str, replace: bool = False) -> tuple[Path, str] | None:
    """Where and why a file cannot be made at ``path``, with the folders from ``root`` down made
    where missing: a symbolic link or a file on the way, the file already there (unless it may
    ``replace`` it), a name too long, a folder this user may not write in. None if it can. A link
    is refused even when it leads somewhere: what a command makes stays in the folder named."""
    steps = [folder for folder in reversed(path.parents) if folder == root or root in folder.parents] + [path]
    for step in steps:
        if os.path.islink(step):
            return step, f"is a symbolic link (to {os.readlink(step)}); {hint}"
        if not os.path.lexists(step):
            problem = cannot_be_made(step, hint)
            return (step, problem) if problem else None
        if step != path and not os.path.isdir(step):
            return step, f"is a file, not a folder; {hint}"
    if os.path.isdir(path):
        return path, f"is a folder; {hint}"
    return None if replace else (path, f"already exists; {hint}")


def write_new_file(path: Path, text: str) -> None:
    """Create ``path`` with ``text`` atomically; refuse if it exists, even if another process
    creates it at the same moment (a hard link to a finished temporary file cannot clobber)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _new_temporary_file(path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.link(tmp, path)
    except FileExistsError:
        raise fail(Src(str(path)), "already exists; podium pair never overwrites a round file. "
                   "Delete it first if you really want it drawn again") from None
    finally:
        os.unlink(tmp)


def _new_temporary_file(folder: Path) -> tuple[int, Path]:
    """A new empty file in ``folder``, open for writing. Created with mode 0o666 so the umask
    gives it the permissions of any file the organizer makes (mkstemp's are 0600: private to
    one user, unreadable by a web server or the rest of a club's shared checkout)."""
    while True:
        tmp = folder / f".podium-{secrets.token_hex(8)}.tmp"
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), tmp
        except FileExistsError:  # another writer drew the same name: draw again
            continue


def write_new_files(files: dict[Path, str], root: Path, hint: str) -> list[Path]:
    """Write every file (none of which exists), making the folders from ``root`` down: all of them,
    or none. What stands in the way (a file where a folder goes, a link) is said before anything
    is written; a failure on the way (a full disk) takes back what was written."""
    problems = Problems()
    for path in files:
        if obstacle := new_file_problem(path, root, hint):
            problems.add(Src(str(obstacle[0])), obstacle[1])
    problems.raise_if_any()
    made = [folder for folder in {parent for path in files for parent in path.parents} if not os.path.lexists(folder)]
    written: list[Path] = []
    try:
        for path, text in files.items():
            write_new_file(path, text)
            written.append(path)
    except OSError as exc:
        for done in written:
            done.unlink()
        for folder in sorted(made, key=lambda folder: len(folder.parts), reverse=True):
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise output_problem(path, exc, option=None, hint="nothing was written; put that right and run it again") from None
    return written


