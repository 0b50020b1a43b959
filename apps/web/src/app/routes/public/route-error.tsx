import { errorPageCopy } from '../../../content/errors';
import { Button } from '../../../components/ui/button';

/** A page that failed to render or to load (e.g. a chunk gone after a deploy). */
export function RouteErrorPage() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-4 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{errorPageCopy.title}</h1>
      <p className="mt-3 text-lg text-slate-700">{errorPageCopy.text}</p>
      <Button className="mt-8" size="lg" onClick={() => window.location.reload()}>
        {errorPageCopy.reload}
      </Button>
    </main>
  );
}
