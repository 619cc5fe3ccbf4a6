import { useAtom, useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { Drawer } from '../ui/Drawer';
import { Spinner } from '../ui/Spinner';
import { activeToolAtom, answerSwitchAtom } from './atoms';
import { drawerAtom } from './drawer-atom';
import { drawerEntry, drawerTitle } from './drawer-registry';

/** The bottom Chat drawer: one panel of the registry at a time. Closing it clears what it was opened for. */
export function ChatDrawers() {
  const [open, setOpen] = useAtom(drawerAtom);
  const [switching, setSwitching] = useAtom(answerSwitchAtom);
  const tool = useAtomValue(activeToolAtom);
  const close = () => {
    setSwitching(null);
    setOpen(null);
  };
  const Panel = open ? drawerEntry(open).Panel : null;
  return (
    <Drawer
      open={open !== null}
      onClose={close}
      title={open ? drawerTitle(open, { tool, switching: switching !== null }) : ''}
    >
      <Suspense fallback={<Spinner label="Loading" />}>
        {Panel ? <Panel close={close} open={setOpen} /> : null}
      </Suspense>
    </Drawer>
  );
}
