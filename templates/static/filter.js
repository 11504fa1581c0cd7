// Filters the round's tables by player name; without JavaScript every table stays visible.
(function () {
  var input = document.getElementById("filter");
  if (!input) return;
  input.addEventListener("input", function () {
    var q = input.value.trim().toLowerCase();
    document.querySelectorAll("[data-names]").forEach(function (el) {
      el.hidden = q !== "" && el.getAttribute("data-names").indexOf(q) === -1;
    });
  });
})();
