import { useState } from 'react';
import type { Collection } from '@/lib/api/contract';
import { Menu } from '../ui/Menu';
import { MenuItem } from '../ui/MenuItem';
import { DeleteCollectionDialog } from './DeleteCollectionDialog';
import { useLibraryApi } from './library-api-context';
import { NameDialog } from './NameDialog';
import { useLibraryChanged } from './use-library-changes';

interface Props {
  collection: Collection;
  path: string[];
  collections: Collection[];
}

type Open = 'rename' | 'add' | 'delete' | null;

/** A collection's commands in the sidebar: add a sub-collection, rename, delete. */
export function CollectionMenu({ collection, path, collections }: Props) {
  const api = useLibraryApi();
  const changed = useLibraryChanged();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const name = path.join(' / ');
  return (
    <>
      <Menu label={`Options for ${name}`} triggerContent="⋯" triggerClassName="ui-icon-button library-nav-menu">
        <MenuItem label="New sub-collection" onSelect={() => setOpen('add')} />
        <MenuItem label="Rename" onSelect={() => setOpen('rename')} />
        <MenuItem label="Delete" danger onSelect={() => setOpen('delete')} />
      </Menu>
      {open === 'add' && (
        <NameDialog
          title={`New collection in ${name}`}
          label="Name"
          submitLabel="Create"
          onSubmit={(value) => api.createCollection(value, collection.id).then(changed)}
          onClose={close}
        />
      )}
      {open === 'rename' && (
        <NameDialog
          title={`Rename ${name}`}
          label="Name"
          initial={collection.name}
          submitLabel="Rename"
          onSubmit={(value) => api.renameCollection(collection.id, value).then(changed)}
          onClose={close}
        />
      )}
      {open === 'delete' && (
        <DeleteCollectionDialog
          collection={collection}
          path={path}
          collections={collections}
          onDelete={(fate) => api.deleteCollection(collection.id, fate).then(changed)}
          onClose={close}
        />
      )}
    </>
  );
}
