import type { ChatFile } from '@/lib/api/chat-files-contract';

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString()} KB`;

/** The files attached to the next question: name, size in KB, and a way to take each one off. */
export function AttachedFiles({ files, onRemove }: { files: ChatFile[]; onRemove: (id: number) => void }) {
  if (!files.length) return null;
  return (
    <ul className="attached-files" aria-label="Attached files">
      {files.map((file) => (
        <li key={file.id} className="attached-file">
          <span className="attached-file-name" title={file.name}>
            {file.name}
          </span>
          <span className="attached-file-size">{kilobytes(file.size)}</span>
          <button
            type="button"
            className="attached-file-remove"
            aria-label={`Remove ${file.name}`}
            onClick={() => onRemove(file.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
