/* The 404 and 401 pages (theme/templates/error.html). A static file, not an inline script: the
   site's Content-Security-Policy (script-src 'self') blocks inline scripts. Without JavaScript the
   page reads the same and its links go to the home page.
   - "Back to previous page" goes back through history when there is a page to go back to.
   - 404 only: like the app's 404 (webapp/src/features/errors/components/not-found.tsx) it counts
     down from 5, one second at a time, then returns to the previous page — or, with none, to the
     home page; "Stay on this page" stops it. */
(function () {
  "use strict";
  var back = document.getElementById("back-link");
  var home = document.getElementById("home-link");
  // A page of this tab led here (a fresh tab or a typed address goes home instead).
  var canGoBack = window.history.length > 1 && document.referrer !== "";
  function goBack() {
    if (canGoBack) window.history.back();
    else window.location.assign(home ? home.href : "/");
  }
  if (back) {
    back.addEventListener("click", function (event) {
      if (canGoBack) {
        event.preventDefault();
        window.history.back();
      }
    });
  }
  var box = document.getElementById("countdown");
  if (!box) return;
  var out = document.getElementById("countdown-seconds");
  var left = parseInt(out.textContent, 10) || 5;
  box.hidden = false;
  var timer = window.setInterval(function () {
    left -= 1;
    out.textContent = String(Math.max(left, 0));
    if (left <= 0) {
      window.clearInterval(timer);
      goBack();
    }
  }, 1000);
  document.getElementById("countdown-stop").addEventListener("click", function () {
    window.clearInterval(timer);
    box.hidden = true;
  });
})();
