import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Button } from '../../ui/Button';
import { MediaLookupDialog } from '../lazy-parts';
import { useLibraryApi } from '../library-api-context';
import { mediaSourcesQuery } from './queries';

/**
 * The library's "Book or film…": a dialog that looks a title up (books at Open Library; films only when the server has
 * an OMDb key, else that tab is not offered) and saves a match as a gem. Hidden when the server can look up neither.
 */
export function MediaLookup() {
  const api = useLibraryApi();
  const sources = useQuery(mediaSourcesQuery(api));
  const [open, setOpen] = useState(false);
  const { books = false, films = false } = sources.data ?? {};
  if (!books && !films) return null;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} onPointerEnter={() => void MediaLookupDialog.preload()}>
        {books && films ? 'Book or film…' : books ? 'Book…' : 'Film…'}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <MediaLookupDialog books={books} films={films} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
