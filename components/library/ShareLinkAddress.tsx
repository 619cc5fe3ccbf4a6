import { useId, useState } from 'react';
import type { ShareLink } from '@/lib/api/share-link-contract';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';
import { Switch } from '../ui/Switch';
import { useToast } from '../ui/Toast';

interface Props {
  link: ShareLink;
  busy: boolean;
  onDisabled: (disabled: boolean) => void;
  onRegenerate: () => Promise<unknown>;
}

const when = (iso: string) => new Date(iso).toLocaleString();

/** The link's address (Copy, Open), whether it works, how often it was opened, and a new address after a warning. */
export function ShareLinkAddress({ link, busy, onDisabled, onRegenerate }: Props) {
  const id = useId();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(link.url).then(
      () => toast('success', 'Link copied'),
      (error: unknown) => toast('error', errorMessage(error)),
    );
  const expired = link.expiresAt !== null && new Date(link.expiresAt).getTime() <= Date.now();
  return (
    <section className="share-link-address" aria-label="The link">
      <div className="field">
        <label htmlFor={`${id}-url`}>Link address</label>
        <div className="library-publish-url">
          <input id={`${id}-url`} className="ui-input" readOnly value={link.url} onFocus={(e) => e.target.select()} />
          <Button onClick={() => void copy()}>Copy</Button>
          <a href={link.url} target="_blank" rel="noreferrer">
            Open
          </a>
        </div>
      </div>
      <p className="share-link-stats">
        {link.accessCount === 0
          ? 'Not opened yet.'
          : `Opened ${link.accessCount} time${link.accessCount === 1 ? '' : 's'}, last ${when(link.lastAccessAt ?? link.createdAt)}.`}
        {expired && ' It has expired: no one can open it until you change the expiry.'}
      </p>
      <Switch
        label="Link works"
        checked={!link.disabled}
        disabled={busy}
        onCheckedChange={(on) => onDisabled(!on)}
        hint={link.disabled ? 'Disabled: the address answers "not found" until you enable it' : 'Enabled'}
      />
      {confirming ? (
        <fieldset className="share-link-confirm">
          <legend>Make a new address?</legend>
          <p>
            The current address stops working at once: everyone who has it loses access, and only the new one opens it.
          </p>
          <div className="dialog-actions">
            <Button onClick={() => setConfirming(false)}>Keep this address</Button>
            <Button
              variant="danger"
              loading={busy}
              onClick={() => void onRegenerate().then(() => setConfirming(false))}
            >
              Make a new address
            </Button>
          </div>
        </fieldset>
      ) : (
        <Button size="sm" onClick={() => setConfirming(true)}>
          New address…
        </Button>
      )}
    </section>
  );
}
