import { type MouseEvent, useState } from 'react';
import { Button } from '@/components/ui/Button';

/**
 * An image from the answer, not fetched until asked for: a remote image tells its server that the
 * answer was read (and could carry data out in its address), so it loads only on the user's click,
 * and without a referrer.
 */
export function RemoteImage({ src, alt }: { src: string; alt: string }) {
  const [shown, setShown] = useState(false);
  if (shown) return <img className="md-image" src={src} alt={alt} referrerPolicy="no-referrer" decoding="async" />;
  const show = (event: MouseEvent) => {
    // The image may sit inside a link: this click is for the image only.
    event.preventDefault();
    event.stopPropagation();
    setShown(true);
  };
  return (
    <span className="md-image-placeholder">
      <Button size="sm" onClick={show}>
        Load image from {new URL(src).host}
      </Button>
      {alt && <span className="md-image-alt">{alt}</span>}
    </span>
  );
}
