// Half Moon in the browser (issue 31). The game itself is the Python package, run by
// Pyodide: this file has no rule and no sentence of its own. It loads Python, keeps the
// game's folder in IndexedDB, hands each typed line to `Page.line`, and gives the
// answer to the player: one announcement, one item in the review list, its sound, and
// the browser's voice when the player turned it on.

const BUILD = "dev"; // this build's version, written here by tools/web_build.py
const HOME = "/home/pyodide/halfmoon"; // the game's files, mirrored into IndexedDB
const LANGUAGE_KEY = "halfmoon-a11y-language"; // the page's words before Python loads
// Loading that takes longer is said to be late, with what to do (a file that never
// arrives); the game still starts if the files come after all. A test may set a smaller
// bound in window.halfmoonBounds.
const LOAD_SECONDS = globalThis.halfmoonBounds?.load ?? 60;
// Said when even build.json, with the page's words, has not come.
const LATE =
  "Loading is taking too long. A file of the game has not arrived. Check the connection, " +
  "then reload the page.";

const $ = (id) => document.getElementById(id);
const field = $("command");
const review = $("review");
const region = $("announcer");

let words = {}; // the page's words, by language (build.json, made from the catalogs)
let page = null; // the Python `Page`, once ready
let pyodide = null;
const waiting = []; // lines typed before the game was ready
let audio = null; // the AudioContext, made at the first key (browsers ask a gesture)
const sounds = new Map(); // a sound's file name: its decoded AudioBuffer
let playing = null; // the sound playing now, stopped by the next command
let pending = null; // the live region's next words, written when its refill comes
let failed = false; // the game could not start: every Enter says so again
let late = false; // loading passed its bound: every Enter before the game is ready says so
let toldBusy = false; // "still loading" is said once, however many lines wait
let storage = null; // web/store.js: the folder in IndexedDB, and which tab owns it
let forget = () => {}; // drops IDBFS's connection, so that the next sync opens it again
let voice = { speech: false, language: "en", rate: 175 }; // the last answer's settings
const typed = []; // the lines typed, for Up and Down
let recalled = 0; // how far back Up went

// -- the one announcer -----------------------------------------------------------------

// Each answer is announced once, as one string, in the live region, emptied and then
// refilled, so that the same words said twice are still announced. Answers that come
// before the refill (typed while loading, a storage warning after a move) are joined to
// it, never dropped. An answer stays in the region at least HOLD_MS: a browser gives the
// screen reader the region's changes at its next update, and a text emptied before then
// would never reach it; what comes sooner waits, and is said after it. Never
// document.ariaNotify: a page cannot know whether the screen reader hears it, and Orca
// does not in Firefox, which has it; every reader hears a live region (docs/web.md). The
// review list is not live.
const REFILL_MS = 30;
const HOLD_MS = globalThis.halfmoonBounds?.hold ?? 250; // a test may set it, as LOAD_SECONDS
let shownAt = -Infinity; // when the region last took an answer

function announce(text) {
  if (pending !== null) {
    pending = `${pending} ${text}`;
    return;
  }
  pending = text;
  const refill = () => {
    region.textContent = pending;
    pending = null;
    shownAt = performance.now();
  };
  const held = shownAt + HOLD_MS - performance.now();
  if (held <= 0) {
    region.textContent = "";
    setTimeout(refill, REFILL_MS);
    return;
  }
  setTimeout(() => {
    region.textContent = "";
    setTimeout(refill, REFILL_MS);
  }, held);
}

// The review list is kept for this tab (sessionStorage), so that a reload brings back
// what was said with the game; a new tab starts empty, as a new terminal window does.
// The newest REVIEW_KEPT answers are kept.
const REVIEW_KEY = "halfmoon-a11y-review";
const REVIEW_KEPT = 300;

function remember(lines, language) {
  show({ text: lines.join("\n"), lang: language });
  const kept = [...review.children].slice(-REVIEW_KEPT).map((item) => ({
    text: item.textContent,
    lang: item.lang,
  }));
  safely(() => sessionStorage.setItem(REVIEW_KEY, JSON.stringify(kept)));
}

function show(said) {
  const item = document.createElement("li");
  item.textContent = said.text;
  item.lang = said.lang; // read in its own language after the player switched
  review.append(item);
}

function restoreReview() {
  const kept = safely(() => JSON.parse(sessionStorage.getItem(REVIEW_KEY)));
  if (!Array.isArray(kept)) return;
  for (const said of kept.slice(-REVIEW_KEPT)) {
    if (typeof said?.text === "string" && typeof said?.lang === "string") show(said);
  }
}

let status = "loading"; // the key of the page's word the status line shows

function setStatus(key) {
  status = key;
  const mine = words[document.documentElement.lang] || words.en;
  $("status").textContent = mine?.[key] || "";
}

// -- the page's own words ----------------------------------------------------------------

// web/words.js placed the page's words while it was parsed; these show them again.
function chosenLanguage() {
  return window.halfmoonWords.chosenLanguage(words);
}

function showWords(language) {
  if (!window.halfmoonWords.placeWords(words, language)) return;
  $("status").textContent = (words[language] || words.en)[status]; // in the new language too
  safely(() => localStorage.setItem(LANGUAGE_KEY, language));
}

function safely(action) {
  try {
    return action();
  } catch {
    return null;
  }
}

// -- sounds and the browser's voice ----------------------------------------------------

function silence() {
  if (playing) {
    safely(() => playing.stop());
    playing = null;
  }
  if (window.speechSynthesis) window.speechSynthesis.cancel();
}

async function sound(name) {
  if (!name) return;
  try {
    audio = audio || new AudioContext();
    let buffer = sounds.get(name);
    if (!buffer) {
      const response = await fetch(`sounds/${name}?v=${BUILD}`);
      buffer = await audio.decodeAudioData(await response.arrayBuffer());
      sounds.set(name, buffer);
    }
    const source = audio.createBufferSource();
    source.buffer = buffer;
    source.connect(audio.destination);
    source.start();
    playing = source;
  } catch {
    // No sound in this browser: the words are said all the same.
  }
}

function speak(said) {
  if (!said.speech || !window.speechSynthesis || !said.spoken) return;
  const utterance = new SpeechSynthesisUtterance(said.spoken);
  utterance.lang = said.language;
  utterance.rate = Math.min(10, Math.max(0.1, said.rate / 175));
  window.speechSynthesis.speak(utterance);
}

// -- an answer -------------------------------------------------------------------------

function give(said, before = "") {
  const text = before ? `${before} ${said.text}` : said.text;
  if (!text) return; // nothing to say: no empty announcement, no empty item
  const lines = before ? [before, ...said.lines] : said.lines;
  voice = { speech: said.speech, language: said.language, rate: said.rate };
  // The page's language first, so that the answer is read in it (`lang danès`).
  if (said.language && said.language !== document.documentElement.lang) showWords(said.language);
  announce(text);
  remember(lines, document.documentElement.lang);
  sound(said.sound);
  speak({ ...said, spoken: before ? `${before} ${said.spoken}` : said.spoken });
}

function run(line, typedHere = true) {
  silence();
  if (typedHere && line.trim()) typed.push(line);
  recalled = 0;
  storage.afterLastSync();
  try {
    give(JSON.parse(page.line(line)));
    showTable();
  } catch (error) {
    // Python itself failed (the game's own bugs are answered by the game): say so.
    const said = words[document.documentElement.lang]?.broken || "Something went wrong.";
    give({ ...voice, text: said, lines: [said], spoken: said, sound: null });
    console.error(error);
  }
  keep();
}

// -- the table as buttons ------------------------------------------------------------------

// The 20 places and the commands a touch player needs, as native buttons the game names
// (Page.buttons: card first, then place, then height, in the player's words). A press
// types what its button says it types, so its answer is the typed line's; it is
// announced as a typed line's is. The buttons change in place: focus stays on the one
// pressed, and a removed card's place says its new top.
function showTable() {
  const shown = JSON.parse(page.buttons());
  for (const key of ["piles", "reserve", "actions"]) {
    $(`${key}-title`).textContent = shown.headings[key];
    const list = $(key);
    shown[key].forEach((given, index) => {
      let button = list.children[index]?.firstElementChild;
      if (!button) {
        const item = document.createElement("li");
        button = document.createElement("button");
        button.type = "button";
        button.addEventListener("click", () => press(button));
        item.append(button);
        list.append(item);
      }
      button.dataset.types = given.types;
      if (button.textContent !== given.name) button.textContent = given.name;
      if (key !== "actions") button.setAttribute("aria-pressed", String(given.pressed));
    });
  }
  $("table").hidden = false;
}

function press(button) {
  if (!page) return;
  run(button.dataset.types, false);
}

// -- keeping the game in the browser -----------------------------------------------------

let writing = false; // this tab writes the game's folder into IndexedDB (see start)
let keeping = null; // the sync to IndexedDB under way
let again = false; // another answer came while it ran: sync once more after it

// One sync of the folder into IndexedDB: null when kept, else what went wrong.
function sync() {
  const syncing = new Promise((resolve) => {
    try {
      pyodide.FS.syncfs(false, (error) => resolve(error || null));
    } catch (error) {
      resolve(error);
    }
  });
  return storage.within(storage.bounds.storage, syncing, "no answer");
}

// A sync that failed on a closed connection (storage evicted under the page) is tried
// once more on a new one; a full storage or no answer is said at once.
function retried(error) {
  return error instanceof Error && error.name !== "QuotaExceededError";
}

function keep() {
  // A tab that does not own the files, or that could not read them back, never writes:
  // its folder in memory would replace the stored game, settings and statistics.
  if (!writing) return Promise.resolve(false);
  if (!storage.mine()) {
    lostFiles();
    return Promise.resolve(false);
  }
  if (keeping) {
    again = true;
    return keeping;
  }
  // Storage evicted under the page is written whole again, and nothing is said.
  keeping = sync()
    .then((error) => (retried(error) ? (forget(), sync()) : error))
    .then((error) => {
      const kept = error === null;
      keeping = null;
      tell(safely(() => page.storage(kept)));
      if (again) {
        again = false;
        return keep();
      }
      return kept;
    });
  return keeping;
}

function tell(sentence) {
  if (sentence) give({ ...voice, text: sentence, lines: [sentence], spoken: sentence });
}

// Another tab took the files while this one slept: this one stops writing, and says so.
function lostFiles() {
  if (!writing) return;
  writing = false;
  tell(safely(() => page.taken()));
}

// The folder's copy in IndexedDB, read back before the game opens (web/store.js). Null
// when the browser refuses IndexedDB (a private window, storage blocked) or does not
// answer: the game goes on in memory, and says so.
async function mountHome(owner) {
  const FS = pyodide.FS;
  FS.mkdirTree(HOME);
  try {
    FS.mount(FS.filesystems.IDBFS, {}, HOME);
  } catch {
    return null;
  }
  return storage.readHome(FS, HOME, owner);
}

function stalled() {
  if (page || failed) return;
  late = true;
  const said = words[document.documentElement.lang]?.stalled || LATE;
  setStatus("stalled");
  if (!$("status").textContent) $("status").textContent = said;
  announce(said);
}

// -- a quicker start: Python's memory, kept ----------------------------------------------

// After a first start the page keeps Python's memory as it is once the game's modules are
// imported (a Pyodide memory snapshot), with the files the wheels unpacked (Emscripten
// keeps files outside that memory), and later starts begin from them: no
// Python to start, no module to import, no wheel to unpack. They are kept in Cache
// Storage, apart from the service worker's caches (whose names start "halfmoon-"), under
// this build's version: another build, even with the same Pyodide, has other modules in
// that memory. Pyodide checks as well that it made the snapshot (its build id in it).
// A checksum finds damaged bytes. Anything wrong, and the page starts as without
// them, and makes them again. They hold none of the player's files: they are made before
// the game's folder is read.
const SNAPSHOTS = "halfmoon.snapshots";
const SNAPSHOT_LIMIT = 96 * 2 ** 20; // a larger memory is not kept
// The player's pause that large writes wait for; a test that waits for them may set it.
const PAUSE_MS = globalThis.halfmoonBounds?.pause ?? 2000;
const snapshotKey = () => new URL(`halfmoon-snapshot?v=${BUILD}`, location.href).href;
let made = null; // this start's memory and files, to keep once the game is ready
let restored = false; // this start began from a kept snapshot

// A kept start's bytes, stored as they are: unpacking 7 MB of gzip took 0.35 to 1.3 s
// here, longer than reading 19 MB. Five 32-bit words ("HMS2", the length of a JSON
// list of the files' paths and sizes, a checksum of all that follows the five words, the
// memory's length, the number of its pages that are not all zeros), then the list, the
// files' bytes, zeros up to a multiple of 4, the index of each page kept, and those pages
// (4 KiB each; the memory's last may be shorter); zeros up to a multiple of 4 at the end.
// Some 40 % of the memory is pages of zeros, not kept.
const KEPT_START = 0x32534d48; // "HMS2"
const PAGE = 4096;
const HEAD = 20;

// Long work in slices of a few milliseconds: an answer typed meanwhile, and the storage's
// answers, are never kept waiting behind it.
function slices() {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < 4) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    since = performance.now();
  };
}

async function checksum(bytes, pause = async () => {}) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset + HEAD, (bytes.length - HEAD) / 4);
  let sum = 0x811c9dc5;
  for (let from = 0; from < words.length; from += 2 ** 16) {
    const to = Math.min(from + 2 ** 16, words.length);
    for (let index = from; index < to; index++) {
      sum = Math.imul(sum ^ words[index], 0x01000193) ^ (sum >>> 15);
    }
    await pause();
  }
  return sum >>> 0;
}

// Packed while the game is played: in slices.
async function packStart(memory, files) {
  const pause = slices();
  const sizes = files.map(([path, bytes]) => [path, bytes.length]);
  const list = new TextEncoder().encode(JSON.stringify(sizes));
  if (memory.length % 4) throw new Error("a memory of whole words only"); // Pyodide's are
  const words = new Uint32Array(memory.buffer, memory.byteOffset, memory.length / 4);
  const kept = [];
  for (let page = 0; page * PAGE < memory.length; page++) {
    const to = Math.min((page + 1) * (PAGE / 4), words.length);
    for (let word = page * (PAGE / 4); word < to; word++) {
      if (words[word] !== 0) {
        kept.push(page);
        break;
      }
    }
    await pause();
  }
  const pageBytes = (page) => Math.min(PAGE, memory.length - page * PAGE);
  const filesEnd = HEAD + list.length + files.reduce((sum, [, bytes]) => sum + bytes.length, 0);
  const indexAt = Math.ceil(filesEnd / 4) * 4;
  const pagesAt = indexAt + 4 * kept.length;
  const end = pagesAt + kept.reduce((sum, page) => sum + pageBytes(page), 0);
  const packed = new Uint8Array(Math.ceil(end / 4) * 4);
  let at = HEAD;
  packed.set(list, at);
  at += list.length;
  for (const [, bytes] of files) {
    packed.set(bytes, at);
    at += bytes.length;
  }
  new Uint32Array(packed.buffer, indexAt, kept.length).set(kept);
  at = pagesAt;
  for (const page of kept) {
    packed.set(memory.subarray(page * PAGE, page * PAGE + pageBytes(page)), at);
    at += pageBytes(page);
    await pause();
  }
  const head = new Uint32Array(packed.buffer, 0, 5);
  head.set([KEPT_START, list.length, 0, memory.length, kept.length]);
  head[2] = await checksum(packed, pause);
  return packed;
}

async function unpackStart(packed) {
  if (packed.length < HEAD || packed.length % 4) throw new Error("not a kept start");
  const head = new Uint32Array(packed.buffer, packed.byteOffset, 5);
  const [magic, length, sum, memoryLength, count] = head;
  if (magic !== KEPT_START) throw new Error("not a kept start");
  if ((await checksum(packed)) !== sum) throw new Error("a kept start with damaged bytes");
  let at = HEAD + length;
  const sizes = JSON.parse(new TextDecoder().decode(packed.subarray(HEAD, at)));
  const files = sizes.map(([path, size]) => {
    const bytes = packed.subarray(at, at + size);
    at += size;
    return [path, bytes];
  });
  const indexAt = Math.ceil(at / 4) * 4;
  const pages = new Uint32Array(packed.buffer, packed.byteOffset + indexAt, count);
  const memory = new Uint8Array(memoryLength);
  at = indexAt + 4 * count;
  for (const page of pages) {
    const size = Math.min(PAGE, memoryLength - page * PAGE);
    memory.set(packed.subarray(at, at + size), page * PAGE);
    at += size;
  }
  return { files, memory };
}

// The kept start of this build: null when there is none; else a promise of its files
// and memory, rejected when its bytes are damaged.
async function storedSnapshot() {
  try {
    const found = await (await caches.open(SNAPSHOTS)).match(snapshotKey());
    if (!found) return null;
    const start = found.arrayBuffer().then((bytes) => unpackStart(new Uint8Array(bytes)));
    start.catch(() => {}); // said when Pyodide or the files need it (startPython)
    return { start };
  } catch {
    return null; // no Cache Storage here
  }
}

async function dropSnapshots(except = null) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const request of await cache.keys()) {
      if (request.url !== except) await cache.delete(request);
    }
  } catch {
    // no Cache Storage here: nothing kept, nothing to drop
  }
}

async function unpackWheels(python, wheels) {
  for (const wheel of wheels) {
    const data = await (await fetch(`wheels/${wheel}?v=${BUILD}`)).arrayBuffer();
    python.unpackArchive(data, "wheel");
  }
}

// Every file under `folder`, with its bytes, but those under `except`.
function filesUnder(FS, folder, except) {
  const found = [];
  for (const name of FS.readdir(folder)) {
    const path = `${folder}/${name}`;
    if (name === "." || name === ".." || path === except) continue;
    const { mode } = FS.stat(path);
    if (FS.isDir(mode)) found.push(...filesUnder(FS, path, except));
    else if (FS.isFile(mode)) found.push([path, FS.readFile(path)]);
  }
  return found;
}

// What a restored memory must redo: `random`, whose state would be the same at every
// restored start. The string hash's secret stays the same too; the game's answers do not
// depend on it (tests/test_hash_seed.py). The deals come from os.urandom, the browser's
// crypto.
const AFTER_RESTORE = `
import sys
if "random" in sys.modules:
    sys.modules["random"].seed()
import halfmoon_a11y.ui.web
`;

// What the game imports at its start and at its first turns (Page.warm), in the
// snapshot, so that a restored start imports nothing.
const BEFORE_SNAPSHOT = `
import importlib
from halfmoon_a11y.ui.web import WARM
for name in WARM:
    try:
        importlib.import_module(name)
    except ImportError:
        pass
`;

// Python with the game's modules imported: from a kept snapshot, else started afresh
// (and a snapshot made, to keep once the game is ready). Pyodide loads its own files
// while the kept start is read.
async function startPython(loadPyodide, wheels, snapshot) {
  const indexURL = new URL("pyodide/", location.href).href;
  const kept = await snapshot;
  if (kept) {
    try {
      const start = kept.start;
      const memory = start.then(({ memory }) => memory);
      memory.catch(() => {}); // Pyodide waits for it later: said below, if it fails
      const python = await loadPyodide({ indexURL, _loadSnapshot: memory });
      performance.mark("halfmoon-python");
      for (const [path, bytes] of (await start).files) {
        python.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
        python.FS.writeFile(path, bytes);
      }
      python.runPython(AFTER_RESTORE);
      performance.mark("halfmoon-wheels");
      restored = true;
      return python;
    } catch (error) {
      console.warn("The kept snapshot does not fit or is damaged; starting without it.", error);
      await dropSnapshots();
    }
  }
  const python = await loadPyodide({ indexURL, _makeSnapshot: true });
  performance.mark("halfmoon-python");
  // The wheels go into Python's working folder (on sys.path), beside the game's folder.
  await unpackWheels(python, wheels);
  python.runPython(BEFORE_SNAPSHOT);
  performance.mark("halfmoon-wheels");
  try {
    const files = filesUnder(python.FS, python.FS.cwd(), HOME);
    made = { memory: python.makeMemorySnapshot(), files };
  } catch (error) {
    console.warn("No snapshot of this start.", error);
  }
  return python;
}

// The snapshot made at this start, compressed and kept, once there is room for it many
// times over: it must never take the room the game's own files need.
async function keepSnapshot() {
  const start = made;
  made = null;
  if (!start || start.memory.length > SNAPSHOT_LIMIT) return false;
  try {
    const packed = new Blob([await packStart(start.memory, start.files)]);
    const estimate = await navigator.storage?.estimate?.();
    if (estimate && estimate.quota - estimate.usage < 10 * packed.size) return false;
    const cache = await caches.open(SNAPSHOTS);
    await cache.put(snapshotKey(), new Response(packed));
    await dropSnapshots(snapshotKey()); // older builds' snapshots go
    return true;
  } catch (error) {
    console.warn("The snapshot was not kept.", error);
    return false;
  }
}

// Large writes (the snapshot, the files for offline) share the browser's storage with the
// game's own saves, and would hold them back while they last: they wait for a pause of
// the player's (no key, no press, no save under way for `ms`).
let lastTouched = 0;

function touched() {
  lastTouched = performance.now();
}

function playerPause(ms) {
  return new Promise((resolve) => {
    const check = () => {
      const left = lastTouched + ms - performance.now();
      if (left <= 0 && !keeping) resolve();
      else setTimeout(check, Math.max(left, 100));
    };
    check();
  });
}

// -- the files kept for offline ------------------------------------------------------------

// The service worker keeps this build's files once the page is ready (web/sw.js): what
// the page fetched comes from the browser's HTTP cache, so a first visit downloads each
// file once. True when every file is kept.
async function keepOffline(registered) {
  try {
    if (!(await registered)) return false;
    const worker = (await navigator.serviceWorker.ready).active;
    return await new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data === true);
      worker.postMessage({ keep: BUILD }, [channel.port2]);
    });
  } catch {
    return false;
  }
}

// -- starting ----------------------------------------------------------------------------

// "Loading" is said only when the game is not ready within LOADING_SAID_AFTER ms: a
// warm start is ready in a second or two, and "Ready" with the opening is then the
// first thing heard. The status line shows it at once.
const LOADING_SAID_AFTER = globalThis.halfmoonBounds?.loadingSaidAfter ?? 1500;

function sayLoadingSoon(language) {
  setTimeout(() => {
    // not after "Still loading", which a line typed meanwhile was told
    if (!page && !failed && !late && !toldBusy) announce(words[language].loading);
  }, LOADING_SAID_AFTER);
}

// Once the game answers, the field's hint has been heard: it stops describing the field,
// so that a language switch, which rewrites the hint, is not read out before its answer.
function settleField() {
  field.removeAttribute("aria-describedby");
}

async function start() {
  const watchdog = setTimeout(stalled, LOAD_SECONDS * 1000);
  // Read and loaded while build.json comes: the kept start, the storage, Pyodide.
  const snapshot = storedSnapshot();
  const storeModule = import(`./store.js?v=${BUILD}`);
  const pyodideModule = import("./pyodide/pyodide.mjs");
  // Every file asked with this build's version: the service worker answers from this
  // build's cache, even while a newer build takes over (a page never mixes two builds).
  const build = await (await fetch(`build.json?v=${BUILD}`)).json();
  words = build.words;
  const language = chosenLanguage();
  showWords(language);
  field.focus(); // once the page speaks the player's language
  setStatus("loading");
  sayLoadingSoon(language);
  let registered = Promise.resolve(false);
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    registered = navigator.serviceWorker.register("sw.js").then(
      () => true,
      () => false,
    );
  }
  storage = await storeModule;
  const { loadPyodide } = await pyodideModule;
  pyodide = await startPython(loadPyodide, build.wheels, snapshot);
  const IDBFS = pyodide.FS.filesystems.IDBFS;
  forget = storage.reopenAfterEviction(IDBFS).bind(null, HOME);
  storage.noteSyncs(IDBFS);
  const { owner, unsure } = await storage.ownFiles(lostFiles);
  const home = await mountHome(owner);
  const stored = home !== null;
  performance.mark("halfmoon-home");
  const web = pyodide.pyimport("halfmoon_a11y.ui.web");
  const code = new URLSearchParams(location.search).get("code");
  const asked = navigator.languages || [language];
  const aside = home?.aside || [];
  page = web.Page.open.callKwargs(HOME, asked, { owner, code, aside, unsure });
  clearTimeout(watchdog);
  late = false;
  // The deal the address asked for is open: a reload or a bookmark now resumes the
  // game being played, not that deal again.
  if (code !== null) history.replaceState(null, "", location.pathname);
  performance.mark("halfmoon-opened");
  const said = JSON.parse(page.opening());
  showWords(said.language);
  const ready = words[said.language].ready;
  setStatus("ready");
  // One announcement: ready, the storage refused (if it is), then the opening.
  const refused = stored ? null : page.storage(false);
  give(said, refused ? `${ready} ${refused}` : ready);
  settleField();
  showTable();
  writing = stored && owner;
  if (writing) storage.askPersistence();
  keep();
  for (const line of waiting.splice(0)) run(line);
  // While the player hears the opening: load what a first refusal or `stats` would.
  const idle = window.requestIdleCallback || ((then) => setTimeout(then, 200));
  idle(() => safely(() => page.warm()));
  // Then, out of the player's way: the snapshot and the files for offline.
  touched();
  for (const kind of ["keydown", "pointerdown"]) document.addEventListener(kind, touched, true);
  const snapshotKept = playerPause(PAUSE_MS).then(keepSnapshot);
  const offline = snapshotKept.then(() => keepOffline(registered));
  // For the page's tests and the curious: the game, and the last sync to IndexedDB.
  // quiet: no words wait for the live region's refill.
  window.halfmoon = {
    pyodide,
    page,
    settled: () => keeping || Promise.resolve(true),
    quiet: () => pending === null,
    restored, // this start began from a kept snapshot
    keptStart: { pack: packStart, unpack: unpackStart }, // its bytes, as kept
    snapshotKept: () => snapshotKept, // true once this start's snapshot is kept
    offline: () => offline, // true once the service worker keeps every file
  };
}

$("form").addEventListener("submit", (event) => {
  event.preventDefault();
  const line = field.value;
  field.value = "";
  field.focus();
  if (failed) {
    announce(words[document.documentElement.lang]?.failed || "Half Moon could not start.");
    return;
  }
  if (!page) {
    waiting.push(line);
    const mine = words[document.documentElement.lang];
    if (late) announce(mine?.stalled || LATE);
    else if (!toldBusy) announce(mine?.busy || "Still loading."); // said once: the lines wait
    toldBusy = true;
    return;
  }
  run(line);
});

field.addEventListener("keydown", (event) => {
  if (event.key === "Escape") silence(); // as Ctrl-C at a terminal: the voice stops
  // Up and Down: the lines typed before, as at the terminal's prompt.
  if ((event.key === "ArrowUp" || event.key === "ArrowDown") && typed.length) {
    event.preventDefault();
    const step = event.key === "ArrowUp" ? 1 : -1;
    recalled = Math.max(0, Math.min(typed.length, recalled + step));
    field.value = recalled ? typed[typed.length - recalled] : "";
  }
});

// A tab closed or hidden: what the last answer wrote is kept (IndexedDB, once more).
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden" && page) keep();
});

restoreReview();
start().catch((error) => {
  failed = true;
  const language = document.documentElement.lang;
  const said = words[language]?.failed || "Half Moon could not start in this browser.";
  setStatus("failed");
  if (!$("status").textContent) $("status").textContent = said;
  announce(said);
  field.focus();
  console.error(error);
});
