"""Pages: each pages/<slug>.md, its front matter (a title) and its Markdown, with the images it
shows from pages/images/."""
from __future__ import annotations

import functools
import stat
from pathlib import Path, PurePosixPath

from podium.core.errors import Problems, Src, UserError
from podium.content.load import parse_yaml, read_text
from podium.core.located import YMap, src_of
from podium.core.model import Page
from podium.content.validate.schema import FrontMatter
from podium.content.validate.fields import Fields
from podium.content.validate.files import slug_named_files


def read_pages(root: Path, problems: Problems) -> tuple[Page, ...]:
    folder = root / "pages"
    pages = []
    for path in slug_named_files(folder, ".md", "page", problems):
        page = _page(path, problems)
        if page is not None:
            pages.append(page)
    return tuple(pages)


def _page(path: Path, problems: Problems) -> Page | None:
    try:
        text = read_text(path)
    except UserError as exc:
        problems.extend(exc)
        return None
    meta, body = None, text
    if text.startswith("---"):
        head, sep, rest = text[3:].partition("\n---")
        if not sep:  # the whole page would be published as front matter and text
            problems.add(Src(str(path), 1), "the front matter that starts here has no closing '---' line; add one "
                         "after it")
            return None
        try:
            meta = parse_yaml(head, str(path))
        except UserError as exc:
            problems.extend(exc)
        body = rest.split("\n", 1)[1] if "\n" in rest else ""
    title = None
    if meta is not None:
        if not isinstance(meta, YMap):
            problems.add(src_of(meta, Src(str(path), 2)), "the front matter between the '---' lines must be "
                         "'key: value' lines, like 'title: About us'")
        else:
            front = Fields(meta, meta.src, problems, "the front matter", FrontMatter)
            title = front.get("title")
            front.finish()
    first_line = text.count("\n") - body.count("\n") + 1  # the body's first line in the file
    return Page(slug=path.stem, title=title or path.stem.replace("-", " ").capitalize(), body=body, src=Src(str(path)),
                images=_images(path, body, first_line, problems))


IMAGE_TYPES = (".png", ".jpg", ".jpeg", ".webp", ".gif")  # pictures only: an SVG may hold a script


@functools.cache
def _parser():
    """markdown-it's CommonMark parser, loaded by the first page read (a command reads pages only
    where the content has them)."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False})


def own_image(src: str) -> bool:
    """An image of the site's own, given by a path (another is an address: https://, /, //)."""
    return bool(src) and "://" not in src and not src.startswith(("/", "#", "data:"))


def _images(path: Path, body: str, first_line: int, problems: Problems) -> tuple[str, ...]:
    """The page's own images (``![…](images/desk.png)``), each a picture file in pages/images/ of
    the content folder; published beside the pages (pages/images/desk.png)."""
    found = []
    for block in _parser().parse(body):
        for token in block.children or ():
            src = token.attrGet("src") if token.type == "image" else None
            if src is None or not own_image(src):
                continue
            at = Src(str(path), first_line + (block.map[0] if block.map else 0))
            problem = _image_problem(path.parent, src)
            if problem:
                problems.add(at, f"the image '{src}' {problem}")
            elif src not in found:
                found.append(src)
    return tuple(found)


def _image_problem(pages: Path, src: str) -> str | None:
    """Why ``src`` is not a page's image, or None."""
    where = PurePosixPath(src)
    if len(where.parts) != 2 or where.parts[0] != "images" or where.name.startswith("."):
        return "is not in pages/images/; put the picture there and write '![what it shows](images/<file>)'"
    if where.suffix.lower() not in IMAGE_TYPES:
        return f"is not a picture a page shows ({', '.join(IMAGE_TYPES)}); save it as one of those"
    file = pages / "images" / where.name
    try:
        info = file.lstat()
        named = where.name in {entry.name for entry in file.parent.iterdir()}  # case as written, on any disk
    except OSError:
        named = False
    if not named:
        return f"is not in {pages / 'images'}; add the file or fix the name (letters and case as in the file)"
    if not stat.S_ISREG(info.st_mode):
        return "is a link or not a file; put the picture itself in pages/images/"
    return None
