"""Pages: each pages/<slug>.md, its front matter (a title) and its Markdown."""
from __future__ import annotations

from pathlib import Path

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
    return Page(slug=path.stem, title=title or path.stem.replace("-", " ").capitalize(), body=body, src=Src(str(path)))
