import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Tabs } from '../../ui/Tabs';
import { useLibraryApi } from '../library-api-context';
import './media-lookup.css';
import { MediaSearch } from './MediaSearch';
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
  const tabs = [
    ...(books ? [{ id: 'book', label: 'Books', content: <MediaSearch kind="book" /> }] : []),
    ...(films ? [{ id: 'film', label: 'Films', content: <MediaSearch kind="film" /> }] : []),
  ];
  const title = books && films ? 'Add a book or film' : books ? 'Add a book' : 'Add a film';
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        {books && films ? 'Book or film…' : books ? 'Book…' : 'Film…'}
      </Button>
      {open && (
        <Dialog open onOpenChange={setOpen} title={title} className="media-lookup-dialog">
          {tabs.length > 1 ? <Tabs label="What to look up" tabs={tabs} /> : tabs[0]?.content}
          <div className="dialog-actions">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Close
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}
