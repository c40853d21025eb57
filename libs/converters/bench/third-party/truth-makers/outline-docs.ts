/**
 * The Debian PDFs whose outline is the heading truth, chosen for variety of producer,
 * genre and language rather than volume (a few of each manual family at most). Paths
 * are the files' real paths in the package (not Debian's compatibility symlinks).
 * Licences: the package's copyright file for the document; for TeX Live, the package's
 * entry in its `Licenses` list (from the TeX Catalogue).
 */
export interface OutlineDoc {
  pkg: string;
  /** Installed path; a `.gz` is unpacked and the corpus name drops it. */
  path: string;
  genre: string;
  licence: string;
  /** Corpus file name when the package's is unwieldy (non-ASCII, or clashing). */
  name?: string;
  /** Bookmarks that are not headings (a producer's cover or title-page entries), by title. */
  drop?: RegExp;
}

const TL = '/usr/share/doc/texlive-doc';

/** r-doc-pdf: the package is GPL-2 (its copyright file); each manual carries the GNU manual notice. */
const R_MANUAL = 'GPL-2.0-only (package); the manual allows verbatim and modified copies';

/** mom (groff) bookmarks the cover and title page as "Cover: …" and "Title Page: …": pages, not headings. */
const MOM_PAGES = /^(Cover|Title Page): /;

export const OUTLINE_DOCS: OutlineDoc[] = [
  // Texinfo manuals (texi2pdf, pdfTeX): a few, the family is large.
  { pkg: 'r-doc-pdf', path: '/usr/share/R/doc/manual/R-intro.pdf', genre: 'manual', licence: R_MANUAL },
  { pkg: 'sbcl-doc', path: '/usr/share/doc/sbcl/sbcl-internals.pdf.gz', genre: 'manual', licence: 'public-domain' },
  {
    pkg: 'octave-doc',
    path: '/usr/share/doc/octave/liboctave.pdf',
    genre: 'manual',
    licence: 'GPL-3.0-or-later (package); the manual allows verbatim and modified copies',
  },
  // groff: gropdf (mom macros), and groff through Ghostscript.
  {
    pkg: 'groff',
    path: '/usr/share/doc/groff-base/examples/mom/mom-pdf.pdf.gz',
    genre: 'manual',
    licence: 'GPL-3.0-or-later',
    drop: MOM_PAGES,
  },
  {
    pkg: 'groff',
    path: '/usr/share/doc/groff-base/examples/mom/mon_premier_doc.pdf.gz',
    genre: 'report',
    licence: 'GPL-3.0-or-later',
    drop: MOM_PAGES,
  },
  {
    pkg: 'groff',
    path: '/usr/share/doc/groff-base/examples/mom/sample_docs.pdf.gz',
    genre: 'book',
    licence: 'GPL-3.0-or-later',
    drop: MOM_PAGES,
  },
  {
    pkg: 'groff',
    path: '/usr/share/doc/groff-base/examples/mom/slide-demo.pdf.gz',
    genre: 'slides',
    licence: 'GPL-3.0-or-later',
    drop: MOM_PAGES,
  },
  { pkg: 'groff', path: '/usr/share/doc/groff-base/pdf/automake.pdf.gz', genre: 'manual', licence: 'GPL-3.0-or-later', drop: MOM_PAGES },
  // Sphinx through XeLaTeX (xdvipdfmx).
  { pkg: 'debian-policy', path: '/usr/share/doc/debian-policy/policy.pdf.gz', genre: 'spec', licence: 'GPL-2.0-or-later' },
  // DocBook through dblatex (pdfTeX; XeTeX/xdvipdfmx).
  { pkg: 'dblatex-doc', path: '/usr/share/doc/dblatex/manual.pdf.gz', genre: 'manual', licence: 'GPL-2.0-or-later' },
  { pkg: 'maint-guide', path: '/usr/share/doc/maint-guide/maint-guide.en.pdf', genre: 'manual', licence: 'GPL-2.0-or-later' },
  { pkg: 'nut-doc', path: '/usr/share/doc/nut-doc/pdf/packager-guide.pdf', genre: 'manual', licence: 'GPL-2.0-or-later' },
  { pkg: 'nut-doc', path: '/usr/share/doc/nut-doc/pdf/FAQ.pdf', genre: 'faq', licence: 'GPL-2.0-or-later', name: 'nut-FAQ.pdf' },
  { pkg: 'nut-doc', path: '/usr/share/doc/nut-doc/pdf/cables.pdf', genre: 'reference', licence: 'GPL-2.0-or-later' },
  // Other LaTeX manuals (pdfTeX, dvipdfm(x), GAPDoc, PARI's macros).
  { pkg: 'mpich-doc', path: '/usr/share/doc/mpich/user.pdf.gz', genre: 'manual', licence: 'MPICH (permissive notice, COPYRIGHT)' },
  { pkg: 'glpk-doc', path: '/usr/share/doc/glpk-doc/gmpl_es.pdf', genre: 'manual', licence: 'GFDL-1.3-no-invariants-or-later' },
  { pkg: 'glpk-doc', path: '/usr/share/doc/glpk-doc/graphs.pdf', genre: 'manual', licence: 'GFDL-1.3-no-invariants-or-later' },
  { pkg: 'gap-doc', path: '/usr/share/gap/doc/tut/manual.pdf', genre: 'manual', licence: 'GPL-2.0-or-later', name: 'tut-manual.pdf' },
  { pkg: 'pari-doc', path: '/usr/share/pari/doc/parallel.pdf', genre: 'manual', licence: 'GPL-2.0-or-later' },
  // ReportLab, cairo (HTML to PDF), LibreOffice originals.
  {
    pkg: 'python-reportlab-doc',
    path: '/usr/share/doc/python-reportlab-doc/reportlab-userguide.pdf',
    genre: 'manual',
    licence: 'BSD-3-Clause',
  },
  {
    pkg: 'fonts-sil-andika',
    path: '/usr/share/doc/fonts-sil-andika/documentation/pdf/features.pdf.gz',
    genre: 'specimen',
    licence: 'OFL-1.1-RFN',
    name: 'andika-features.pdf',
  },
  {
    pkg: 'fonts-sil-charis',
    path: '/usr/share/doc/fonts-sil-charis/documentation/pdf/history.pdf.gz',
    genre: 'changelog',
    licence: 'OFL-1.1-RFN',
    name: 'charis-history.pdf',
  },
  {
    pkg: 'fonts-sil-doulos',
    path: '/usr/share/doc/fonts-sil-doulos/documentation/pdf/charset.pdf.gz',
    genre: 'reference',
    licence: 'OFL-1.1-RFN',
    name: 'doulos-charset.pdf',
  },
  {
    pkg: 'fonts-sil-gentiumplus',
    path: '/usr/share/doc/fonts-sil-gentiumplus/documentation/pdf/faq.pdf.gz',
    genre: 'faq',
    licence: 'OFL-1.1-RFN',
    name: 'gentiumplus-faq.pdf',
  },
  {
    pkg: 'fonts-sil-abyssinica',
    path: '/usr/share/doc/fonts-sil-abyssinica/documentation/AbyssinicaSILFontFeatures.pdf.gz',
    genre: 'specimen',
    licence: 'OFL-1.1-RFN',
  },
  {
    pkg: 'fonts-sil-tagmukay',
    path: '/usr/share/doc/fonts-sil-tagmukay/documentation/Tagmukay-Glyphs.pdf.gz',
    genre: 'specimen',
    licence: 'OFL-1.1',
  },
  {
    pkg: 'fonts-sil-tagmukay',
    path: '/usr/share/doc/fonts-sil-tagmukay/documentation/Tagmukay-SmartFontFeatures.pdf.gz',
    genre: 'specimen',
    licence: 'OFL-1.1',
  },
  {
    pkg: 'fonts-sil-shimenkan',
    path: '/usr/share/doc/fonts-sil-shimenkan/documentation/UsingTheFonts.pdf.gz',
    genre: 'manual',
    licence: 'OFL-1.1',
  },
  {
    pkg: 'fonts-sil-shimenkan',
    path: '/usr/share/doc/fonts-sil-shimenkan/documentation/字体使用说明.pdf.gz',
    genre: 'manual',
    licence: 'OFL-1.1',
    name: 'UsingTheFonts-zh.pdf',
  },
  // TeX Live documentation and samples: pdfTeX, XeTeX, LuaTeX, ConTeXt, OpTeX, dvips + Ghostscript, Distiller.
  {
    pkg: 'texlive-latex-recommended-doc',
    path: `${TL}/latex/beamer/beamerexample-conference-talk.pdf`,
    genre: 'slides',
    licence: 'LPPL-1.3c OR GPL-2.0-or-later OR GFDL',
  },
  { pkg: 'texlive-latex-recommended-doc', path: `${TL}/latex/lineno/lineno.pdf`, genre: 'manual', licence: 'LPPL-1.3a' },
  { pkg: 'texlive-latex-recommended-doc', path: `${TL}/xelatex/mathspec/mathspec.pdf`, genre: 'manual', licence: 'LPPL' },
  { pkg: 'texlive-luatex', path: `${TL}/luatex/lua-widow-control/lua-widow-control.pdf`, genre: 'manual', licence: 'CC-BY-SA-4.0' },
  { pkg: 'texlive-luatex', path: `${TL}/context/third/enigma/enigma/enigma-doc.pdf`, genre: 'manual', licence: 'BSD' },
  { pkg: 'texlive-luatex', path: `${TL}/optex/pdfextra/pdfextra-doc.pdf`, genre: 'manual', licence: '0BSD' },
  { pkg: 'texlive-luatex', path: `${TL}/luatex/luaotfload/luaotfload-conf.pdf`, genre: 'manual', licence: 'GPL-2.0-only' },
  { pkg: 'texlive-xetex', path: `${TL}/xetex/base/XeTeX-notes.pdf`, genre: 'manual', licence: 'X11' },
  { pkg: 'texlive-xetex', path: `${TL}/xetex/xetexko/xetexko-doc.pdf`, genre: 'manual', licence: 'LPPL-1.3c' },
  { pkg: 'texlive-xetex', path: `${TL}/xelatex/fixlatvian/fixlatvian.pdf`, genre: 'manual', licence: 'LPPL-1.3' },
  { pkg: 'texlive-xetex', path: `${TL}/xelatex/simple-thesis-dissertation/Thesis.pdf`, genre: 'thesis', licence: 'public-domain' },
  { pkg: 'texlive-humanities-doc', path: `${TL}/latex/thalie/thalie.pdf`, genre: 'manual', licence: 'LPPL-1.3' },
  { pkg: 'texlive-publishers-doc', path: `${TL}/latex/acmart/samples/sample-sigconf.pdf`, genre: 'paper', licence: 'LPPL-1.3' },
  { pkg: 'texlive-publishers-doc', path: `${TL}/latex/apa7/samples/longsample.pdf`, genre: 'paper', licence: 'LPPL-1.3c' },
  { pkg: 'texlive-publishers-doc', path: `${TL}/latex/asmejour/asmejour-template.pdf`, genre: 'paper', licence: 'MIT' },
  { pkg: 'texlive-publishers-doc', path: `${TL}/latex/jmlr/pmlr-sample.pdf`, genre: 'paper', licence: 'LPPL-1.3' },
  {
    pkg: 'texlive-publishers-doc',
    path: `${TL}/latex/oup-authoring-template/oup-authoring-template.pdf`,
    genre: 'paper',
    licence: 'LPPL-1.2',
  },
  { pkg: 'texlive-publishers-doc', path: `${TL}/latex/opteng/OptEngInstruct.pdf`, genre: 'paper', licence: 'LPPL' },
  { pkg: 'texlive-publishers-doc', path: `${TL}/latex/confproc/example/papers/p_009.pdf`, genre: 'paper', licence: 'LPPL' },
  { pkg: 'texlive-publishers-doc', path: `${TL}/latex/ejpecp/sample.pdf`, genre: 'paper', licence: 'LPPL-1.2', name: 'ejpecp-sample.pdf' },
  {
    pkg: 'texlive-publishers-doc',
    path: `${TL}/latex/abntex2/examples/abntex2-modelo-relatorio-tecnico.pdf`,
    genre: 'report',
    licence: 'LPPL-1.3',
  },
  {
    pkg: 'texlive-publishers-doc',
    path: `${TL}/latex/hagenberg-thesis/examples/HgbLabReportEN/main.pdf`,
    genre: 'report',
    licence: 'CC-BY-4.0',
    name: 'HgbLabReportEN.pdf',
  },
  { pkg: 'texlive-publishers-doc', path: `${TL}/latex/classicthesis/ClassicThesis.pdf`, genre: 'thesis', licence: 'GPL-2.0-or-later' },
  {
    pkg: 'texlive-publishers-doc',
    path: `${TL}/latex/cleanthesis/my-thesis.pdf`,
    genre: 'thesis',
    licence: 'LPPL-1.3',
    drop: /^(Cover|Titlepage)$/,
  },
  { pkg: 'texlive-publishers-doc', path: `${TL}/latex/hustthesis/hustthesis-en-example.pdf`, genre: 'thesis', licence: 'LPPL-1.3' },
  { pkg: 'texlive-publishers-doc', path: `${TL}/latex/hitszthesis/hitszthesis-bachelor.pdf`, genre: 'thesis', licence: 'LPPL-1.3c' },
  { pkg: 'texlive-publishers-doc', path: `${TL}/latex/elteikthesis/elteikthesis_hu.pdf`, genre: 'thesis', licence: 'MIT' },
  {
    pkg: 'texlive-publishers-doc',
    path: `${TL}/latex/brandeis-problemset/example.pdf`,
    genre: 'problem-set',
    licence: 'LPPL-1.3c',
    name: 'brandeis-problemset-example.pdf',
  },
  { pkg: 'texlive-publishers-doc', path: `${TL}/latex/bfh-ci/DEMO-BFHFactsheet.pdf`, genre: 'factsheet', licence: 'LPPL-1.3c' },
  {
    pkg: 'texlive-publishers-doc',
    path: `${TL}/latex/powerdot-fuberlin/exampleClass.pdf`,
    genre: 'slides',
    licence: 'LPPL',
    name: 'powerdot-fuberlin-example.pdf',
  },
  { pkg: 'texlive-publishers-doc', path: `${TL}/latex/resphilosophica/rpsample.pdf`, genre: 'paper', licence: 'LPPL-1.3' },
  { pkg: 'texlive-publishers-doc', path: `${TL}/latex/pracjourn/pjsample.pdf`, genre: 'paper', licence: 'GPL' },
  { pkg: 'texlive-publishers-doc', path: `${TL}/latex/uantwerpendocs/uantwerpenreport-example.pdf`, genre: 'report', licence: 'LPPL-1.3' },
  { pkg: 'texlive-publishers-doc', path: `${TL}/latex/toptesi/toptesi-example-xetex.pdf`, genre: 'thesis', licence: 'LPPL-1.3c' },
  { pkg: 'texlive-publishers-doc', path: `${TL}/latex/nihbiosketch/example-nihbiosketch.pdf`, genre: 'cv', licence: 'LPPL-1.3' },
  // Added 2026-11-28: other producers (DocBook through Apache FOP, LaTeX with hyperref) and Texinfo manuals of other projects.
  // (yorick-doc's manual was looked at and left out: its bookmarks nest 21 deep, each under the one before.)
  { pkg: 'r-doc-pdf', path: '/usr/share/R/doc/manual/R-data.pdf', genre: 'manual', licence: R_MANUAL },
  { pkg: 'nettle-dev', path: '/usr/share/doc/nettle-dev/nettle.pdf.gz', genre: 'manual', licence: 'public-domain (the manual says so)' },
  { pkg: 'libtasn1-doc', path: '/usr/share/doc/libtasn1-doc/libtasn1.pdf', genre: 'manual', licence: 'GFDL-1.3-or-later (the manual)' },
  { pkg: 'valgrind', path: '/usr/share/doc/valgrind/valgrind_manual.pdf.gz', genre: 'manual', licence: 'GFDL-1.2-or-later (the manual)' },
  {
    pkg: 'fontconfig',
    path: '/usr/share/doc/fontconfig/fontconfig-user.pdf.gz',
    genre: 'manual',
    licence: 'HPND-style (fontconfig copyright file)',
  },
  {
    pkg: 'shared-mime-info',
    path: '/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf',
    genre: 'specification',
    licence: 'GPL-2.0-or-later (package)',
  },
  { pkg: 'asymptote-doc', path: '/usr/share/doc/asymptote/asymptote.pdf', genre: 'manual', licence: 'GPL-3.0-or-later (package)' },
  {
    pkg: 'gnuplot-doc',
    path: '/usr/share/doc/gnuplot/gnuplot.pdf',
    genre: 'manual',
    licence: 'gnuplot licence (copy and distribute with the notice; package copyright file)',
  },
  { pkg: 'zsh-doc', path: '/usr/share/doc/zsh-common/zsh.pdf', genre: 'manual', licence: 'MIT-like zsh licence (package)' },
];

/** Looked at and left out, with why: written under the list in corpus/SOURCES.md. */
export const OUTLINE_SKIPPED: string[] = [
  'live-manual-pdf (SiSU, xdvipdfmx), texlive-publishers-doc bmstu-example.pdf: the body text cannot be extracted (pdftotext finds only the table of contents), so the headings cannot be checked.',
  'texlive-publishers-doc dithesis sample.pdf: bookmarks in accented lower case, headings set in unaccented capitals; tabriz-thesis.pdf: a third of the Persian bookmarks not found in the extracted text.',
  'texlive-xetex simple-resume-cv CV.pdf: bookmarks titled "… (For PDF Bookmark)", not the visible headings.',
  'groff pdfmark.pdf, latex2rtf-doc latex2rtf.pdf, pari-doc develop.pdf: bookmark titles carry unexpanded macros (`F[C]`, `@kern`, `{\\tt …}`).',
  'docbook-xsl-doc-pdf reference.pdf, debian-policy fhs-3.0.pdf, scons-doc scons-user.pdf (Apache FOP), the Word/Distiller and Pages documents of the SIL font packages: no outline, or fewer than 3 entries.',
  'dblatex-doc release-notes.pdf, xfig-doc xfig_ref_en.pdf (htmldoc, 2 MB), nut-doc user-manual.pdf: flat or duplicate kinds, and size.',
  'r-doc-pdf fullrefman.pdf, octave-doc octave.pdf, gap-doc ref/manual.pdf, ngspice-doc manual.pdf, pari-doc users.pdf: 2.4–6.5 MB each, over the corpus budget.',
  'avr-libc (Doxygen, 1.6 MB), developers-reference, asymptote, eplain, gprolog, bashref, xkeyval, covington, aastex sample631, R-data, TUDaExercise: more of kinds already in (texinfo, Sphinx, LaTeX manuals), dropped to keep the corpus near 25 MB.',
];
