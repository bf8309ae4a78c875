import type { ComponentChildren, HTMLAttributes } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { errorText } from '../api';

/** A labelled form field: the label is tied to the control, hints and errors are announced with it. */
export function Field(props: { label: string; id: string; hint?: string; error?: string | null; children: ComponentChildren }) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      {props.children}
      {props.hint && (
        <small id={`${props.id}-hint`} class="hint">
          {props.hint}
        </small>
      )}
      {props.error && (
        <small id={`${props.id}-error`} class="field-error" role="alert">
          {props.error}
        </small>
      )}
    </div>
  );
}

export function Notice(props: { kind?: 'error' | 'info' | 'success' | 'warning'; children: ComponentChildren }) {
  const kind = props.kind ?? 'info';
  return (
    <div class={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {props.children}
    </div>
  );
}

/** What an empty list or chart shows: what is missing and what to do about it. */
export function Empty(props: { title: string; children: ComponentChildren }) {
  return (
    <div class="empty" data-testid="empty-state">
      <strong>{props.title}</strong>
      <div>{props.children}</div>
    </div>
  );
}

export function PageHeader(props: { title: string; children?: ComponentChildren }) {
  return (
    <div class="page-header">
      <h1>{props.title}</h1>
      {props.children && <div class="page-actions">{props.children}</div>}
    </div>
  );
}

/** Loads data on mount (and when deps change); `reload` fetches again. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[] = []) {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({ data: null, error: null, loading: true });
  const seq = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++seq.current;
    setState((s) => ({ ...s, loading: true }));
    try {
      const data = await load();
      if (mine === seq.current) setState({ data, error: null, loading: false });
    } catch (err) {
      if (mine === seq.current) setState((s) => ({ data: s.data, error: errorText(err), loading: false }));
    }
  }, deps);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
}

export function Loading() {
  return (
    <p class="muted" aria-live="polite">
      Loading…
    </p>
  );
}

export function Dialog(props: { title: string; onClose: () => void; children: ComponentChildren }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog ref={ref} class="dialog" aria-label={props.title} onClose={props.onClose} onCancel={props.onClose}>
      <h2>{props.title}</h2>
      {props.children}
    </dialog>
  );
}

export function Badge(props: { tone?: 'ok' | 'warn' | 'bad' | 'neutral'; children: ComponentChildren } & HTMLAttributes<HTMLSpanElement>) {
  const { tone, children, ...rest } = props;
  return (
    <span {...rest} class={`badge badge-${tone ?? 'neutral'}`}>
      {children}
    </span>
  );
}

export const fmt = {
  usd: (n: number) => (n < 0.01 && n > 0 ? `$${n.toFixed(6)}` : `$${n.toFixed(n < 10 ? 4 : 2)}`),
  int: (n: number) => new Intl.NumberFormat('en').format(Math.round(n)),
  ms: (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${Math.round(n)} ms`),
  pct: (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${(n * 100).toFixed(1)}%`),
  date: (s: string | null | undefined) => (s ? new Date(s).toLocaleString() : '—'),
};

/** Previous/next over an offset-paged list; shown only when there is more than one page. */
export function Pager(props: { offset: number; page: number; total: number; onOffset: (offset: number) => void; labels?: [string, string] }) {
  const { offset, page, total } = props;
  if (total <= page) return null;
  const [back, forward] = props.labels ?? ['Previous', 'Next'];
  return (
    <div class="pager">
      <button type="button" disabled={offset === 0} onClick={() => props.onOffset(Math.max(0, offset - page))}>
        {back}
      </button>
      <span>
        {offset + 1}–{Math.min(offset + page, total)} of {total}
      </span>
      <button type="button" disabled={offset + page >= total} onClick={() => props.onOffset(offset + page)}>
        {forward}
      </button>
    </div>
  );
}

/** A reason to give before a rejecting action (a held answer, a proposal), with its submit and cancel buttons. */
export function ReasonForm(props: {
  id: string;
  label: string;
  hint: string;
  submit: string;
  required?: boolean;
  busy: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <form
      class="reject-form"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit(reason.trim());
      }}
    >
      <Field label={props.label} id={props.id} hint={props.hint}>
        <textarea id={props.id} required={props.required} maxLength={2000} rows={2} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      </Field>
      <button type="submit" class="danger" disabled={props.busy || (props.required && !reason.trim())}>
        {props.submit}
      </button>
      <button type="button" onClick={props.onCancel}>
        Cancel
      </button>
    </form>
  );
}

/** A table's header row; an empty name is an actions column, named for screen readers only. */
export function TableHead(props: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {props.columns.map((c, i) => (
          <th scope="col" key={c || `actions-${i}`}>
            {c || <span class="sr-only">Actions</span>}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** One figure of a totals row (ul.stats). */
export function Stat(props: { name: string; value: string; id: string }) {
  return (
    <li class="stat" data-stat={props.id}>
      <span class="stat-name">{props.name}</span>
      <strong class="stat-value">{props.value}</strong>
    </li>
  );
}

export type Range = '1h' | '24h' | '7d' | '30d';
export const RANGES: { value: Range; label: string; seconds: number }[] = [
  { value: '1h', label: 'Last hour', seconds: 3600 },
  { value: '24h', label: 'Last 24 hours', seconds: 86_400 },
  { value: '7d', label: 'Last 7 days', seconds: 604_800 },
  { value: '30d', label: 'Last 30 days', seconds: 2_592_000 },
];

/** The 1h / 24h / 7d / 30d switch of the dashboards (radio buttons, so arrow keys move between them). */
export function RangePicker(props: { name: string; value: Range; onChange: (r: Range) => void }) {
  return (
    <fieldset class="segmented">
      <legend class="sr-only">Time range</legend>
      {RANGES.map((r) => (
        <label key={r.value} class={props.value === r.value ? 'selected' : ''}>
          <input type="radio" name={props.name} value={r.value} checked={props.value === r.value} onChange={() => props.onChange(r.value)} />
          {r.value}
          <span class="sr-only"> ({r.label})</span>
        </label>
      ))}
    </fieldset>
  );
}

/** A labelled filter beside a heading: "All" (the empty value) and the given options. */
export function FilterSelect(props: { id: string; label: string; value: string; options: [string, string][]; onChange: (v: string) => void; all?: string }) {
  return (
    <div>
      <label for={props.id} class="inline-label">
        {props.label}
      </label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        <option value={props.all ?? ''}>All</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

export type Message = { kind: 'success' | 'error'; text: string } | null;

/**
 * A page's message line and `act(text, action)`: runs the action, then says `text` (or the api's
 * error) and reloads what the page shows.
 */
export function useAct(reload: () => Promise<unknown>) {
  const [message, setMessage] = useState<Message>(null);
  const act = async (text: string, action: () => Promise<unknown>) => {
    setMessage(null);
    try {
      await action();
      setMessage({ kind: 'success', text });
      await reload();
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err) });
    }
  };
  return { message, setMessage, act };
}
