"""① YAML → plain data that remembers, for every node, the file and line it came from.

Mappings load as ``YMap`` (a dict) and sequences as ``YSeq`` (a list); both know their own
``src`` and the ``src`` of each key or item, so any later stage can point an organizer at
the exact line. Scalars load as plain Python values.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from generator.errors import Src, fail


class YMap(dict):
    src: Src
    key_srcs: dict

    def at(self, key) -> Src:
        """Line of ``key`` if present, else the mapping's own line."""
        return self.key_srcs.get(key, self.src)


class YSeq(list):
    src: Src
    item_srcs: list

    def at(self, index: int) -> Src:
        return self.item_srcs[index] if index < len(self.item_srcs) else self.src


def src_of(value, default: Src) -> Src:
    return getattr(value, "src", default)


_STR = "tag:yaml.org,2002:str"


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml parses ~10× faster
    """SafeLoader that builds YMap/YSeq and refuses duplicate keys and ``12:5`` numbers."""

    def __init__(self, stream, path: str):
        super().__init__(stream)
        self.path = path

    def _src(self, node) -> Src:
        return Src(self.path, node.start_mark.line + 1)

    def construct_document(self, node):
        return self._build(node)

    def _build(self, node):
        if node.tag == _STR:  # most values: no constructor needed (a national archive has ~100,000)
            return node.value
        if isinstance(node, yaml.MappingNode):
            return self._build_map(node)
        if isinstance(node, yaml.SequenceNode):
            seq = YSeq(self._build(item) for item in node.value)
            seq.src, seq.item_srcs = self._src(node), [self._src(item) for item in node.value]
            return seq
        return self._build_scalar(node)

    def _build_map(self, node):
        self.flatten_mapping(node)  # resolves YAML merge keys (<<)
        result = YMap()
        result.src, result.key_srcs = self._src(node), {}
        for key_node, value_node in node.value:
            key = self._build(key_node)
            if isinstance(key, (YMap, YSeq)):
                raise fail(self._src(key_node), "a key must be a plain word, not a list or mapping")
            if key in result:
                raise fail(self._src(key_node), f"duplicate key '{key}' (first at line {result.key_srcs[key].line}); keep one")
            result[key] = self._build(value_node)
            result.key_srcs[key] = self._src(key_node)
        return result

    def _build_scalar(self, node):
        value = self.construct_object(node, deep=True)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and ":" in str(node.value) and not node.style:
            raise fail(self._src(node), f"'{node.value}' reads as the number {value} in YAML; "
                       "write a score as a list like [12, 5], or quote a clock time like \"14:10\"")
        return value


def parse_yaml(text: str, path: str):
    """Parse one YAML document; syntax errors become a UserError with the line."""
    loader = None
    try:
        loader = _Loader(text, path)  # the reader already rejects control characters here
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        raise fail(Src(path, line), f"YAML syntax: {exc.problem or exc.context}") from None
    except yaml.reader.ReaderError as exc:
        line = text[: exc.position].count("\n") + 1
        raise fail(Src(path, line), f"character {exc.character!r} is not allowed in YAML; delete it") from None
    except yaml.YAMLError as exc:
        raise fail(Src(path), f"YAML: {exc}") from None
    finally:
        if loader is not None:
            loader.dispose()


def read_text(path: Path) -> str:
    """Read a content file as UTF-8 (a BOM is tolerated); other encodings are an error."""
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise fail(Src(str(path)), f"not UTF-8 text (byte {exc.start}); save the file as UTF-8") from None
    except OSError as exc:
        raise fail(Src(str(path)), f"cannot read: {exc.strerror}") from None


def load_yaml(path: Path):
    return parse_yaml(read_text(path), str(path))
