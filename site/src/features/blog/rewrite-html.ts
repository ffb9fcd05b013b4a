/**
 * The spec's display rewriting of blog HTML (§5 "Blog HTML on display"): styling classes on the
 * content's elements, empty paragraphs removed, one unclosed trailing tag closed, runs of blank
 * lines collapsed. Pure string work (no DOM), so it is unit-tested in Node; the result is then
 * sanitised in the browser (`sanitize-dom.ts`) before it is rendered.
 */

/** Elements that get a `blog-{tag}` class, styled by blog.css. */
const STYLED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'img',
  'pre',
  'code',
  'table',
  'th',
  'td',
  'figure',
  'figcaption',
  'hr',
];
const STYLED = new RegExp(`<(${STYLED_TAGS.join('|')})(?=[\\s>/])`, 'gi');

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

const EMPTY_PARAGRAPH = /<p(?:\s[^>]*)?>(?:\s|&nbsp;|&#160;|<br\s*\/?>)*<\/p>/gi;
const BLANK_LINE_RUN = /\n[ \t]*(?:\n[ \t]*)+/g;

/** Blank-line runs become one newline, except inside <pre>, where whitespace is content. */
function collapseBlankLines(html: string): string {
  return html
    .split(/(<pre[\s>][\s\S]*?<\/pre>)/i)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(BLANK_LINE_RUN, '\n')))
    .join('');
}

/** Close the innermost element still open at the end (one only), and drop a cut-off tag. */
function closeTrailingTag(html: string): string {
  let text = html.replace(/<[^>]*$/, '');
  const stack: string[] = [];
  for (const match of text.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(\/?)>/g)) {
    const [, closing, rawName, selfClosing] = match;
    const name = rawName.toLowerCase();
    if (VOID.has(name) || selfClosing) continue;
    if (!closing) stack.push(name);
    else {
      const at = stack.lastIndexOf(name);
      if (at !== -1) stack.splice(at);
    }
  }
  const open = stack.pop();
  if (open) text += `</${open}>`;
  return text;
}

/**
 * @example
 * rewriteBlogHtml('<h2>Hi</h2>\n\n\n<p></p><p>Text');
 * // '<h2 class="blog-h2">Hi</h2>\n<p class="blog-p">Text</p>'
 */
export function rewriteBlogHtml(html: string): string {
  let out = collapseBlankLines(html.replace(/\r\n?/g, '\n'));
  out = out.replace(EMPTY_PARAGRAPH, '');
  out = closeTrailingTag(out);
  out = out.replace(STYLED, (_m, tag: string) => `<${tag} class="blog-${tag.toLowerCase()}"`);
  return out.trim();
}
