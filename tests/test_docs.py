"""Every document the code, the tests and the documents point at exists.

A reference is any path ending in ``.md`` in a source file, or a Markdown link in a
document; it resolves from the repository's root or from the citing file's
folder, and a link's ``#anchor`` must name a heading of its target.
"""

import os
import re

import pytest

from conftest import CI, ROOT

_REFERENCE = re.compile(r"[\w./-]*\w\.md\b")
_LINK = re.compile(r"\]\(([^)\s]+)\)")
_SOURCES = ("code.py", "lostcities", "host_sim", "tests")


def _files(top, ending):
    if os.path.isfile(os.path.join(ROOT, top)):
        yield top
        return
    for folder, dirs, names in os.walk(os.path.join(ROOT, top)):
        dirs[:] = [name for name in dirs if name not in ("node_modules", "__pycache__")]
        for name in sorted(names):
            if name.endswith(ending):
                yield os.path.relpath(os.path.join(folder, name), ROOT)


def _documents():
    yield "README.md"
    yield from _files("docs", ".md")
    yield from _files("host_sim", ".md")


SHARED = os.path.join(os.path.dirname(ROOT), "shared")


def _resolves(citing, target):
    """True if ``target`` exists; a document of the workplace's ``../shared/``
    is skipped (failed in CI) where there is none beside the project."""
    if target.startswith("../shared/") and not os.path.isdir(SHARED):
        if CI:
            pytest.fail("CI has ../shared/ beside the project, but not here")
        pytest.skip("%s names %s: there is no ../shared/ beside the project" % (citing, target))
    return any(os.path.isfile(os.path.normpath(os.path.join(ROOT, base, target)))
               for base in ("", os.path.dirname(citing)))


def _anchors(document):
    """GitHub's anchors for a document's headings."""
    with open(os.path.join(ROOT, document), encoding="utf-8") as stream:
        headings = [line.lstrip("#").strip() for line in stream if line.startswith("#")]
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
            for heading in headings}


def _source_references():
    for top in _SOURCES:
        for path in _files(top, ".py"):
            with open(os.path.join(ROOT, path), encoding="utf-8") as stream:
                for number, line in enumerate(stream, 1):
                    for target in _REFERENCE.findall(line):
                        yield "%s:%d" % (path, number), path, target


def _document_links():
    for document in _documents():
        with open(os.path.join(ROOT, document), encoding="utf-8") as stream:
            for number, line in enumerate(stream, 1):
                for target in _LINK.findall(line):
                    if "://" not in target:
                        yield "%s:%d" % (document, number), document, target


@pytest.mark.parametrize("where, citing, target", list(_source_references()))
def test_a_document_named_in_the_code_exists(where, citing, target):
    assert _resolves(citing, target), "%s names %s, which does not exist" % (where, target)


@pytest.mark.parametrize("where, citing, target", list(_document_links()))
def test_a_link_in_a_document_leads_somewhere(where, citing, target):
    path, _, anchor = target.partition("#")
    path = path or os.path.basename(citing)
    assert _resolves(citing, path), "%s links to %s, which does not exist" % (where, path)
    if anchor and path.endswith(".md"):
        document = os.path.relpath(os.path.normpath(
            os.path.join(ROOT, os.path.dirname(citing), path)), ROOT)
        assert anchor in _anchors(document), "%s links to a heading %s lacks: #%s" % (
            where, document, anchor)


def test_the_rules_and_formats_are_cited():
    """The specification is where the code says it is (the references are not vacuous)."""
    cited = {target for _, _, target in _source_references()}
    assert {"docs/rules.md", "docs/formats.md"} <= cited
