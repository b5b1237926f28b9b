import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';

type ImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError'>;

/**
 * An image that shows `fallback` instead when it has no source or its source fails to load
 * (spec §2: a company logo, a profile picture). A decorative image (`alt=""`): the name it stands
 * for is written beside it. A new source is tried again; only the one that failed is skipped.
 */
export function ImageWithFallback({
  src,
  fallback,
  ...image
}: ImageProps & { src: string | null | undefined; fallback: ReactNode }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || src === failedSrc) return fallback;
  return <img src={src} alt="" {...image} onError={() => setFailedSrc(src)} />;
}
