import { useId, useState } from 'react';
import { EXPORT_FORMAT_NAMES, EXPORT_FORMATS, type ExportFormat } from '@/lib/api/export-contract';
import type { ExportTarget } from '@/lib/library/export-file';
import { useExportDownload } from '../app/use-export-download';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useLibraryApi } from './library-api-context';

interface Props {
  /** The dialog's heading: "Export the library", "Export Recipes / Desserts". */
  title: string;
  target: ExportTarget;
  onClose: () => void;
}

/** Export… : the format chosen, then the file downloaded (the library's, or a collection's with its sub-collections). */
export function ExportDialog({ title, target, onClose }: Props) {
  const id = useId();
  const api = useLibraryApi();
  const [format, setFormat] = useState<ExportFormat>('trove-json');
  const { busy, error, download } = useExportDownload(api.client);
  const run = async () => {
    if (await download(target, format)) onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={
        target.kind === 'collection' ? 'With its sub-collections. Which file?' : 'Everything you saved. Which file?'
      }
    >
      <fieldset className="library-fate">
        <legend className="visually-hidden">Format</legend>
        {EXPORT_FORMATS.map((value) => (
          <label key={value} className="library-checkbox">
            <input
              type="radio"
              name={`${id}-format`}
              value={value}
              checked={format === value}
              onChange={() => setFormat(value)}
            />
            {EXPORT_FORMAT_NAMES[value]}
          </label>
        ))}
      </fieldset>
      {error && <ErrorMessage title="Nothing was exported">{error}</ErrorMessage>}
      <div className="dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" loading={busy} onClick={run}>
          Export
        </Button>
      </div>
    </Dialog>
  );
}
