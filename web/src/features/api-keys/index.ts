export { ApiKeysCard } from './components/api-keys-card.tsx';
