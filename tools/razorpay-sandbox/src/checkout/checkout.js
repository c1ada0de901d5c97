/* global window, document, fetch, setTimeout, clearTimeout, Intl, alert, confirm, URL */
/*
 * Razorpay Standard Checkout stand-in, served by tools/razorpay-sandbox at /v1/checkout.js.
 * Same public API as https://checkout.razorpay.com/v1/checkout.js (protocol §4): window.Razorpay,
 * new Razorpay(options) (or without new), open(), close(), on(event, cb). Instead of Razorpay's
 * iframe it draws its own modal with plain DOM and pays against the sandbox server.
 * No real money, no real card data: only the test instruments of protocol §8.
 */
(function () {
  'use strict';

  var CONFIG = __SANDBOX_CONFIG__;
  var BASE = CONFIG.publicUrl;
  var PREFIX = 'rzp-sbx';
  var STYLE_ID = PREFIX + '-style';

  var CSS = [
    '.razorpay-container{position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1b}',
    '.' + PREFIX + '-backdrop{position:absolute;inset:0}',
    '.' + PREFIX + '-modal{position:relative;width:min(380px,94vw);max-height:94vh;overflow:auto;background:#fff;border-radius:10px;box-shadow:0 12px 40px rgba(0,0,0,.35)}',
    '.' + PREFIX + '-head{position:relative;padding:18px 48px 16px 18px;color:#fff}',
    // color: the host page's own h2 rules must not reach into the modal (real checkout is an iframe).
    '.' + PREFIX + '-head h2{margin:0;font-size:18px;color:inherit}',
    '.' + PREFIX + '-head p{margin:4px 0 0}',
    '.' + PREFIX + '-amount{font-size:22px;font-weight:700;margin-top:8px}',
    '.' + PREFIX + '-ribbon{display:inline-block;margin-bottom:8px;padding:2px 8px;border-radius:3px;background:#fff3cd;color:#6b4e00;font-size:12px;font-weight:700;text-transform:uppercase;letter-spacing:.04em}',
    '.' + PREFIX + '-close{position:absolute;top:10px;right:10px;width:32px;height:32px;border:0;border-radius:50%;background:rgba(255,255,255,.25);color:#fff;font-size:20px;line-height:1;cursor:pointer}',
    '.' + PREFIX + '-body{padding:16px 18px 18px}',
    '.' + PREFIX + '-body label{display:block;margin:10px 0 4px;font-weight:600}',
    '.' + PREFIX + '-body input{box-sizing:border-box;width:100%;padding:9px 10px;border:1px solid #8a8a8a;border-radius:6px;font:inherit}',
    '.' + PREFIX + '-or{margin:12px 0 0;color:#555;font-size:13px;text-align:center}',
    '.' + PREFIX + '-pay{width:100%;margin-top:16px;padding:11px;border:0;border-radius:6px;color:#fff;font:inherit;font-weight:700;cursor:pointer}',
    '.' + PREFIX + '-pay[disabled]{opacity:.6;cursor:progress}',
    '.' + PREFIX + '-error{margin:12px 0 0;padding:8px 10px;border-radius:6px;background:#fdecea;color:#8a1c12}',
    '.' + PREFIX + '-error:empty{display:none}',
    '.' + PREFIX + '-bank{padding:16px 18px 18px}',
    '.' + PREFIX + '-bank button{margin:8px 8px 0 0;padding:10px 18px;border:1px solid #444;border-radius:6px;background:#fff;font:inherit;cursor:pointer}',
    '.' + PREFIX + '-foot{padding:8px 18px 12px;color:#666;font-size:12px;text-align:center}',
  ].join('\n');

  function isLiveKey(key) {
    return typeof key === 'string' && key.indexOf('rzp_l') === 0;
  }

  // Like the shop: "₹1,050" for whole rupees, "₹449.50" (never "₹449.5") when there are paise.
  function formatAmount(paise, currency) {
    var digits = paise % 100 === 0 ? 0 : 2;
    try {
      return new Intl.NumberFormat('en-IN', {
        style: 'currency',
        currency: currency || 'INR',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(paise / 100);
    } catch (e) {
      return (currency || 'INR') + ' ' + (paise / 100).toFixed(2);
    }
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (name) {
        var value = attrs[name];
        if (value === undefined || value === null || value === false) return;
        if (name === 'text') node.textContent = value;
        else if (name === 'style') node.setAttribute('style', value);
        else node.setAttribute(name, value === true ? '' : String(value));
      });
    }
    (children || []).forEach(function (child) {
      if (child) node.appendChild(child);
    });
    return node;
  }

  function validationError(options) {
    if (!options || typeof options !== 'object') return 'Invalid options';
    if (!options.key) return 'No key passed';
    if (options.notes !== undefined && options.notes !== null) {
      if (typeof options.notes !== 'object' || Object.keys(options.notes).length > 15) {
        return 'Invalid notes (At most 15 notes are allowed)';
      }
    }
    if (options.currency !== undefined && !/^[A-Z]{3}$/.test(String(options.currency))) {
      return 'Invalid currency (' + String(options.currency) + ' is not a supported currency)';
    }
    if (options.handler !== undefined && typeof options.handler !== 'function') return 'Invalid handler (should be a function)';
    return null;
  }

  function normaliseContact(contact) {
    if (!contact) return '';
    var trimmed = String(contact).replace(/[\s-]/g, '');
    return /^\d{10}$/.test(trimmed) ? '+91' + trimmed : trimmed;
  }

  function retryEnabled(retry) {
    if (retry === false) return false;
    if (retry && typeof retry === 'object' && retry.enabled === false) return false;
    return true;
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    var problem = validationError(options);
    if (problem) {
      // Test mode also shows the problem to the developer (protocol §4).
      if (!(options && isLiveKey(options.key))) {
        try {
          alert(problem);
        } catch (e) {
          /* no alert available */
        }
      }
      throw new Error(problem);
    }
    this.options = options;
    this._listeners = {};
    this._root = null;
    this._busy = false;
    this._timeout = null;
    this._keyHandler = null;
  }

  Razorpay.sandbox = true;
  Razorpay.version = 'sandbox-1';

  Razorpay.prototype.on = function (event, callback) {
    if (typeof event === 'string' && typeof callback === 'function') {
      (this._listeners[event] = this._listeners[event] || []).push(callback);
    }
    return this;
  };

  Razorpay.prototype._emit = function (event, payload) {
    var self = this;
    (this._listeners[event] || []).slice().forEach(function (callback) {
      try {
        callback.call(self, payload);
      } catch (e) {
        setTimeout(function () {
          throw e;
        });
      }
    });
  };

  Razorpay.prototype._modalOption = function (name, fallback) {
    var modal = this.options.modal || {};
    return modal[name] === undefined ? fallback : modal[name];
  };

  Razorpay.prototype.open = function () {
    if (this._root) return this;
    var self = this;
    var o = this.options;
    var color = (o.theme && o.theme.color) || '#3399cc';
    var backdrop = (o.theme && o.theme.backdrop_color) || 'rgba(0,0,0,0.6)';
    var amount = typeof o.amount === 'number' ? o.amount : Number(o.amount) || 0;
    var currency = o.currency || 'INR';

    if (!document.getElementById(STYLE_ID)) {
      document.head.appendChild(el('style', { id: STYLE_ID, text: CSS }));
    }

    var amountText = el('div', { class: PREFIX + '-amount', 'data-testid': 'rzp-amount', text: formatAmount(amount, currency) });
    var closeButton = el('button', { type: 'button', class: PREFIX + '-close', 'aria-label': 'Close', text: '\u00d7' });
    var head = el('div', { class: PREFIX + '-head', style: 'background:' + color }, [
      isLiveKey(o.key) ? null : el('span', { class: PREFIX + '-ribbon', 'data-testid': 'rzp-test-mode', text: 'Test Mode' }),
      o.image ? el('img', { src: o.image, alt: '', width: '40', height: '40', style: 'display:block;margin-bottom:6px;border-radius:6px;background:#fff' }) : null,
      el('h2', { id: PREFIX + '-title', text: o.name || 'Razorpay' }),
      o.description ? el('p', { text: o.description }) : null,
      amountText,
      closeButton,
    ]);

    var prefill = o.prefill || {};
    var contactInput = el('input', { id: PREFIX + '-contact', type: 'tel', autocomplete: 'tel', value: normaliseContact(prefill.contact) });
    var emailInput = el('input', { id: PREFIX + '-email', type: 'email', autocomplete: 'email', value: prefill.email || '' });
    var cardInput = el('input', { id: PREFIX + '-card', type: 'text', inputmode: 'numeric', autocomplete: 'cc-number', placeholder: '4100 2800 0000 1007' });
    var vpaInput = el('input', { id: PREFIX + '-vpa', type: 'text', autocomplete: 'off', placeholder: 'success@razorpay' });
    var errorBox = el('p', { class: PREFIX + '-error', role: 'alert' });
    var payButton = el('button', { type: 'submit', class: PREFIX + '-pay', style: 'background:' + color, text: 'Pay ' + formatAmount(amount, currency) });
    var form = el('form', { class: PREFIX + '-body', novalidate: true }, [
      el('label', { for: PREFIX + '-contact', text: 'Phone' }),
      contactInput,
      el('label', { for: PREFIX + '-email', text: 'Email' }),
      emailInput,
      el('label', { for: PREFIX + '-card', text: 'Card number' }),
      cardInput,
      el('p', { class: PREFIX + '-or', text: 'or pay by UPI' }),
      el('label', { for: PREFIX + '-vpa', text: 'UPI ID' }),
      vpaInput,
      errorBox,
      payButton,
    ]);

    var bankSuccess = el('button', { type: 'button', text: 'Success' });
    var bankFailure = el('button', { type: 'button', text: 'Failure' });
    var bank = el('section', { class: PREFIX + '-bank', hidden: true, 'aria-label': 'Mock bank page' }, [
      el('h3', { text: 'Mock bank page' }),
      el('p', { text: 'Choose how the bank answers this test payment.' }),
      bankSuccess,
      bankFailure,
    ]);

    var dialog = el(
      'div',
      { class: PREFIX + '-modal', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': PREFIX + '-title' },
      [head, form, bank, el('p', { class: PREFIX + '-foot', text: 'Razorpay sandbox: test payments only, no money moves.' })],
    );
    var backdropNode = el('div', { class: PREFIX + '-backdrop', style: 'background:' + backdrop });
    var root = el('div', { class: 'razorpay-container', 'data-razorpay-sandbox': '' }, [backdropNode, dialog]);
    this._root = root;
    this._previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.body.appendChild(root);

    function showError(message) {
      errorBox.textContent = message || '';
    }

    function setBusy(busy) {
      self._busy = busy;
      payButton.disabled = busy;
      payButton.textContent = busy ? 'Processing\u2026' : 'Pay ' + formatAmount(amount, currency);
    }

    function setAmount(newAmount, newCurrency) {
      amount = newAmount;
      currency = newCurrency || currency;
      amountText.textContent = formatAmount(amount, currency);
      if (!self._busy) payButton.textContent = 'Pay ' + formatAmount(amount, currency);
    }

    function request(method, path, body) {
      return fetch(BASE + path, {
        method: method,
        headers: body ? { 'Content-Type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      }).then(function (response) {
        return response.json().then(function (data) {
          return { ok: response.ok, data: data };
        });
      });
    }

    // The order decides the amount charged; show it (the `amount` option is only for display).
    if (o.order_id) {
      request('GET', '/sandbox/checkout/orders/' + encodeURIComponent(o.order_id) + '?key_id=' + encodeURIComponent(o.key))
        .then(function (result) {
          if (!self._root) return;
          if (!result.ok) {
            showError((result.data && result.data.error && result.data.error.description) || 'This order cannot be paid.');
            payButton.disabled = true;
            return;
          }
          if (result.data.amount_due > 0 && result.data.amount_due !== amount) setAmount(result.data.amount_due, result.data.currency);
          if (result.data.status === 'paid') {
            showError('This order has already been paid.');
            payButton.disabled = true;
          }
        })
        .catch(function () {
          /* shown again on Pay */
        });
    }

    var lastMethod = 'card';

    function pay(bankChoice) {
      if (self._busy) return;
      showError('');
      if (!o.order_id) {
        showError('The Razorpay sandbox needs an order_id.');
        return;
      }
      var card = cardInput.value.replace(/[\s-]/g, '');
      var vpa = vpaInput.value.trim();
      var method;
      if (bankChoice) {
        method = lastMethod;
      } else if (card) {
        if (!/^\d{12,19}$/.test(card)) {
          showError('Enter a valid card number');
          cardInput.focus();
          return;
        }
        method = 'card';
      } else if (vpa) {
        method = 'upi';
      } else {
        showError('Enter a card number or a UPI ID');
        cardInput.focus();
        return;
      }
      lastMethod = method;
      if (!bankChoice) self._emit('payment.submit', { method: method });
      setBusy(true);
      var body = {
        key_id: o.key,
        order_id: o.order_id,
        method: method,
        card_number: method === 'card' ? card : undefined,
        vpa: method === 'upi' ? vpa : undefined,
        bank_choice: bankChoice,
        email: emailInput.value.trim() || undefined,
        contact: normaliseContact(contactInput.value) || undefined,
        description: o.description,
        notes: o.notes,
      };
      request('POST', '/sandbox/checkout/payments', body)
        .then(function (result) {
          if (!self._root) return;
          setBusy(false);
          var data = result.data || {};
          if (result.ok && data.bank_page) {
            form.hidden = true;
            bank.hidden = false;
            bankSuccess.focus();
            return;
          }
          form.hidden = false;
          bank.hidden = true;
          if (result.ok && data.razorpay_payment_id) {
            succeed(data);
            return;
          }
          var error = data.error || { code: 'BAD_REQUEST_ERROR', description: 'Payment failed', metadata: {} };
          if (error.metadata && error.metadata.payment_id) {
            // A payment was made and failed: Razorpay's payment.failed (and payment.error).
            self._emit('payment.failed', { error: error });
            self._emit('payment.error', { error: error });
            if (!retryEnabled(o.retry)) {
              self._teardown();
              self._dismiss({ error: error });
              return;
            }
          }
          showError(error.description);
        })
        .catch(function () {
          if (!self._root) return;
          setBusy(false);
          form.hidden = false;
          bank.hidden = true;
          showError('Could not reach the Razorpay sandbox. Try again.');
        });
    }

    function succeed(data) {
      var response = {
        razorpay_payment_id: data.razorpay_payment_id,
        razorpay_order_id: data.razorpay_order_id,
        razorpay_signature: data.razorpay_signature,
      };
      self._teardown();
      if (!data.deliver_callback) return; // dropBrowserCallback: the shopper "closed the tab".
      setTimeout(function () {
        if (o.callback_url && o.redirect) {
          var post = el('form', { method: 'POST', action: o.callback_url, hidden: true });
          Object.keys(response).forEach(function (name) {
            post.appendChild(el('input', { type: 'hidden', name: name, value: response[name] }));
          });
          document.body.appendChild(post);
          post.submit();
          return;
        }
        if (typeof o.handler === 'function') o.handler.call(self, response);
      }, typeof data.callback_delay_ms === 'number' ? data.callback_delay_ms : 200);
    }

    function userDismiss() {
      if (self._modalOption('confirm_close', false) && !confirm('Are you sure you want to cancel the payment?')) return;
      self._teardown();
      self._dismiss();
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      pay();
    });
    bankSuccess.addEventListener('click', function () {
      pay('success');
    });
    bankFailure.addEventListener('click', function () {
      pay('failure');
    });
    closeButton.addEventListener('click', userDismiss);
    backdropNode.addEventListener('click', function () {
      if (self._modalOption('backdropclose', false)) userDismiss();
    });
    this._keyHandler = function (event) {
      if (event.key === 'Escape' && self._modalOption('escape', true)) userDismiss();
    };
    document.addEventListener('keydown', this._keyHandler);
    if (typeof o.timeout === 'number' && o.timeout > 0) {
      this._timeout = setTimeout(function () {
        self._teardown();
        self._dismiss('timeout');
      }, o.timeout * 1000);
    }
    setTimeout(function () {
      if (self._root) cardInput.focus();
    });
    return this;
  };

  Razorpay.prototype._teardown = function () {
    if (!this._root) return false;
    if (this._timeout) clearTimeout(this._timeout);
    this._timeout = null;
    if (this._keyHandler) document.removeEventListener('keydown', this._keyHandler);
    this._keyHandler = null;
    this._root.parentNode && this._root.parentNode.removeChild(this._root);
    this._root = null;
    this._busy = false;
    document.body.style.overflow = this._previousOverflow || '';
    return true;
  };

  Razorpay.prototype._dismiss = function (reason) {
    var ondismiss = this._modalOption('ondismiss', null);
    if (typeof ondismiss === 'function') {
      if (reason === undefined) ondismiss.call(this);
      else ondismiss.call(this, reason);
    }
  };

  /** Closes the modal from script; like a shopper's dismissal, modal.ondismiss is called. */
  Razorpay.prototype.close = function () {
    if (this._teardown()) this._dismiss();
  };

  window.Razorpay = Razorpay;
})();
