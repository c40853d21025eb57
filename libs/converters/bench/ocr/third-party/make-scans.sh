#!/usr/bin/env bash
# Rebuilds the third-party OCR scans (scans/), their truth (truth/) and
# scans/manifest.json from pages of report-half documents of the third-party PDF
# corpus (../../third-party: PDFs nobody here wrote; split.ts says which half each is
# in). The truth is pdftotext of the same pages of the original PDF.
# Needs Debian packages: poppler-utils (pdftoppm, pdftotext), imagemagick, img2pdf.
# Deterministic: ImageMagick's noise is seeded.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
corpus=$(cd "$here/../../third-party/corpus" && pwd)
scans=$here/scans truth=$here/truth
# ImageMagick's own convert, not a stand-in earlier on PATH.
magick=${MAGICK_CONVERT:-/usr/bin/convert}
mkdir -p "$scans" "$truth"
rm -f "$scans"/* "$truth"/*
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
manifest=()

# render DOC PAGE DPI OUT: one page as 8-bit grey PGM.
render() { pdftoppm -r "$3" -gray -f "$2" -l "$2" -singlefile "$corpus/$1" "${4%.pgm}"; }
clean() { "$magick" "$1" -colors 4 -depth 2 -density "${3:-300}" -units PixelsPerInch "$2"; }
# noisy IN ANGLE SEED OUT: grey paper, slight blur, gaussian noise, a small skew.
noisy() {
  "$magick" "$1" +level 12%,92% -background 'gray(235)' -rotate "$2" -blur 0x0.7 -seed "$3" -attenuate 0.5 +noise Gaussian \
    -density 200 -units PixelsPerInch -quality 40 "$4"
}

# record NAME CONDITION DOC PAGES FILE ROTATIONS: truth + manifest entry.
record() {
  local name=$1 condition=$2 doc=$3 pages=$4 file=$5 rotation=${6:-0} page
  : >"$truth/$name.txt"
  for page in $pages; do pdftotext -enc UTF-8 -f "$page" -l "$page" "$corpus/$doc" - >>"$truth/$name.txt"; done
  manifest+=("{\"name\":\"$name\",\"condition\":\"$condition\",\"file\":\"$name.pdf\",\"truth\":\"$name.txt\",\"source\":\"third-party/corpus/$doc\",\"sourcePages\":[${pages// /,}],\"rotation\":$rotation}")
}

book=pdfua/PDFUA-Ref-2-08_BookChapter.pdf
abstract=pdfua/PDFUA-Ref-2-03_AcademicAbstract.pdf
slides=pdfua/PDFUA-Ref-2-04_Presentation.pdf
bids=tabula/Publication_of_award_of_Bids_for_Transport_Sector__August_2016.pdf

# Upright: a clean 300 dpi page of a paper and of a book; a noisy 200 dpi one.
for spec in "clean-300-abstract-p1 $abstract 1" "clean-300-book-p4 $book 4"; do
  set -- $spec
  render "$2" "$3" 300 "$tmp/$1.pgm" && clean "$tmp/$1.pgm" "$tmp/$1.png" && img2pdf -o "$scans/$1.pdf" "$tmp/$1.png"
  record "$1" clean-300 "$2" "$3" "$1.pdf"
done
render "$book" 7 200 "$tmp/noisy.pgm" && noisy "$tmp/noisy.pgm" 0.8 11 "$tmp/noisy.jpg"
img2pdf -o "$scans/noisy-200-book-p7.pdf" "$tmp/noisy.jpg"
record noisy-200-book-p7 noisy-200 "$book" 7 noisy-200-book-p7.pdf

# Turned: pages fed in sideways or upside down (the image itself turned), and a short
# upside-down page: a slide with a few lines of large text, too little for OSD.
for spec in "rotated-90-book-p9 $book 9 90" "rotated-180-abstract-p2 $abstract 2 180" "rotated-270-bids-p1 $bids 1 270" \
  "rotated-180-slides-p2 $slides 2 180"; do
  set -- $spec
  render "$2" "$3" 300 "$tmp/$1.pgm" && "$magick" "$tmp/$1.pgm" -rotate "$4" "$tmp/$1-r.pgm"
  clean "$tmp/$1-r.pgm" "$tmp/$1.png" && img2pdf -o "$scans/$1.pdf" "$tmp/$1.png"
  record "$1" rotated "$2" "$3" "$1.pdf" "$4"
done

# Mixed: one scan of four pages, each turned another way (0, 90, 180, 270), as a pile
# fed without care gives.
images=()
angle=0
for page in 11 12 13 14; do
  render "$book" "$page" 200 "$tmp/mixed-$page.pgm"
  "$magick" "$tmp/mixed-$page.pgm" -rotate "$angle" "$tmp/mixed-$page-r.pgm"
  clean "$tmp/mixed-$page-r.pgm" "$tmp/mixed-$page.png" 200
  images+=("$tmp/mixed-$page.png")
  angle=$((angle + 90))
done
img2pdf -o "$scans/mixed-orientation-book-p11-p14.pdf" "${images[@]}"
record mixed-orientation-book-p11-p14 mixed-orientation "$book" "11 12 13 14" mixed-orientation-book-p11-p14.pdf

# Regions: a page whose lower half is upside down (a form folded and copied twice).
render "$abstract" 1 300 "$tmp/regions.pgm"
height=$(identify -format '%h' "$tmp/regions.pgm")
half=$((height / 2))
"$magick" "$tmp/regions.pgm" \( +clone -gravity south -crop "x$((height - half))+0+0" +repage -rotate 180 \) -gravity south -composite "$tmp/regions-c.pgm"
clean "$tmp/regions-c.pgm" "$tmp/regions.png" && img2pdf -o "$scans/mixed-regions-abstract-p1.pdf" "$tmp/regions.png"
record mixed-regions-abstract-p1 mixed-orientation "$abstract" 1 mixed-regions-abstract-p1.pdf

{ echo '['; printf '%s\n' "${manifest[@]}" | sed '$!s/$/,/; s/^/  /'; echo ']'; } >"$scans/manifest.json"
du -ch "$scans" | tail -1
