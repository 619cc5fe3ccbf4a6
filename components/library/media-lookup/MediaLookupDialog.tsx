import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Tabs } from '../../ui/Tabs';
import './media-lookup.css';
import { MediaSearch } from './MediaSearch';

interface MediaLookupDialogProps {
  books: boolean;
  films: boolean;
  onClose: () => void;
}

/** Looks a title up and saves a match as a gem: a tab for each kind the server can look up. */
export function MediaLookupDialog({ books, films, onClose }: MediaLookupDialogProps) {
  const tabs = [
    ...(books ? [{ id: 'book', label: 'Books', content: <MediaSearch kind="book" /> }] : []),
    ...(films ? [{ id: 'film', label: 'Films', content: <MediaSearch kind="film" /> }] : []),
  ];
  const title = books && films ? 'Add a book or film' : books ? 'Add a book' : 'Add a film';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} className="media-lookup-dialog">
      {tabs.length > 1 ? <Tabs label="What to look up" tabs={tabs} /> : tabs[0]?.content}
      <div className="dialog-actions">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
