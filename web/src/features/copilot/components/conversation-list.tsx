import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useDeleteConversation } from '../api/delete-conversation.ts';
import { useConversations } from '../api/list-conversations.ts';

/** The user's conversations, newest first: start a new one, switch, delete. */
export function ConversationList({
  userId,
  activeId,
  onSelect,
  onNew,
}: {
  userId: string | null;
  activeId: string | null;
  onSelect: (id: string) => void;
  onNew: () => void;
}) {
  const list = useConversations(userId);
  const remove = useDeleteConversation(userId);
  const conversations = list.data?.pages.flatMap((p) => p.conversations) ?? [];
  return (
    <nav aria-label="Conversations" className="space-y-3">
      <Button variant="outline" className="w-full" onClick={onNew} data-testid="new-conversation">
        <Plus className="size-4" aria-hidden />
        New conversation
      </Button>
      {list.isPending ? (
        <p className="px-1 text-sm text-fg-muted">Loading conversations…</p>
      ) : list.isError ? (
        <p className="px-1 text-sm text-negative" role="alert">
          Your conversations could not be loaded. {(list.error as Error).message}
        </p>
      ) : conversations.length === 0 ? (
        <p className="px-1 text-sm text-fg-muted">No conversations yet. Your questions and answers are kept here.</p>
      ) : (
        <ul className="space-y-1" data-testid="conversation-list">
          {conversations.map((c) => {
            const active = c.id === activeId;
            return (
              <li
                key={c.id}
                className={`group flex items-center gap-1 rounded-lg ${active ? 'bg-brand-soft ring-1 ring-brand-muted' : 'hover:bg-surface-subtle'}`}
              >
                <button
                  type="button"
                  onClick={() => onSelect(c.id)}
                  aria-current={active ? 'true' : undefined}
                  className="min-w-0 flex-1 rounded-lg px-3 py-2 text-left focus-visible:outline-2 focus-visible:outline-focus"
                >
                  <span className="block truncate text-sm font-medium text-fg">{c.title}</span>
                  <span className="block text-xs text-fg-muted">{formatDate(c.updated_at)}</span>
                </button>
                <button
                  type="button"
                  onClick={() => {
                    if (!window.confirm(`Delete “${c.title}”? Tokens already charged stay charged.`)) return;
                    remove.mutate(c.id, { onSuccess: () => active && onNew() });
                  }}
                  className="mr-1 rounded-md p-2 text-fg-subtle hover:bg-surface hover:text-negative focus-visible:outline-2 focus-visible:outline-focus"
                  aria-label={`Delete conversation “${c.title}”`}
                  disabled={remove.isPending && remove.variables === c.id}
                >
                  <Trash2 className="size-4" aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {remove.isError && (
        <p className="px-1 text-sm text-negative" role="alert">
          Could not delete: {(remove.error as Error).message}
        </p>
      )}
      {list.hasNextPage && (
        <Button variant="ghost" size="sm" className="w-full" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
          Load older
        </Button>
      )}
    </nav>
  );
}
