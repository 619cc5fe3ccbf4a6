import { PaperclipIcon } from '../../ui/icons';
import { Menu } from '../../ui/Menu';
import { MenuItem } from '../../ui/MenuItem';
import { attachMenuItems, type DrawerName } from '../drawer-registry';
import type { ChatFiles } from '../files/use-chat-files';
import { useUploadInput } from '../files/use-upload-input';

interface AttachmentMenuProps {
  files: ChatFiles;
  onOpenDrawer: (name: DrawerName) => void;
}

/** The Attachment menu: prompts, brand voice, agents, files from the device, gems and collections. */
export function AttachmentMenu({ files, onOpenDrawer }: AttachmentMenuProps) {
  const upload = useUploadInput(files);
  const panels = (group: 'top' | 'end') =>
    attachMenuItems(group).map(({ name, label }) => (
      <MenuItem key={label} label={label} onSelect={() => onOpenDrawer(name)} />
    ));
  return (
    <>
      <Menu
        label={files.uploading ? `Uploading ${files.uploading} files…` : 'Attach'}
        triggerContent={<PaperclipIcon />}
        triggerClassName="ui-button ui-button-ghost ui-button-md ui-icon-button"
      >
        {panels('top')}
        {/* Upload is hidden unless the model takes files. */}
        {files.offered ? (
          <MenuItem label="Upload from device" disabled={files.uploading > 0} onSelect={upload.open} />
        ) : null}
        {panels('end')}
      </Menu>
      {files.offered ? upload.input : null}
    </>
  );
}
