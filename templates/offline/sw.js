// Podium's service worker: keeps the pages a player opened readable at the venue without a network.
// Pages (and the JSON and feed beside them): network first, so a phone online always gets the
// latest results, and the copy kept from the last visit when the network is gone. The static
// files: cache first, kept per version (a hash of their content, so a new stylesheet replaces the
// old one). It holds no text for people: the page says what there is to say, in its language.
// Several sites can share one origin (user.github.io/a/ and /b/): every cache is named by scope.
var VERSION = "__VERSION__";
var ASSETS = __ASSETS__;  // relative to this file, which is at the site's root
var OFFLINE = "offline/";  // the page a phone is shown for a page it never kept (it lists those it kept)
var SCOPE = self.registration.scope;
var STATIC = "podium static " + VERSION + " " + SCOPE;
var PAGES = "podium pages " + SCOPE;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) {
    return cache.addAll(ASSETS.concat([OFFLINE]).map(function (asset) { return new URL(asset, SCOPE).href; }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("podium static ") === 0 && name.slice(-SCOPE.length) === SCOPE && name !== STATIC;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || request.url.indexOf(SCOPE) !== 0) return;
  var keep = request.url.indexOf(SCOPE + "static/") === 0 ? fromCacheFirst : fromNetworkFirst;
  event.respondWith(keep(request, event));
});

function fromNetworkFirst(request, event) {
  var url = request.url.split("#")[0];
  // "no-cache": revalidated with the server every time, past a browser cache that would give a
  // page (and its results) as old as the host lets it keep one (GitHub Pages: ten minutes)
  var asked = Date.now();
  // A page's own redirect (a folder asked for without its slash) goes back to the browser as it
  // came: a navigation given a redirect the worker followed fails (and one is never kept).
  var redirect = request.mode === "navigate" ? "manual" : "follow";
  return fetch(url, { cache: "no-cache", redirect: redirect }).then(function (response) {
    if (response.ok && response.type === "basic") event.waitUntil(keep(url, response.clone(), asked));
    return response;
  }, function (offline) {
    return caches.open(PAGES).then(function (cache) { return cache.match(url, { ignoreSearch: true }); })
      .then(function (kept) {
        if (kept) return marked(kept);
        if (request.mode !== "navigate") throw offline;
        // a page never kept: the offline page, at its own address (its links are relative to it)
        var page = new URL(OFFLINE, SCOPE).href;
        if (url !== page) return Response.redirect(page, 302);
        return caches.open(STATIC).then(function (cache) { return cache.match(page); })
          .then(function (found) { if (found) return found; throw offline; });
      });
  });
}

// The kept copy, saying so (X-Podium-Kept), so that a page asking for its latest version knows
// the network did not answer and asks again later; a page itself says so too, with when it was
// kept (<meta name="podium-kept">), for offline.js to tell the player.
function marked(kept) {
  var headers = new Headers(kept.headers);
  headers.set("X-Podium-Kept", "1");
  var init = { status: kept.status, statusText: kept.statusText, headers: headers };
  var saved = kept.headers.get("X-Podium-Saved");
  if (!saved || (headers.get("Content-Type") || "").indexOf("text/html") !== 0) return new Response(kept.body, init);
  return kept.text().then(function (html) {
    return new Response(html.replace("</head>", '<meta name="podium-kept" content="' + saved + '">\n</head>'), init);
  });
}

function fromCacheFirst(request) {
  return caches.open(STATIC).then(function (cache) {
    return cache.match(request, { ignoreSearch: true }).then(function (kept) {
      return kept || fetch(request).then(function (response) {
        if (response.ok && response.type === "basic") cache.put(request, response.clone());
        return response;
      });
    });
  });
}

// A page kept, and the newest results seen of its event: each page of an event carries
// <meta name="podium-results" content="<event> <fingerprint of its results>">, and the last one
// the network gave is kept under SEEN + event, where offline.js compares a kept page's with it.
// Responses can arrive out of order, so the newest is the one asked for last ("asked", a time
// in ms): an answer to an older request never replaces what a later one saw.
var SEEN = SCOPE + "podium-results-seen/";
var RESULTS = /<meta name="podium-results" content="([^" ]+) ([^"]*)">/;

function keep(url, response, asked) {
  return caches.open(PAGES).then(function (cache) {
    return response.text().then(function (html) {
      var results = RESULTS.exec(html);
      // when it was kept, for the page to say how old the copy is once offline (offline.js)
      var headers = new Headers(response.headers);
      headers.set("X-Podium-Saved", new Date(asked).toISOString());
      var copy = new Response(html, { status: response.status, statusText: response.statusText, headers: headers });
      return Promise.all([cache.put(url, copy), results && saw(cache, results[1], results[2], asked)]);
    });
  });
}

function saw(cache, event, version, asked) {
  return cache.match(SEEN + event).then(function (before) { return before ? before.text() : ""; })
    .then(function (before) {
      if (Number(before.split(" ")[1] || 0) <= asked) return cache.put(SEEN + event, new Response(version + " " + asked));
    });
}

// The page asks to keep the pages of its event (rounds, bracket), so a player who opened the
// event page can read every round of it offline. Online, each is asked for again (the browser
// revalidates it: a page that did not change costs a few bytes), so a kept round that a
// correction changed since is replaced; a page the network does not give keeps its old copy.
self.addEventListener("message", function (event) {
  var urls = (event.data && event.data.keep) || [];
  event.waitUntil(Promise.all(urls.filter(function (url) { return url.indexOf(SCOPE) === 0; }).map(function (url) {
    var asked = Date.now();
    return fetch(url, { cache: "no-cache" }).then(function (response) {
      if (response.ok && response.type === "basic") return keep(url, response, asked);
    }).catch(function () {});
  })));
});
