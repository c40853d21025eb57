"""Prints a workbook as sheet-exports.ts needs it, through LibreOffice's UNO API.

    /usr/bin/python3 calc-print.py SOURCE OUTDIR

Writes OUTDIR/<name>.pdf (tagged, one page per sheet) and OUTDIR/<name>.html (every
sheet as a table, cells as shown). Before either, every used column is set to its
optimal width: a sheet saved by a library (most of these are) keeps its default column
widths, and Calc would print "###" for a number too wide for its column, round a
decimal to the width, and clip text at a filled neighbour, so the page would not show
what the cell holds and no reader could match the truth. Widening columns changes
only the look; each cell's text is the one Calc shows.

Needs Debian's python3-uno (the system /usr/bin/python3) and LibreOffice Calc.
"""
import os
import subprocess
import sys
import tempfile
import time

import uno
from com.sun.star.beans import PropertyValue


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def connect(pipe):
    resolver = uno.getComponentContext().ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", uno.getComponentContext()
    )
    for _ in range(120):
        try:
            return resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
        except Exception:  # noqa: BLE001 - soffice is still starting
            time.sleep(0.5)
    raise RuntimeError("soffice did not accept a UNO connection within 60 s")


def main(source, outdir):
    name = os.path.splitext(os.path.basename(source))[0]
    outdir = os.path.abspath(outdir)
    profile = tempfile.mkdtemp(prefix="docformat-calc-profile-")
    pipe = f"docformat-calc-{os.getpid()}"
    office = subprocess.Popen(
        [
            "soffice",
            f"-env:UserInstallation=file://{profile}",
            "--headless",
            "--norestore",
            "--nologo",
            f"--accept=pipe,name={pipe};urp;",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        context = connect(pipe)
        desktop = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
        doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(os.path.abspath(source)), "_blank", 0, (prop("Hidden", True),))
        if doc is None:
            raise RuntimeError(f"Calc could not open {source}")
        sheets = doc.Sheets
        for index in range(sheets.Count):
            sheet = sheets.getByIndex(index)
            cursor = sheet.createCursor()
            cursor.gotoEndOfUsedArea(False)
            last = cursor.RangeAddress.EndColumn
            columns = sheet.Columns
            for column in range(last + 1):
                col = columns.getByIndex(column)
                if col.IsVisible:
                    col.OptimalWidth = True
        filter_data = uno.Any(
            "[]com.sun.star.beans.PropertyValue",
            (prop("SinglePageSheets", True), prop("UseTaggedPDF", True)),
        )
        doc.storeToURL(
            uno.systemPathToFileUrl(os.path.join(outdir, f"{name}.pdf")),
            (prop("FilterName", "calc_pdf_Export"), prop("FilterData", filter_data)),
        )
        doc.storeToURL(uno.systemPathToFileUrl(os.path.join(outdir, f"{name}.html")), (prop("FilterName", "HTML (StarCalc)"),))
        doc.close(True)
        try:
            desktop.terminate()
        except Exception:  # noqa: BLE001 - the bridge drops as soffice quits
            pass
        office.wait(timeout=60)
    finally:
        if office.poll() is None:
            office.kill()
        # The soffice script starts soffice.bin as a child of its own: found by its pipe, so a failure leaves no office behind.
        subprocess.run(["pkill", "-f", f"name={pipe};"], check=False)
        subprocess.run(["rm", "-rf", profile], check=False)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
