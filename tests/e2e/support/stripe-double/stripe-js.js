/*
 * Test double of Stripe.js (https://js.stripe.com/…/stripe.js), served to the browser through
 * Playwright's page.route. It enforces what real Stripe.js enforces, so a widget that passes with
 * it would not fail against Stripe (DESIGN §4):
 * - Stripe(key, options): a publishable key (pk_…) only; InvoicePay's direct charges also need
 *   options.stripeAccount (acct_…), without which intents on the connected account are not found;
 * - element.mount(node): refuses a node inside a ShadowRoot ("IntegrationError: Elements cannot
 *   be mounted in a ShadowRoot. Please mount in the Light DOM.") and a node not in the document;
 * - the card fields live in a cross-origin iframe (js.stripe.com) that talks to the page only by
 *   postMessage: the host page can never read the card number;
 * - createPaymentMethod and confirmCardPayment call https://api.stripe.com with the publishable
 *   key and the connected account, as Stripe.js does, and resolve { paymentMethod } / { paymentIntent }
 *   or { error: { type, code, decline_code, message } }; requires_action is handled inside
 *   confirmCardPayment with a 3-D Secure challenge frame, then the intent is retrieved again.
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

    var cardValues = {};
    var cards = [];

    function CardElement(opts, group) {
      var handlers = {};
      var frame = null;
      var name = '__privateStripeFrame' + ++frameSeq;
      var state = { complete: false, empty: true };
      var el = {
        _destroyed: false,
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
          frame.title = 'Secure card payment input frame';
          frame.setAttribute('frameborder', '0');
          frame.style.cssText =
            'border:none!important;margin:0!important;padding:0!important;width:100%!important;height:44px!important;display:block!important';
          frame.src =
            ORIGIN +
            '/v3/elements-inner-card-double.html#' +
            encodeURIComponent(JSON.stringify({ name: name, disabled: Boolean(opts && opts.disabled) }));
          var wrapper = document.createElement('div');
          wrapper.className = '__PrivateStripeElement';
          wrapper.appendChild(frame);
          node.appendChild(wrapper);
          frame.addEventListener('load', function () {
            emit('ready', { elementType: 'card' });
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
          if (frame && frame.contentWindow && o && 'disabled' in o)
            frame.contentWindow.postMessage(
              { __stripeDouble: 'disable', disabled: Boolean(o.disabled) },
              ORIGIN,
            );
        },
        clear: function () {
          if (frame && frame.contentWindow)
            frame.contentWindow.postMessage({ __stripeDouble: 'clear' }, ORIGIN);
        },
        focus: function () {},
        blur: function () {},
        unmount: function () {
          if (frame) frame.parentNode.remove();
          frame = null;
        },
        destroy: function () {
          el.unmount();
          el._destroyed = true;
          if (group.card === el) group.card = null;
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
        cardValues = e.data.value;
        state = { complete: e.data.complete, empty: e.data.empty };
        emit('change', {
          elementType: 'card',
          complete: state.complete,
          empty: state.empty,
          brand: 'unknown',
          error: undefined,
        });
      });
      return el;
    }

    function paymentIntentId(clientSecret) {
      if (typeof clientSecret !== 'string' || clientSecret.indexOf('_secret_') < 0) {
        throw IntegrationError(
          'Invalid value for confirmCardPayment: clientSecret should be a client secret of the form ${id}_secret_${secret}.',
        );
      }
      return clientSecret.split('_secret_')[0];
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

    return {
      _registerWrapper: function () {},
      registerAppInfo: function () {},
      elements: function () {
        calls.push(['elements']);
        var group = { card: null };
        return {
          create: function (type, opts) {
            calls.push(['create', type]);
            if (type !== 'card')
              throw IntegrationError('The double only supports the card element (asked for ' + type + ').');
            if (group.card) throw IntegrationError('Can only create one Element of type card.');
            group.card = CardElement(opts, group);
            cards.push(group.card);
            return group.card;
          },
          getElement: function (type) {
            return type === 'card' || (type && type.__elementType === 'card') ? group.card : null;
          },
          update: function () {},
        };
      },
      createToken: function () {
        return Promise.reject(IntegrationError('createToken is not used by InvoicePay'));
      },
      createPaymentMethod: function (params) {
        calls.push(['createPaymentMethod']);
        if (
          !params ||
          params.type !== 'card' ||
          !params.card ||
          cards.indexOf(params.card) < 0 ||
          params.card._destroyed
        ) {
          return Promise.reject(
            IntegrationError('createPaymentMethod: pass { type: "card", card: <the mounted card Element> }.'),
          );
        }
        var v = cardValues;
        if (!v.number)
          return Promise.resolve({
            error: {
              type: 'validation_error',
              code: 'incomplete_number',
              message: 'Your card number is incomplete.',
            },
          });
        var exp = String(v.exp || '').split('/');
        return api('POST', '/v1/payment_methods', {
          type: 'card',
          card: { number: v.number, exp_month: exp[0], exp_year: exp[1], cvc: v.cvc },
          billing_details: params.billing_details,
        }).then(function (r) {
          return r.ok ? { paymentMethod: r.json } : asError(r.json);
        });
      },
      confirmCardPayment: function (clientSecret, data) {
        calls.push(['confirmCardPayment', data && data.payment_method]);
        var id;
        try {
          id = paymentIntentId(clientSecret);
        } catch (e) {
          return Promise.reject(e);
        }
        return api('POST', '/v1/payment_intents/' + id + '/confirm', {
          client_secret: clientSecret,
          payment_method: data && typeof data.payment_method === 'string' ? data.payment_method : undefined,
        }).then(function (r) {
          if (!r.ok) return asError(r.json);
          if (r.json.status === 'requires_action') return challenge(r.json, clientSecret);
          return { paymentIntent: r.json };
        });
      },
    };
  }

  window.Stripe = Stripe;
})();
