/* Runs before first paint on the landing page only: shows the logo splash once per browser session,
   never for people who asked for reduced motion. The page underneath is already fully rendered. */
(function () {
  try {
    var reduce = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!reduce && !window.sessionStorage.getItem('royalPicklesSplashSeen')) {
      document.documentElement.classList.add('splash-active');
    }
  } catch (e) {
    /* storage unavailable: no splash */
  }
})();
