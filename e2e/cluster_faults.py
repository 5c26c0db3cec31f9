"""What the cluster's fault tests use: uploads the way uploads.js sends them, a burst of them
through nginx, the jobs table watched a millisecond apart, a load loop, and the storage
folder's checks (no temporary file left, every original named by its own SHA-256)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from cluster import Instance, PSQLSession
from pages import HTTPResult
from photo_files import PhotoFacts, jpeg, with_exif

# --------------------------------------------------------------------------------------
# Uploads (Assets/uploads.js: one file per POST, the form token in X-CSRF-Token)


def upload_token(endpoint, session: str) -> str:
    """The form token the upload screen gives its script (`data-token`)."""
    page = endpoint.fetch("GET", "/upload", session=session)
    assert page.status == 200, f"/upload: {page.status}"
    match = re.search(r'class="upload-form"[^>]*data-token="([^"]+)"', page.text)
    assert match, "the upload form carries its token for the script"
    return match.group(1)


def fault_photos(count: int) -> list[tuple[str, bytes]]:
    """`count` 24-megapixel JPEGs taken in Tromsø: one picture, each file with EXIF of its own."""
    facts = [PhotoFacts(f"2024-02-{n % 28 + 1:02d}T12:00:00", 69.6496, 18.957, "Canon", "EOS R6", f"Fault photo {n}") for n in range(count)]
    picture = jpeg(6000, 4000, (40, 90, 160), facts[0])
    return [(f"Tromsø {n:02d}.jpg", with_exif(picture, fact)) for n, fact in enumerate(facts)]


@dataclass
class Upload:
    name: str
    status: int | None = None  # None: no answer (the connection failed)
    upstream: str | None = None
    answer: dict | None = None
    error: str | None = None
    started: float = 0
    ended: float = 0

    @property
    def answered_by(self) -> str | None:
        """The instance whose answer this is: nginx lists each it tried ("A, B" when A refused
        the connection and B answered)."""
        return self.upstream.split(", ")[-1] if self.upstream else None


def post_photo(endpoint, session: str, token: str, name: str, data: bytes, timeout: float = 60) -> Upload:
    upload = Upload(name, started=time.monotonic())
    try:
        result = endpoint.fetch(
            "POST", f"/upload/file?name={quote(name)}", session=session, body=data, timeout=timeout,
            headers={"X-CSRF-Token": token, "Content-Type": "application/octet-stream"},
        )
        upload.status, upload.upstream = result.status, result.header("X-Upstream")
        if result.header("Content-Type") == "application/json":
            upload.answer = json.loads(result.body)
        else:
            upload.error = result.text[:300]
    except OSError as error:
        upload.error = repr(error)
    upload.ended = time.monotonic()
    return upload


class UploadBurst:
    """Files posted `concurrency` at a time, each on its own connection, until none is left."""

    def __init__(self, endpoint, session: str, files: list[tuple[str, bytes]], concurrency: int = 4):
        self.endpoint, self.session = endpoint, session
        self.token = upload_token(endpoint, session)
        self.waiting = list(files)
        self.done: list[Upload] = []
        self.in_flight = 0
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self._run, daemon=True) for _ in range(concurrency)]

    def start(self) -> "UploadBurst":
        for thread in self.threads:
            thread.start()
        return self

    def _run(self) -> None:
        while True:
            with self.lock:
                if not self.waiting:
                    return
                name, data = self.waiting.pop(0)
                self.in_flight += 1
            upload = post_photo(self.endpoint, self.session, self.token, name, data)
            with self.lock:
                self.in_flight -= 1
                self.done.append(upload)

    @property
    def finished(self) -> bool:
        with self.lock:
            return not self.waiting and self.in_flight == 0

    def join(self, timeout: float = 120) -> list[Upload]:
        for thread in self.threads:
            thread.join(timeout)
        assert self.finished, f"uploads still running after {timeout} s"
        return self.done


# --------------------------------------------------------------------------------------
# The jobs table


@dataclass(frozen=True)
class Lease:
    id: int
    key: str
    leased_by: str
    lease_until: int


def leases(session: PSQLSession, kind: str = "renditions") -> list[Lease]:
    rows = session.rows(f"SELECT id, key, leased_by, lease_until FROM jobs WHERE kind = '{kind}' AND leased_by IS NOT NULL ORDER BY id")
    return [Lease(int(id), key, by, int(until)) for id, key, by, until in rows]


def held_by(instance: Instance, found: list[Lease]) -> list[Lease]:
    pid = f":{instance.process.pid}:"
    return [lease for lease in found if pid in lease.leased_by]


def requests_in_flight(instance: Instance, proxy_pid: int) -> int:
    """Connections nginx has open to the instance (one per request: no keep-alive upstream), so
    requests the instance is reading, working on or answering: the kernel's TCP table
    (/proc/net/tcp) entries to its port, established (01), whose socket is nginx's. A browser's
    idle keep-alive connection to the instance is not one."""
    sockets = set()
    for fd in Path(f"/proc/{proxy_pid}/fd").iterdir():
        try:
            target = fd.readlink().name
        except OSError:
            continue  # closed meanwhile
        if target.startswith("socket:["):
            sockets.add(target[8:-1])
    port = f":{instance.port:04X}"
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            count += fields[2].endswith(port) and fields[3] == "01" and fields[9] in sockets
    return count


def kill_while_busy(instance: Instance, session: PSQLSession, burst: UploadBurst, proxy_pid: int, timeout: float = 60) -> list[Lease]:
    """Watches until `instance` holds a renditions job while an upload is in flight to it, then
    SIGKILLs it; the jobs it held then. It is frozen (SIGSTOP) the moment both are seen and
    looked at again, so the leases are the ones it dies holding and the upload one it dies
    serving (when either ended meanwhile it is thawed and watched again)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert not burst.finished, f"the uploads were all answered before {instance.name} was caught busy: post more or larger photos"
        if requests_in_flight(instance, proxy_pid) and held_by(instance, leases(session)):
            instance.freeze()
            held = held_by(instance, leases(session))
            if held and requests_in_flight(instance, proxy_pid):
                instance.kill()
                return held
            instance.thaw()
        time.sleep(0.001)
    raise AssertionError(f"instance {instance.name} was not caught holding a job while serving an upload within {timeout} s")


# --------------------------------------------------------------------------------------
# Load


@dataclass
class Answer:
    path: str
    started: float
    ended: float
    status: int | None
    upstream: str | None
    retry_after: str | None
    text: str
    error: str | None = None


@dataclass
class LoadLoop:
    """Threads requesting `paths` through `endpoint` one after another until stopped."""

    endpoint: object
    session: str
    paths: list[str]
    threads: int = 3
    timeout: float = 25
    answers: list[Answer] = field(default_factory=list)

    def __post_init__(self):
        self._stop = threading.Event()
        self._workers = [threading.Thread(target=self._run, args=(n,), daemon=True) for n in range(self.threads)]
        self._lock = threading.Lock()

    def start(self) -> "LoadLoop":
        for worker in self._workers:
            worker.start()
        return self

    def _run(self, offset: int) -> None:
        n = offset
        while not self._stop.is_set():
            path = self.paths[n % len(self.paths)]
            n += 1
            started = time.monotonic()
            try:
                result: HTTPResult = self.endpoint.fetch("GET", path, session=self.session, timeout=self.timeout)
                answer = Answer(path, started, time.monotonic(), result.status, result.header("X-Upstream"),
                                result.header("Retry-After"), result.text)
            except OSError as error:
                answer = Answer(path, started, time.monotonic(), None, None, None, "", repr(error))
            with self._lock:
                self.answers.append(answer)
            time.sleep(0.02)

    def stop(self) -> list[Answer]:
        self._stop.set()
        for worker in self._workers:
            worker.join(self.timeout + 5)
        return sorted(self.answers, key=lambda a: a.started)


# --------------------------------------------------------------------------------------
# The storage folder

TEMPORARY = re.compile(r"^\.incoming-|^\.making-|^\.template-|\.tmp$|^upload-|^part-")


def temporary_files(storage: Path) -> list[str]:
    """Files under a temporary name anywhere in the storage folder (relative paths): a copy or
    rendition on its way to its name, an export being made, an upload's spooled body or parts."""
    return sorted(str(path.relative_to(storage)) for path in storage.rglob("*") if path.is_file() and TEMPORARY.search(path.name))


def misnamed_originals(storage: Path) -> list[str]:
    """Originals whose SHA-256 is not their name: a half-written or damaged file under a final name."""
    wrong = []
    for path in sorted((storage / "originals").rglob("*")):
        if path.is_file() and not TEMPORARY.search(path.name):
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            if path.stem != digest or path.parent.name != digest[:2]:
                wrong.append(f"{path.relative_to(storage)} holds {digest}")
    return wrong


def rendition_path(storage: Path, kind: str, sha256: str) -> Path:
    extension = {"thumbnail": "webp", "preview": "jpg"}[kind]
    return storage / "cache" / kind / sha256[:2] / f"{sha256}.{extension}"


def whole_image(path: Path) -> bool:
    """A JPEG from its start to its end marker, or a WebP whose RIFF size is the file's."""
    data = path.read_bytes()
    if data[:2] == b"\xff\xd8":
        return data.rstrip(b"\0")[-2:] == b"\xff\xd9"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return int.from_bytes(data[4:8], "little") + 8 == len(data)
    return False


def age(path: Path, hours: float) -> None:
    """Makes a file look untouched for `hours` (an hour's staleness is not waited for)."""
    then = time.time() - hours * 3600
    os.utime(path, (then, then))
