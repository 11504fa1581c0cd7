"""The site's outputs — pages and JSON files rendered on every core, the whole-site files made at
once — and their writing: into a fresh folder swapped in whole, or, where only events changed,
the pages that show them staged beside the site and renamed in (what `podium build` and serve's
rebuild write: builder.py, rebuild.py)."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import jinja2
import jinja2.bccache

from podium.run import changes, progress
from podium.run.cache import Kept
from podium.site import offline
from podium.run.archive import Archive
from podium.site.i18n import Language
from podium.run.parallel import cores, run_shares, worth_splitting
from podium.core.folders import TEMPLATES_DIR
from podium.site.render import Renderer, collecting_page_garbage, environment
from podium.core.model import asset_url
from podium.site import urls
from podium.site.feeds import atom_feed, sitemap
from podium.site.pages import Page, pages_of, site_items
from podium.core.fileops import remove_file, site_path, write_file
from podium.site.write import SiteWriter, StagedFiles
from podium.core.writing import output_problem

STATIC_DIR = TEMPLATES_DIR / "static"


@dataclass
class SiteOutputs:
    """Everything a build writes: pages and JSON files (built lazily, on every core), and the
    small whole-site files (sitemap, feed, static assets) made at once."""

    renderer: Renderer
    built: list  # Page | File
    made: dict  # url → str | bytes

    @property
    def page_count(self) -> int:
        return sum(isinstance(item, Page) for item in self.built)

    def urls(self) -> set[str]:
        return {item.url for item in self.built} | set(self.made)


def site_outputs(archive: Archive, base_url: str | None = None) -> SiteOutputs:
    site = archive.site
    base = (base_url if base_url is not None else site.base_url).rstrip("/")
    items = site_items(archive)
    pages = pages_of(items)
    made = static_files(site)
    assets = {role: asset_url(role, path) for role, path in (("logo", site.logo), ("favicon", site.favicon)) if path}
    # After the static files: the organizer's logo wins over a Podium file of the same name (a
    # theme file of that name is refused by check, unless it is the same image).
    made.update((url, Path(getattr(site, role)).read_bytes()) for role, url in assets.items())
    static = dict(made)  # what the service worker keeps at once; pages it keeps as they are read
    made.update((f"pages/{image}", (Path(site.root) / "pages" / image).read_bytes())  # a page's pictures (check found them)
                for page in site.pages for image in page.images)
    made[offline.MANIFEST] = offline.manifest(site.title, site.language, static, assets.get("favicon", urls.DEFAULT_FAVICON),
                                              podiums_icon="favicon" not in assets)
    made[offline.WORKER] = offline.worker(static)
    made[".nojekyll"] = ""
    made["sitemap.xml"] = sitemap(pages, base)
    made["feed.xml"] = atom_feed(archive, base, site.title, Language(site.language))
    renderer = Renderer(site, base, assets)
    keep_templates_compiled(site)
    return SiteOutputs(renderer, items, made)


def keep_templates_compiled(site) -> None:
    """The site's template environment keeps its compiled templates between runs: set before
    anything compiles one (``check_theme`` compiles a theme's first), as a template compiled
    without it is never kept."""
    env = environment(site.language, site.theme_dir)
    if env.bytecode_cache is None:
        env.bytecode_cache = CompiledTemplates(sandboxed=bool(site.theme_dir))


class CompiledTemplates(jinja2.BytecodeCache):
    """Jinja's compiled templates kept between runs, so a build does not compile them again (some
    0.15 s a process): each under its source's checksum, signed as every kept answer is, since
    loading one runs its code — an entry this user's Podium did not write is never loaded. A site
    with a theme compiles in the sandbox (render.py ``_Sandboxed``: some operators go through its
    limits), so its templates are kept apart from those compiled without it."""

    def __init__(self, sandboxed: bool):
        self.kept = Kept(None, "templates-sandboxed" if sandboxed else "templates")

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self.kept.get(bucket.key, bucket.checksum)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.kept.put(bucket.key, bucket.checksum, bucket.bytecode_to_string())


CSS_COMMENT = re.compile(rb"/\*.*?\*/\n?", re.S)  # Podium's stylesheets have no string holding "/*"


def static_files(site) -> dict[str, bytes]:
    """Podium's static files, then the theme's static/ folder: a file of the same name replaces
    Podium's, others are added (a club's logo, its own stylesheet). Hidden files are left out."""
    folders = [STATIC_DIR] + ([Path(site.theme_dir) / "static"] if site.theme_dir else [])
    made = {}
    for folder in folders:
        for path in sorted(folder.rglob("*")) if folder.is_dir() else []:
            relative = path.relative_to(folder)
            if path.is_file() and not any(part.startswith(".") for part in relative.parts):
                data = path.read_bytes()
                if folder == STATIC_DIR and path.suffix == ".css":  # its comments are for us, its bytes for every page
                    data = CSS_COMMENT.sub(b"", data)
                made[f"static/{relative.as_posix()}"] = data
    return made


def write_site(outputs: SiteOutputs, out: Path, reused: changes.Reused | None = None) -> int:
    """Write every output into a fresh folder and swap it in whole: a failure leaves the old site.
    ``reused``: the last site's files to take as they are instead of rendering them again."""
    try:
        writer = SiteWriter(out)
    except OSError as exc:
        raise output_problem(out, exc) from None
    try:
        paths = [writer.reserve(item.url) for item in outputs.built]
        todo = [index for index, item in enumerate(outputs.built)
                if not (reused and _linked(reused.file_of(item), paths[index]))]
        with progress.counting("pages written", len(todo), "file") as tick:
            build_all([outputs.built[i] for i in todo], [paths[i] for i in todo], outputs.renderer,
                      write=progress.counted(write_file, tick))
        for url, data in outputs.made.items():
            writer.write(url, data)
    except OSError as exc:  # a full disk, a folder taken away: the old site stays
        writer.abort()
        raise output_problem(out, exc) from None
    except BaseException:
        writer.abort()
        raise
    try:
        writer.commit()
    except OSError as exc:  # the swap refused (a folder in use): the new site dropped, the old one stays
        raise output_problem(out, exc) from None
    return outputs.page_count


def _linked(old: Path | None, new: Path) -> bool:
    """The last site's file put in the new site as a second name of the same bytes (nothing is
    written; the old name goes with the old site)."""
    if old is None:
        return False
    new.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(old, new)
    except OSError:  # a file system without hard links: render it
        return False
    return True


def update_site(outputs: SiteOutputs, out: Path, shown: set, last_urls) -> int:
    """Write the outputs that show something in ``shown`` (and the whole-site files) into a
    staging folder, then move them into ``out`` a rename each (StagedFiles: a failure before the
    last one is written changes nothing); delete the files of ``last_urls`` that are gone.
    Returns the HTML pages written."""
    items = [item for item in outputs.built if item.shows is None or item.shows & shown]
    root = out.resolve()
    try:
        staged = StagedFiles(root)
    except OSError as exc:
        raise output_problem(out, exc) from None
    try:
        build_all(items, [staged.path(item.url) for item in items], outputs.renderer)
        for url, data in outputs.made.items():
            staged.write(url, data)
        staged.commit()
    except OSError as exc:  # a full disk: nothing of the site changed, or (renames) all of it
        staged.abort()
        raise output_problem(out, exc) from None
    except BaseException:
        staged.abort()
        raise
    for url in sorted(set(last_urls) - outputs.urls()):
        remove_file(site_path(root, url))
    return sum(isinstance(item, Page) for item in items)


PARALLEL_FROM = 300  # outputs; below this, starting processes costs more than it saves


def build_all(items: list, paths: list[Path], renderer: Renderer, write=None) -> None:
    """Build and ``write`` (``write_file`` as this module holds it when called) every page and
    file, on every core when there are many (they are independent; the bytes are the same
    whatever the number of processes)."""
    write = write or write_file
    count = cores() if worth_splitting(len(items), PARALLEL_FROM) else 1
    if count > 1:
        renderer.compile({item.template for item in items if isinstance(item, Page)})  # once, before forking
    with collecting_page_garbage():
        run_shares(_build_share, (items, paths, renderer, write), _dealt(len(items), count))


PAGES_TOGETHER = 64


def _dealt(total: int, count: int) -> list[list[int]]:
    """Indexes 0…total-1 dealt to ``count`` processes in runs of PAGES_TOGETHER, in turn: an
    event's pages follow one another, so a process takes an event's whole report from the cache
    once, not once a page, and each process still gets pages from all over the site."""
    runs = [range(start, min(start + PAGES_TOGETHER, total)) for start in range(0, total, PAGES_TOGETHER)]
    return [[index for run in runs[share::count] for index in run] for share in range(count)]


def _build_share(state: tuple, indexes: list[int]) -> None:
    items, paths, renderer, write = state
    for index in indexes:
        item = items[index]
        write(paths[index], renderer.render(item) if isinstance(item, Page) else item.text)
