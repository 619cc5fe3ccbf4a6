import { type CaptureScope, runCapture } from '@/lib/page/capture';

// Injected by the background (lib/background/capture-in-tab.ts): this file only defines `__troveCapture` in the
// extension's isolated world of the page; a second injection calls it with its own request, and its completion value
// is `CaptureResult<req.kind>` (null for an invalid request). Each call carries its request, so two readings of one
// page at the same moment (the popup's, a right-click save's) cannot read each other's.
export default defineUnlistedScript(() => {
  (globalThis as CaptureScope).__troveCapture = (request) => runCapture(document, request, location.href);
});
