#!/usr/bin/env bash
# Rebuilds every generated file of the quality-benchmark corpus (see README.md).
# Needs Debian packages: pandoc libreoffice-writer-nogui libreoffice-calc-nogui
# texlive-latex-base texlive-latex-recommended texlive-latex-extra
# libreoffice-impress-nogui qpdf python3 r-doc-pdf r-doc-html postgresql-doc-15
# and, for the ground truth, the repository's node_modules (npm ci).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../../.." && pwd)
src=$here/source docs=$here/docs truth=$here/truth
mkdir -p "$docs" "$truth"
rm -f "$docs"/* "$truth"/*
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# LibreOffice keeps its profile here, so a running desktop instance does not interfere.
soffice=(soffice -env:UserInstallation=file://$tmp/lo-profile --headless)

# --- Authored documents: markdown is the source and the ground truth --------------
for md in "$src"/*.md; do
  name=$(basename "$md" .md)
  title=$(sed -n 's/^# //p' "$md" | head -1)
  cp "$md" "$docs/$name.md"
  pandoc "$md" -f markdown -o "$docs/$name.docx"
  pandoc "$md" -f markdown -o "$docs/$name.odt"
  pandoc "$md" -f markdown -o "$docs/$name.pptx"
  pandoc "$md" -f markdown -s -o "$docs/$name.rtf"
  pandoc "$md" -f markdown -s --metadata pagetitle="$title" -o "$docs/$name.html"
  pandoc "$md" -f markdown --metadata title="$title" -o "$docs/$name.epub"
  # LibreOffice writes the PDF and a second DOCX/ODT/RTF of each document, so that
  # not every office file pandoc reads back is one pandoc wrote itself.
  "${soffice[@]}" --convert-to pdf --outdir "$tmp" "$docs/$name.odt" >/dev/null
  mv "$tmp/$name.pdf" "$docs/$name.pdf"
  "${soffice[@]}" --convert-to docx --outdir "$tmp" "$docs/$name.odt" >/dev/null
  mv "$tmp/$name.docx" "$docs/$name.lo.docx"
  "${soffice[@]}" --convert-to rtf --outdir "$tmp" "$docs/$name.odt" >/dev/null
  mv "$tmp/$name.rtf" "$docs/$name.lo.rtf"
  "${soffice[@]}" --convert-to odt --outdir "$tmp" "$docs/$name.docx" >/dev/null
  mv "$tmp/$name.odt" "$docs/$name.lo.odt"
done

# --- A table: CSV is the source; the spreadsheets are LibreOffice conversions -------
cp "$src/inventory.csv" "$docs/inventory.csv"
for ext in xlsx ods xls; do
  # CSV filter options: comma separator, double-quote delimiter, UTF-8 (76), start at row 1.
  "${soffice[@]}" --infilter=CSV:44,34,76,1 --convert-to "$ext" --outdir "$tmp" "$src/inventory.csv" >/dev/null
  mv "$tmp/inventory.$ext" "$docs/inventory.$ext"
done

# --- LaTeX documents: PDFs as papers, reports and invoices are really made --------
# (texlive-latex-base/-recommended/-extra). Two passes: longtable settles its column
# widths and captions their numbers on the second. SOURCE_DATE_EPOCH keeps the bytes
# stable. Ground truth: tools/latex-truth.ts reads the LaTeX source (make-truth.ts).
for tex in "$src"/*.tex; do
  name=$(basename "$tex" .tex)
  for pass in 1 2; do
    (cd "$tmp" && SOURCE_DATE_EPOCH=1735689600 pdflatex -interaction=nonstopmode -halt-on-error "$tex" >/dev/null)
  done
  mv "$tmp/$name.pdf" "$docs/$name.pdf"
done

# Ground truth of the authored documents (headings, list items, table cells, text),
# parsed from the sources by the benchmark's own markdown code, not by pandoc.
(cd "$repo" && SWC_NODE_PROJECT=tsconfig.base.json node -r @swc-node/register \
  libs/converters/bench/corpus/tools/make-truth.ts "$src" "$truth")

# --- Real documents, text only --------------------------------------------------
# R manual "An Introduction to R" (r-doc-pdf): the copyright page (p. 2), the preface
# (p. 7) and chapter 1 (pp. 8-13). Ground truth: the same parts of the HTML manual
# (r-doc-html), extracted by tools/extract_html_text.py.
qpdf /usr/share/R/doc/manual/R-intro.pdf --pages . 2,7-13 -- "$docs/r-intro-ch1.pdf"
python3 "$here/tools/extract_html_text.py" texinfo /usr/share/R/doc/manual/R-intro.html \
  > "$truth/r-intro-ch1.txt"

# PostgreSQL 15 manual pages (postgresql-doc-15), as shipped. Ground truth: the
# page's <body> text without the navigation header and footer.
for page in tutorial-join datatype-boolean queries-limit; do
  cp "/usr/share/doc/postgresql-doc-15/html/$page.html" "$docs/pg-$page.html"
  python3 "$here/tools/extract_html_text.py" postgres "$docs/pg-$page.html" > "$truth/pg-$page.txt"
done
