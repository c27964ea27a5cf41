"""Hostile files sent to the import and photo APIs: a ZIP bomb, a ZIP whose names climb out with `../`, a 1 GB
line, a PNG that claims 60000×60000 pixels, invalid UTF-8. Each is refused with a clear 4xx (never a 5xx),
nothing lands outside the data folder, and the server's peak memory (RSS) stays under 300 MB throughout."""

import io
import json
import struct
import zipfile
import zlib

from small_disk import noise_png, send


def peak_rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmHWM")


def zip_bomb() -> bytes:
    """A Day One export whose Journal.json inflates to 1 GB of spaces from about 1 MB."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        with archive.open("Journal.json", "w", force_zip64=True) as entry:
            block = b" " * (1 << 20)
            for _ in range(1024):
                entry.write(block)
    return out.getvalue()


def climbing_zip() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("../../escaped.txt", "out of the folder")
        archive.writestr("photos/../../../escaped.jpeg", b"\xff\xd8\xff\xe0" + b"\0" * 64)
        archive.writestr("Journal.json", json.dumps({"entries": []}))
    return out.getvalue()


def huge_png_header() -> bytes:
    """A small PNG whose header says 60000 × 60000 pixels."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", 60000, 60000, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 1000))
            + chunk(b"IEND", b""))


def one_gigabyte_line():
    """1 GB of one jrnl line with no newline, made as it is sent."""
    yield b"[2025-01-06 09:30] "
    block = b"a" * (1 << 20)
    for _ in range(1024):
        yield block


def stream(url: str, path: str, chunks, timeout: float = 300):
    import http.client
    from urllib.parse import urlparse
    parsed = urlparse(url)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=timeout)
    try:
        connection.request("POST", path, body=chunks, encode_chunked=True,
                           headers={"Content-Type": "application/octet-stream", "Accept": "application/json",
                                    "Transfer-Encoding": "chunked"})
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"null")
    except (BrokenPipeError, ConnectionResetError):
        # The server may answer and close before the whole body is sent.
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"null")
    finally:
        connection.close()


def test_hostile_files_are_refused_clearly_in_bounded_memory(server, tmp_path):
    url = server.url
    send(url, "PATCH", "/api/v1/settings", json.dumps({"name": "Mina", "journalName": "Pages"}).encode())

    status, answer = send(url, "POST", "/api/v1/import/dayone", zip_bomb(), "application/octet-stream")
    assert 400 <= status < 500, answer
    assert answer["error"]["code"] == "importRefused" and answer["error"]["message"]

    status, answer = send(url, "POST", "/api/v1/import/dayone", climbing_zip(), "application/octet-stream")
    assert status < 500, answer
    assert not list(server.data_dir.parent.rglob("escaped*"))

    status, answer = stream(url, "/api/v1/import/jrnl", one_gigabyte_line())
    assert status == 413, answer
    assert answer["error"]["message"]

    status, answer = send(url, "POST", "/api/v1/photos", huge_png_header(), "image/png")
    assert status == 422, answer
    assert answer["error"]["code"] == "tooManyPixels"

    status, answer = send(url, "POST", "/api/v1/import/jrnl", b"[2025-01-06 09:30] \xff\xfe\xc0\xaf broken\n",
                          "application/octet-stream")
    assert status < 500, answer

    # Nothing of it stayed behind, and the server still takes an ordinary photo.
    assert send(url, "POST", "/api/v1/photos", noise_png(32, 32), "image/png")[0] == 201
    leftovers = [p.name for p in server.data_dir.iterdir() if p.name.startswith(".import-")]
    assert leftovers == []
    peak = peak_rss_mb(server.process.pid)
    print(f"peak RSS {peak:.0f} MB")
    assert peak < 300
