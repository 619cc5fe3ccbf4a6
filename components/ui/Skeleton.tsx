import type { CSSProperties } from 'react';

interface SkeletonProps {
  /** CSS length or px number; defaults fill the line. */
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** 'text' for a line of text, 'block' for an image or card, 'circle' for an avatar. */
  shape?: 'text' | 'block' | 'circle';
  className?: string;
}

/**
 * A grey placeholder the size of content still loading, so the page does not jump when it arrives.
 * Hidden from screen readers: the region that is loading should say so itself (aria-busy, or a Spinner).
 */
export function Skeleton({ width, height, shape = 'text', className }: SkeletonProps) {
  return (
    <span
      className={['ui-skeleton', `ui-skeleton-${shape}`, className].filter(Boolean).join(' ')}
      style={{ width, height }}
      aria-hidden="true"
    />
  );
}
