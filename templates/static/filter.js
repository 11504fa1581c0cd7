// "Find me": shows only the tables or rows whose players' names contain every word typed, in
// any order, ignoring case and diacritics (lukasz finds Łukasz, stastny finds Šťastný); says so when nothing matches.
// Without JavaScript every table and row stays visible.
(function () {
  var input = document.getElementById("filter");
  if (!input) return;
  var none = document.getElementById("filter-none");
  // Letters Unicode does not decompose into a base letter and a mark.
  var plain = { "ł": "l", "đ": "d", "ø": "o", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i" };
  function fold(text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .replace(/[łđøßæœı]/g, function (c) { return plain[c]; });
  }
  // An element marked data-names is found by the players it links (their names are not written
  // twice in the page).
  var items = Array.prototype.map.call(document.querySelectorAll("[data-names]"), function (el) {
    var linked = Array.prototype.map.call(el.querySelectorAll('a[href*="players/"]'), function (a) { return a.textContent; });
    return { el: el, names: fold(linked.join(" ")) };
  });
  input.addEventListener("input", function () {
    var q = fold(input.value.trim());
    var words = q.split(/\s+/);  // in any order: "Sęk Grzegorz" finds Grzegorz Sęk
    var shown = 0;
    items.forEach(function (item) {
      item.el.hidden = q !== "" && !words.every(function (word) { return item.names.indexOf(word) !== -1; });
      if (!item.el.hidden) shown++;
    });
    if (none) none.hidden = q === "" || shown > 0;
    document.body.classList.toggle("filtering", q !== "");  // shows the round being played's tables
  });
})();

// "as of 14:32" beside live results: the time the page was published, as the server says
// (Last-Modified), so that the built page itself holds no clock and two builds stay identical.
(function () {
  var when = new Date(document.lastModified);
  if (isNaN(when)) return;
  var time = when.toLocaleTimeString(document.documentElement.lang || undefined, { hour: "2-digit", minute: "2-digit" });
  document.querySelectorAll("[data-as-of]").forEach(function (el) {
    el.textContent = el.getAttribute("data-as-of").replace("{time}", time);
  });
})();
