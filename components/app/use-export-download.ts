import { useState } from 'react';
import type { apiClient } from '@/lib/api/client';
import type { ExportFormat } from '@/lib/api/export-contract';
import { type ExportTarget, fetchExport, saveFile } from '@/lib/library/export-file';
import { errorMessage } from './background-context';

/** An export fetched with `client` and handed to the browser as a file, with its progress and why it failed. */
export function useExportDownload(client: ReturnType<typeof apiClient>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** True once the browser has the file. */
  const download = async (target: ExportTarget, format: ExportFormat): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const { blob, fileName } = await fetchExport(client, target, format);
      saveFile(blob, fileName);
      return true;
    } catch (e) {
      setError(errorMessage(e));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, download };
}
