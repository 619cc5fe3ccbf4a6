import { useState } from 'react';
import { siteOf } from '@/lib/page/site-name';

interface Props {
  title: string;
  url: string;
  image: string | null;
  /** The site's own name when the page gave one; otherwise its host is shown. */
  siteName?: string | null;
  mediaType?: string;
}

/** What the gem will look like in the library: thumbnail, title, site (and type). */
export function PreviewCard({ title, url, image, siteName, mediaType }: Props) {
  // An image that fails to load shows the placeholder instead of a broken-image icon.
  const [brokenImage, setBrokenImage] = useState<string | null>(null);
  const site = siteName || siteOf(url);
  return (
    <div className="preview-card">
      {image && image !== brokenImage ? (
        <img src={image} alt="" className="preview-image" onError={() => setBrokenImage(image)} />
      ) : (
        <div className="preview-image preview-placeholder" aria-hidden="true">
          {site.charAt(0).toUpperCase()}
        </div>
      )}
      <div className="preview-text">
        <p className="preview-title">{title.trim() || 'Untitled'}</p>
        <p className="preview-site" title={url}>
          {site}
          {mediaType && <span className="preview-type"> · {mediaType}</span>}
        </p>
      </div>
    </div>
  );
}
