import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isWebAddress } from '@/lib/api/web-address';
import { useBackground } from '../app/background-context';
import { activeTabQuery, sessionQuery } from '../app/queries';
import { ReportBugDialog } from '../feedback/ReportBugDialog';

interface Props {
  onClose: () => void;
  onOpenOptions: (hash?: string) => void;
}

/** The dialog needs an account (reports are stored with their author); signed out, it offers sign-in. */
export function PopupReportDialog({ onClose, onOpenOptions }: Props) {
  const background = useBackground();
  const session = useQuery(sessionQuery(background));
  const tab = useQuery(activeTabQuery(background));
  const signedOut = session.isSuccess && !session.data.user;
  useEffect(() => {
    if (signedOut) onOpenOptions('account');
  }, [signedOut, onOpenOptions]);
  if (session.isPending || tab.isPending || signedOut) return null;
  const url = tab.data && isWebAddress(tab.data.url) ? tab.data.url : '';
  return <ReportBugDialog initialUrl={url} onClose={onClose} />;
}
