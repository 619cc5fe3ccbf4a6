import { useState } from 'react';
import { Menu } from '../ui/Menu';
import { MenuItem } from '../ui/MenuItem';
import { OfferDialog } from './OfferDialog';
import { ShareLinkDialog } from './ShareLinkDialog';

/** The gem sheet's sharing commands: a share link to the gem, and offering it to someone's public collection. */
export function GemShareMenu({ gem }: { gem: { id: number; title: string } }) {
  const [open, setOpen] = useState<'link' | 'offer' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Menu label="Share" triggerContent="Share ▾" triggerClassName="ui-button ui-button-secondary ui-button-sm">
        <MenuItem label="Share link…" onSelect={() => setOpen('link')} />
        <MenuItem label="Offer to a public collection…" onSelect={() => setOpen('offer')} />
      </Menu>
      {open === 'link' && (
        <ShareLinkDialog title={`Share link to ${gem.title}`} target={{ kind: 'gem', id: gem.id }} onClose={close} />
      )}
      {open === 'offer' && <OfferDialog gem={gem} onClose={close} />}
    </>
  );
}
