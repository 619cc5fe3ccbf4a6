import { DialogPanel, type DialogProps } from './Dialog';

/** A modal panel that slides in from the right or the bottom edge; it behaves exactly as Dialog. */
export function Sheet({ side = 'right', ...props }: DialogProps & { side?: 'right' | 'bottom' }) {
  return <DialogPanel {...props} layout={side} />;
}
