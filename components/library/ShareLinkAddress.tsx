import { useId, useState } from 'react';
import type { ShareLink } from '@/lib/api/share-link-contract';
import { momentOf } from '@/lib/day';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';
import { Switch } from '../ui/Switch';
import { useToast } from '../ui/Toast';

interface Props {
  link: ShareLink;
  busy: boolean;
  onDisabled: (disabled: boolean) => void;
  onRegenerate: () => Promise<unknown>;
  onDelete: () => Promise<unknown>;
}

/** The step that asks before a change that kills the current address. */
type Confirming = 'address' | 'delete' | null;

/**
 * The link's address (Copy, Open), whether it works, how often it was opened, and, each after a warning, a new address
 * or the link deleted.
 */
export function ShareLinkAddress({ link, busy, onDisabled, onRegenerate, onDelete }: Props) {
  const id = useId();
  const toast = useToast();
  const [confirming, setConfirming] = useState<Confirming>(null);
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
          : `Opened ${link.accessCount} time${link.accessCount === 1 ? '' : 's'}, last ${momentOf(link.lastAccessAt ?? link.createdAt)}.`}
        {expired && ' It has expired: no one can open it until you change the expiry.'}
      </p>
      <Switch
        label="Link works"
        checked={!link.disabled}
        disabled={busy}
        onCheckedChange={(on) => onDisabled(!on)}
        hint={link.disabled ? 'Disabled: the address answers "not found" until you enable it' : 'Enabled'}
      />
      {confirming === 'address' && (
        <ConfirmStep
          legend="Make a new address?"
          text="The current address stops working at once: everyone who has it loses access, and only the new one opens it."
          keep="Keep this address"
          act="Make a new address"
          busy={busy}
          onKeep={() => setConfirming(null)}
          onAct={() => void onRegenerate().then(() => setConfirming(null))}
        />
      )}
      {confirming === 'delete' && (
        <ConfirmStep
          legend="Delete this link?"
          text="Its address stops working at once and its settings and open count are gone. You can make a new link later."
          keep="Keep the link"
          act="Delete link"
          busy={busy}
          onKeep={() => setConfirming(null)}
          onAct={() => void onDelete()}
        />
      )}
      {confirming === null && (
        <div className="dialog-actions share-link-danger">
          <Button size="sm" onClick={() => setConfirming('address')}>
            New address…
          </Button>
          <Button size="sm" variant="danger" onClick={() => setConfirming('delete')}>
            Delete…
          </Button>
        </div>
      )}
    </section>
  );
}

interface ConfirmProps {
  legend: string;
  text: string;
  keep: string;
  act: string;
  busy: boolean;
  onKeep: () => void;
  onAct: () => void;
}

function ConfirmStep({ legend, text, keep, act, busy, onKeep, onAct }: ConfirmProps) {
  return (
    <fieldset className="share-link-confirm">
      <legend>{legend}</legend>
      <p>{text}</p>
      <div className="dialog-actions">
        <Button onClick={onKeep}>{keep}</Button>
        <Button variant="danger" loading={busy} onClick={onAct}>
          {act}
        </Button>
      </div>
    </fieldset>
  );
}
