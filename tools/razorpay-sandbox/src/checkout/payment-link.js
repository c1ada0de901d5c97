/* global window, document, fetch, encodeURIComponent, Razorpay */
/*
 * The Pay button of the sandbox's payment link page (/i/<code>). It asks the sandbox for the
 * link's order, then opens the sandbox's checkout.js on it, as Razorpay's page opens its Checkout:
 * the same test cards, declines, retries and knobs. After a successful payment the browser goes to
 * /i/<code>/complete, which redirects to the link's callback_url with the signed query.
 */
(function () {
  'use strict';

  var configNode = document.getElementById('rzp-plink-config');
  var button = document.getElementById('rzp-plink-pay');
  var errorBox = document.getElementById('rzp-plink-error');
  if (!configNode || !button || !errorBox) return;
  var config = JSON.parse(configNode.textContent);

  function fail(message) {
    errorBox.textContent = message;
    button.disabled = false;
  }

  button.addEventListener('click', function () {
    errorBox.textContent = '';
    button.disabled = true;
    fetch(config.payUrl, { method: 'POST', headers: { Accept: 'application/json' } })
      .then(function (response) {
        return response.json().then(function (data) {
          return { ok: response.ok, data: data };
        });
      })
      .then(function (result) {
        var data = result.data || {};
        if (!result.ok) {
          fail((data.error && data.error.description) || 'This payment link cannot be paid now.');
          return;
        }
        var rzp = new Razorpay({
          key: data.key_id,
          order_id: data.order_id,
          amount: data.amount,
          currency: data.currency,
          name: data.name,
          description: data.description || undefined,
          prefill: data.prefill,
          theme: { color: '#1f3a68' },
          handler: function (response) {
            window.location.assign(config.completeUrl + '?razorpay_payment_id=' + encodeURIComponent(response.razorpay_payment_id));
          },
          modal: {
            ondismiss: function () {
              button.disabled = false;
            },
          },
        });
        rzp.open();
      })
      .catch(function () {
        fail('Could not reach the Razorpay sandbox. Try again.');
      });
  });
})();
