/*
 * Test double of Stripe.js (https://js.stripe.com/…/stripe.js), served to the browser through
 * Playwright's page.route. It enforces what real Stripe.js enforces, so a widget that passes with
 * it would not fail against Stripe (DESIGN §4):
 * - Stripe(key, options): a publishable key (pk_…) only; InvoicePay's direct charges also need
 *   options.stripeAccount (acct_…), without which objects of the connected account are not found;
 * - stripe.elements(options): deferred intent (mode 'payment' with an amount > 0 and a currency), or
 *   none; elements.create('payment' | 'card'); elements.update(options);
 * - element.mount(node): refuses a node inside a ShadowRoot ("IntegrationError: Elements cannot
 *   be mounted in a ShadowRoot. Please mount in the Light DOM.") and a node not in the document;
 * - the fields live in a cross-origin iframe (js.stripe.com) that talks to the page only by
 *   postMessage: the host page can never read the card number;
 * - elements.submit() validates the Payment Element and must have resolved (since the last change,
 *   and once per token) before stripe.createConfirmationToken({ elements }), which is refused
 *   otherwise; the token is made at https://api.stripe.com with the publishable key and the
 *   connected account; both resolve { error: { type, code, decline_code, message } } on failure;
 * - stripe.handleNextAction({ clientSecret }) runs the 3-D Secure challenge of an intent the server
 *   confirmed, in a frame of its own, then reads the intent again;
 * - confirmCardPayment still exists (a page holding a client secret may call it), and the fake API
 *   refuses it for an intent that is canceled, as every declined one is.
 * Every call is logged in window.__stripeDouble.calls.
 */
(function () {
  'use strict';
  var ORIGIN = 'https://js.stripe.com';
  var API = 'https://api.stripe.com';
  var calls = [];
  var frameSeq = 0;
  window.__stripeDouble = { calls: calls };

  function IntegrationError(message) {
    var e = new Error(message);
    e.name = 'IntegrationError';
    return e;
  }

  function form(params) {
    var out = new URLSearchParams();
    (function add(prefix, value) {
      if (value === undefined || value === null) return;
      if (typeof value === 'object') {
        Object.keys(value).forEach(function (k) {
          add(prefix ? prefix + '[' + k + ']' : k, value[k]);
        });
      } else out.append(prefix, String(value));
    })('', params);
    return out.toString();
  }

  function Stripe(key, options) {
    if (typeof key !== 'string' || !/^pk_(test|live)_\w+/.test(key)) {
      throw IntegrationError(
        'Invalid API Key provided: ' +
          String(key).slice(0, 12) +
          '… (Stripe.js takes a publishable key, pk_…)',
      );
    }
    options = options || {};
    if (typeof options.stripeAccount !== 'string' || !/^acct_\w+$/.test(options.stripeAccount)) {
      throw IntegrationError(
        'Direct charges: initialise Stripe with { stripeAccount: "acct_…" } of the connected account.',
      );
    }
    var account = options.stripeAccount;
    calls.push(['Stripe', key, account]);

    function api(method, path, params) {
      var body = form(Object.assign({ key: key, _stripe_account: account }, params || {}));
      var init =
        method === 'GET'
          ? { method: 'GET' }
          : { method: method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body };
      var url = API + path + (method === 'GET' ? '?' + body : '');
      return fetch(url, init).then(
        function (res) {
          return res.json().then(function (json) {
            return { ok: res.ok, json: json };
          });
        },
        function () {
          return {
            ok: false,
            json: { error: { type: 'api_connection_error', code: null, message: 'Network error' } },
          };
        },
      );
    }

    function asError(json) {
      var e = (json && json.error) || {};
      return {
        error: {
          type: e.type || 'api_error',
          code: e.code || null,
          decline_code: e.decline_code,
          message: e.message || 'An unexpected error occurred.',
          payment_intent: e.payment_intent,
        },
      };
    }

    function checkDeferred(o) {
      if (!o || o.mode === undefined) return;
      if (o.mode !== 'payment' && o.mode !== 'setup' && o.mode !== 'subscription')
        throw IntegrationError(
          'Invalid value for elements(): mode should be payment, setup or subscription.',
        );
      if (o.mode !== 'setup' && (!Number.isInteger(o.amount) || o.amount <= 0))
        throw IntegrationError('Invalid value for elements(): amount should be a positive integer.');
      if (typeof o.currency !== 'string' || !/^[a-z]{3}$/.test(o.currency))
        throw IntegrationError('Invalid value for elements(): currency should be a lowercase ISO code.');
    }

    var groups = [];

    function Element(type, opts, group) {
      var handlers = {};
      var frame = null;
      var name = '__privateStripeFrame' + ++frameSeq;
      var el = {
        _type: type,
        _destroyed: false,
        _values: {},
        _state: { complete: false, empty: true },
        mount: function (target) {
          calls.push(['mount']);
          var node = typeof target === 'string' ? document.querySelector(target) : target;
          if (!node || node.nodeType !== 1)
            throw IntegrationError(
              'The selector you specified (' +
                target +
                ') applies to no DOM elements that are currently on the page.',
            );
          if (typeof ShadowRoot !== 'undefined' && node.getRootNode() instanceof ShadowRoot) {
            throw IntegrationError(
              'Elements cannot be mounted in a ShadowRoot. Please mount in the Light DOM.',
            );
          }
          if (!node.isConnected)
            throw IntegrationError(
              'Elements cannot be mounted on a detached DOM node. Please mount it in the document.',
            );
          frame = document.createElement('iframe');
          frame.name = name;
          frame.title = 'Secure payment input frame';
          frame.setAttribute('frameborder', '0');
          frame.style.cssText =
            'border:none!important;margin:0!important;padding:0!important;width:100%!important;height:44px!important;display:block!important';
          frame.src =
            ORIGIN +
            '/v3/elements-inner-card-double.html#' +
            encodeURIComponent(
              JSON.stringify({ name: name, disabled: Boolean(opts && (opts.disabled || opts.readOnly)) }),
            );
          var wrapper = document.createElement('div');
          wrapper.className = '__PrivateStripeElement';
          wrapper.appendChild(frame);
          node.appendChild(wrapper);
          frame.addEventListener('load', function () {
            emit('ready', { elementType: type });
          });
        },
        on: function (event, fn) {
          (handlers[event] = handlers[event] || []).push(fn);
          return el;
        },
        off: function (event, fn) {
          handlers[event] = (handlers[event] || []).filter(function (h) {
            return h !== fn;
          });
          return el;
        },
        update: function (o) {
          if (frame && frame.contentWindow && o && ('disabled' in o || 'readOnly' in o))
            frame.contentWindow.postMessage(
              { __stripeDouble: 'disable', disabled: Boolean(o.disabled || o.readOnly) },
              ORIGIN,
            );
        },
        clear: function () {
          if (frame && frame.contentWindow)
            frame.contentWindow.postMessage({ __stripeDouble: 'clear' }, ORIGIN);
        },
        focus: function () {},
        blur: function () {},
        collapse: function () {},
        unmount: function () {
          if (frame) frame.parentNode.remove();
          frame = null;
        },
        destroy: function () {
          el.unmount();
          el._destroyed = true;
          if (group.elements[type] === el) delete group.elements[type];
        },
      };
      function emit(event, payload) {
        (handlers[event] || []).forEach(function (h) {
          h(payload);
        });
      }
      window.addEventListener('message', function (e) {
        if (e.origin !== ORIGIN || !e.data || e.data.__stripeDouble !== 'change' || e.data.name !== name)
          return;
        el._values = e.data.value;
        el._state = { complete: e.data.complete, empty: e.data.empty };
        group.submitted = false; // changed since the last submit
        var payload = { elementType: type, complete: el._state.complete, empty: el._state.empty };
        if (type === 'payment') payload.value = { type: 'card' };
        else payload.brand = 'unknown';
        emit('change', payload);
      });
      return el;
    }

    function challenge(pi, clientSecret) {
      calls.push(['3ds', pi.id]);
      return new Promise(function (resolve) {
        var overlay = document.createElement('iframe');
        overlay.name = '__privateStripe3DS';
        overlay.title = '3D Secure authentication';
        overlay.style.cssText =
          'position:fixed!important;inset:0!important;width:100%!important;height:100%!important;border:0!important;z-index:2147483647!important;background:rgba(0,0,0,.4)!important';
        overlay.src = ORIGIN + '/v3/three-ds-double.html#' + pi.id;
        function onMessage(e) {
          if (e.origin !== ORIGIN || !e.data || e.data.__stripeDouble !== '3ds' || e.data.intent !== pi.id)
            return;
          window.removeEventListener('message', onMessage);
          overlay.remove();
          resolve(e.data.result);
        }
        window.addEventListener('message', onMessage);
        document.body.appendChild(overlay);
      })
        .then(function (result) {
          return api('POST', '/v1/payment_intents/' + pi.id + '/test_3ds', {
            client_secret: clientSecret,
            result: result,
          });
        })
        .then(function () {
          return api('GET', '/v1/payment_intents/' + pi.id, { client_secret: clientSecret });
        })
        .then(function (r) {
          if (!r.ok) return asError(r.json);
          var after = r.json;
          if (after.status === 'requires_payment_method' && after.last_payment_error) {
            return { error: Object.assign({}, after.last_payment_error, { payment_intent: after }) };
          }
          return { paymentIntent: after };
        });
    }

    function intentId(clientSecret, method) {
      if (typeof clientSecret !== 'string' || clientSecret.indexOf('_secret_') < 0)
        throw IntegrationError(
          'Invalid value for ' +
            method +
            ': clientSecret should be a client secret of the form ${id}_secret_${secret}.',
        );
      return clientSecret.split('_secret_')[0];
    }

    return {
      _registerWrapper: function () {},
      registerAppInfo: function () {},
      elements: function (opts) {
        checkDeferred(opts);
        calls.push([
          'elements',
          opts && opts.mode,
          opts && opts.amount,
          opts && opts.currency,
          opts && opts.allowedPaymentMethodTypes,
        ]);
        var group = { elements: {}, options: Object.assign({}, opts), submitted: false };
        groups.push(group);
        var elementsObject = {
          _group: group,
          create: function (type, o) {
            calls.push(['create', type]);
            if (type !== 'card' && type !== 'payment')
              throw IntegrationError(
                'The double supports the payment and card elements only (asked for ' + type + ').',
              );
            if (type === 'payment' && !group.options.mode && !group.options.clientSecret)
              throw IntegrationError(
                'The Payment Element needs elements({ mode, amount, currency }) or a clientSecret.',
              );
            if (group.elements[type])
              throw IntegrationError('Can only create one Element of type ' + type + '.');
            group.elements[type] = Element(type, o, group);
            return group.elements[type];
          },
          getElement: function (type) {
            return group.elements[typeof type === 'string' ? type : type && type.__elementType] || null;
          },
          update: function (o) {
            var next = Object.assign({}, group.options, o);
            checkDeferred(next);
            group.options = next;
            calls.push(['update', o && o.amount]);
          },
          submit: function () {
            calls.push(['submit']);
            var el = group.elements.payment;
            if (!el || el._destroyed)
              return Promise.reject(IntegrationError('elements.submit(): mount a Payment Element first.'));
            if (!el._values.number)
              return Promise.resolve({
                error: {
                  type: 'validation_error',
                  code: 'incomplete_number',
                  message: 'Your card number is incomplete.',
                },
              });
            if (!el._state.complete)
              return Promise.resolve({
                error: {
                  type: 'validation_error',
                  code: 'incomplete',
                  message: 'Your card details are incomplete.',
                },
              });
            group.submitted = true;
            return Promise.resolve({});
          },
        };
        return elementsObject;
      },
      createConfirmationToken: function (o) {
        calls.push(['createConfirmationToken']);
        var elements = o && o.elements;
        var group = elements && elements._group;
        if (!group || groups.indexOf(group) < 0)
          return Promise.reject(
            IntegrationError('createConfirmationToken: pass { elements } of this Stripe instance.'),
          );
        if (!group.submitted)
          return Promise.reject(
            IntegrationError(
              'elements.submit() must be called and resolve before stripe.createConfirmationToken().',
            ),
          );
        group.submitted = false; // one token per submit
        var v = group.elements.payment._values;
        var exp = String(v.exp || '').split('/');
        var pmd = (o.params && o.params.payment_method_data) || {};
        return api('POST', '/v1/confirmation_tokens', {
          payment_method_data: {
            type: 'card',
            card: { number: v.number, exp_month: exp[0], exp_year: exp[1], cvc: v.cvc },
            billing_details: pmd.billing_details,
          },
        }).then(function (r) {
          return r.ok ? { confirmationToken: r.json } : asError(r.json);
        });
      },
      handleNextAction: function (o) {
        calls.push(['handleNextAction']);
        var id;
        try {
          id = intentId(o && o.clientSecret, 'handleNextAction');
        } catch (e) {
          return Promise.reject(e);
        }
        return api('GET', '/v1/payment_intents/' + id, { client_secret: o.clientSecret }).then(function (r) {
          if (!r.ok) return asError(r.json);
          if (r.json.status === 'requires_action') return challenge(r.json, o.clientSecret);
          return { paymentIntent: r.json };
        });
      },
      createToken: function () {
        return Promise.reject(IntegrationError('createToken is not used by InvoicePay'));
      },
      createPaymentMethod: function () {
        // Exists on Stripe.js (react-stripe-js checks for it); InvoicePay makes confirmation tokens.
        return Promise.reject(IntegrationError('createPaymentMethod is not used by InvoicePay'));
      },
      confirmCardPayment: function (clientSecret, data) {
        calls.push(['confirmCardPayment']);
        var id;
        try {
          id = intentId(clientSecret, 'confirmCardPayment');
        } catch (e) {
          return Promise.reject(e);
        }
        var card = data && data.payment_method && data.payment_method.card;
        var v = (card && card._values) || {};
        var exp = String(v.exp || '').split('/');
        return api('POST', '/v1/payment_methods', {
          type: 'card',
          card: { number: v.number, exp_month: exp[0], exp_year: exp[1], cvc: v.cvc },
        })
          .then(function (pm) {
            if (!pm.ok) return { ok: false, json: pm.json };
            return api('POST', '/v1/payment_intents/' + id + '/confirm', {
              client_secret: clientSecret,
              payment_method: pm.json.id,
            });
          })
          .then(function (r) {
            if (!r.ok) return asError(r.json);
            if (r.json.status === 'requires_action') return challenge(r.json, clientSecret);
            return { paymentIntent: r.json };
          });
      },
    };
  }

  window.Stripe = Stripe;
})();
