/**
 * The blog's display rewriting (spec §5): styling classes, empty paragraphs removed, one unclosed
 * trailing tag closed, blank-line runs collapsed; plus the share links, long US dates and meta
 * descriptions the post page prints.
 */
import { describe, expect, it } from 'vitest';
import { postDescription as describePost } from '../../core/blog-text.ts';
import { formatBlogDate, shareLinks } from '../../site/src/features/blog/format.ts';
import { rewriteBlogHtml } from '../../site/src/features/blog/rewrite-html.ts';

describe('rewriteBlogHtml', () => {
  it('adds a styling class to content elements, without confusing <p> with <pre>', () => {
    expect(
      rewriteBlogHtml('<h2>Title</h2><p>Text <a href="https://x.example">link</a></p><pre>code</pre>'),
    ).toBe(
      '<h2 class="blog-h2">Title</h2><p class="blog-p">Text <a class="blog-a" href="https://x.example">link</a></p><pre class="blog-pre">code</pre>',
    );
    expect(rewriteBlogHtml('<UL><LI>a</LI></UL><img src="https://x.example/a.png" />')).toBe(
      '<UL class="blog-ul"><LI class="blog-li">a</LI></UL><img class="blog-img" src="https://x.example/a.png" />',
    );
    expect(rewriteBlogHtml('<span>plain</span><strong>bold</strong>')).toBe(
      '<span>plain</span><strong>bold</strong>',
    );
  });

  it('removes empty paragraphs, including ones holding only spaces, &nbsp; or <br>', () => {
    expect(
      rewriteBlogHtml('<p>one</p><p></p><p>  </p><p>&nbsp;</p><p><br></p><p class="x"> <br/> </p><p>two</p>'),
    ).toBe('<p class="blog-p">one</p><p class="blog-p">two</p>');
  });

  it('closes one unclosed trailing tag and drops a cut-off tag at the end', () => {
    expect(rewriteBlogHtml('<p>one</p><p>two')).toBe('<p class="blog-p">one</p><p class="blog-p">two</p>');
    expect(rewriteBlogHtml('<p>one</p><p>two <strong>bold')).toBe(
      '<p class="blog-p">one</p><p class="blog-p">two <strong>bold</strong>',
    );
    expect(rewriteBlogHtml('<p>cut <a href="https://x.exa')).toBe('<p class="blog-p">cut </p>');
    expect(rewriteBlogHtml('<p>ok<br><img src="https://x.example/a.png"></p>')).toBe(
      '<p class="blog-p">ok<br><img class="blog-img" src="https://x.example/a.png"></p>',
    );
  });

  it('collapses runs of blank lines, but not inside <pre>', () => {
    expect(rewriteBlogHtml('<p>a</p>\n\n\n  \n<p>b</p>\r\n\r\n<p>c</p>')).toBe(
      '<p class="blog-p">a</p>\n<p class="blog-p">b</p>\n<p class="blog-p">c</p>',
    );
    expect(rewriteBlogHtml('<pre>line 1\n\n\nline 2</pre>\n\n<p>x</p>')).toBe(
      '<pre class="blog-pre">line 1\n\n\nline 2</pre>\n<p class="blog-p">x</p>',
    );
  });
});

describe('blog display helpers', () => {
  it('prints the long US date', () => {
    expect(formatBlogDate('2026-11-22T12:00:00.000Z')).toBe('November 22, 2026');
    expect(formatBlogDate(null)).toBe('');
    expect(formatBlogDate('not a date')).toBe('');
  });

  it('builds share links carrying the title and the URL', () => {
    const links = shareLinks('Paid & happy', 'https://pay.example/blog/paid?x=1');
    expect(new URL(links.twitter).searchParams.get('text')).toBe('Paid & happy');
    expect(new URL(links.twitter).searchParams.get('url')).toBe('https://pay.example/blog/paid?x=1');
    expect(new URL(links.linkedin).searchParams.get('title')).toBe('Paid & happy');
    expect(new URL(links.linkedin).searchParams.get('url')).toBe('https://pay.example/blog/paid?x=1');
  });

  it('describes a post by its summary, or by the start of its text', () => {
    expect(describePost('  A summary. ', '<p>x</p>')).toBe('A summary.');
    expect(describePost(null, '<h2>Heading</h2><p>Body&nbsp;text</p>')).toBe('Heading Body text');
    expect(describePost(null, `<p>${'word '.repeat(60)}</p>`)).toMatch(/^(word ){30}word\.\.\.$/);
  });
});
