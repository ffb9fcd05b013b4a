/** `/blog`: published posts, newest first (spec §2 "Blog list"). */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { PageLayout, Spinner } from '../../shared/PageLayout.tsx';
import { useProductName } from '../../shared/public-config.ts';
import './blog.css';
import { FeaturedImage } from './FeaturedImage.tsx';
import { TagList } from './TagList.tsx';
import { fetchBlogList, type BlogSummary } from './blog-api.ts';
import { formatBlogDate } from './format.ts';

type State = { kind: 'loading' } | { kind: 'ready'; posts: BlogSummary[] } | { kind: 'error' };

export function BlogListPage() {
  const productName = useProductName();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useDocumentMeta({
    title: `Blog | ${productName}`,
    description: `Cash flow, card payments and getting paid faster: articles for trade suppliers from ${productName}.`,
  });

  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    fetchBlogList(controller.signal)
      .then((posts) => setState({ kind: 'ready', posts }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ kind: 'error' });
      });
    return () => controller.abort();
  }, [attempt]);

  return (
    <PageLayout>
      <div className="container blog">
        <header className="blog__intro">
          <h1>Blog</h1>
          <p>
            Getting paid faster on trade invoices: cash flow, card payments and accounting tips for suppliers.
          </p>
        </header>
        {state.kind === 'loading' && <Spinner label="Loading blog posts" />}
        {state.kind === 'error' && (
          <div className="alert alert--error" role="alert">
            <p>We couldn't load the blog right now.</p>
            <button type="button" className="button button--small" onClick={() => setAttempt((a) => a + 1)}>
              Try again
            </button>
          </div>
        )}
        {state.kind === 'ready' && state.posts.length === 0 && (
          <p className="blog__empty">No blog posts yet. Check back soon!</p>
        )}
        {state.kind === 'ready' && state.posts.length > 0 && (
          <ul className="blog-list">
            {state.posts.map((post) => (
              <li key={post.id}>
                <article className="blog-card">
                  {post.image_url && <FeaturedImage className="blog-card__image" src={post.image_url} lazy />}
                  <div className="blog-card__body">
                    <TagList tags={post.tags} />
                    <h2 className="blog-card__title">
                      <Link to={`/blog/${encodeURIComponent(post.slug)}`}>{post.title}</Link>
                    </h2>
                    <p className="blog-card__meta">
                      {post.author && <span>{post.author}</span>}
                      {post.author && post.published_at && <span aria-hidden="true"> · </span>}
                      {post.published_at && (
                        <time dateTime={post.published_at}>{formatBlogDate(post.published_at)}</time>
                      )}
                    </p>
                    {post.summary && <p className="blog-card__summary">{post.summary}</p>}
                    <Link className="blog-card__more" to={`/blog/${encodeURIComponent(post.slug)}`}>
                      Read More<span className="visually-hidden">: {post.title}</span>
                    </Link>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </PageLayout>
  );
}
