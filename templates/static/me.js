// "This is me": a player chosen once on this phone (the button of his page, or of the find-me
// box when it names one player) is remembered in the browser alone (localStorage: no account,
// nothing sent anywhere). Every page then leads with where he sits and how he stands, and
// highlights his row and table; "Forget" clears it. Without JavaScript nothing changes.
(function () {
  var KEY = "podium-me";
  var banner = document.getElementById("me");
  if (!banner) return;

  function remembered() {
    try { var me = JSON.parse(localStorage.getItem(KEY)); return me && me.id ? me : null; } catch (e) { return null; }
  }
  function remember(me) {
    try { if (me) localStorage.setItem(KEY, JSON.stringify(me)); else localStorage.removeItem(KEY); } catch (e) {}
    show();
  }
  function said(name, value) { return banner.getAttribute("data-" + name).replace("{value}", value); }
  // A player is known on a page by the links to his page ("…/players/<id>/"): the rows, cards
  // and lines holding one are his.
  function idsIn(el) {
    return Array.prototype.map.call(el.querySelectorAll('a[href*="players/"]'), function (a) {
      return a.getAttribute("href").split("players/").pop().split("/")[0];
    });
  }
  function seatsOf(id) {
    return Array.prototype.filter.call(document.querySelectorAll("[data-names]"), function (el) {
      return idsIn(el).indexOf(id) !== -1;
    });
  }

  function show() {
    Array.prototype.forEach.call(document.querySelectorAll(".me"), function (el) { el.classList.remove("me"); });
    var me = remembered();
    banner.hidden = !me;
    banner.textContent = "";
    if (!me) return;
    var mine = seatsOf(me.id);
    mine.forEach(function (el) { el.classList.add("me"); });
    var table = mine.map(function (el) { return el.getAttribute("data-table"); }).filter(Boolean)[0];
    // his points as the round began, from his seat at the table where the page has one (a round
    // page's standings count the results in so far), else from his standings row
    // (a seat's figures are "points · wins–draws–losses[ · rating]"; a rating alone has no "·")
    var seat = Array.prototype.filter.call(document.querySelectorAll(".seat"), function (el) {
      var before = el.querySelector(".before");
      return idsIn(el).indexOf(me.id) !== -1 && before && before.textContent.indexOf(" · ") !== -1;
    })[0];
    var row = mine.filter(function (el) { return el.tagName === "TR"; })[0];
    var cell = row && row.querySelector(".pts");
    var points = seat ? seat.querySelector(".before").textContent.split(" · ")[0] : cell && cell.textContent;
    var who = document.createElement("a");
    who.href = banner.getAttribute("data-root") + "players/" + encodeURIComponent(me.id) + "/";
    who.textContent = me.name;
    if (table) banner.append(said("table", table) + " — ");
    banner.append(who);
    if (points) banner.append(", " + said("points", points.trim()));
    var forget = document.createElement("button");
    forget.type = "button";
    forget.textContent = banner.getAttribute("data-forget");
    forget.addEventListener("click", function () { remember(null); });
    banner.append(" ", forget);
  }

  // The player of a row or line: the first one it links.
  function playerOf(row) {
    var link = row.querySelector('a[href*="players/"]');
    return link ? { id: idsIn(row)[0], name: link.textContent } : null;
  }
  // The button of a player's page, and the find-me box's once what is typed names one player
  // (read as it is clicked: the find-me box's changes as the player types).
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-me]");
    if (button) {
      remember({ id: button.getAttribute("data-me"), name: button.getAttribute("data-name") });
      if (button.id === "this-is-me") button.hidden = true;
      return;
    }
    // A tap on a player's row or line (not on a link) remembers him: the banner then says so,
    // and "Forget" undoes a tap on someone else's.
    if (event.target.closest("a, button, input, select, label")) return;
    var row = event.target.closest("tr[data-names], li[data-names]");
    var player = row && playerOf(row);
    if (player) remember(player);
  });
  Array.prototype.forEach.call(document.querySelectorAll("button[data-me]"), function (button) { button.hidden = false; });
  var hint = document.getElementById("tap-to-remember");
  if (hint && document.querySelector("tr[data-names], li[data-names]")) hint.hidden = false;

  var filter = document.getElementById("filter");
  var offer = document.getElementById("this-is-me");
  if (filter && offer) {
    filter.addEventListener("input", function () {
      var found = {};
      Array.prototype.forEach.call(document.querySelectorAll("tr[data-names], li[data-names]"), function (el) {
        var player = playerOf(el);
        if (!el.hidden && player && filter.value.trim()) found[player.id] = player.name;
      });
      var ids = Object.keys(found);
      offer.hidden = ids.length !== 1;
      if (ids.length === 1) {
        offer.setAttribute("data-me", ids[0]);
        offer.setAttribute("data-name", found[ids[0]]);
        offer.textContent = offer.getAttribute("data-label").replace("{value}", found[ids[0]]);
      }
    });
  }
  show();
})();
