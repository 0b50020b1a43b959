import { useId, type ComponentProps, type ReactNode } from 'react';

const control =
  'block min-h-11 w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm ' +
  'placeholder:text-slate-500 aria-[invalid=true]:border-red-700 border-slate-400 ' +
  'focus:border-brand-600 disabled:bg-slate-100';

interface FieldShellProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
}

function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Accessible wiring shared by every control: invalid state and the text that explains it. */
function describe(id: string, error: string | undefined, hint: string | undefined) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const;
}

interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/** A labelled input whose error is shown as text under it and announced through aria-describedby. */
export function TextField({ label, error, hint, id, className = '', ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <FieldShell id={inputId} label={label} error={error} hint={hint}>
      <input id={inputId} className={`${control} ${className}`} {...describe(inputId, error, hint)} {...input} />
    </FieldShell>
  );
}

interface SelectFieldProps extends ComponentProps<'select'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** Text of the empty first option; none when omitted. */
  placeholder?: string;
}

export function SelectField({
  label,
  error,
  hint,
  id,
  options,
  placeholder,
  className = '',
  ...select
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <FieldShell id={selectId} label={label} error={error} hint={hint}>
      <select id={selectId} className={`${control} ${className}`} {...describe(selectId, error, hint)} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

interface TextAreaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

export function TextAreaField({ label, error, hint, id, className = '', ...textarea }: TextAreaFieldProps) {
  const autoId = useId();
  const textareaId = id ?? autoId;
  return (
    <FieldShell id={textareaId} label={label} error={error} hint={hint}>
      <textarea
        id={textareaId}
        className={`${control} min-h-28 ${className}`}
        {...describe(textareaId, error, hint)}
        {...textarea}
      />
    </FieldShell>
  );
}

interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** The label's content: text, possibly with links (they stay outside the checkbox's click target). */
  label: ReactNode;
  error?: string | undefined;
}

/** A checkbox with its label beside it and its error announced, like the other fields. */
export function CheckboxField({ label, error, id, className = '', ...input }: CheckboxFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className="space-y-1.5">
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          className={`mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700 ${className}`}
          {...describe(inputId, error, undefined)}
          {...input}
        />
        {/* ACC-06: the label is the 44 px tall tap area of the 20 px box (its links are inline in the sentence). */}
        <label htmlFor={inputId} className="block min-h-11 flex-1 text-sm text-slate-800">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
