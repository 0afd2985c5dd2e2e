// Half Moon offline (issue 31): every file of the build is kept in the browser's cache
// when the page is first loaded, and served from there; a new build (a new version in
// build.json) replaces the old cache whole.

async function build() {
  const response = await fetch("build.json", { cache: "no-store" });
  return response.json();
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const { version, files } = await build();
      const cache = await caches.open(`halfmoon-${version}`);
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
      const { version } = await build().catch(() => ({ version: null }));
      if (version) {
        for (const name of await caches.keys()) {
          if (name !== `halfmoon-${version}`) await caches.delete(name);
        }
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    (async () => {
      const found = await caches.match(event.request, { ignoreSearch: true });
      if (found) return found;
      try {
        return await fetch(event.request);
      } catch (error) {
        const page = await caches.match("./");
        if (event.request.mode === "navigate" && page) return page;
        throw error;
      }
    })(),
  );
});
