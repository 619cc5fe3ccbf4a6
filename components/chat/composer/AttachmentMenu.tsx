import { useRef } from 'react';
import type { UserModel } from '@/lib/api/ai-contract';
import { IconButton } from '../../ui/IconButton';
import { PaperclipIcon } from '../icons';
import { acceptList, type ChatFiles } from './use-chat-files';

/** Upload from device: several files, in the model's formats. */
export function AttachFilesButton({ model, files }: { model: UserModel; files: ChatFiles }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <IconButton
        label={files.uploading ? `Uploading ${files.uploading} files…` : 'Attach files'}
        icon={<PaperclipIcon />}
        disabled={files.uploading > 0}
        onClick={() => input.current?.click()}
      />
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={acceptList(model)}
        data-testid="chat-file-input"
        onChange={(event) => {
          const chosen = [...(event.target.files ?? [])];
          event.target.value = '';
          void files.upload(chosen);
        }}
      />
    </>
  );
}
