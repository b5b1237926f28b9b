import { useEffect } from 'react';
import { PAGE_TONES, normalisePath, robotsFor, titleFor, toneFor } from '@/domain/page-meta';

function upsertHeadElement<K extends 'meta' | 'link'>(
  tag: K,
  selector: string,
): HTMLElementTagNameMap[K] {
  let element = document.head.querySelector<HTMLElementTagNameMap[K]>(selector);
  if (!element) {
    element = document.createElement(tag);
    document.head.append(element);
  }
  return element;
}

/**
 * index.html is one SPA shell for every path, so the per-path head lives here: the title, the
 * robots hint, the canonical link (only for indexable paths; origin of the running deployment,
 * path without query or hash) and the page tone on <body> (`data-page-tone` + background colour).
 */
export function useDocumentMeta(pathname: string) {
  useEffect(() => {
    const robots = robotsFor(pathname);
    document.title = titleFor(pathname);

    const meta = upsertHeadElement('meta', 'meta[name="robots"]');
    meta.name = 'robots';
    meta.content = robots;

    const existing = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (robots.startsWith('index')) {
      const link = existing ?? upsertHeadElement('link', 'link[rel="canonical"]');
      link.rel = 'canonical';
      link.href = `${window.location.origin}${normalisePath(pathname)}`;
    } else {
      existing?.remove();
    }

    const tone = toneFor(pathname);
    document.body.dataset.pageTone = tone;
    document.body.style.backgroundColor = PAGE_TONES[tone];
  }, [pathname]);
}
