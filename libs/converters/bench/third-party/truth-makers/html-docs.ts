/**
 * Third-party HTML manuals shipped in Debian packages, printed to PDF by Chromium
 * (html-prints.ts). The pages are chosen by a rule fixed before any scoring, written
 * here: every page of a listed folder whose name matches, whose source holds a
 * `<table>`, printed to at most MAX_PRINTED_PAGES pages. Navigation bars (which the
 * manuals lay out as tables) are removed before printing and before reading the truth.
 */
export interface HtmlManual {
  pkg: string;
  /** Installed folder of the manual's pages. */
  folder: string;
  /** Which pages of the folder are taken. */
  pages: RegExp;
  /** CSS selectors of the navigation removed from every page. */
  navigation: string[];
  genre: string;
  licence: string;
  /** Corpus folder under `html/`. */
  name: string;
  /**
   * At most this many pages are kept, taken in the order of a SHA-1 of their file name
   * (so neither alphabet nor topic picks them): a manual whose pages all share one
   * template would otherwise outnumber the rest of the corpus.
   */
  maxDocuments?: number;
}

/** A printed page longer than this is left out: the corpus stays small, and a manual's long reference pages are one kind of document many times. */
export const MAX_PRINTED_PAGES = 8;

export const HTML_MANUALS: HtmlManual[] = [
  {
    // DocBook output: captioned, ruled tables with header rows, wrapped cells, spans in the date/time tables.
    pkg: 'postgresql-doc-15',
    folder: '/usr/share/doc/postgresql-doc-15/html',
    pages: /^(datatype|functions)[a-z0-9-]*\.html$/,
    navigation: ['.navheader', '.navfooter'],
    genre: 'manual',
    licence: 'PostgreSQL',
    name: 'postgresql-15',
  },
  {
    // SQLite's own site generator: borderless and lightly ruled tables, benchmark results, file-format layouts.
    pkg: 'sqlite3-doc',
    folder: '/usr/share/doc/sqlite3',
    pages: /\.html$/,
    navigation: ['.nosearch', '.menu', '.sitemap', '#document_title', 'div.fancy_title'],
    genre: 'manual',
    licence: 'public-domain',
    name: 'sqlite',
  },
  {
    // Publican (DocBook) book in English: package and option tables.
    pkg: 'debian-handbook',
    folder: '/usr/share/doc/debian-handbook/html/en-US',
    pages: /\.html$/,
    navigation: ['#navigation', '.docnav', '#banner', '.breadcrumbs'],
    genre: 'book',
    licence: 'CC-BY-SA-3.0 or GPL-2.0-or-later',
    name: 'debian-handbook',
  },
  {
    // Apache's own XSLT output: a shaded two-column summary table per module and per directive, and option tables.
    // 111 module pages qualify, all from one template: 20 are taken.
    pkg: 'apache2-doc',
    folder: '/usr/share/doc/apache2-doc/manual/en/mod',
    pages: /^mod_[a-z0-9_]+\.html$/,
    navigation: ['#page-header', '#path', '.toplang', '.bottomlang', '#footer', '#quickview', '.up', 'a.permalink'],
    genre: 'manual',
    licence: 'Apache-2.0',
    name: 'apache-2.4',
    maxDocuments: 20,
  },
  {
    // Sphinx output: ruled tables with header rows (format codes, type tables), a sidebar removed.
    pkg: 'python3.11-doc',
    folder: '/usr/share/doc/python3.11/html/library',
    pages: /\.html$/,
    navigation: ['.related', '.sphinxsidebar', '.footer', '.mobile-nav', 'a.headerlink', '#sidebarbutton', '.inline-search'],
    genre: 'manual',
    licence: 'PSF-2.0',
    name: 'python-3.11',
  },
];
