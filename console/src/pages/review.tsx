import { useEffect, useState } from 'preact/hooks';
import { errorText, get, patch } from '../api';
import { Badge, Empty, Loading, Notice, PageHeader, Pager, ReasonForm, fmt, useLoad } from '../components/ui';
import { useSession } from '../session';

interface Hold {
  id: string;
  executionId: string;
  status: 'PENDING_REVIEW' | 'APPROVED' | 'REJECTED' | 'EXPIRED';
  requestPayload: { prompt: string; systemPrompt: string | null; model: string; provider: string };
  routingDecision: { provider: string; model: string; policyId: string | null };
  responsePayload: { content: string; usage: { promptTokens: number; completionTokens: number; totalTokens: number }; model: string };
  costEstimate: number;
  expiresAt: string;
  resolvedAt: string | null;
  resolution: string | null;
  resolver: { email: string; name: string | null } | null;
  createdAt: string;
}
interface HoldList {
  holds: Hold[];
  pagination: { total: number; limit: number; offset: number; hasMore: boolean };
}

const STATUSES = [
  ['PENDING_REVIEW', 'Pending'],
  ['APPROVED', 'Approved'],
  ['REJECTED', 'Rejected'],
  ['EXPIRED', 'Expired'],
  ['ALL', 'All'],
] as const;
/** Holds resolved by another reviewer (or expired) leave the list within this time, without a reload. */
export const POLL_MS = 3000;
const PAGE = 20;

function timeLeft(expiresAt: string, now: number): string | null {
  const ms = Date.parse(expiresAt) - now;
  if (ms <= 0) return null;
  const m = Math.floor(ms / 60000);
  const s = Math.floor((ms % 60000) / 1000);
  return m >= 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m} min ${String(s).padStart(2, '0')} s`;
}

export function ReviewQueue() {
  const { can } = useSession();
  const [status, setStatus] = useState<string>('PENDING_REVIEW');
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(Date.now());
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const list = useLoad(() => get<HoldList>(`/api/v1/execution-holds?status=${status}&limit=${PAGE}&offset=${offset}`), [status, offset]);

  useEffect(() => {
    const poll = setInterval(() => void list.reload(), POLL_MS);
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      clearInterval(poll);
      clearInterval(tick);
    };
  }, [list.reload]);

  const holds = list.data?.holds ?? [];
  const total = list.data?.pagination.total ?? 0;
  return (
    <>
      <PageHeader title="Review queue">
        <label for="hold-status" class="inline-label">
          Status
        </label>
        <select
          id="hold-status"
          value={status}
          onChange={(e) => {
            setStatus(e.currentTarget.value);
            setOffset(0);
          }}
        >
          {STATUSES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </PageHeader>
      <p class="muted" aria-live="polite">
        {list.data ? `${total} ${total === 1 ? 'hold' : 'holds'}` : ''} · refreshed every {POLL_MS / 1000} s
      </p>
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      {list.error && <Notice kind="error">{list.error}</Notice>}
      {!list.data && list.loading && <Loading />}
      {list.data && holds.length === 0 && (
        <Empty title={status === 'PENDING_REVIEW' ? 'Nothing waits for review' : 'No holds with this status'}>
          Answers wait here when a request is sent with <code>executionMode: "SUPERVISED"</code> to <code>POST /api/gateway/execute</code>.
        </Empty>
      )}
      <ul class="holds" aria-label="Holds">
        {holds.map((h) => (
          <li key={h.id}>
            <HoldCard
              hold={h}
              now={now}
              canReview={can('holds.review')}
              onResolved={(text) => {
                setMessage({ kind: 'success', text });
                void list.reload();
              }}
              onError={(text) => setMessage({ kind: 'error', text })}
            />
          </li>
        ))}
      </ul>
      <Pager offset={offset} page={PAGE} total={total} onOffset={setOffset} />
    </>
  );
}

function HoldCard(props: { hold: Hold; now: number; canReview: boolean; onResolved: (text: string) => void; onError: (text: string) => void }) {
  const h = props.hold;
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const left = timeLeft(h.expiresAt, props.now);
  const pending = h.status === 'PENDING_REVIEW';
  const expired = h.status === 'EXPIRED' || (pending && !left);

  async function resolve(action: 'approve' | 'reject', reason = '') {
    setBusy(true);
    try {
      await patch(`/api/v1/execution-holds/${h.id}`, action === 'reject' ? { action, reason } : { action });
      props.onResolved(action === 'approve' ? 'Approved: the answer was released to the caller.' : 'Rejected: the caller is told with your reason.');
    } catch (err) {
      props.onError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  const titleId = `hold-${h.id}-title`;
  return (
    <article class="card hold" aria-labelledby={titleId} data-hold-id={h.id}>
      <header class="hold-head">
        <h2 id={titleId}>
          {h.requestPayload.provider} · {h.requestPayload.model}
        </h2>
        {expired ? (
          <Badge tone="bad">Expired</Badge>
        ) : pending ? (
          <Badge tone="warn">
            <span class="sr-only">Pending, </span>
            {left} left
          </Badge>
        ) : (
          <Badge tone={h.status === 'APPROVED' ? 'ok' : 'bad'}>{h.status === 'APPROVED' ? 'Approved' : 'Rejected'}</Badge>
        )}
        <span class="muted">held {fmt.date(h.createdAt)}</span>
      </header>
      <div class="hold-body">
        <section aria-label="Request">
          <h3>Request</h3>
          {h.requestPayload.systemPrompt && (
            <>
              <h4>System prompt</h4>
              <pre class="text">{h.requestPayload.systemPrompt}</pre>
            </>
          )}
          <h4>Prompt</h4>
          <pre class="text" data-testid="hold-prompt">
            {h.requestPayload.prompt}
          </pre>
          <dl class="facts">
            <dt>Routing decision</dt>
            <dd>
              {h.routingDecision.provider} / {h.routingDecision.model}
              {h.routingDecision.policyId ? ` (policy ${h.routingDecision.policyId.slice(0, 8)})` : ' (no policy)'}
            </dd>
            <dt>Cost estimate</dt>
            <dd>{fmt.usd(h.costEstimate)}</dd>
            <dt>Execution</dt>
            <dd>
              <code>{h.executionId}</code>
            </dd>
          </dl>
        </section>
        <section aria-label="Held answer">
          <h3>Held answer</h3>
          <pre class="text answer" data-testid="hold-answer">
            {h.responsePayload.content}
          </pre>
          <p class="muted">
            {h.responsePayload.model} · {fmt.int(h.responsePayload.usage.totalTokens)} tokens
          </p>
        </section>
      </div>
      {!pending && h.resolvedAt && (
        <p class="muted">
          {h.status === 'EXPIRED' ? 'Expired' : h.status === 'APPROVED' ? 'Approved' : 'Rejected'} {fmt.date(h.resolvedAt)}
          {h.resolver ? ` by ${h.resolver.email}` : ''}
          {h.resolution ? `: “${h.resolution}”` : ''}
        </p>
      )}
      {pending && !expired && props.canReview && (
        <div class="hold-actions">
          {!rejecting ? (
            <>
              <button type="button" class="primary" disabled={busy} onClick={() => void resolve('approve')}>
                Approve
              </button>
              <button type="button" class="danger" disabled={busy} onClick={() => setRejecting(true)}>
                Reject…
              </button>
            </>
          ) : (
            <ReasonForm
              id={`reason-${h.id}`}
              label="Reason for rejecting"
              hint="Sent to the caller; at most 2,000 characters"
              submit="Reject"
              required
              busy={busy}
              onSubmit={(reason) => void resolve('reject', reason)}
              onCancel={() => setRejecting(false)}
            />
          )}
        </div>
      )}
    </article>
  );
}
