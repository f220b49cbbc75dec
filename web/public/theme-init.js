// Applies the colour theme before first paint (a blocking script in <head>; same-origin, so the CSP allows it).
// Mirrors web/src/lib/theme-choice.ts: key "stockpilot-theme", values light | dark, absent = follow the system.
(() => {
  let choice = null;
  try {
    choice = localStorage.getItem('stockpilot-theme');
  } catch {}
  const dark = choice === 'dark' || (choice !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
