/**
 * A post's featured image, or nothing: a URL that no longer answers with an image (moved, deleted,
 * mistyped) leaves no broken-image icon on the card or the post.
 */
import { useState } from 'react';

export function FeaturedImage({ src, className, lazy }: { src: string; className: string; lazy?: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) return null;
  return (
    <img
      className={className}
      src={src}
      alt=""
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      onError={() => setFailed(src)}
    />
  );
}
