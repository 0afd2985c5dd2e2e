// The game's folder in the browser: read from IndexedDB before the game opens, kept there
// after every answer, owned by one tab. Python never waits on the browser's storage: a
// storage that hangs, refuses, is evicted or holds hostile records costs the saving, said
// by the game, never the game. Bounds are in seconds; a test may set smaller ones in
// `window.halfmoonBounds` before the page loads.

const STORE = "FILE_DATA"; // Emscripten's IDBFS: one database named by the mount point
const DIR = 0o040000;
const FILE = 0o100000;
const KIND = 0o170000;
const LEASE_KEY = "halfmoon-a11y-owner";

export const bounds = {
  storage: 10, // IndexedDB's first read or a sync, at most: then the game plays in memory
  load: 60, // the files of the page, at most, before the player hears that they are late
  lease: 75, // a lease not renewed for this long is free (a hidden tab's timers run once a minute)
  beat: 5, // how often the owner renews its lease
  ...(globalThis.halfmoonBounds || {}),
};

export function within(seconds, promise, otherwise) {
  return Promise.race([
    promise,
    new Promise((resolve) => setTimeout(() => resolve(otherwise), seconds * 1000)),
  ]);
}

function request(made) {
  return new Promise((resolve, reject) => {
    made.onsuccess = () => resolve(made.result);
    made.onerror = (event) => {
      event.preventDefault();
      reject(made.error);
    };
  });
}

// -- reading the folder ------------------------------------------------------------------

// Every record of the game's database, read with a connection of its own that is closed
// at once (IDBFS opens its own to write). A database that does not exist yet is made empty.
// The owner deletes the records `unwanted` names: IDBFS lists records by their date, so a
// record without one would stay for ever, and be set aside again at every start.
async function records(name, unwanted) {
  const db = await request(indexedDB.open(name));
  try {
    if (!db.objectStoreNames.contains(STORE)) return [];
    const store = db.transaction([STORE], "readonly").objectStore(STORE);
    const [keys, values] = await Promise.all([
      request(store.getAllKeys()),
      request(store.getAll()),
    ]);
    const found = keys.map((key, index) => [key, values[index]]);
    const gone = found.filter(unwanted).map(([key]) => key);
    if (gone.length) {
      const writing = db.transaction([STORE], "readwrite");
      for (const key of gone) writing.objectStore(STORE).delete(key);
      await new Promise((resolve, reject) => {
        writing.oncomplete = resolve;
        writing.onerror = writing.onabort = () => reject(writing.error);
      });
    }
    return found;
  } finally {
    db.close();
  }
}

function plain(entry) {
  if (!entry || typeof entry !== "object" || !(entry.timestamp instanceof Date)) return null;
  const kind = entry.mode & KIND;
  if (kind === DIR) return "dir";
  if (kind === FILE && ArrayBuffer.isView(entry.contents)) return "file"; // IDBFS: an Int8Array
  return null;
}

// A record's bytes, whatever view holds them; none when it holds none.
function bytesOf(entry) {
  const contents = entry && typeof entry === "object" ? entry.contents : null;
  if (ArrayBuffer.isView(contents)) {
    return new Uint8Array(contents.buffer, contents.byteOffset, contents.byteLength);
  }
  if (contents instanceof ArrayBuffer) return new Uint8Array(contents);
  return new Uint8Array(0);
}

// The folder `home` as stored, written into the memory file system: only the records
// under `home` (one elsewhere, say in the Python package, is never loaded), each plain
// file or folder as it was; every other record (a FIFO's mode, an empty one, no date)
// becomes a plain file of its bytes, named in `aside` for the game to set aside and say.
// Null when IndexedDB refused or did not answer within the bound: the game then plays in
// memory, and a late answer writes nothing. A tab that does not own the files sets nothing
// aside: it leaves out what is not plain.
// A record's key names a file of the game's folder only when it lies under it and has no
// "." or ".." part, nor an empty one: the file system would follow "..", out of the
// folder, over the game's own code.
function under(home, key) {
  if (typeof key !== "string" || !key.startsWith(`${home}/`)) return false;
  const parts = key.slice(home.length + 1).split("/");
  return parts.every((part) => part !== "" && part !== "." && part !== ".." && !part.includes("\0"));
}

// The folders the game writes into, which a plain record may not take the place of.
const FOLDERS = ["config", "state", "data", "cache"];

// `path.bad-YYYYMMDD-HHMMSS`, as the terminal names a file it sets aside.
function asideName(FS, path) {
  const now = new Date();
  const two = (n) => String(n).padStart(2, "0");
  const stamp =
    `${now.getFullYear()}${two(now.getMonth() + 1)}${two(now.getDate())}-` +
    `${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
  let aside = `${path}.bad-${stamp}`;
  for (let counter = 2; FS.analyzePath(aside).exists; counter += 1) {
    aside = `${path}.bad-${stamp}-${counter}`;
  }
  return aside;
}

export async function readHome(FS, home, owner) {
  const inHome = (key) => under(home, key);
  const unwanted = ([key, entry]) => owner && (!inHome(key) || plain(entry) === null);
  const reading = records(home, unwanted).catch(() => null);
  const found = await within(bounds.storage, reading, null);
  if (found === null) return null;
  const aside = [];
  const inside = found.filter(([key]) => inHome(key));
  inside.sort(([a], [b]) => (a < b ? -1 : 1)); // a folder before what it holds
  // Every folder something lies in, and the game's own: a plain record in the place of
  // one is kept under a `.bad-` name, and the folder is the folder.
  const folders = new Set(FOLDERS.map((name) => `${home}/${name}`));
  for (const [path] of inside) {
    for (let end = path.lastIndexOf("/"); end > home.length; end = path.lastIndexOf("/", end - 1)) {
      folders.add(path.slice(0, end));
    }
  }
  for (const [path, entry] of inside) {
    const kind = plain(entry);
    if (kind === null && !owner) continue;
    if (kind !== "dir" && folders.has(path)) {
      try {
        FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
        const placed = asideName(FS, path);
        FS.writeFile(placed, bytesOf(entry));
        aside.push([path, placed]); // said as set aside, already renamed
      } catch {
        aside.push(path);
      }
      continue;
    }
    try {
      if (kind === "dir") {
        FS.mkdirTree(path);
      } else {
        FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
        FS.writeFile(path, bytesOf(entry));
        if (kind === "file") FS.utime(path, entry.timestamp, entry.timestamp);
        else aside.push(path);
      }
    } catch {
      aside.push(path); // a file under a file, or a name the file system refuses: left out
    }
  }
  return { aside };
}

// -- keeping it --------------------------------------------------------------------------

// IDBFS keeps one connection a database. Evicted storage (the browser cleared it under
// pressure, or another page deleted it) closes that connection: the next sync then opens
// the database again and, finding it empty, writes the whole folder. A deletion asked by
// another page closes it too, so that the deletion is not blocked for ever.
export function reopenAfterEviction(IDBFS) {
  const getDB = IDBFS.getDB;
  IDBFS.getDB = (name, callback) =>
    getDB(name, (error, db) => {
      if (db) {
        const forget = () => {
          if (IDBFS.dbs[name] === db) delete IDBFS.dbs[name];
        };
        db.onclose = forget;
        db.onversionchange = () => {
          forget();
          db.close();
        };
      }
      callback(error, db);
    });
  // Forget the connection, closed: the next sync opens the database again.
  return (name) => {
    const db = IDBFS.dbs[name];
    delete IDBFS.dbs[name];
    safely(() => db?.close());
  };
}

// IDBFS writes a file when its time differs from the stored one's: a file written again
// within the millisecond of the last sync would look unchanged and be lost. The sync's
// moment is noted, and a command waits for the clock to pass it (a millisecond at most).
let synced = 0;

export function noteSyncs(IDBFS) {
  const reconcile = IDBFS.reconcile;
  IDBFS.reconcile = (...rest) => {
    synced = Date.now();
    return reconcile(...rest);
  };
}

export function afterLastSync() {
  const until = performance.now() + 3;
  while (Date.now() <= synced && performance.now() < until) {
    // a millisecond's busy wait: the write must not share the sync's millisecond
  }
}

// Persistent storage, where the browser has it: the game is then not evicted under
// pressure. Asked once, never awaited, never a failure.
// Firefox asks the player in a panel that a screen reader announces as an alert, twice
// under Orca, in the middle of the opening: it is not asked there. Chromium and Safari
// decide by themselves, silently.
export const PERSIST_PROMPTS = /\bFirefox\//.test(navigator.userAgent);

export function askPersistence() {
  if (PERSIST_PROMPTS) return;
  try {
    navigator.storage?.persist?.().catch(() => {});
  } catch {
    // no storage manager here
  }
}

// -- one tab owns the files ------------------------------------------------------------

const me = `${Date.now()}-${Math.random().toString(36).slice(2)}`;

function lease() {
  try {
    return JSON.parse(localStorage.getItem(LEASE_KEY));
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

function held(found) {
  return found && typeof found === "object" && found.id !== me && found.until > Date.now();
}

function writeLease() {
  localStorage.setItem(LEASE_KEY, JSON.stringify({ id: me, until: Date.now() + bounds.lease * 1000 }));
}

// The owner answers "who?" on a BroadcastChannel: a lease left by a tab that crashed is
// taken at once, without waiting for it to run out.
const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(LEASE_KEY) : null;

function ownerAnswers() {
  if (!channel) return Promise.resolve(true);
  return new Promise((resolve) => {
    const heard = (event) => {
      if (event.data === "here") finish(true);
    };
    const finish = (answer) => {
      channel.removeEventListener("message", heard);
      resolve(answer);
    };
    channel.addEventListener("message", heard);
    channel.postMessage("who");
    setTimeout(() => finish(false), 500);
  });
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Without navigator.locks (Safari before 15.4, a page over plain http on a LAN address):
// a lease in localStorage, renewed by its owner, released when the page goes. `lost` is
// called when another tab took it (this one slept past the lease): this one stops writing.
async function leased(lost) {
  let found;
  try {
    found = lease();
  } catch {
    return { owner: true, unsure: true }; // no localStorage: nothing can tell
  }
  if (held(found) && (await ownerAnswers())) return { owner: false, unsure: false };
  try {
    writeLease();
    await pause(50); // two tabs that wrote at once: the last write wins, and both see it
    if (lease()?.id !== me) return { owner: false, unsure: false };
  } catch {
    return { owner: true, unsure: true };
  }
  channel?.addEventListener("message", (event) => {
    if (event.data === "who" && mine()) channel.postMessage("here");
  });
  const beat = setInterval(() => {
    if (mine()) safely(writeLease);
    else {
      clearInterval(beat);
      lost();
    }
  }, bounds.beat * 1000);
  addEventListener("pagehide", () => {
    if (mine()) safely(() => localStorage.removeItem(LEASE_KEY));
  });
  addEventListener("pageshow", (event) => {
    if (event.persisted && !mine()) lost(); // back from the page cache, after another took it
  });
  return { owner: true, unsure: false };
}

function safely(action) {
  try {
    return action();
  } catch {
    return null;
  }
}

// Whether this tab still holds its lease (true under navigator.locks, which never lapses).
let leasing = false;

export function mine() {
  return !leasing || !held(safely(lease));
}

// One tab owns the game's files, as one terminal window does: another plays a game of its
// own and saves nothing. `unsure`: this browser cannot tell, and the page says so.
export function ownFiles(lost) {
  if (!navigator.locks) {
    leasing = true;
    return leased(lost);
  }
  return new Promise((resolve) => {
    navigator.locks
      .request("halfmoon-a11y", { ifAvailable: true }, (lock) => {
        resolve({ owner: Boolean(lock), unsure: false });
        return lock ? new Promise(() => {}) : undefined; // held while the page lives
      })
      .catch(() => resolve({ owner: true, unsure: true }));
  });
}
