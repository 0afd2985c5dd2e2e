// Half Moon offline (issue 31): every file of the build is kept in the browser's cache
// when the page is first loaded, and served from there. Each build has a cache of its
// own, named by its version; a page asks its files with its build's version (`?v=`), so
// a page that loaded before a new build took over still gets its own build's files. The
// newest cache and the one before it are kept; older ones go.

const VERSION = "dev"; // this build's version, written here by tools/web_build.py
const PREFIX = "halfmoon-";

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch("build.json", { cache: "no-store" });
      const { files } = await response.json();
      const cache = await caches.open(PREFIX + VERSION);
      // From the server, never from the HTTP cache: a host that caches for minutes would
      // otherwise mix the old build's files into the new one's cache.
      await cache.addAll(["./", ...files].map((file) => new Request(file, { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
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

async function cached(request) {
  const wanted = new URL(request.url).searchParams.get("v");
  for (const name of [wanted && PREFIX + wanted, PREFIX + VERSION]) {
    if (name && (await caches.has(name))) {
      const found = await (await caches.open(name)).match(request, { ignoreSearch: true });
      if (found) return found;
    }
  }
  return caches.match(request, { ignoreSearch: true });
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
        const page = await cached(new Request("./"));
        if (event.request.mode === "navigate" && page) return page;
        throw error;
      }
    })(),
  );
});
