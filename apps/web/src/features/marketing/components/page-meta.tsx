/**
 * Title and description of a page. React 19 hoists them into <head>; the prerender copies them
 * into each page's HTML so search engines and link previews see them without JavaScript.
 */
export function PageMeta({ title, description }: { title: string; description: string }) {
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
    </>
  );
}
