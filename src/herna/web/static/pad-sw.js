// The score pads' service worker, served as /score/sw.js (its scope: /score/). It keeps what
// a pad needs to open without a connection: the pad pages, their script, styles, the page's
// words and every pad's form in each language. Network first (an answer from the server is
// always the freshest, and is kept for later); the kept copy only when there is no network.
// Counting the points (POST) always goes to the server: offline the page says so.
const CACHE = "herna-pads-1";
const LANGS = ["en", "cs", "sk"];
const SHELL = [
  "/score/", "/static/pad.js", "/static/herna.js", "/static/style.css", "/static/pads.css",
  ...LANGS.map((l) => `/api/messages?lang=${l}`),
  ...LANGS.map((l) => `/api/score?lang=${l}`),
];

async function fill() {
  const cache = await caches.open(CACHE);
  const wanted = [...SHELL];
  try {
    const games = await (await fetch("/api/score?lang=en")).json();
    for (const g of games) {
      wanted.push(`/score/${encodeURIComponent(g.game)}`);
      for (const l of LANGS) wanted.push(`/api/score/${encodeURIComponent(g.game)}?lang=${l}`);
    }
  } catch {
    // the list of pads is kept when it can be fetched; the shell is kept regardless
  }
  await Promise.allSettled(wanted.map(async (url) => {
    const response = await fetch(url, { cache: "no-cache" });
    if (response.ok) await cache.put(url, response);
  }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(fill().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("herna-pads-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

function kept(url) {
  if (url.origin !== self.location.origin || url.pathname === "/score/sw.js") return false;
  return url.pathname === "/score" || url.pathname.startsWith("/score/")
    || url.pathname === "/api/messages" || url.pathname === "/api/score"
    || url.pathname.startsWith("/api/score/") || SHELL.includes(url.pathname);
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const hit = await cache.match(request);
    if (hit) return hit;
    // every pad page is the same file: a pad never opened here still opens from another
    if (request.mode === "navigate") {
      const page = await cache.match("/score/");
      if (page) return page;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (!kept(new URL(request.url))) return;
  event.respondWith(networkFirst(request));
});
