import { useCallback, useEffect, useRef, useState } from 'react';
import { unwrap, useBackground } from '../app/background-context';
import { attachmentProblem, readAsDataUrl } from './attachments';

export interface Attachment {
  key: string;
  name: string;
  previewUrl: string;
  status: 'uploading' | 'uploaded' | 'failed';
  link?: string;
  uploadId?: number;
  error?: string;
}

/**
 * Bug-report images: each accepted file uploads at once (so Submit only sends links), a failed
 * upload can be retried, and removing an uploaded image deletes it from the server.
 */
export function useAttachmentUploads() {
  const background = useBackground();
  const [items, setItems] = useState<Attachment[]>([]);
  const [rejected, setRejected] = useState<string[]>([]);
  const files = useRef(new Map<string, File>());
  const nextKey = useRef(1);

  const patch = useCallback((key: string, change: Partial<Attachment>) => {
    setItems((list) => list.map((a) => (a.key === key ? { ...a, ...change } : a)));
  }, []);

  const upload = useCallback(
    async (key: string) => {
      const file = files.current.get(key);
      if (!file) return;
      patch(key, { status: 'uploading', error: undefined });
      try {
        const { link, upload } = unwrap(
          await background.uploadFeedbackImage({ name: file.name, dataUrl: await readAsDataUrl(file) }),
        );
        // Removed (or the dialog closed) while it was uploading: the server copy is not wanted either.
        if (files.current.get(key) !== file) {
          void background.deleteUploadedImage({ id: upload.id });
          return;
        }
        patch(key, { status: 'uploaded', link, uploadId: upload.id });
      } catch (error) {
        patch(key, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
      }
    },
    [background, patch],
  );

  const add = useCallback(
    async (incoming: File[]) => {
      const problems: string[] = [];
      for (const file of incoming) {
        const problem = await attachmentProblem(file);
        if (problem) {
          problems.push(problem);
          continue;
        }
        const key = `a${nextKey.current++}`;
        files.current.set(key, file);
        setItems((list) => [
          ...list,
          { key, name: file.name, previewUrl: URL.createObjectURL(file), status: 'uploading' },
        ]);
        void upload(key);
      }
      setRejected(problems);
    },
    [upload],
  );

  const remove = useCallback(
    async (key: string) => {
      const item = items.find((a) => a.key === key);
      if (!item) return;
      if (item.uploadId !== undefined) {
        const result = await background.deleteUploadedImage({ id: item.uploadId });
        if (!result.ok && result.error.kind !== 'not-found') {
          patch(key, { error: result.error.message });
          return;
        }
      }
      URL.revokeObjectURL(item.previewUrl);
      files.current.delete(key);
      setItems((list) => list.filter((a) => a.key !== key));
    },
    [background, items, patch],
  );

  /** Forgets the images after a successful submit (they now belong to the report). */
  const reset = useCallback(() => {
    setItems((list) => {
      for (const a of list) URL.revokeObjectURL(a.previewUrl);
      return [];
    });
    files.current.clear();
    setRejected([]);
  }, []);

  /** The dialog is abandoned: its uploaded images are deleted from the server, nothing is kept. */
  const discard = useCallback(() => {
    for (const a of items) if (a.uploadId !== undefined) void background.deleteUploadedImage({ id: a.uploadId });
    reset();
  }, [background, items, reset]);

  useEffect(() => () => files.current.clear(), []);

  return {
    items,
    rejected,
    add,
    remove,
    retry: upload,
    reset,
    discard,
    failed: items.some((a) => a.status === 'failed'),
    uploading: items.some((a) => a.status === 'uploading'),
    links: items.flatMap((a) => (a.status === 'uploaded' && a.link ? [a.link] : [])),
  };
}
