#!/usr/bin/env python3
"""Writes the hostile CSV corpus under Tests/ZipGeoCLITests/HostileCSV/.

Each file is one way a real or malicious file goes wrong; expectations.tsv beside them says what
`zipgeo import` must do with it. Run again after adding a case; the output is the same every time.
"""
import pathlib

OUT = pathlib.Path(__file__).resolve().parent.parent / "Tests/ZipGeoCLITests/HostileCSV"
OUT.mkdir(parents=True, exist_ok=True)
HEADER = b"zip,lat,lon\n"
GOOD = b"10001,40.7484,-73.9967\n75075,33.025,-96.7397\n"

cases = {
    "unterminated-quote.csv": HEADER + b'10001,40.7484,-73.9967\n"75075,33.025,-96.7397\n',
    "too-few-fields.csv": HEADER + b"10001,40.7484,-73.9967\n75075,33.025\n",
    "too-many-fields.csv": HEADER + b"10001,40.7484,-73.9967,extra\n",
    "empty.csv": b"",
    "only-bom.csv": b"\xef\xbb\xbf",
    "header-only.csv": HEADER,
    "blank-lines-only.csv": HEADER + b"\n\n\r\n\n",
    "missing-latitude-column.csv": b"zip,lon\n10001,-73.9967\n",
    "missing-zip-column.csv": b"code,lat,lon\n10001,40.7484,-73.9967\n",
    "non-numeric-latitude.csv": HEADER + b"10001,north,-73.9967\n",
    "nan-latitude.csv": HEADER + b"10001,NaN,-73.9967\n",
    "inf-longitude.csv": HEADER + b"10001,40.7484,inf\n",
    "comma-decimal.csv": HEADER + b'10001,"40,7484",-73.9967\n',
    "hex-coordinate.csv": HEADER + b"10001,0x1p5,-73.9967\n",
    "empty-latitude.csv": HEADER + b"10001,,-73.9967\n",
    "latitude-out-of-range.csv": HEADER + GOOD + b"99999,91.5,0\n",
    "longitude-out-of-range.csv": HEADER + b"10001,40.7484,-181\n",
    "empty-zip.csv": HEADER + b",40.7484,-73.9967\n",
    "blank-zip.csv": HEADER + b"   ,40.7484,-73.9967\n",
    "duplicate-zips.csv": HEADER + GOOD + b"10001,40.0,-74.0\n",
    "binary-garbage.csv": bytes((i * 131 + 7) % 256 for i in range(2048)),
    "nul-byte.csv": HEADER + b"10001,40.7484,-73.9967\n750\x0075,33.025,-96.7397\n",
    "invalid-utf8.csv": HEADER + b"10001,40.7484,-73.9967\n75075\xc3\x28,33.025,-96.7397\n",
    "utf16-le.csv": b"\xff\xfe" + (HEADER + GOOD).decode().encode("utf-16-le"),
    "utf16-be.csv": b"\xfe\xff" + (HEADER + GOOD).decode().encode("utf-16-be"),
    "semicolon-separated.csv": b"zip;lat;lon\n10001;40.7484;-73.9967\n",
    "text-after-closing-quote.csv": HEADER + b'"10001"x,40.7484,-73.9967\n',
    "sql-in-zip.csv": HEADER + b"\"'); DROP TABLE zips; --\",40.7484,-73.9967\n75075,33.025,-96.7397\n",
    "blank-lines.csv": b"\n" + HEADER + b"\n10001,40.7484,-73.9967\n\n\n75075,33.025,-96.7397\n\n",
    "bom-crlf.csv": b"\xef\xbb\xbf" + (HEADER + GOOD).replace(b"\n", b"\r\n"),
    "lone-cr.csv": (HEADER + GOOD).replace(b"\n", b"\r"),
    "no-final-newline.csv": (HEADER + GOOD).rstrip(b"\n"),
    "quoted-fields.csv": b'zip,place,lat,lon\n"10001","New York, ""NY""\nCity",40.7484,-73.9967\n75075,Plano,33.025,-96.7397\n',
    "columns-any-order-extra.csv": b"Longitude,Notes,ZIPCODE,Latitude\n-73.9967,x,10001,40.7484\n-96.7397,y,75075,33.025\n",
    "spaced-values.csv": HEADER + b" 10001 , 40.7484 , -73.9967 \n75075,+33.025,-96.7397\n",
    "exponent-coordinates.csv": HEADER + b"10001,4.07484e1,-7.39967E+1\n75075,33.025,-96.7397\n",
    "quote-inside-unquoted.csv": b"zip,place,lat,lon\n10001,Joe's \"Diner\",40.7484,-73.9967\n75075,Plano,33.025,-96.7397\n",
}
for name, data in cases.items():
    (OUT / name).write_bytes(data)
print(f"wrote {len(cases)} files to {OUT}")
