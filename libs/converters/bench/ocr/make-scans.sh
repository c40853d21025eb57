#!/usr/bin/env bash
# Rebuilds the OCR benchmark's scans (scans/), their ground truth (truth/) and
# scans/manifest.json from the born-digital corpus PDFs (see README.md).
# Needs Debian packages: poppler-utils (pdftoppm, pdftotext), imagemagick, img2pdf.
# Deterministic: ImageMagick's noise is seeded, so a rebuild gives the same pixels
# (with the same ImageMagick/libjpeg versions).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
docs=$(cd "$here/../corpus/docs" && pwd)
scans=$here/scans truth=$here/truth
mkdir -p "$scans" "$truth"
rm -f "$scans"/* "$truth"/*
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
manifest=()

# render DOC PAGE DPI OUT: one page as 8-bit grey PGM.
render() { pdftoppm -r "$3" -gray -f "$2" -l "$2" -singlefile "$docs/$1.pdf" "${4%.pgm}"; }

# record NAME CONDITION DOC PAGES FILE [ROTATION]: truth + manifest entry. The truth is
# pdftotext of the same pages of the ORIGINAL PDF: it has the exact words (and page
# furniture such as running heads and page numbers, which the scan shows too).
record() {
  local name=$1 condition=$2 doc=$3 pages=$4 file=$5 rotation=${6:-0} page
  : >"$truth/$name.txt"
  for page in $pages; do pdftotext -enc UTF-8 -f "$page" -l "$page" "$docs/$doc.pdf" - >>"$truth/$name.txt"; done
  manifest+=("{\"name\":\"$name\",\"condition\":\"$condition\",\"file\":\"$file\",\"truth\":\"$name.txt\",\"source\":\"corpus/docs/$doc.pdf\",\"sourcePages\":[${pages// /,}],\"rotation\":$rotation}")
}

# --- (a) clean 300 dpi: a flatbed scan at office quality --------------------------
# Four grey levels keep anti-aliased edges (unlike a 1-bit threshold) at ~150 KB/page,
# where 8-bit grey PNG or JPEG would be 400-500 KB for a page of text.
clean() { convert "$1" -colors 4 -depth 2 -density 300 -units PixelsPerInch "$2"; }
for spec in "report 1" "r-intro-ch1 3" "r-intro-ch1 6"; do
  set -- $spec
  name=clean-300-$1-p$2
  render "$1" "$2" 300 "$tmp/$name.pgm"
  clean "$tmp/$name.pgm" "$tmp/$name.png"
  img2pdf -o "$scans/$name.pdf" "$tmp/$name.png"
  record "$name" clean-300 "$1" "$2" "$name.pdf"
done

# --- (b) noisy 200 dpi: grey paper, slight blur, gaussian noise, up to ±1° skew -----
# The skew alternates in sign so a deskew that only handles one direction shows.
noisy() {
  convert "$1" +level 12%,92% -background 'gray(235)' -rotate "$2" -gravity center -extent 1700x2200 \
    -blur 0x0.7 -seed "$3" -attenuate 0.5 +noise Gaussian -density 200 -units PixelsPerInch -quality 40 "$4"
}
seed=1
# r-intro-ch1 pages 4 and 7 are full pages of running text (~450 words each): the
# two-page file is the throughput measurement (one page per core on 2 cores).
for spec in "howto 1:0.8" "report 2:-1" "r-intro-ch1 4 7:1:-0.7"; do
  doc=${spec%% *} rest=${spec#* }
  pages=${rest%%:*} angles=${rest#*:}
  name=noisy-200-$doc-p${pages// /-p}
  images=()
  for page in $pages; do
    angle=${angles%%:*} angles=${angles#*:}
    render "$doc" "$page" 200 "$tmp/$name-$page.pgm"
    noisy "$tmp/$name-$page.pgm" "$angle" $((seed++)) "$tmp/$name-$page.jpg"
    images+=("$tmp/$name-$page.jpg")
  done
  img2pdf -o "$scans/$name.pdf" "${images[@]}"
  record "$name" noisy-200 "$doc" "$pages" "$name.pdf"
done

# --- (c) rotated: clean 300 dpi pages scanned sideways or upside down -------------
# The page image itself is rotated (no /Rotate in the PDF), as a feeder scan of a
# page put in the wrong way round gives; OCR must detect the orientation.
for spec in "article 1 90" "r-intro-ch1 5 180" "r-intro-ch1 2 270"; do
  set -- $spec
  name=rotated-$3-$1-p$2
  render "$1" "$2" 300 "$tmp/$name.pgm"
  convert "$tmp/$name.pgm" -rotate "$3" "$tmp/$name-r.pgm"
  clean "$tmp/$name-r.pgm" "$tmp/$name.png"
  img2pdf -o "$scans/$name.pdf" "$tmp/$name.png"
  record "$name" rotated "$1" "$2" "$name.pdf" "$3"
done

# --- (d) a phone photo of a page: a JPEG image, not a PDF ---------------------------
# Colour, a perspective tilt (top edge narrower), light falling off to one corner on
# a desk-coloured background, slight blur and sensor noise.
name=photo-minutes-p1
render minutes 1 200 "$tmp/$name.pgm"
convert "$tmp/$name.pgm" -bordercolor 'gray(250)' -border 60 \
  -virtual-pixel background -background 'rgb(120,105,90)' \
  -distort Perspective '0,0 90,70  1819,0 1740,40  0,2319 20,2290  1819,2319 1800,2319' \
  \( -size 1820x2320 radial-gradient:'rgb(255,250,240)-rgb(150,140,125)' -roll +500+400 \) -compose Multiply -composite \
  -blur 0x0.8 -seed 42 -attenuate 0.4 +noise Gaussian -resize 1400x -quality 70 "$scans/$name.jpg"
record "$name" photo minutes 1 "$name.jpg"

{ echo '['; printf '%s\n' "${manifest[@]}" | sed '$!s/$/,/; s/^/  /'; echo ']'; } >"$scans/manifest.json"
du -ch "$scans" | tail -1
