import { useParams } from 'react-router';
import { PagerFooter, formatDateTime } from '@seatside/ui/src/lists';
import { usePageTitle } from '@seatside/ui/src/title';
import type { MediaObject } from './api';
import { fileNameOf, formatKb, isImageKey } from './format';
import { galleryMessages as m } from './messages';
import { useObjects } from './useObjects';
import './styles';

function FileIcon() {
  return (
    <svg width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
      <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
      <path d="M14 3v6h6" />
    </svg>
  );
}

function GalleryItem({ object }: { object: MediaObject }) {
  const name = fileNameOf(object.key);
  return (
    <li className="gal-item" data-testid="gallery-item">
      {/* The name below says what it is: the link and image need no words of their own. */}
      <a className="gal-thumb" href={object.url} target="_blank" rel="noreferrer" aria-label={`Open ${name}`}>
        {isImageKey(object.key) ? <img src={object.url} alt="" loading="lazy" /> : <FileIcon />}
      </a>
      <div className="gal-meta">
        <span className="gal-name" title={object.key}>
          {name}
        </span>
        <span className="gal-sub" data-testid="gallery-size">
          {formatKb(object.size)}
        </span>
        <span className="gal-sub">{formatDateTime(object.lastModified)}</span>
      </div>
    </li>
  );
}

/** Seed 001 §2: the media library, a grid of the merchant's uploaded objects, newest first. */
export default function Gallery() {
  usePageTitle(m.title);
  const { merchantId = '' } = useParams();
  const objects = useObjects(merchantId);
  const items = objects.answer?.data ?? [];
  const paged = objects.hasPrevious || Boolean(objects.answer?.nextCursor);
  return (
    <section aria-labelledby="gallery-title" aria-busy={objects.loading}>
      <div className="gal-head">
        <h1 id="gallery-title">{m.title}</h1>
      </div>
      {objects.loading && items.length === 0 ? (
        <p className="gal-empty">{m.loading}</p>
      ) : items.length === 0 ? (
        <p className="gal-empty">{m.empty}</p>
      ) : (
        <ul className="gal-grid" aria-label="Uploaded files">
          {items.map((object) => (
            <GalleryItem key={object.key} object={object} />
          ))}
        </ul>
      )}
      {paged && <PagerFooter {...objects} onPrevious={objects.previous} onNext={objects.next} />}
    </section>
  );
}
