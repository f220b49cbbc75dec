import { Bot, Check, CircleAlert, User } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatTokens } from '../../../lib/format.ts';
import type { CopilotAnswer } from '../api/ask-copilot.ts';
import type { CopilotMessage } from '../api/get-conversation.ts';
import { AnalysisOffer } from './analysis-offer.tsx';
import { AnswerBody } from './answer-body.tsx';
import { TrendChart } from './trend-chart.tsx';

interface ToolStep {
  key: string;
  label: string;
  done: boolean;
  error: string | null;
}

/** A question on its way: the tools it called so far and the text streamed in. */
export interface Pending {
  question: string;
  steps: ToolStep[];
  text: string;
  mode: 'llm' | 'offline' | null;
}

/** A stored message: the question, or the answer with its mode, its charge (or "nothing charged") and its sources. */
export function MessageView({ message, fresh }: { message: CopilotMessage; fresh: CopilotAnswer | null }) {
  if (message.role === 'user')
    return (
      <li className="flex justify-end gap-2">
        <p className="max-w-[85%] whitespace-pre-wrap rounded-2xl rounded-br-sm bg-inverse px-4 py-2.5 text-sm text-on-inverse">
          <span className="sr-only">You asked: </span>
          {message.text}
        </p>
        <User className="mt-2 size-5 shrink-0 text-fg-subtle" aria-hidden />
      </li>
    );
  const refused = message.status === 'refused';
  return (
    <li className="flex gap-2" data-testid="copilot-answer" data-status={message.status ?? ''}>
      <Bot className="mt-3 size-5 shrink-0 text-brand-fg" aria-hidden />
      <Card className={`min-w-0 flex-1 p-4 ${refused ? 'border-warning-muted bg-warning-soft/40' : ''}`}>
        <p className="mb-2 flex flex-wrap items-center gap-2 text-xs text-fg-muted">
          <span className="font-medium text-fg-secondary">{message.mode === 'llm' ? 'AI model' : 'Offline copilot'}</span>
          {refused ? (
            <Badge tone="warning">Not answered · nothing charged</Badge>
          ) : (
            <Badge tone="neutral" data-testid="answer-charge">
              {formatTokens(message.tokens_charged)} tokens
            </Badge>
          )}
        </p>
        <AnswerBody id={message.id} text={message.text} citations={message.citations} />
        {/* The chart comes with the fresh answer only (it is not stored): a reloaded conversation shows the text. */}
        {fresh?.message_id === message.id && fresh.chart && <TrendChart chart={fresh.chart} />}
        {/* Like the chart, the offer to run the full analysis comes with the fresh answer; the text says it too. */}
        {fresh?.message_id === message.id && fresh.offer && <AnalysisOffer offer={fresh.offer} />}
        {refused && fresh?.message_id === message.id && fresh.examples.length > 0 && (
          <p className="mt-3 text-xs text-fg-muted">Try one of the examples below.</p>
        )}
      </Card>
    </li>
  );
}

/** The question being answered: each tool as it runs, then the text as it streams in. */
export function PendingView({ pending }: { pending: Pending }) {
  return (
    <>
      <li className="flex justify-end gap-2">
        <p className="max-w-[85%] whitespace-pre-wrap rounded-2xl rounded-br-sm bg-inverse px-4 py-2.5 text-sm text-on-inverse">
          <span className="sr-only">You asked: </span>
          {pending.question}
        </p>
        <User className="mt-2 size-5 shrink-0 text-fg-subtle" aria-hidden />
      </li>
      <li className="flex gap-2" data-testid="copilot-pending">
        <Bot className="mt-3 size-5 shrink-0 text-brand-fg" aria-hidden />
        <Card className="min-w-0 flex-1 p-4">
          <ol className="space-y-1 text-sm" aria-label="Progress">
            <li className="flex items-center gap-2 text-positive-strong">
              <Check className="size-4" aria-hidden />
              Reading your question
            </li>
            {pending.steps.map((s) => (
              <li key={s.key} className={`flex items-center gap-2 ${s.error ? 'text-warning' : s.done ? 'text-positive-strong' : 'text-fg'}`}>
                {s.error ? (
                  <CircleAlert className="size-4" aria-hidden />
                ) : s.done ? (
                  <Check className="size-4" aria-hidden />
                ) : (
                  <span className="size-3.5 animate-spin rounded-full border-2 border-brand border-t-transparent" aria-hidden />
                )}
                Looking up {s.label}
                {s.error ? `: ${s.error}` : ''}
              </li>
            ))}
            <li className="flex items-center gap-2 font-medium text-fg" aria-current="step">
              <span className="size-3.5 animate-spin rounded-full border-2 border-brand border-t-transparent" aria-hidden />
              {pending.text ? 'Writing the answer' : pending.steps.length > 0 ? 'Gathering the figures' : 'Starting'}
            </li>
          </ol>
          {pending.text && <p className="mt-3 whitespace-pre-wrap text-[0.95rem] leading-relaxed text-fg">{pending.text}</p>}
        </Card>
      </li>
    </>
  );
}
