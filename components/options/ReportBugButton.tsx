import { useState } from 'react';
import { ReportBugDialog } from '../feedback/ReportBugDialog';
import { Button } from '../ui/Button';

/**
 * Opens the Report Bug dialog. The right-click menu opens the options page at `#report-bug` with the
 * page's address in `?reportUrl=`, which opens the dialog at once, pre-filled. Closing it puts focus back on
 * this button.
 */
export function ReportBugButton() {
  const params = new URLSearchParams(location.search);
  const [open, setOpen] = useState(location.hash === '#report-bug');
  const close = () => {
    setOpen(false);
    if (location.hash === '#report-bug') history.replaceState(null, '', location.pathname);
  };
  return (
    <>
      <Button className="report-bug" onClick={() => setOpen(true)}>
        Report a bug
      </Button>
      {open && <ReportBugDialog initialUrl={params.get('reportUrl') ?? ''} onClose={close} />}
    </>
  );
}
