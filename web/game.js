// Half Moon in the browser (issue 31). The game itself is the Python package, run by
// Pyodide: this file has no rule and no sentence of its own. It loads Python, keeps the
// game's folder in IndexedDB, hands each typed line to `Page.line`, and gives the
// answer to the player: one announcement, one item in the review list, its sound, and
// the browser's voice when the player turned it on.

const HOME = "/home/pyodide/halfmoon"; // the game's files, mirrored into IndexedDB
const LANGUAGE_KEY = "halfmoon-a11y-language"; // the page's words before Python loads

const $ = (id) => document.getElementById(id);
const field = $("command");
const review = $("review");
const region = $("announcer");

let words = {}; // the page's words, by language (words.json, made from the catalogs)
let page = null; // the Python `Page`, once ready
let pyodide = null;
let waiting = []; // lines typed before the game was ready
let audio = null; // the AudioContext, made at the first key (browsers ask a gesture)
const sounds = new Map(); // a sound's file name: its decoded AudioBuffer
let playing = null; // the sound playing now, stopped by the next command
let refreshed = 0; // answers announced through the live region (for its refill)

// -- the one announcer -----------------------------------------------------------------

// Each answer is announced once, as one string: document.ariaNotify where the browser
// has it; else the live region, emptied and then refilled, so that the same words said
// twice are still announced. The review list is not live (docs/web.md).
function announce(text) {
  if (typeof document.ariaNotify === "function") {
    document.ariaNotify(text);
    return;
  }
  const mine = ++refreshed;
  region.textContent = "";
  setTimeout(() => {
    if (mine === refreshed) region.textContent = text;
  }, 30);
}

function remember(lines) {
  const item = document.createElement("li");
  item.textContent = lines.join("\n");
  review.append(item);
}

function setStatus(text) {
  $("status").textContent = text;
}

// -- the page's own words ----------------------------------------------------------------

function chosenLanguage() {
  const kept = safely(() => localStorage.getItem(LANGUAGE_KEY));
  if (kept && words[kept]) return kept;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (words[code]) return code;
  }
  return "en";
}

function showWords(language) {
  const mine = words[language] || words.en;
  if (!mine) return;
  document.documentElement.lang = language;
  document.title = mine.title;
  for (const [id, key] of [
    ["title", "title"], ["lead", "lead"], ["skip", "skip"], ["label", "label"],
    ["hint", "hint"], ["review-title", "review"], ["review-hint", "review_hint"], ["send", "send"],
  ]) {
    $(id).textContent = mine[key];
  }
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
      const response = await fetch(`sounds/${name}`);
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
  announce(text);
  remember(lines);
  if (said.language && said.language !== document.documentElement.lang) showWords(said.language);
  sound(said.sound);
  speak(said);
}

function run(line) {
  silence();
  const said = JSON.parse(page.line(line));
  give(said);
  keep();
}

// -- keeping the game in the browser -----------------------------------------------------

let keeping = null; // the sync to IndexedDB under way
let again = false; // another answer came while it ran: sync once more after it

function keep() {
  if (keeping) {
    again = true;
    return keeping;
  }
  keeping = new Promise((resolve) => {
    try {
      pyodide.FS.syncfs(false, (error) => resolve(!error));
    } catch {
      resolve(false);
    }
  }).then((kept) => {
    keeping = null;
    tell(page.storage(kept));
    if (again) {
      again = false;
      return keep();
    }
    return kept;
  });
  return keeping;
}

function tell(sentence) {
  if (sentence) give({ text: sentence, lines: [sentence], spoken: sentence, speech: false });
}

// The folder's copy in IndexedDB, read back before the game opens. False when the
// browser refuses IndexedDB (a private window, storage blocked): the game goes on in
// memory, and says so.
async function mountHome() {
  pyodide.FS.mkdirTree(HOME);
  try {
    pyodide.FS.mount(pyodide.FS.filesystems.IDBFS, {}, HOME);
  } catch {
    return false;
  }
  return new Promise((resolve) => {
    try {
      pyodide.FS.syncfs(true, (error) => resolve(!error));
    } catch {
      resolve(false);
    }
  });
}

// One tab owns the game's files, as one terminal window does: another tab plays a game
// of its own and saves nothing (the game says so).
function ownFiles() {
  if (!navigator.locks) return Promise.resolve(true);
  return new Promise((resolve) => {
    navigator.locks
      .request("halfmoon-a11y", { ifAvailable: true }, (lock) => {
        resolve(Boolean(lock));
        return lock ? new Promise(() => {}) : undefined; // held while the page lives
      })
      .catch(() => resolve(true));
  });
}

// -- starting ----------------------------------------------------------------------------

async function start() {
  const build = await (await fetch("build.json")).json();
  words = build.words;
  const language = chosenLanguage();
  showWords(language);
  setStatus(words[language].loading);
  announce(words[language].loading);
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("sw.js").catch(() => {});
  }
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  pyodide = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
  performance.mark("halfmoon-python");
  for (const wheel of build.wheels) {
    const data = await (await fetch(`wheels/${wheel}`)).arrayBuffer();
    pyodide.unpackArchive(data, "wheel");
  }
  performance.mark("halfmoon-wheels");
  const stored = await mountHome();
  performance.mark("halfmoon-home");
  const owner = await ownFiles();
  const web = pyodide.pyimport("halfmoon_a11y.ui.web");
  const code = new URLSearchParams(location.search).get("code");
  page = web.Page.open(HOME, navigator.languages || [language], owner, code);
  performance.mark("halfmoon-opened");
  const said = JSON.parse(page.opening());
  showWords(said.language);
  const ready = words[said.language].ready;
  setStatus(ready);
  // One announcement: ready, the storage refused (if it is), then the opening.
  const refused = stored ? null : page.storage(false);
  give(said, refused ? `${ready} ${refused}` : ready);
  if (stored) keep();
  for (const line of waiting.splice(0)) run(line);
  // For the page's tests and the curious: the game, and the last sync to IndexedDB.
  window.halfmoon = { pyodide, page, settled: () => keeping || Promise.resolve(true) };
}

$("form").addEventListener("submit", (event) => {
  event.preventDefault();
  const line = field.value;
  field.value = "";
  field.focus();
  if (!page) {
    waiting.push(line);
    announce(words[document.documentElement.lang]?.busy || "");
    return;
  }
  run(line);
});

field.addEventListener("keydown", (event) => {
  if (event.key === "Escape") silence(); // as Ctrl-C at a terminal: the voice stops
});

// A tab closed or hidden: what the last answer wrote is kept (IndexedDB, once more).
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden" && page) keep();
});

start().catch((error) => {
  const language = document.documentElement.lang;
  const said = words[language]?.failed || "Half Moon could not start in this browser.";
  setStatus(said);
  announce(said);
  console.error(error);
});
field.focus();
