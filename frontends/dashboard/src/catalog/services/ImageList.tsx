import { useState, type KeyboardEvent } from 'react';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import { ImageUpload } from '../images/ImageUpload';
import { imageMessages } from '../images/messages';
import { isImageUrl } from '../images/url';
import { serviceMessages as m } from './messages';
import { SortableList } from './SortableList';

export interface ImageListProps {
  merchantId: string;
  value?: string[];
  onChange?(value: string[]): void;
}

interface Entry {
  id: string;
  url: string;
  index: number;
}

/** Stable ids for dragging, though a URL may be listed twice. */
function entries(urls: readonly string[]): Entry[] {
  const seen = new Map<string, number>();
  return urls.map((url, index) => {
    const n = (seen.get(url) ?? 0) + 1;
    seen.set(url, n);
    return { id: `${url}#${n}`, url, index };
  });
}

/** A service's images (seed 001 §2): drag to reorder, remove, add by URL or upload (docs/media-api.md). */
export function ImageList({ merchantId, value = [], onChange }: ImageListProps) {
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState('');

  const add = () => {
    const url = draft.trim();
    if (!isImageUrl(url)) {
      setDraftError(imageMessages.urlInvalid);
      return;
    }
    onChange?.([...value, url]);
    setDraft('');
    setDraftError('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the URL rather than submitting the service.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <fieldset style={{ border: 0, padding: 0, margin: '0 0 24px' }}>
      <legend style={{ fontSize: 14, marginBottom: 8, color: '#111827', border: 0 }}>Images</legend>
      {value.length === 0 ? (
        <p style={{ color: '#4b5563', margin: 0 }}>{m.noImages}</p>
      ) : (
        <SortableList
          items={entries(value)}
          idOf={(entry) => entry.id}
          nameOf={(entry) => `image ${entry.index + 1}`}
          onReorder={(moved) => onChange?.(moved.map((entry) => entry.url))}
          label="Images"
          className="sv-images"
          itemTestId="image-row"
          renderItem={(entry) => (
            <>
              <img className="ls-thumb" src={entry.url} alt="" loading="lazy" />
              <span className="sv-url" title={entry.url}>
                {entry.url}
              </span>
              <Button onClick={() => onChange?.(value.filter((_, i) => i !== entry.index))} aria-label={`Remove image ${entry.index + 1}`}>
                Remove
              </Button>
            </>
          )}
        />
      )}
      <div className="sv-add">
        <Input
          style={{ flex: '1 1 260px' }}
          aria-label="Image URL"
          placeholder="https://…"
          inputMode="url"
          value={draft}
          status={draftError ? 'error' : ''}
          aria-invalid={draftError !== ''}
          aria-describedby={draftError ? 'image-url-error' : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button onClick={add}>{m.addImage}</Button>
        <ImageUpload merchantId={merchantId} onUploaded={(url) => onChange?.([...value, url])} />
      </div>
      {draftError && (
        <p id="image-url-error" role="alert" style={{ color: '#b42318', margin: '4px 0 0' }}>
          {draftError}
        </p>
      )}
    </fieldset>
  );
}
