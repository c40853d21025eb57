#!/usr/bin/env python3
"""Ground-truth text of a real HTML document, for the quality benchmark.

Only the standard library (html.parser), so the reference text does not depend on
the HTML parsers of the converter or of pandoc. The text is block-separated with
newlines and table cells with tabs; the benchmark compares bags of words, so the
exact layout does not matter, only which text is kept.

  extract_html_text.py postgres PAGE.html
      The <body> of a PostgreSQL manual page without its navigation: every
      div.navheader and div.navfooter is dropped.

  extract_html_text.py texinfo R-intro.html
      The parts of the texinfo HTML manual "An Introduction to R" that the cut PDF
      holds: the copyright and permission notice of the top node (from "This manual
      is for R" to the end of the notice), the Preface, chapter 1, and the footnotes
      that chapter 1 refers to (2-6), printed at page bottoms in the PDF. Dropped:
      div.header (node navigation) and ul.section-toc (mini tables of contents the
      PDF does not have).
"""
import re
import sys
from html.parser import HTMLParser

VOID = {'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'}
BLOCK = {'address', 'article', 'aside', 'blockquote', 'body', 'br', 'dd', 'div', 'dl', 'dt', 'figcaption',
         'figure', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'ol', 'p',
         'pre', 'section', 'table', 'tbody', 'thead', 'tr', 'ul', 'caption'}
SKIP = {'script', 'style', 'head', 'title'}


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.children = tag, dict(attrs), parent, []

    def classes(self):
        return (self.attrs.get('class') or '').split()


class TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node('#root', [], None)
        self.current = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Node(tag, attrs, self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:
            self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)


def parse(path):
    builder = TreeBuilder()
    with open(path, encoding='utf-8') as f:
        builder.feed(f.read())
    builder.close()
    return builder.root


def walk(node):
    yield node
    for child in node.children:
        if isinstance(child, Node):
            yield from walk(child)


def find(root, predicate):
    return [n for n in walk(root) if predicate(n)]


def text_of(node, dropped):
    out = []

    def visit(n, pre):
        if isinstance(n, str):
            out.append(n if pre else re.sub(r'\s+', ' ', n))
            return
        if n.tag in SKIP or dropped(n):
            return
        block = n.tag in BLOCK
        if block:
            out.append('\n')
        if n.tag in ('td', 'th'):
            out.append('\t')
        for child in n.children:
            visit(child, pre or n.tag == 'pre')
        if block:
            out.append('\n')

    visit(node, False)
    lines = [re.sub(r' {2,}', ' ', line).strip(' ') for line in ''.join(out).split('\n')]
    text, blank = [], False
    for line in lines:
        line = '\t'.join(cell.strip() for cell in line.split('\t')).strip('\t ')
        if line:
            text.append(line)
            blank = False
        elif not blank and text:
            text.append('')
            blank = True
    return '\n'.join(text).strip() + '\n'


def postgres(path):
    root = parse(path)
    body = find(root, lambda n: n.tag == 'body')[0]
    return text_of(body, lambda n: n.tag == 'div' and {'navheader', 'navfooter'} & set(n.classes()))


def texinfo(path):
    root = parse(path)
    dropped = lambda n: (n.tag == 'div' and 'header' in n.classes()) or (n.tag == 'ul' and 'section-toc' in n.classes())
    by_id = {n.attrs['id']: n for n in walk(root) if isinstance(n, Node) and 'id' in n.attrs}
    top = text_of(by_id['Top'], dropped)
    start = top.index('This manual is for R')
    end = top.index('approved by the R Core Team.') + len('approved by the R Core Team.')
    parts = [top[start:end] + '\n', text_of(by_id['Preface'], dropped), text_of(by_id['Introduction-and-preliminaries'], dropped)]
    # Footnotes: <h5><a id="FOOTn">(n)</a></h5> followed by its <p>.
    footnotes = by_id['FOOT1'].parent.parent
    keep = {'FOOT%d' % n for n in range(2, 7)}
    chosen, take = [], False
    for child in footnotes.children:
        if not isinstance(child, Node):
            continue
        if child.tag == 'h5':
            anchors = [a.attrs.get('id') for a in walk(child) if a.tag == 'a']
            take = bool(keep & set(anchors))
        if take:
            chosen.append(text_of(child, dropped))
    return '\n'.join(parts + chosen)


if __name__ == '__main__':
    mode, path = sys.argv[1], sys.argv[2]
    sys.stdout.write({'postgres': postgres, 'texinfo': texinfo}[mode](path))
