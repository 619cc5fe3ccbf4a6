import { useMemo } from 'react';
import { apiClient } from '@/lib/api/client';
import { panelTransport } from '@/lib/chat/panel-transport';
import { useExportDownload } from '../app/use-export-download';
import { useLentAccess } from '../app/use-lent-access';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';

/**
 * "Export all my data": the whole account as Trove's lossless JSON (collections, tags, every gem with its notes and
 * page text, the trash, saved searches, prompts, voices, personas, memories and chats), which the library's import
 * reads back.
 */
export function ExportAllData() {
  const access = useLentAccess();
  const client = useMemo(() => apiClient(panelTransport(access)), [access]);
  const { busy, error, download } = useExportDownload(client);
  const run = () => download({ kind: 'library' }, 'trove-json');
  return (
    <div className="export-all-data">
      <p className="hint">
        Everything you keep in Trove as one JSON file: collections, tags, gems with their notes and saved text, the
        trash, saved searches, prompts, brand voices, personas, memories and chats. Import it in the library to bring it
        all back.
      </p>
      <Button onClick={run} loading={busy}>
        Export all my data
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </div>
  );
}
