/**
 * `/blog/{slug}` (spec §2 "Blog post"): the post with its image, tags, title, author, long US date,
 * summary quote, content (rewritten per spec §5, then sanitised in the browser) and share links.
 * A missing post, a draft and a load error all show 'Blog post not found' (spec §8).
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { PageLayout, Spinner } from '../../shared/PageLayout.tsx';
import { useProductName } from '../../shared/public-config.ts';
import './blog.css';
import { FeaturedImage } from './FeaturedImage.tsx';
import { TagList } from './TagList.tsx';
import { fetchBlogPost, type BlogPost } from './blog-api.ts';
import { postDescription } from '../../../../core/blog-text.ts';
import { formatBlogDate, shareLinks } from './format.ts';
import { rewriteBlogHtml } from './rewrite-html.ts';
import { sanitizeForDisplay } from './sanitize-dom.ts';

type State = { kind: 'loading' } | { kind: 'ready'; post: BlogPost } | { kind: 'missing' };

export function BlogPostPage() {
  const { slug = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    fetchBlogPost(slug, controller.signal)
      .then((post) => setState(post ? { kind: 'ready', post } : { kind: 'missing' }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: 'missing' });
      });
    return () => controller.abort();
  }, [slug]);

  return (
    <PageLayout showContact>
      <div className="container blog">
        {state.kind === 'loading' && <Spinner label="Loading blog post" />}
        {state.kind === 'missing' && <PostNotFound />}
        {state.kind === 'ready' && <Post post={state.post} />}
      </div>
    </PageLayout>
  );
}

function PostNotFound() {
  const productName = useProductName();
  useDocumentMeta({ title: `Blog post not found | ${productName}` });
  return (
    <div className="centered-panel">
      <h1>Blog post not found</h1>
      <p>The blog post you're looking for doesn't exist or has been removed.</p>
      <div className="actions">
        <Link className="button" to="/blog">
          Return to Blog
        </Link>
      </div>
    </div>
  );
}

function Post({ post }: { post: BlogPost }) {
  const productName = useProductName();
  const html = useMemo(() => sanitizeForDisplay(rewriteBlogHtml(post.content)), [post.content]);
  const url = `${location.origin}/blog/${encodeURIComponent(post.slug)}`;
  const share = shareLinks(post.title, url);
  useDocumentMeta({
    title: `${post.title} | ${productName}`,
    description: postDescription(post.summary, post.content),
    type: 'article',
    image: post.image_url,
    url,
    publishedTime: post.published_at,
  });

  return (
    <article className="blog-post narrow">
      <Link className="blog-post__back" to="/blog">
        ← Back to Blog
      </Link>
      {post.image_url && <FeaturedImage className="blog-post__image" src={post.image_url} />}
      <TagList tags={post.tags} />
      <h1 className="blog-post__title">{post.title}</h1>
      <p className="blog-post__meta">
        {post.author && <span>By {post.author}</span>}
        {post.author && post.published_at && <span aria-hidden="true"> · </span>}
        {post.published_at && <time dateTime={post.published_at}>{formatBlogDate(post.published_at)}</time>}
      </p>
      {post.summary && (
        <blockquote className="blog-post__summary">
          <p>{post.summary}</p>
        </blockquote>
      )}
      <div className="blog-content" dangerouslySetInnerHTML={{ __html: html }} />
      <aside className="blog-post__share" aria-label="Share this post">
        <span>Share:</span>
        <a href={share.twitter} target="_blank" rel="noopener noreferrer">
          Share on Twitter
        </a>
        <a href={share.linkedin} target="_blank" rel="noopener noreferrer">
          Share on LinkedIn
        </a>
      </aside>
    </article>
  );
}
