// Sortable tables: click (or Enter/Space on) a column heading of any table.sortable to order its
// rows by that column; again to reverse. Numeric columns compare the cell's data-sort value (the
// raw number, not its formatted text); empty cells ("—") always go last. Without JavaScript the
// table simply stays in the server's order. aria-sort tells assistive technology the order.
(function () {
  "use strict";

  function key(cell, numeric) {
    if (!cell) return null;
    if (numeric) {
      var raw = cell.getAttribute("data-sort");
      if (raw === null || raw === "" || raw === "None") return null;
      var n = parseFloat(raw);
      return isNaN(n) ? null : n;
    }
    var text = cell.textContent.trim();
    return text === "" || text === "—" ? null : text.toLowerCase();
  }

  function sortBy(table, th, index) {
    var numeric = th.getAttribute("data-type") === "number";
    // First click: numbers largest first (what a reader wants from "Games" or "Win rate"), text A–Z.
    var current = th.getAttribute("aria-sort");
    var ascending = current ? current === "descending" : !numeric;
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows).map(function (row, i) {
      return { row: row, i: i, k: key(row.cells[index], numeric) };
    });
    rows.sort(function (a, b) {
      if (a.k === null || b.k === null) {
        return a.k === b.k ? a.i - b.i : a.k === null ? 1 : -1;
      }
      var c = numeric ? a.k - b.k : a.k.localeCompare(b.k, undefined, { numeric: true });
      return c === 0 ? a.i - b.i : ascending ? c : -c;
    });
    rows.forEach(function (r) { body.appendChild(r.row); });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (other) {
      other.removeAttribute("aria-sort");
    });
    th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
  }

  function enhance(table) {
    if (!table.tHead || !table.tBodies.length) return;
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, index) {
      th.tabIndex = 0;
      th.classList.add("sort-heading");
      th.title = gettext("Sort by this column");
      th.addEventListener("click", function () { sortBy(table, th, index); });
      th.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          sortBy(table, th, index);
        }
      });
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), enhance);
})();
