import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Product } from '@toque/contracts/products';
import { updateNameBody } from '@toque/contracts/products';
import { setupGuideUi as copy } from '@toque/contracts/ringing';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { messageForStatus } from '../../../lib/error-message';
import { useSaveTag } from '../api/save-tag';
import { useSetupTag } from '../api/get-setup-tag';

const SETUP_STEPS = ['name', 'info', 'lost', 'ringing', 'test'] as const;

interface SetupGuideProps {
  code: string;
  step: number;
  onStep: (step: number) => void;
  onEnd: (finished: boolean) => void;
  /** The notifications step's content: this device's state, the tap to turn it on, the iPhone's step. */
  ringing: ReactNode;
  /** The test call's button. */
  test: ReactNode;
}

function StepActions({
  onSkip,
  primary,
  busy,
  form,
  onPrimary,
}: {
  onSkip?: () => void;
  primary: string;
  busy?: boolean;
  /** The primary button submits this form. */
  form?: string;
  onPrimary?: () => void;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-3 pt-2">
      {onSkip ? (
        <Button variant="ghost" size="lg" onClick={onSkip}>
          {copy.skipStep}
        </Button>
      ) : null}
      <Button size="lg" busy={busy} type={form ? 'submit' : 'button'} form={form} onClick={onPrimary}>
        {primary}
      </Button>
    </div>
  );
}

/** A step's save: the body checked with the update schema, saved, then on to the next step; errors stay on the step. */
function useStepSave(next: () => void) {
  const save = useSaveTag();
  const [error, setError] = useState<string | undefined>();
  const submit = async (body: unknown) => {
    const parsed = updateNameBody.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      next();
    } catch (failure) {
      setError(messageForStatus(failure, {}, copy.saveFailed));
    }
  };
  return { submit, error, busy: save.isPending };
}

function NameStep({ tag, next }: { tag: Product; next: () => void }) {
  const { submit: save, error, busy } = useStepSave(next);
  const [name, setName] = useState(tag.name);
  const submit = () => save({ code: tag.code, name });
  return (
    <form
      id="setup-step-name"
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={copy.name.label}
        placeholder={copy.name.placeholder}
        value={name}
        maxLength={60}
        error={error}
        onChange={(event) => setName(event.target.value)}
      />
      <StepActions onSkip={next} primary={copy.saveAndContinue} busy={busy} form="setup-step-name" />
    </form>
  );
}

function InfoStep({ tag, next }: { tag: Product; next: () => void }) {
  const { submit: save, error, busy } = useStepSave(next);
  const [info, setInfo] = useState(tag.important_info);
  // FIND-13: what the owner writes here is for the finder, so the switch starts on; information already
  // written keeps the choice saved with it.
  const [show, setShow] = useState(tag.important_info.trim() === '' ? true : tag.show_info_to_finder);
  const submit = () => save({ code: tag.code, name: tag.name, importantInfo: info, showInfoToFinder: show });
  return (
    <form
      id="setup-step-info"
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextAreaField
        label={copy.info.label}
        value={info}
        maxLength={500}
        error={error}
        onChange={(event) => setInfo(event.target.value)}
      />
      <Switch label={copy.info.show} checked={show} onChange={(event) => setShow(event.target.checked)} />
      <StepActions onSkip={next} primary={copy.saveAndContinue} busy={busy} form="setup-step-info" />
    </form>
  );
}

const stepText: Record<(typeof SETUP_STEPS)[number], { title: string; text: string }> = {
  name: copy.name,
  info: copy.info,
  lost: copy.lost,
  ringing: copy.ringing,
  test: copy.test,
};

/**
 * ACC-05: after onboarding links a tag, a panel walks the owner through what makes it work — its
 * name, what a finder should know, lost mode, notifications with the tab closed (the iPhone's Home
 * Screen step included) and a test call. Every step can be skipped, each is saved as soon as it is
 * confirmed (through the tag's update API), and "Fazer depois" or Escape ends it. A non-modal
 * dialog pinned to the foot of the screen: the page (its toasts, the header's menu) stays usable
 * beside it, and focus starts on each step's first control.
 */
export function SetupGuide({ code, step, onStep, onEnd, ringing, test }: SetupGuideProps) {
  const tag = useSetupTag(code);
  const titleId = useId();
  const index = Math.min(step, SETUP_STEPS.length - 1);
  const current = SETUP_STEPS[index]!;
  const next = () => (index + 1 < SETUP_STEPS.length ? onStep(index + 1) : onEnd(true));
  // NAV-05: each step starts with focus on its first control, so the keyboard carries on from there.
  const stepBody = useRef<HTMLDivElement>(null);
  const loaded = !tag.isPending;
  // It never takes focus from what the person is using elsewhere on the page (the account menu they
  // just opened, a field): only from nothing, or from the panel's own previous step.
  useEffect(() => {
    if (!loaded) return;
    const active = document.activeElement;
    const panel = stepBody.current?.closest('[role="dialog"]') ?? stepBody.current;
    if (active && active !== document.body && !panel?.contains(active)) return;
    stepBody.current?.querySelector<HTMLElement>('input, textarea, button')?.focus();
  }, [current, loaded]);

  let body: ReactNode;
  if (tag.isPending) body = <Spinner label={copy.loading} />;
  else if (current === 'name' && tag.data) body = <NameStep key={code} tag={tag.data} next={next} />;
  else if (current === 'info' && tag.data) body = <InfoStep key={code} tag={tag.data} next={next} />;
  else if (current === 'lost')
    body = (
      <>
        <p className="text-sm text-slate-700">{copy.lost.where}</p>
        <StepActions primary={copy.continue} onPrimary={next} />
      </>
    );
  else if (current === 'ringing')
    body = (
      <>
        {ringing}
        <StepActions onSkip={next} primary={copy.continue} onPrimary={next} />
      </>
    );
  else if (current === 'test')
    body = (
      <>
        {test}
        <StepActions primary={copy.finish} onPrimary={next} />
      </>
    );
  else body = <StepActions primary={copy.continue} onPrimary={next} />;

  return (
    <section
      role="dialog"
      aria-labelledby={titleId}
      data-setup-step={current}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onEnd(false);
      }}
      className="fixed inset-x-0 bottom-0 z-40 max-h-[85dvh] overflow-y-auto rounded-t-2xl border border-slate-200 bg-white p-5 shadow-2xl md:inset-x-auto md:right-6 md:bottom-6 md:w-[28rem] md:rounded-2xl"
    >
      <h2 id={titleId} className="mb-3 text-xl font-bold text-slate-900">
        {copy.title}
      </h2>
      <div className="space-y-4">
        <div className="space-y-1">
          <p className="text-sm font-semibold text-brand-700">{copy.stepOf(index + 1, SETUP_STEPS.length)}</p>
          <h3 className="text-lg font-bold text-slate-900">{stepText[current].title}</h3>
          <p className="text-slate-700">{stepText[current].text}</p>
        </div>
        <div ref={stepBody} className="space-y-4">
          {body}
        </div>
        <div className="border-t border-slate-200 pt-3 text-center">
          <Button variant="ghost" size="lg" onClick={() => onEnd(false)}>
            {copy.skipAll}
          </Button>
        </div>
      </div>
    </section>
  );
}
