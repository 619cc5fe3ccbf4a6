import { Suspense, useState } from 'react';
import { Button } from '../ui/Button';
import { useToast } from '../ui/Toast';
import { NameDialog } from './lazy-parts';
import { useLibraryApi } from './library-api-context';
import { useLibraryChanged } from './use-library-changes';

/** Keeps the search typed (free words and `sort:` included) under a name, in the sidebar's Saved searches. */
export function SaveSearchButton({ query }: { query: string }) {
  const api = useLibraryApi();
  const changed = useLibraryChanged();
  const toast = useToast();
  const [naming, setNaming] = useState(false);
  return (
    <>
      <Button size="sm" onClick={() => setNaming(true)}>
        Save this search
      </Button>
      {naming && (
        <Suspense fallback={null}>
          <NameDialog
            title="Save this search"
            label="Name"
            submitLabel="Save"
            onSubmit={async (name) => {
              await api.saveSearch(name, query);
              changed();
              toast('success', `Saved as ${name}.`);
            }}
            onClose={() => setNaming(false)}
          />
        </Suspense>
      )}
    </>
  );
}
