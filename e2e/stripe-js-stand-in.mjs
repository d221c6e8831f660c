// A stand-in for Stripe.js, served in browser tests at the URL @stripe/stripe-js loads it
// from (see stripe-js.ts). It is a classic script, not a module: like Stripe.js it only
// sets `window.Stripe`. It implements what the checkout page calls through
// @stripe/react-stripe-js and no more; anything else fails loudly rather than pretending.
//
// Confirming asks https://api.stripe.com (an origin the page's Content-Security-Policy
// allows) to confirm the intent, as Stripe.js does; the test routes that request to the
// fake Stripe, which makes the intent succeed and delivers its webhook to the app.
(() => {
  'use strict';

  const API = 'https://api.stripe.com';

  // The release train this script was asked for ('endive', or 3 for /v3): the loader
  // compares it with the one it expects and warns on a difference.
  const src = document.currentScript?.src ?? '';
  const train = /^https:\/\/js\.stripe\.com\/(v3|[a-z]+)[/?]/.exec(src)?.[1];

  const unsupported = (name) => {
    throw new Error(`The Stripe.js stand-in does not implement ${name}.`);
  };

  /** Adds on/off/once to `owner`, as Stripe's elements have them; returns the emitter. */
  function withEvents(owner) {
    const handlers = new Map();
    owner.on = (event, handler) => {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return owner;
    };
    owner.off = (event, handler) => {
      handlers.set(event, handler ? (handlers.get(event) ?? []).filter((h) => h !== handler) : []);
      return owner;
    };
    owner.once = (event, handler) =>
      owner.on(event, function once(payload) {
        owner.off(event, once);
        handler(payload);
      });
    return (event, payload) => [...(handlers.get(event) ?? [])].forEach((handler) => handler(payload));
  }

  /** A small card-like box where Stripe would put its iframe, already holding a test card. */
  function cardBox() {
    const box = document.createElement('div');
    box.setAttribute('role', 'group');
    box.setAttribute('aria-label', 'Card details');
    box.dataset.testid = 'stripe-payment-element';
    Object.assign(box.style, {
      border: '1px solid #cbd5e1',
      borderRadius: '8px',
      padding: '12px',
      fontFamily: 'monospace',
      fontSize: '14px',
      lineHeight: '1.6',
    });
    for (const text of ['Card number 4242 4242 4242 4242', 'Expiry 12 / 34   CVC 123']) {
      const line = document.createElement('div');
      line.textContent = text;
      box.append(line);
    }
    return box;
  }

  function createPaymentElement(elements, options = {}) {
    const element = { options: { ...options } };
    const emit = withEvents(element);
    let box = null;
    element.mount = (target) => {
      const node = typeof target === 'string' ? document.querySelector(target) : target;
      if (!node) throw new Error(`The Payment Element has nowhere to mount: ${target}`);
      box = cardBox();
      node.append(box);
      // Stripe's iframe reports in once it has loaded, never while mount() runs.
      setTimeout(() => {
        if (!box) return;
        emit('ready', { elementType: 'payment' });
        emit('change', {
          elementType: 'payment',
          empty: false,
          complete: true,
          collapsed: false,
          value: { type: 'card' },
        });
      }, 0);
      return element;
    };
    element.unmount = () => {
      box?.remove();
      box = null;
      return element;
    };
    element.destroy = () => {
      element.unmount();
      elements.created.delete('payment');
    };
    element.update = (changes) => {
      Object.assign(element.options, changes);
      return element;
    };
    element.isMounted = () => box !== null;
    return element;
  }

  function createElements(options = {}) {
    const elements = { options: { ...options }, created: new Map() };
    elements.create = (type, elementOptions) => {
      if (type !== 'payment') unsupported(`elements.create('${type}')`);
      if (elements.created.has(type)) throw new Error('Only one Payment Element can be created.');
      const element = createPaymentElement(elements, elementOptions);
      elements.created.set(type, element);
      return element;
    };
    elements.getElement = (type) => elements.created.get(type) ?? null;
    elements.update = (changes) => void Object.assign(elements.options, changes);
    // The card in the box is always complete: only a missing element is refused.
    elements.submit = async () =>
      elements.created.get('payment')?.isMounted()
        ? { selectedPaymentMethod: 'card' }
        : { error: { type: 'validation_error', message: 'The Payment Element is not mounted.' } };
    return elements;
  }

  async function confirmPayment(key, { elements, clientSecret, confirmParams, redirect } = {}) {
    const secret = clientSecret ?? elements?.options.clientSecret;
    const returnUrl = confirmParams?.return_url;
    if (!elements || !secret) throw new Error('confirmPayment needs `elements` created with a clientSecret.');
    if (!returnUrl) throw new Error('confirmPayment needs confirmParams.return_url.');
    if (redirect && redirect !== 'always') unsupported(`confirmPayment with redirect: '${redirect}'`);
    const submitted = await elements.submit();
    if (submitted.error) return submitted;

    const intent = secret.split('_secret_')[0];
    const response = await fetch(`${API}/v1/payment_intents/${encodeURIComponent(intent)}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({ client_secret: secret, return_url: returnUrl, key }),
    });
    const answer = await response.json();
    if (!response.ok) return { error: answer.error ?? { type: 'api_error', message: 'Confirming failed.' } };

    // As Stripe does: back to the site, with what the completion page reads.
    const back = new URL(returnUrl);
    back.searchParams.set('payment_intent', intent);
    back.searchParams.set('payment_intent_client_secret', secret);
    back.searchParams.set('redirect_status', 'succeeded');
    window.location.assign(back.toString());
    // The page is leaving: like Stripe.js, never settle.
    return new Promise(() => {});
  }

  function Stripe(key, options = {}) {
    if (typeof key !== 'string' || !key.startsWith('pk_')) throw new Error('Stripe() needs a publishable key.');
    return {
      options,
      elements: createElements,
      confirmPayment: (params) => confirmPayment(key, params),
      // How the wrapping libraries introduce themselves; Stripe.js only reports them home.
      _registerWrapper: () => {},
      registerAppInfo: () => {},
      // @stripe/react-stripe-js recognises a Stripe object by these; the app never calls them.
      createToken: () => unsupported('createToken'),
      createPaymentMethod: () => unsupported('createPaymentMethod'),
      confirmCardPayment: () => unsupported('confirmCardPayment'),
    };
  }
  Stripe.version = train === 'v3' ? 3 : train;

  window.Stripe = Stripe;
})();
