export { CopilotChat, CONVERSATION_PARAM } from './components/copilot-chat.tsx';
export type { CopilotAccount } from './copilot-account.ts';
export { useCopilotStatus } from './api/get-copilot-status.ts';
