import { useState } from 'react';
import type { TagWithPath as Tag } from '@/lib/api/contract';
import { Menu } from '../ui/Menu';
import { MenuItem } from '../ui/MenuItem';
import { TagMovePicker } from './TagMovePicker';

/** A tag's menu with its moves only (Move to…, Move to top level): the tag menu with rename, colour and delete takes these items. */
export function TagMoveMenu({ tag, tags }: { tag: Tag; tags: readonly Tag[] }) {
  const [moving, setMoving] = useState(false);
  return (
    <>
      <Menu label={`Options for #${tag.path}`} triggerContent="⋯" triggerClassName="ui-icon-button library-nav-menu">
        <MenuItem label="Move to…" onSelect={() => setMoving(true)} />
      </Menu>
      {moving && <TagMovePicker tag={tag} tags={tags} onClose={() => setMoving(false)} />}
    </>
  );
}
