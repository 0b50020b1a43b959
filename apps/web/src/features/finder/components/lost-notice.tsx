import type { PublicTag } from '@toque/contracts/calls';
import { formatReais } from '@toque/contracts/money';
import { useFinderText } from '../i18n';

/** FIND-02: a lost tag's message comes first on the finder's page, in large type. */
export function LostNotice({ lost }: { lost: NonNullable<PublicTag['lost']> }) {
  const { t, lang } = useFinderText();
  // TAG-11: the amount in the finder's language ('R$ 200,00', 'R$200.00', '200,00 R$'), then the owner's words.
  const amount = lost.reward_cents ? formatReais(lost.reward_cents, lang) : null;
  const reward = [amount, lost.reward].filter(Boolean).join(' — ');
  return (
    <section
      aria-labelledby="lost-heading"
      className="space-y-2 rounded-xl border-2 border-red-600 bg-red-50 p-4 text-red-950"
    >
      <h2 id="lost-heading" className="text-2xl font-extrabold uppercase tracking-wide">
        {t.lostHeading}
      </h2>
      <p className="whitespace-pre-line text-2xl font-bold leading-snug" data-testid="lost-message">
        {lost.message}
      </p>
      {lost.city ? <p className="text-lg font-semibold">{t.lostCity(lost.city)}</p> : null}
      {reward ? <p className="text-xl font-semibold">{t.reward(reward)}</p> : null}
    </section>
  );
}
