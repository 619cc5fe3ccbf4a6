import { useState } from 'react';
import { Button } from '../../ui/Button';
import { AttachedFiles } from '../files/AttachedFiles';
import type { ChatFiles } from '../files/use-chat-files';
import { useUploadInput } from '../files/use-upload-input';

/** How many files show when not searching. */
export const FIRST_FILES = 5;

/** The files going with the next question: the first five, or those whose name matches the search. */
export function AttachmentsTab({ files }: { files: ChatFiles }) {
  const [search, setSearch] = useState('');
  const upload = useUploadInput(files);
  const query = search.trim().toLowerCase();
  const shown = query
    ? files.files.filter((file) => file.name.toLowerCase().includes(query))
    : files.files.slice(0, FIRST_FILES);
  return (
    <div className="contexts-tab">
      <input
        type="search"
        className="ui-input"
        placeholder="Search files by name"
        aria-label="Search files by name"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {shown.length ? (
        <AttachedFiles files={shown} onRemove={files.remove} />
      ) : (
        <p className="contexts-empty">No attachments found</p>
      )}
      {!query && files.files.length > FIRST_FILES ? (
        <p className="contexts-more">and {files.files.length - FIRST_FILES} more: search by name to find them</p>
      ) : null}
      {files.offered ? (
        <>
          <Button size="sm" disabled={files.uploading > 0} onClick={upload.open}>
            {files.uploading ? `Uploading ${files.uploading} files…` : 'Upload files'}
          </Button>
          {upload.input}
        </>
      ) : null}
    </div>
  );
}
