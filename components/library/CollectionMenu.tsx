import { Suspense, useState } from 'react';
import type { Collection } from '@/lib/api/contract';
import { moveChoices } from '@/lib/library/move-targets';
import { Menu } from '../ui/Menu';
import { MenuItem } from '../ui/MenuItem';
import {
  DeleteCollectionDialog,
  ExportDialog,
  MovePicker,
  NameDialog,
  OffersDialog,
  PublishDialog,
  ShareDialog,
  ShareLinkDialog,
} from './lazy-parts';
import { useLibraryApi } from './library-api-context';
import { useLibraryChanged } from './use-library-changes';
import { useMoves } from './use-moves';

interface Props {
  collection: Collection;
  path: string[];
  collections: Collection[];
  /** A move put it under `dest` (null: the top level). */
  onMoved?: (dest: number | null) => void;
}

type Open = 'rename' | 'add' | 'delete' | 'move' | 'export' | 'share' | 'link' | 'publish' | 'offers' | null;

/** A collection's commands in the sidebar: add a sub-collection, rename, move, copy, export, share, publish, delete. */
export function CollectionMenu({ collection, path, collections, onMoved }: Props) {
  const api = useLibraryApi();
  const changed = useLibraryChanged();
  const moves = useMoves();
  const self = { id: collection.id, name: collection.name };
  const moveTo = async (dest: number | null) => {
    const to = collections.find((c) => c.id === dest);
    await moves.moveCollection(self, to ? { id: to.id, name: to.name } : null);
    onMoved?.(dest);
  };
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const name = path.join(' / ');
  return (
    <>
      <Menu label={`Options for ${name}`} triggerContent="⋯" triggerClassName="ui-icon-button library-nav-menu">
        <MenuItem label="New sub-collection" onSelect={() => setOpen('add')} />
        <MenuItem label="Rename" onSelect={() => setOpen('rename')} />
        <MenuItem label="Move to…" onSelect={() => setOpen('move')} />
        <MenuItem
          label="Move to top level"
          disabled={collection.parentId === null}
          title={collection.parentId === null ? 'It is at the top level' : undefined}
          onSelect={() => void moveTo(null).catch(() => {})}
        />
        <MenuItem label="Copy" onSelect={() => void moves.copyCollection(self)} />
        <MenuItem label="Export…" onSelect={() => setOpen('export')} />
        <MenuItem label="Share…" onSelect={() => setOpen('share')} />
        <MenuItem label="Share link…" onSelect={() => setOpen('link')} />
        {!collection.isUnfiltered && <MenuItem label="Publish…" onSelect={() => setOpen('publish')} />}
        {!collection.isUnfiltered && <MenuItem label="Offers…" onSelect={() => setOpen('offers')} />}
        <MenuItem label="Delete" danger onSelect={() => setOpen('delete')} />
      </Menu>
      <Suspense fallback={null}>
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
        {open === 'move' && (
          <MovePicker
            title={`Move ${name} to…`}
            choices={moveChoices(
              collections.filter((c) => !c.isUnfiltered),
              (c) => c.name,
              { moving: self, topLevel: true },
            )}
            onPick={moveTo}
            onClose={close}
          />
        )}
        {open === 'export' && (
          <ExportDialog title={`Export ${name}`} target={{ kind: 'collection', id: collection.id }} onClose={close} />
        )}
        {open === 'share' && (
          <ShareDialog title={`Share ${name}`} target={{ kind: 'collection', id: collection.id }} onClose={close} />
        )}
        {open === 'link' && (
          <ShareLinkDialog
            title={`Share link to ${name}`}
            target={{ kind: 'collection', id: collection.id }}
            onClose={close}
          />
        )}
        {open === 'offers' && <OffersDialog collectionId={collection.id} title={`Offers to ${name}`} onClose={close} />}
        {open === 'publish' && <PublishDialog collection={self} title={`Publish ${name}`} onClose={close} />}
        {open === 'delete' && (
          <DeleteCollectionDialog
            collection={collection}
            path={path}
            collections={collections}
            onDelete={(fate) => api.deleteCollection(collection.id, fate).then(changed)}
            onClose={close}
          />
        )}
      </Suspense>
    </>
  );
}
