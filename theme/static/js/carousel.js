/* The home page's carousel, better with JavaScript (without it, the numbered links still move
   between slides): previous/next buttons, the current slide's number marked, a dot moves the strip
   without scrolling the page, and the slides advance every 7 s — paused while the pointer or the
   keyboard focus is on the carousel, by the pause button, in a hidden tab, and never started when the
   visitor asks for reduced motion. The buttons are in the page (translated) and shown here. */
(function () {
  "use strict";
  var INTERVAL = 7000;
  var reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

  function enhance(carousel) {
    var strip = carousel.querySelector(".slides");
    var slides = strip ? strip.querySelectorAll(".slide") : [];
    var dots = carousel.querySelectorAll(".slide-dots a");
    var controls = carousel.querySelector(".slide-controls");
    if (slides.length < 2 || !controls) return;
    var pause = controls.querySelector(".slide-pause");
    var current = 0;
    var playing = !reduced.matches;
    var held = false;
    var timer = 0;

    function show(index) {
      current = (index + slides.length) % slides.length;
      strip.scrollTo({ left: slides[current].offsetLeft - strip.offsetLeft, behavior: reduced.matches ? "auto" : "smooth" });
      mark(current);
    }
    function mark(index) {
      current = index;
      for (var i = 0; i < dots.length; i++) {
        if (i === index) dots[i].setAttribute("aria-current", "true");
        else dots[i].removeAttribute("aria-current");
      }
    }
    function schedule() {
      window.clearTimeout(timer);
      if (playing && !held && !document.hidden) {
        timer = window.setTimeout(function () {
          show(current + 1);
          schedule();
        }, INTERVAL);
      }
    }
    function setPlaying(value) {
      playing = value;
      pause.setAttribute("aria-pressed", String(!playing));
      pause.textContent = playing ? pause.dataset.pause : pause.dataset.play;
      schedule();
    }

    controls.hidden = false;
    controls.querySelector(".slide-prev").addEventListener("click", function () { show(current - 1); schedule(); });
    controls.querySelector(".slide-next").addEventListener("click", function () { show(current + 1); schedule(); });
    pause.addEventListener("click", function () { setPlaying(!playing); });
    Array.prototype.forEach.call(dots, function (dot, index) {
      dot.addEventListener("click", function (event) {
        event.preventDefault();
        show(index);
        schedule();
      });
    });
    // A swipe or a scroll of the strip moves the mark too, once it has come to rest.
    var rest = "onscrollend" in window ? "scrollend" : "scroll";
    strip.addEventListener(rest, function () {
      mark(Math.min(slides.length - 1, Math.max(0, Math.round(strip.scrollLeft / strip.clientWidth))));
    }, { passive: true });
    function hold(value) { return function () { held = value; schedule(); }; }
    carousel.addEventListener("pointerenter", hold(true));
    carousel.addEventListener("pointerleave", hold(false));
    carousel.addEventListener("focusin", hold(true));
    carousel.addEventListener("focusout", function (event) {
      if (!carousel.contains(event.relatedTarget)) hold(false)();
    });
    document.addEventListener("visibilitychange", schedule);
    reduced.addEventListener("change", function () { if (reduced.matches) setPlaying(false); });
    mark(0);
    setPlaying(playing);
  }

  Array.prototype.forEach.call(document.querySelectorAll(".carousel"), enhance);
})();
