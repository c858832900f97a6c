import { useEffect, useRef, useState } from 'react';
import { ui } from '../../domain/constants';
import { cn } from '~/lib/cn';

export interface ImageAsset {
  src: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * A placeholder is shown and swapped for the real image once 10 % of it
 * is visible; the image then fades from 0.7 to full opacity. Width and height reserve the space,
 * so nothing shifts. Without JavaScript the <noscript> copy shows the image.
 */
export function LazyImage({
  image,
  className,
  priority = false,
}: {
  image: ImageAsset;
  className?: string;
  /** Above-the-fold images load at once instead of waiting to be seen. */
  priority?: boolean;
}) {
  const placeholderRef = useRef<HTMLSpanElement>(null);
  const [visible, setVisible] = useState(priority);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (visible) return;
    const element = placeholderRef.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: ui.lazyImageThreshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  const sizing = cn('block h-auto w-full', className);

  if (!visible) {
    return (
      <>
        <span
          ref={placeholderRef}
          role="img"
          aria-label={image.alt}
          data-lazy-placeholder
          className={cn(sizing, 'bg-brand-100/60')}
          style={{ aspectRatio: `${image.width} / ${image.height}` }}
        />
        <noscript>
          <img src={image.src} width={image.width} height={image.height} alt={image.alt} className={sizing} />
        </noscript>
      </>
    );
  }

  return (
    <img
      src={image.src}
      width={image.width}
      height={image.height}
      alt={image.alt}
      // A page's main image is painted with the text, in the first frame, not a frame later.
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      onLoad={() => setLoaded(true)}
      className={cn(sizing, 'lazy-image', loaded || priority ? 'opacity-100' : 'opacity-70')}
    />
  );
}

/** Section images are preloaded when the browser is idle, or after 100 ms. */
export function preloadWhenIdle(sources: readonly string[]) {
  const preload = () => {
    for (const src of sources) {
      const image = new Image();
      image.src = src;
    }
  };
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(preload, { timeout: 100 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(preload, 100);
  return () => clearTimeout(timer);
}
