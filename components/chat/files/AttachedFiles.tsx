import type { ChatFile } from '@/lib/api/chat-files-contract';
import { RemovableList } from '../RemovableList';

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString()} KB`;

/** The files attached to the next question: name, size in KB, and a way to take each one off. */
export function AttachedFiles({ files, onRemove }: { files: ChatFile[]; onRemove: (id: number) => void }) {
  return (
    <RemovableList
      label="Attached files"
      items={files.map((file) => ({
        key: String(file.id),
        name: file.name,
        detail: kilobytes(file.size),
        onRemove: () => onRemove(file.id),
      }))}
    />
  );
}
