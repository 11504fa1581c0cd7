// Offline at the venue: registers the site's service worker (sw.js, at the site's root), asks it to
// keep the pages this page marks to keep (data-keep: an event's rounds and bracket; an index of
// every player keeps none) for reading without a network, and,
// when the network comes back or the page is looked at again, says so if the results changed since
// the page was opened. The sentence is the page's (#fresh, translated); without JavaScript, or in a
// browser without service workers, the page is the same complete page.
(function () {
  var script = document.querySelector("script[data-worker]");
  var notice = document.getElementById("fresh");
  if (!script || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(script.getAttribute("data-worker")).catch(function () {});

  var here = location.href.split(/[?#]/)[0];
  var folder = here.slice(0, here.lastIndexOf("/") + 1);
  var results = document.querySelector('meta[name="podium-results"]');
  navigator.serviceWorker.ready.then(function (registration) {
    sayIfOlderThanSeen(registration.scope);
    listKept(registration.scope);
    if (navigator.connection && navigator.connection.saveData) return;
    var keep = Array.prototype.map.call(document.querySelectorAll("main a[data-keep]"),
      function (a) { return a.href.split("#")[0]; });
    keep = keep.filter(function (url, i) { return url !== here && url.indexOf(folder) === 0 && keep.indexOf(url) === i; });
    if (keep.length && registration.active) registration.active.postMessage({ keep: keep });
  });

  var main = document.querySelector("main");
  var opened = main ? main.textContent : "";
  var retries = 0;
  function check() {
    if (!notice || !notice.hidden || document.hidden || !navigator.onLine) return;
    // "reload": past the browser's HTTP cache, which then holds the new page for the reload link
    fetch(here, { cache: "reload", headers: { Accept: "text/html" } }).then(function (response) {
      if (response.headers.get("X-Podium-Kept")) throw new Error("no answer yet");  // the worker's kept copy
      return response.ok ? response.text() : "";
    }).then(function (html) {
      var now = html && new DOMParser().parseFromString(html, "text/html").querySelector("main");
      if (now && now.textContent !== opened) {
        notice.querySelector("a").href = here;  // a link again to this page, which the network now gives new
        notice.hidden = false;
      }
    }).catch(function () {
      // a phone says it is online a moment before its network answers: ask again, a little later each time
      if (retries < 5) setTimeout(check, 1000 * ++retries);
    });
  }
  // A kept copy older than the newest results this phone has seen of its event (a round kept
  // before a correction that the worker could not fetch again): say so (#stale). The worker
  // keeps what it saw under "podium-results-seen/<event>" in the pages' cache (sw.js).
  function sayIfOlderThanSeen(scope) {
    var stale = document.getElementById("stale");
    if (!results || !stale || !window.caches) return;
    var mine = results.content.split(" ");
    caches.open("podium pages " + scope).then(function (cache) {
      return cache.match(scope + "podium-results-seen/" + mine[0]);
    }).then(function (seen) { return seen ? seen.text() : null; }).then(function (newest) {
      newest = newest && newest.split(" ")[0];  // "<fingerprint> <when it was asked for>"
      stale.hidden = navigator.onLine || !newest || newest === mine[1];  // online, the page is the network's
    }).catch(function () {});
  }

  // A page read from this phone's copy (the worker marks it: <meta name="podium-kept">, when the
  // network gave no answer) says so, and when it was saved (#kept).
  function sayWhenKept() {
    var said = document.getElementById("kept");
    var kept = document.querySelector('meta[name="podium-kept"]');
    if (!said || !kept) return;
    var saved = new Date(kept.content);
    if (isNaN(saved)) return;
    var time = saved.toLocaleTimeString(document.documentElement.lang || undefined, { hour: "2-digit", minute: "2-digit" });
    said.textContent = said.getAttribute("data-text").replace("{time}", time);
    said.hidden = false;
  }

  // The offline page: the pages this phone kept, each by its title, as links.
  function listKept(scope) {
    var list = document.getElementById("kept-pages");
    if (!list || !window.caches) return;
    caches.open("podium pages " + scope).then(function (cache) {
      return cache.keys().then(function (requests) {
        var pages = requests.filter(function (r) { return r.url.indexOf(scope + "podium-results-seen/") !== 0; });
        return Promise.all(pages.map(function (r) {
          return cache.match(r).then(function (kept) { return kept.text(); }).then(function (html) {
            var title = new DOMParser().parseFromString(html, "text/html").title;
            return { url: r.url, title: title || r.url };
          });
        }));
      });
    }).then(function (pages) {
      pages.sort(function (a, b) { return a.title.localeCompare(b.title); });
      pages.forEach(function (page) {
        var item = document.createElement("li");
        var link = document.createElement("a");
        link.href = page.url;
        link.textContent = page.title;
        item.appendChild(link);
        list.appendChild(item);
      });
      document.getElementById("kept-none").hidden = pages.length > 0;
    }).catch(function () {});
  }

  sayWhenKept();

  function checkAfresh() { retries = 0; check(); }
  window.addEventListener("online", function () {
    var said = document.getElementById("kept");
    if (said) said.hidden = true;  // online again: whether the copy is old, check() says
    checkAfresh();
  });
  document.addEventListener("visibilitychange", checkAfresh);
})();
