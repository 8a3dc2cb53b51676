/* The certificate galleries' large views (/jiang/, /zizhi/), better with JavaScript (without it they
   open and close through the address's #view-… and CSS :target): opening, paging and closing add no
   Back steps; Esc or a click outside the panel closes; the focus moves into the view and back to the
   thumbnail it came from. */
(function () {
  "use strict";
  var views = document.querySelectorAll(".lightbox");
  if (!views.length) return;
  document.documentElement.classList.add("lightbox-js");
  var open = null;

  function thumbnail(view) {
    return document.querySelector('.gallery-link[href="#' + view.id + '"]');
  }
  function show(view) {
    if (open && open !== view) open.classList.remove("is-open");
    open = view;
    view.classList.add("is-open");
    var panel = view.querySelector(".lightbox-panel");
    panel.setAttribute("tabindex", "-1");
    panel.focus();
  }
  function close() {
    if (!open) return;
    var view = open;
    open = null;
    view.classList.remove("is-open");
    var back = thumbnail(view);
    if (back) back.focus();
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a");
    if (link && link.classList.contains("lightbox-close")) {
      event.preventDefault();
      close();
      return;
    }
    var target = link && link.hash && link.hash.indexOf("#view-") === 0 && document.getElementById(link.hash.slice(1));
    if (target && target.classList.contains("lightbox")) {
      event.preventDefault();
      show(target);
      return;
    }
    if (open && !event.target.closest(".lightbox-panel")) close();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") close();
  });
  // An address naming a large view (shared, or from the page without this script): open it, and
  // take the #view-… off the address without a history entry.
  var named = location.hash.indexOf("#view-") === 0 && document.getElementById(location.hash.slice(1));
  if (named && named.classList.contains("lightbox")) {
    history.replaceState(history.state, "", location.pathname + location.search);
    show(named);
  }
})();
