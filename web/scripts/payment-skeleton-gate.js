/* Runs before first paint on /payment only: the prerendered "Checkout" heading shows only when the page
   will be the checkout, not "Your Royal Cart is Empty!". As PaymentRoute decides: the navigation state
   from /shop when there is one, otherwise the session cart as readCart keeps it (positive whole
   quantities of catalogue products). prerender.ts writes the catalogue's product ids in below. */
(function (productIds) {
  try {
    var show = false;
    var state = window.history.state && window.history.state.usr;
    if (state && typeof state === 'object' && typeof state.total === 'number' && typeof state.cart === 'object' && Array.isArray(state.products)) {
      if (state.cart && state.total > 0) {
        for (var line in state.cart) if (state.cart[line]) show = true;
      }
    } else {
      var cart = JSON.parse(window.sessionStorage.getItem('royalPicklesCart') || 'null');
      if (cart && typeof cart === 'object' && !Array.isArray(cart)) {
        for (var id in cart) {
          var quantity = cart[id];
          if (typeof quantity === 'number' && quantity > 0 && quantity % 1 === 0 && productIds.indexOf(Number(id)) !== -1) show = true;
        }
      }
    }
    if (show) document.documentElement.classList.add('skeleton-ok');
  } catch (e) {
    /* storage unavailable or unreadable: the app decides, no skeleton */
  }
})(__PRODUCT_IDS__);
