import { useRef } from 'react';
import type { UserModel } from '@/lib/api/ai-contract';
import { Menu } from '../../ui/Menu';
import { MenuItem } from '../../ui/MenuItem';
import type { DrawerName } from '../atoms';
import { acceptList, type ChatFiles } from '../files/use-chat-files';
import { PaperclipIcon } from '../icons';

interface AttachmentMenuProps {
  /** Upload from device, when the chosen model takes files. */
  upload?: { model: UserModel; files: ChatFiles };
  onOpenDrawer: (name: DrawerName) => void;
}

/** The Attachment menu (spec §2): prompts, brand voice, agents, files from the device, gems and collections. */
export function AttachmentMenu({ upload, onOpenDrawer }: AttachmentMenuProps) {
  const input = useRef<HTMLInputElement>(null);
  const uploading = upload?.files.uploading ?? 0;
  return (
    <>
      <Menu
        label={uploading ? `Uploading ${uploading} files…` : 'Attach'}
        triggerContent={<PaperclipIcon />}
        triggerClassName="ui-button ui-button-ghost ui-button-md ui-icon-button"
      >
        <MenuItem label="Select Prompt" onSelect={() => onOpenDrawer('prompts')} />
        <MenuItem label="Select Brand Voice" onSelect={() => onOpenDrawer('voices')} />
        <MenuItem label="Select Agents" onSelect={() => onOpenDrawer('voices')} />
        {upload ? (
          <MenuItem label="Upload from device" disabled={uploading > 0} onSelect={() => input.current?.click()} />
        ) : null}
        <MenuItem label="Select gems/collections" onSelect={() => onOpenDrawer('bookmarks')} />
      </Menu>
      {upload ? (
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={acceptList(upload.model)}
          data-testid="chat-file-input"
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            event.target.value = '';
            void upload.files.upload(chosen);
          }}
        />
      ) : null}
    </>
  );
}
