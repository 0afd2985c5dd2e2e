// Half Moon offline: every file of the build is kept in the browser's cache and served
// from there. Each build has a cache of its own, named by its version; a page asks its
// files with its build's version (`?v=`), so a page that loaded before a new build took
// over still gets its own build's files. The newest cache and the one before it are kept;
// older ones go.
//
// A first visit downloads each file once: the worker downloads nothing while the page
// loads. Once the page is ready it asks the worker to keep its build's files, and the
// worker takes what the page fetched from the browser's HTTP cache (a file asked with
// this build's version, exactly as the page asked it: no request at all; a file without
// a version, asked again of the server, which answers "not modified"), and downloads only
// what the page has not fetched yet (the sounds, the icons).

const VERSION = "dev"; // this build's version, written here by tools/web_build.py
const PREFIX = "halfmoon-";

self.addEventListener("install", (event) => {
  event.waitUntil(self.skipWaiting());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const others = (await caches.keys()).filter(
        (name) => name.startsWith(PREFIX) && name !== PREFIX + VERSION,
      );
      for (const name of others.slice(0, -1)) await caches.delete(name); // keep the last
      await self.clients.claim();
    })(),
  );
});

// One file as the page fetched it: with this build's version, only from the HTTP cache
// (a response cached under a version can only be that version's); else the plain file,
// checked with the server, so that no older build's copy is taken.
async function fetched(file) {
  try {
    const asked = `${file}?v=${VERSION}`;
    const exact = await fetch(asked, { cache: "only-if-cached", mode: "same-origin" });
    if (exact.ok) return exact;
  } catch {
    // not in the HTTP cache under this version
  }
  return fetch(file, { cache: "no-cache" });
}

// Every file of this build into its cache; true when all are kept.
async function keepAll() {
  const cache = await caches.open(PREFIX + VERSION);
  const { files } = await (await fetched("build.json")).json();
  let all = true;
  for (const file of ["./", ...files]) {
    try {
      if (await cache.match(file)) continue;
      const response = await fetched(file);
      if (!response.ok) throw new Error(`${file}: ${response.status}`);
      await cache.put(file, response);
    } catch {
      all = false; // asked again at the next ready page
    }
  }
  return all;
}

self.addEventListener("message", (event) => {
  const answer = (kept) => event.ports[0]?.postMessage(kept);
  // Only this build's page: another build's files are not this cache's.
  if (event.data?.keep !== VERSION) {
    answer(false);
    return;
  }
  event.waitUntil(keepAll().then(answer, () => answer(false)));
});

async function cached(request) {
  const wanted = new URL(request.url).searchParams.get("v");
  for (const name of [wanted && PREFIX + wanted, PREFIX + VERSION]) {
    if (name && (await caches.has(name))) {
      const found = await (await caches.open(name)).match(request, { ignoreSearch: true });
      if (found) return found;
    }
  }
  return null;
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    (async () => {
      const found = await cached(event.request);
      if (found) return found;
      try {
        return await fetch(event.request);
      } catch (error) {
        // Offline, and this build's cache not yet whole: the build before it, if kept.
        const older = await caches.match(event.request, { ignoreSearch: true });
        if (older) return older;
        const page = await caches.match(new Request("./"));
        if (event.request.mode === "navigate" && page) return page;
        throw error;
      }
    })(),
  );
});
