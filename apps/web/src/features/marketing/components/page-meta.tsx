import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Title and description of a page. React 19 hoists them into <head>; the prerender copies them
 * into each page's HTML so search engines and link previews see them without JavaScript. Once the
 * page is hydrated (its effects run), <html data-page-ready> names it: browser tests wait for it
 * before driving timers.
 */
export function PageMeta({ title, description }: { title: string; description: string }) {
  const { pathname } = useLocation();
  useEffect(() => {
    document.documentElement.dataset.pageReady = pathname;
  }, [pathname]);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
    </>
  );
}
