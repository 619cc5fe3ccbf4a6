import { type ReactNode, Suspense, useState } from 'react';
import type { TagWithPath } from '@/lib/api/contract';
import { TAG_COLOURS, tagActions } from '@/lib/library/tag-actions';
import { Menu } from '../ui/Menu';
import { MenuItem } from '../ui/MenuItem';
import { DeleteTagDialog, MergeTagDialog, NameDialog, ShareDialog, ShareLinkDialog } from './lazy-parts';
import { useLibraryApi } from './library-api-context';
import { useLibraryChanged } from './use-library-changes';

interface Props {
  tag: TagWithPath;
  /** All of the user's tags (the ones to merge into). */
  tags: readonly TagWithPath[];
  /** More commands, placed before Delete (moving the tag, say). */
  extraItems?: ReactNode;
}

type Open = 'add' | 'rename' | 'merge' | 'share' | 'link' | 'delete' | null;

/** A tag's commands in the sidebar: a sub-tag, rename (a path `a/b` moves it), colour, merge into another, delete. */
export function TagMenu({ tag, tags, extraItems }: Props) {
  const actions = tagActions(useLibraryApi().client);
  const changed = useLibraryChanged();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const name = `#${tag.path}`;
  const colour = (value: string | null) => void actions.colour(tag.id, value).then(changed);
  const current = tag.color?.toLowerCase() ?? null;
  return (
    <>
      <Menu label={`Options for ${name}`} triggerContent="⋯" triggerClassName="ui-icon-button library-nav-menu">
        <MenuItem label="New sub-tag" onSelect={() => setOpen('add')} />
        <MenuItem label="Rename" onSelect={() => setOpen('rename')} />
        <Menu label="Colour">
          {[{ name: 'No colour', value: null }, ...TAG_COLOURS].map((c) => (
            <MenuItem key={c.name} label={c.name} onSelect={() => colour(c.value)}>
              <span
                className="library-tag-colour"
                style={{ background: c.value ?? 'transparent' }}
                aria-hidden="true"
              />
              {c.name}
              {current === c.value && (
                <>
                  <span aria-hidden="true"> ✓</span>
                  <span className="visually-hidden"> (current)</span>
                </>
              )}
            </MenuItem>
          ))}
        </Menu>
        <MenuItem label="Merge into…" onSelect={() => setOpen('merge')} disabled={tags.length < 2} />
        <MenuItem label="Share…" onSelect={() => setOpen('share')} />
        <MenuItem label="Share link…" onSelect={() => setOpen('link')} />
        {extraItems}
        <MenuItem label="Delete" danger onSelect={() => setOpen('delete')} />
      </Menu>
      <Suspense fallback={null}>
        {open === 'add' && (
          <NameDialog
            title={`New tag in ${name}`}
            label="Name"
            submitLabel="Create"
            onSubmit={(value) => actions.create(value, tag.id).then(changed)}
            onClose={close}
          />
        )}
        {open === 'rename' && (
          <NameDialog
            title={`Rename ${name}`}
            label="Name (parent/name moves it)"
            initial={tag.tag}
            submitLabel="Rename"
            onSubmit={(value) => actions.rename(tag.id, value).then(changed)}
            onClose={close}
          />
        )}
        {open === 'merge' && (
          <MergeTagDialog
            tag={tag}
            tags={tags}
            onMerge={(into) => actions.merge(tag.id, into).then(changed)}
            onClose={close}
          />
        )}
        {open === 'share' && (
          <ShareDialog title={`Share ${name}`} target={{ kind: 'tag', id: tag.id }} onClose={close} />
        )}
        {open === 'link' && (
          <ShareLinkDialog title={`Share link to ${name}`} target={{ kind: 'tag', id: tag.id }} onClose={close} />
        )}
        {open === 'delete' && (
          <DeleteTagDialog
            tag={tag}
            tags={tags}
            onDelete={() => actions.delete(tag.id).then(changed)}
            onClose={close}
          />
        )}
      </Suspense>
    </>
  );
}
