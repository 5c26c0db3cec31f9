"""Photo files for the photo tests, made here in plain Python (no imaging package to install):
small baseline JPEGs of one colour with a real EXIF block — date taken, camera, description and
a GPS position — so that the importer files each under the place the test chose.

A JPEG of one colour needs only its DC coefficients: every 8×8 block of each component carries
the same value, coded once as the first block's difference and as 0 after that, each block
closed by an end-of-block code. The EXIF block is a little-endian TIFF structure: IFD0
(description, make, model, pointers), the Exif IFD (DateTimeOriginal) and the GPS IFD.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

# --------------------------------------------------------------------------------------
# EXIF

ASCII, SHORT, LONG, RATIONAL, BYTE = 2, 3, 4, 5, 1
TYPE_SIZES = {BYTE: 1, ASCII: 1, SHORT: 2, LONG: 4, RATIONAL: 8}


@dataclass(frozen=True)
class PhotoFacts:
    """What the importer reads from a photo's EXIF; None leaves the tag out."""

    taken_at: str | None = None  # "2024-10-19T09:12:40"
    latitude: float | None = None
    longitude: float | None = None
    make: str | None = None
    model: str | None = None
    description: str | None = None
    offset: str | None = None  # OffsetTimeOriginal, "+02:00": the zone of taken_at


def _sexagesimal(value: float) -> list[tuple[int, int]]:
    tenths = round(abs(value) * 3600 * 10_000)
    return [(tenths // (3600 * 10_000), 1), (tenths // (60 * 10_000) % 60, 1), (tenths % (60 * 10_000), 10_000)]


def _encode(kind: int, value) -> tuple[int, bytes]:
    """(count, bytes) of a tag's value."""
    if kind == ASCII:
        data = value.encode("utf-8") + b"\0"
        return len(data), data
    if kind == BYTE:
        return len(value), bytes(value)
    if kind == SHORT:
        return 1, struct.pack("<H", value)
    if kind == LONG:
        return 1, struct.pack("<I", value)
    if kind == RATIONAL:
        return len(value), b"".join(struct.pack("<II", n, d) for n, d in value)
    raise ValueError(kind)


def _ifd(entries: list[tuple[int, int, object]], start: int) -> bytes:
    """One IFD at offset `start` of the TIFF block, its long values right after it."""
    entries = sorted(entries, key=lambda e: e[0])
    table = struct.pack("<H", len(entries))
    data = b""
    data_start = start + 2 + 12 * len(entries) + 4
    for tag, kind, value in entries:
        count, raw = _encode(kind, value)
        if len(raw) <= 4:
            table += struct.pack("<HHI", tag, kind, count) + raw.ljust(4, b"\0")
        else:
            table += struct.pack("<HHII", tag, kind, count, data_start + len(data))
            data += raw + (b"\0" if len(raw) % 2 else b"")  # values start on a word boundary
    return table + struct.pack("<I", 0) + data


def exif_block(facts: PhotoFacts) -> bytes:
    """The APP1 payload: "Exif\\0\\0" and a TIFF structure."""
    gps: list[tuple[int, int, object]] = []
    if facts.latitude is not None and facts.longitude is not None:
        gps = [
            (0x0000, BYTE, [2, 3, 0, 0]),
            (0x0001, ASCII, "S" if facts.latitude < 0 else "N"),
            (0x0002, RATIONAL, _sexagesimal(facts.latitude)),
            (0x0003, ASCII, "W" if facts.longitude < 0 else "E"),
            (0x0004, RATIONAL, _sexagesimal(facts.longitude)),
        ]
    photo: list[tuple[int, int, object]] = []
    if facts.taken_at:
        photo.append((0x9003, ASCII, facts.taken_at.replace("-", ":").replace("T", " ")))
    if facts.offset:
        photo.append((0x9011, ASCII, facts.offset))
    image: list[tuple[int, int, object]] = [(0x0112, SHORT, 1)]
    for tag, text in ((0x010E, facts.description), (0x010F, facts.make), (0x0110, facts.model)):
        if text:
            image.append((tag, ASCII, text))
    # Sizes first (pointers are LONGs stored in the entry itself, so they change no size).
    pointers = [(0x8769, LONG, 0)] if photo else []
    pointers += [(0x8825, LONG, 0)] if gps else []
    ifd0_size = len(_ifd(image + pointers, 8))
    photo_at = 8 + ifd0_size
    photo_ifd = _ifd(photo, photo_at) if photo else b""
    gps_at = photo_at + len(photo_ifd)
    gps_ifd = _ifd(gps, gps_at) if gps else b""
    pointers = ([(0x8769, LONG, photo_at)] if photo else []) + ([(0x8825, LONG, gps_at)] if gps else [])
    tiff = b"II*\0" + struct.pack("<I", 8) + _ifd(image + pointers, 8) + photo_ifd + gps_ifd
    return b"Exif\0\0" + tiff


# --------------------------------------------------------------------------------------
# JPEG of one colour

# The standard luminance DC table (JPEG Annex K.3): code lengths 1..16, then the symbols.
DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
DC_SYMBOLS = list(range(12))
# An AC table with one symbol, end-of-block, coded "0": a block of one colour needs no other.
AC_BITS = [1] + [0] * 15
AC_SYMBOLS = [0x00]


def _codes(bits: list[int], symbols: list[int]) -> dict[int, tuple[int, int]]:
    """Canonical Huffman codes: symbol -> (code, length)."""
    codes, code, index = {}, 0, 0
    for length, count in enumerate(bits, start=1):
        for _ in range(count):
            codes[symbols[index]] = (code, length)
            code += 1
            index += 1
        code <<= 1
    return codes


class _BitWriter:
    def __init__(self):
        self.out = bytearray()
        self.accumulator = 0
        self.count = 0

    def write(self, value: int, length: int) -> None:
        for shift in range(length - 1, -1, -1):
            self.accumulator = (self.accumulator << 1) | ((value >> shift) & 1)
            self.count += 1
            if self.count == 8:
                self.out.append(self.accumulator)
                if self.accumulator == 0xFF:
                    self.out.append(0x00)  # byte stuffing
                self.accumulator = self.count = 0

    def finish(self) -> bytes:
        if self.count:
            self.write((1 << (8 - self.count)) - 1, 8 - self.count)  # pad with ones
        return bytes(self.out)


def _segment(marker: int, payload: bytes) -> bytes:
    return struct.pack(">BBH", 0xFF, marker, len(payload) + 2) + payload


def jpeg(width: int, height: int, colour: tuple[int, int, int], facts: PhotoFacts | None = None) -> bytes:
    """A baseline JPEG of `width` × `height` pixels of one colour, with EXIF when `facts` is given."""
    r, g, b = colour
    components = (
        0.299 * r + 0.587 * g + 0.114 * b,
        -0.168736 * r - 0.331264 * g + 0.5 * b + 128,
        0.5 * r - 0.418688 * g - 0.081312 * b + 128,
    )
    # The DCT's DC term of a flat 8×8 block is 8 × (value − 128); the quantiser is 1.
    dc_values = [max(-1023, min(1023, round(8 * (value - 128)))) for value in components]
    dc_codes, ac_codes = _codes(DC_BITS, DC_SYMBOLS), _codes(AC_BITS, AC_SYMBOLS)

    bits = _BitWriter()
    previous = [0, 0, 0]
    for _ in range(((width + 7) // 8) * ((height + 7) // 8)):
        for index, value in enumerate(dc_values):
            difference = value - previous[index]
            previous[index] = value
            size = abs(difference).bit_length()
            code, length = dc_codes[size]
            bits.write(code, length)
            if size:
                bits.write(difference if difference > 0 else difference + (1 << size) - 1, size)
            code, length = ac_codes[0x00]
            bits.write(code, length)
    scan = bits.finish()

    parts = [b"\xff\xd8"]
    if facts is not None:
        parts.append(_segment(0xE1, exif_block(facts)))
    parts.append(_segment(0xDB, b"\x00" + bytes([1] * 64)))  # quantisation table 0: all ones
    frame = struct.pack(">BHHB", 8, height, width, 3) + b"".join(bytes([i, 0x11, 0]) for i in (1, 2, 3))
    parts.append(_segment(0xC0, frame))
    parts.append(_segment(0xC4, bytes([0x00]) + bytes(DC_BITS) + bytes(DC_SYMBOLS)))
    parts.append(_segment(0xC4, bytes([0x10]) + bytes(AC_BITS) + bytes(AC_SYMBOLS)))
    parts.append(_segment(0xDA, bytes([3]) + b"".join(bytes([i, 0x00]) for i in (1, 2, 3)) + bytes([0, 63, 0])))
    parts.append(scan)
    parts.append(b"\xff\xd9")
    return b"".join(parts)


def with_exif(data: bytes, facts: PhotoFacts) -> bytes:
    """The same picture with another EXIF block (`jpeg` writes it first, after SOI): a file of
    its own, with a digest of its own, without coding the pixels again (slow in Python)."""
    assert data[:4] == b"\xff\xd8\xff\xe1", "a JPEG of `jpeg` with EXIF"
    (length,) = struct.unpack(">H", data[4:6])
    return data[:2] + _segment(0xE1, exif_block(facts)) + data[4 + length :]


def colour_of(index: int) -> tuple[int, int, int]:
    """A different, fairly saturated colour for each index."""
    import colorsys

    hue = (index * 0.618033988749895) % 1.0
    r, g, b = colorsys.hsv_to_rgb(hue, 0.55, 0.85)
    return round(r * 255), round(g * 255), round(b * 255)


def write_jpeg(path: Path, facts: PhotoFacts | None, index: int, size: tuple[int, int] = (96, 64)) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(jpeg(size[0], size[1], colour_of(index), facts))
    return path
