/* Inlined into the <head> of every page scripts/prerender.ts writes (decision 017): a page is painted
   before its scripts run, so a tap on a button drawn by the HTML would otherwise do nothing. Until the
   app says it is ready (the 'pickles:app-ready' event, web/src/lib/early-taps.ts), a tap or a form's
   submission on the page is held (its default action and the app's own listeners stopped) and, once
   the app is ready, done again exactly once, in the order the shopper made them. Links are left to the
   browser, which follows them without any script. The button held is the same element after
   hydration; a page the app draws afresh (the skeletons of /payment, /admin, /track) gets the tap on
   the button with the same tag and name, if exactly one has it. */
(function () {
  var d = document;
  var held = [];
  var CONTROL = 'button, [role="button"], input[type="submit"], input[type="button"]';

  function nameOf(el) {
    return el.tagName + '|' + (el.getAttribute('aria-label') || el.textContent || el.value || '').replace(/\s+/g, ' ').trim();
  }

  function hold(event) {
    var root = d.getElementById('root');
    var el = event.type === 'submit' ? event.target : event.target && event.target.closest && event.target.closest(CONTROL);
    if (!el || !root || !root.contains(el)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({ el: el, name: nameOf(el), submit: event.type === 'submit' });
    d.documentElement.classList.add('app-waking');
  }

  function sameNamed(tap) {
    var found = [];
    var candidates = d.getElementById('root').querySelectorAll(tap.submit ? 'form' : CONTROL);
    for (var i = 0; i < candidates.length; i++) if (nameOf(candidates[i]) === tap.name) found.push(candidates[i]);
    return found.length === 1 ? found[0] : null;
  }

  function release() {
    d.removeEventListener('click', hold, true);
    d.removeEventListener('submit', hold, true);
    d.removeEventListener('pickles:app-ready', release);
    d.documentElement.classList.remove('app-waking');
    var taps = held;
    held = [];
    for (var i = 0; i < taps.length; i++) {
      var el = taps[i].el.isConnected ? taps[i].el : sameNamed(taps[i]);
      if (!el) continue;
      if (!taps[i].submit) el.click();
      else if (el.requestSubmit) el.requestSubmit();
      else el.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    }
  }

  d.addEventListener('click', hold, true);
  d.addEventListener('submit', hold, true);
  d.addEventListener('pickles:app-ready', release);
})();
