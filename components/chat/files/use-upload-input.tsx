import { type ReactNode, useRef } from 'react';
import { acceptList, type ChatFiles } from './use-chat-files';

/** A hidden multi-file input in the model's formats, and `open` to show the browser's file picker. */
export function useUploadInput(files: ChatFiles): { open: () => void; input: ReactNode } {
  const ref = useRef<HTMLInputElement>(null);
  const input = files.model ? (
    <input
      ref={ref}
      type="file"
      multiple
      hidden
      accept={acceptList(files.model)}
      data-testid="chat-file-input"
      onChange={(event) => {
        const chosen = [...(event.target.files ?? [])];
        event.target.value = '';
        void files.upload(chosen);
      }}
    />
  ) : null;
  return { open: () => ref.current?.click(), input };
}
