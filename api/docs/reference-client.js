/*
 * The API reference's one script (/api/docs/reference.js, served from our origin so the page's
 * Content-Security-Policy holds): search over operations, events and schemas; copy buttons for the
 * curl commands; and, on a sandbox server, the try-it forms (requests to this same server with the
 * key typed at the top, kept in this page only). The page is complete without it.
 */
(() => {
  const q = document.getElementById('q');
  const count = document.getElementById('q-count');
  const items = Array.from(document.querySelectorAll('main [data-s]'));

  function filter() {
    const terms = q.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const item of items) {
      const hit = terms.every((t) => item.dataset.s.includes(t));
      item.hidden = !hit;
      if (hit) shown++;
      const entry = document.querySelector(`nav li[data-for="${item.id}"]`);
      if (entry) entry.hidden = !hit;
    }
    for (const tag of document.querySelectorAll('.tagsec'))
      tag.hidden = !tag.querySelector('.op:not([hidden])');
    for (const list of document.querySelectorAll('nav ul')) {
      const empty = !list.querySelector('li:not([hidden])');
      list.hidden = empty;
      const heading = list.previousElementSibling;
      if (heading && heading.tagName === 'H3') heading.hidden = empty;
    }
    count.textContent = terms.length ? `${shown} match${shown === 1 ? '' : 'es'}` : '';
  }
  if (q) q.addEventListener('input', filter);

  document.addEventListener('click', (event) => {
    const button = event.target.closest('[data-copy]');
    if (!button) return;
    const text = button.parentElement.querySelector('code').textContent;
    navigator.clipboard.writeText(text).then(
      () => {
        button.textContent = 'Copied';
        setTimeout(() => (button.textContent = 'Copy'), 1500);
      },
      () => (button.textContent = 'Select and copy'),
    );
  });

  document.addEventListener('submit', async (event) => {
    const form = event.target.closest('form[data-try]');
    if (!form) return;
    event.preventDefault();
    const out = form.querySelector('output');
    const data = new FormData(form);
    let path = form.dataset.path;
    const query = new URLSearchParams();
    const headers = {};
    for (const [name, value] of data) {
      if (name === 'body' || value === '') continue;
      const [where, key] = [name.slice(0, name.indexOf(':')), name.slice(name.indexOf(':') + 1)];
      if (where === 'path') path = path.replace(`{${key}}`, encodeURIComponent(value));
      else if (where === 'query') query.set(key, value);
      else if (where === 'header') headers[key] = value;
    }
    const key = document.getElementById('try-key')?.value.trim();
    if (key) headers.Authorization = `Bearer ${key}`;
    const body = data.get('body');
    if (typeof body === 'string' && body.trim()) headers['Content-Type'] = 'application/json';
    const url = path + (query.size ? `?${query}` : '');
    out.textContent = `${form.dataset.method} ${url} …`;
    try {
      const res = await fetch(url, {
        method: form.dataset.method,
        headers,
        body: typeof body === 'string' && body.trim() ? body : undefined,
        credentials: 'omit',
      });
      const text = await res.text();
      let shown = text;
      try {
        shown = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        /* not JSON: shown as it came */
      }
      out.textContent = `${res.status} ${res.statusText}\n${shown}`;
    } catch (err) {
      out.textContent = `The request failed: ${err.message}`;
    }
  });
})();
