/**
 * The browser's own sanitiser for blog HTML, run just before rendering (defence in depth: the
 * server already sanitised it on save). It parses with DOMParser, which never runs scripts or loads
 * resources, then keeps only allowlisted elements and attributes: scripts, frames, objects, embeds,
 * SVG/MathML and forms are dropped with their content; unknown elements are unwrapped; every
 * `on*` attribute and every URL that is not http(s), mailto or tel (e.g. `javascript:`) is removed.
 */

const ALLOWED: Record<string, readonly string[]> = {
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  p: [],
  br: [],
  hr: [],
  blockquote: [],
  pre: [],
  code: [],
  ul: [],
  ol: ['start'],
  li: [],
  dl: [],
  dt: [],
  dd: [],
  figure: [],
  figcaption: [],
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  mark: [],
  small: [],
  sub: [],
  sup: [],
  abbr: ['title'],
  cite: [],
  q: [],
  span: [],
  div: [],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};

/** Removed together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
  'noembed',
  'svg',
  'math',
  'form',
  'textarea',
  'select',
  'button',
  'input',
  'link',
  'meta',
  'base',
  'title',
  'head',
  'audio',
  'video',
  'source',
  'track',
  'canvas',
  'portal',
]);

const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const IMAGE_SCHEMES = new Set(['http:', 'https:']);
/** Classes the display rewriting adds; any other class is dropped. */
const CLASS_PATTERN = /^blog-[a-z0-9-]+$/;

function safeUrl(value: string, schemes: Set<string>, base: string): boolean {
  // Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:").
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (compact === '') return false;
  try {
    return schemes.has(new URL(compact, base).protocol);
  } catch {
    return false;
  }
}

function cleanElement(el: Element, base: string): void {
  const tag = el.tagName.toLowerCase();
  const allowed = ALLOWED[tag] ?? [];
  for (const attr of Array.from(el.attributes)) {
    const name = attr.name.toLowerCase();
    let keep = allowed.includes(name);
    if (name === 'class')
      keep = attr.value
        .split(/\s+/)
        .filter(Boolean)
        .every((c) => CLASS_PATTERN.test(c));
    if (keep && name === 'href') keep = safeUrl(attr.value, LINK_SCHEMES, base);
    if (keep && name === 'src') keep = safeUrl(attr.value, IMAGE_SCHEMES, base);
    if (!keep) el.removeAttribute(attr.name);
  }
  if (tag === 'a') {
    if (el.hasAttribute('href')) {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  }
  if (tag === 'img') {
    if (!el.hasAttribute('src')) el.remove();
    // An author's image without a text alternative is treated as decorative, not read out as a file name.
    else if (!el.hasAttribute('alt')) el.setAttribute('alt', '');
  }
}

function walk(parent: Element | DocumentFragment, base: string): void {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.COMMENT_NODE || node.nodeType === Node.PROCESSING_INSTRUCTION_NODE) {
      node.remove();
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const el = node as Element;
    const tag = el.tagName.toLowerCase();
    if (DROP_WITH_CONTENT.has(tag) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
      el.remove();
      continue;
    }
    walk(el, base);
    if (!(tag in ALLOWED)) {
      el.replaceWith(...Array.from(el.childNodes));
      continue;
    }
    cleanElement(el, base);
  }
}

/**
 * Sanitise HTML for `dangerouslySetInnerHTML`.
 *
 * @example sanitizeForDisplay('<img src=x onerror=alert(1)><p>ok</p>') // '<img src="x"><p>ok</p>' (relative src kept)
 */
export function sanitizeForDisplay(html: string, base: string = location.href): string {
  const doc = new DOMParser().parseFromString(
    `<!doctype html><html><body>${html}</body></html>`,
    'text/html',
  );
  walk(doc.body, base);
  return doc.body.innerHTML;
}
