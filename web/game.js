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
// it, never dropped. Never document.ariaNotify: a page cannot know whether the screen
// reader hears it, and Orca does not in Firefox, which has it; every reader hears a
// live region (docs/web.md). The review list is not live.
function announce(text) {
  if (pending !== null) {
    pending = `${pending} ${text}`;
    return;
  }
  pending = text;
  region.textContent = "";
  setTimeout(() => {
    region.textContent = pending;
    pending = null;
  }, 30);
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
  // Every file asked with this build's version: the service worker answers from this
  // build's cache, even while a newer build takes over (a page never mixes two builds).
  const build = await (await fetch(`build.json?v=${BUILD}`)).json();
  words = build.words;
  const language = chosenLanguage();
  showWords(language);
  field.focus(); // once the page speaks the player's language
  setStatus("loading");
  sayLoadingSoon(language);
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("sw.js").catch(() => {});
  }
  storage = await import(`./store.js?v=${BUILD}`);
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  pyodide = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
  performance.mark("halfmoon-python");
  for (const wheel of build.wheels) {
    const data = await (await fetch(`wheels/${wheel}?v=${BUILD}`)).arrayBuffer();
    pyodide.unpackArchive(data, "wheel");
  }
  performance.mark("halfmoon-wheels");
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
  // For the page's tests and the curious: the game, and the last sync to IndexedDB.
  // quiet: no words wait for the live region's refill.
  window.halfmoon = {
    pyodide,
    page,
    settled: () => keeping || Promise.resolve(true),
    quiet: () => pending === null,
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
