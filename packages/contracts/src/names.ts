/** The first word of a person's name: all a finder, a neighbour or an e-mail greeting is shown. */
export function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}
