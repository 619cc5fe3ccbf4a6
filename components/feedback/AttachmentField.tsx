import { type DragEvent, useRef, useState } from 'react';
import { Spinner } from '../ui/Spinner';
import { ACCEPT_ATTRIBUTE } from './attachments';
import type { Attachment } from './use-attachment-uploads';

interface Props {
  items: Attachment[];
  rejected: string[];
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  onRetry: (key: string) => void;
}

/** Images for a bug report: drop them or browse; each shows a preview, its upload state, and remove. */
export function AttachmentField({ items, rejected, onAdd, onRemove, onRetry }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    onAdd([...event.dataTransfer.files]);
  };

  return (
    <div className="attachments">
      <section
        aria-label="Attachment drop zone"
        className={dragging ? 'dropzone dragging' : 'dropzone'}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        Drop images here or{' '}
        <button type="button" className="link-button" onClick={() => input.current?.click()}>
          browse
        </button>
        <input
          ref={input}
          id="report-attachments"
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          hidden
          onChange={(e) => {
            onAdd([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <span className="hint">JPG, PNG, GIF, JPEG or WEBP</span>
      </section>
      {rejected.map((message, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: messages of one drop, replaced as a whole
        <p key={i} className="field-error" role="alert">
          {message}
        </p>
      ))}
      {items.length > 0 && (
        <ul className="thumbs" aria-label="Attached images">
          {items.map((a) => (
            <li key={a.key} className={`thumb thumb-${a.status}`}>
              <img src={a.previewUrl} alt={a.name} />
              {a.status === 'uploading' && <Spinner label={`Uploading ${a.name}`} />}
              {a.status === 'failed' && (
                <button type="button" onClick={() => onRetry(a.key)} aria-label={`Retry uploading ${a.name}`}>
                  Retry
                </button>
              )}
              <button type="button" className="remove" onClick={() => onRemove(a.key)} aria-label={`Remove ${a.name}`}>
                ×
              </button>
              {a.error && <span className="field-error">{a.error}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
