import { useId, type ComponentProps, type ReactNode } from 'react';

interface SwitchProps extends Omit<ComponentProps<'input'>, 'type' | 'role'> {
  /** Text, or text with a part only screen readers hear (which tag a row's switch is for). */
  label: ReactNode;
  hint?: string;
}

/** An on/off switch: a native checkbox (keyboard and forms for free) announced as a switch. */
export function Switch({ label, hint, id, className = '', ...input }: SwitchProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      <input
        id={inputId}
        type="checkbox"
        role="switch"
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        className="peer relative mt-2.5 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-700 checked:before:translate-x-5 disabled:cursor-not-allowed disabled:opacity-60"
        {...input}
      />
      <div>
        <label htmlFor={inputId} className="flex min-h-11 min-w-11 items-center text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint ? (
          <p id={`${inputId}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
