import { Menu } from '../../ui/Menu';
import { MenuItem } from '../../ui/MenuItem';
import type { DrawerName } from '../atoms';
import type { ChatFiles } from '../files/use-chat-files';
import { useUploadInput } from '../files/use-upload-input';
import { PaperclipIcon } from '../icons';

interface AttachmentMenuProps {
  files: ChatFiles;
  onOpenDrawer: (name: DrawerName) => void;
}

/** The Attachment menu: prompts, brand voice, agents, files from the device, gems and collections. */
export function AttachmentMenu({ files, onOpenDrawer }: AttachmentMenuProps) {
  const upload = useUploadInput(files);
  return (
    <>
      <Menu
        label={files.uploading ? `Uploading ${files.uploading} files…` : 'Attach'}
        triggerContent={<PaperclipIcon />}
        triggerClassName="ui-button ui-button-ghost ui-button-md ui-icon-button"
      >
        <MenuItem label="Select Prompt" onSelect={() => onOpenDrawer('prompts')} />
        <MenuItem label="Select Brand Voice" onSelect={() => onOpenDrawer('voices')} />
        <MenuItem label="Select Agents" onSelect={() => onOpenDrawer('voices')} />
        {/* Upload is hidden unless the model takes files. */}
        {files.offered ? (
          <MenuItem label="Upload from device" disabled={files.uploading > 0} onSelect={upload.open} />
        ) : null}
        <MenuItem label="Select gems/collections" onSelect={() => onOpenDrawer('bookmarks')} />
      </Menu>
      {files.offered ? upload.input : null}
    </>
  );
}
