export { YourDataCard } from './components/your-data-card.tsx';
