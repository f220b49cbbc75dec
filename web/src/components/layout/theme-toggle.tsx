import { Monitor, Moon, Sun } from 'lucide-react';
import { cycleThemeChoice, type ThemeChoice } from '../../lib/theme-choice.ts';
import { setThemeChoice, useThemeChoice } from '../../lib/use-theme-choice.ts';

const labels: Record<ThemeChoice, string> = { system: 'system', light: 'light', dark: 'dark' };
const icons = { system: Monitor, light: Sun, dark: Moon } as const;

/** One button in the top bar: system → light → dark. Its name says the current choice and what a press does. */
export function ThemeToggle() {
  const choice = useThemeChoice();
  const next = cycleThemeChoice(choice);
  const Icon = icons[choice];
  return (
    <button
      type="button"
      onClick={() => setThemeChoice(next)}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-fg-muted hover:bg-surface-subtle hover:text-fg"
      aria-label={`Theme: ${labels[choice]}. Switch to ${labels[next]}`}
      title={`Theme: ${labels[choice]}`}
      data-theme-choice={choice}
    >
      <Icon className="size-5" aria-hidden />
    </button>
  );
}
