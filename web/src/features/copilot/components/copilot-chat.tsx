import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatTokens } from '../../../lib/format.ts';
import { askCopilot, type CopilotAnswer } from '../api/ask-copilot.ts';
import { type CopilotConversation, type CopilotMessage, useConversation } from '../api/get-conversation.ts';
import { useCopilotStatus } from '../api/get-copilot-status.ts';
import { describeToolCall } from '../cited-text.ts';
import { type CopilotAccount, formatCost } from '../copilot-account.ts';
import { ConversationList } from './conversation-list.tsx';
import { InsufficientTokensNotice } from './insufficient-tokens-notice.tsx';
import { ModeBanner } from './mode-banner.tsx';
import { MessageView, type Pending, PendingView } from './thread-messages.tsx';

/** The query parameter holding the open conversation, so a reload or a shared link re-opens it. */
export const CONVERSATION_PARAM = 'c';
const MAX_CHARS = 4000;

/** Adds the exchange just answered to the cached conversation, so it shows before the refetch lands. */
function appendToCache(old: CopilotConversation | undefined, question: string, answer: CopilotAnswer): CopilotConversation {
  const now = new Date().toISOString();
  const user: CopilotMessage = {
    id: `local-${answer.message_id}`,
    role: 'user',
    text: question,
    citations: [],
    mode: null,
    status: null,
    tokens_charged: 0,
    created_at: now,
  };
  const assistant: CopilotMessage = {
    id: answer.message_id,
    role: 'assistant',
    text: answer.answer,
    citations: answer.citations,
    mode: answer.mode,
    status: answer.status,
    tokens_charged: answer.tokens_charged,
    created_at: now,
  };
  const base = old ?? { id: answer.conversation_id, title: question.slice(0, 80), created_at: now, updated_at: now, messages: [] };
  return { ...base, updated_at: now, messages: [...base.messages, user, assistant] };
}

/**
 * The copilot page: conversations, the thread with cited answers, the mode it runs in, the cost, example
 * questions, and the ask box. Answers stream in with the tools they call; a refusal says so and is free.
 */
export function CopilotChat({ account, suggestions, prefill }: { account: CopilotAccount; suggestions?: readonly string[]; prefill?: string }) {
  const { userId } = account;
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const activeId = params.get(CONVERSATION_PARAM);
  const status = useCopilotStatus();
  const conversation = useConversation(userId, activeId);
  const [draft, setDraft] = useState(prefill ?? '');
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [fresh, setFresh] = useState<CopilotAnswer | null>(null);
  const [announce, setAnnounce] = useState('');
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const threadEnd = useRef<HTMLDivElement>(null);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (prefill) setDraft(prefill);
  }, [prefill]);

  const costMt = account.costMt;
  const examples =
    suggestions && suggestions.length > 0
      ? suggestions
      : ((fresh?.status === 'refused' && fresh.examples.length > 0 ? fresh.examples : status.data?.examples) ?? []);
  const messages = activeId ? (conversation.data?.messages ?? []) : [];

  const openConversation = (id: string | null) => {
    abort.current?.abort();
    setPending(null);
    setError(null);
    setFresh(null);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set(CONVERSATION_PARAM, id);
        else next.delete(CONVERSATION_PARAM);
        return next;
      },
      { replace: false },
    );
  };

  async function ask(question: string) {
    const q = question.trim();
    if (!q || pending) return;
    if (q.length > MAX_CHARS) {
      setError(new ApiError(400, 'VALIDATION_FAILED', `A question has at most ${MAX_CHARS.toLocaleString('en-US')} characters.`));
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setFresh(null);
    setPending({ question: q, steps: [], text: '', mode: null });
    setAnnounce('Asking the copilot');
    requestAnimationFrame(() => threadEnd.current?.scrollIntoView({ block: 'end', behavior: 'smooth' }));
    let started: string | null = null;
    try {
      const answer = await askCopilot(
        { conversation_id: activeId, message: q },
        {
          signal: controller.signal,
          onMeta: (m) => {
            started = m.conversation_id;
            setPending((p) => (p ? { ...p, mode: m.mode } : p));
          },
          onTool: (t) =>
            setPending((p) => {
              if (!p) return p;
              const key = `${t.tool}|${t.symbol ?? ''}`;
              const label = describeToolCall(t.tool, t.symbol);
              if (t.phase === 'call') return p.steps.some((s) => s.key === key) ? p : { ...p, steps: [...p.steps, { key, label, done: false, error: null }] };
              return { ...p, steps: p.steps.map((s) => (s.key === key ? { ...s, done: true, error: t.error?.message ?? null } : s)) };
            }),
          onText: (delta) => setPending((p) => (p ? { ...p, text: p.text + delta } : p)),
          onReset: () => setPending((p) => (p ? { ...p, text: '' } : p)),
        },
      );
      queryClient.setQueryData<CopilotConversation>(['copilot', userId, 'conversation', answer.conversation_id], (old) => appendToCache(old, q, answer));
      setFresh(answer);
      setPending(null);
      setDraft('');
      setAnnounce(
        answer.status === 'refused'
          ? 'The copilot could not answer that; nothing was charged.'
          : `Answered; ${formatTokens(answer.tokens_charged)} tokens charged.`,
      );
      if (answer.conversation_id !== activeId)
        setParams(
          (p) => {
            const next = new URLSearchParams(p);
            next.set(CONVERSATION_PARAM, answer.conversation_id);
            return next;
          },
          { replace: true },
        );
      account.onBalanceChanged();
      void queryClient.invalidateQueries({ queryKey: ['copilot', userId, 'conversations'] });
      requestAnimationFrame(() => threadEnd.current?.scrollIntoView({ block: 'end', behavior: 'smooth' }));
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      let err = e instanceof ApiError ? e : new ApiError(0, 'UNKNOWN', (e as Error).message);
      const conversationId: string | null = started;
      if (err.code === 'NETWORK_ERROR' && conversationId) {
        // The server finishes an answer it started even when the connection drops: show the conversation, re-read it shortly.
        err = new ApiError(
          0,
          'STREAM_DROPPED',
          'The connection dropped while the answer was being written. If it completes, it appears in this conversation in a moment.',
        );
        openConversationAfterDrop(conversationId);
      }
      setPending(null);
      setError(err);
      setAnnounce(`The copilot did not answer: ${err.message}`);
      if (err.code === 'INSUFFICIENT_TOKENS') account.onBalanceChanged();
    }
  }

  function openConversationAfterDrop(id: string) {
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set(CONVERSATION_PARAM, id);
        return next;
      },
      { replace: true },
    );
    setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: ['copilot', userId] });
      account.onBalanceChanged();
    }, 3000);
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void ask(draft);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void ask(draft);
    }
  };
  const pickExample = (q: string) => {
    setDraft(q);
    input.current?.focus();
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)]">
      <aside className="lg:order-none">
        <details className="rounded-xl border border-border bg-surface p-3 lg:hidden">
          <summary className="cursor-pointer text-sm font-medium text-fg focus-visible:outline-2 focus-visible:outline-focus">Conversations</summary>
          <div className="mt-3">
            <ConversationList userId={userId} activeId={activeId} onSelect={openConversation} onNew={() => openConversation(null)} />
          </div>
        </details>
        <div className="hidden lg:block">
          <ConversationList userId={userId} activeId={activeId} onSelect={openConversation} onNew={() => openConversation(null)} />
        </div>
      </aside>

      <section aria-label="Conversation" className="min-w-0 space-y-4">
        <Card className="p-4">
          <ModeBanner status={status.data} />
          {status.isError && (
            <p className="mt-1 text-sm text-negative" role="alert">
              The copilot's status could not be loaded: {(status.error as Error).message}
            </p>
          )}
        </Card>

        {activeId && conversation.isPending && <p className="text-sm text-fg-muted">Loading the conversation…</p>}
        {activeId && conversation.isError && (
          <Alert tone="warning" title="That conversation could not be opened">
            {(conversation.error as Error).message}{' '}
            <Button variant="link" onClick={() => openConversation(null)}>
              Start a new one
            </Button>
          </Alert>
        )}
        {messages.length === 0 && !pending && !conversation.isPending && (
          <p className="rounded-xl border border-dashed border-border-strong bg-surface p-5 text-sm text-fg-secondary">
            Ask about a stock or a fund by ticker or name, or ask what a term means. Every figure in an answer links to the analysis page it comes from.
          </p>
        )}
        <ol className="space-y-4" aria-label="Messages" data-testid="copilot-thread">
          {messages.map((m) => (
            <MessageView key={m.id} message={m} fresh={fresh} />
          ))}
          {pending && <PendingView pending={pending} />}
        </ol>
        <div ref={threadEnd} />
        <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid="copilot-status">
          {announce}
        </p>

        {error &&
          (error.code === 'INSUFFICIENT_TOKENS' ? (
            <InsufficientTokensNotice account={account} costMt={costMt} />
          ) : (
            <Alert tone="error" title={error.code === 'STREAM_DROPPED' ? 'The connection dropped' : 'The copilot did not answer'} className="mt-3">
              <span data-testid="copilot-error">{error.message}</span>
              {error.code === 'STREAM_DROPPED' ? ' Only an answered question is charged.' : ' Nothing was charged.'}
            </Alert>
          ))}

        <form
          onSubmit={submit}
          className="space-y-3 rounded-xl border border-border bg-surface p-3 shadow-sm sm:p-4 lg:sticky lg:bottom-3"
          aria-label="Ask the copilot"
        >
          {examples.length > 0 && (
            <div>
              <p className="mb-1.5 text-xs font-medium text-fg-muted" id="copilot-examples-label">
                {suggestions && suggestions.length > 0 ? 'Suggested questions' : 'Example questions'}
              </p>
              <ul className="-mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1 sm:flex-wrap sm:overflow-visible" aria-labelledby="copilot-examples-label">
                {examples.slice(0, 8).map((q) => (
                  <li key={q} className="shrink-0 sm:shrink">
                    <button
                      type="button"
                      onClick={() => pickExample(q)}
                      className="shrink-0 whitespace-nowrap rounded-full border border-border-strong bg-surface px-3 py-1 text-left text-xs text-fg-secondary sm:whitespace-normal hover:border-brand hover:text-brand-fg focus-visible:outline-2 focus-visible:outline-focus"
                      data-testid="example-chip"
                    >
                      {q}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <label htmlFor="copilot-question" className="sr-only">
            Your question
          </label>
          <textarea
            id="copilot-question"
            ref={input}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            rows={2}
            maxLength={MAX_CHARS}
            placeholder="e.g. What is AAPL's RSI?"
            aria-describedby="copilot-question-hint"
            className="block w-full resize-y rounded-lg border border-border-strong bg-surface px-3 py-2 text-sm shadow-sm placeholder:text-fg-subtle focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand-muted"
            data-testid="copilot-input"
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id="copilot-question-hint" className="text-xs text-fg-muted">
              {costMt === null ? 'Loading the price…' : `${formatCost(costMt)} tokens per answered question; a question it cannot answer is free.`} Balance{' '}
              <span className="tabular font-medium text-fg" data-testid="copilot-balance">
                {formatTokens(account.balance)}
              </span>
              . Enter to ask, Shift+Enter for a new line.
            </p>
            <Button type="submit" variant="secondary" loading={pending !== null} disabled={draft.trim() === ''} data-testid="copilot-ask">
              <Send className="size-4" aria-hidden />
              Ask
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}
