/* Runs before first paint on /admin only: the prerendered panel heading shows only when the owner has
   a session token (AdminSessionProvider renders the panel then; without one the app goes to /login). */
(function () {
  try {
    if (window.localStorage.getItem('adminToken')) document.documentElement.classList.add('skeleton-ok');
  } catch (e) {
    /* storage unavailable: no token, no skeleton */
  }
})();
