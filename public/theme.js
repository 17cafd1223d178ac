// Runs before the first paint (a blocking script in <head>; the CSP allows 'self' scripts, not
// inline ones): the page starts dark when the user chose 深色模式, or left the choice to a
// system that is dark. src/components/theme.ts keeps the class up to date afterwards.
try {
  const choice = localStorage.getItem('theme');
  const systemDark = matchMedia('(prefers-color-scheme: dark)').matches;
  if (choice === 'dark' || (choice !== 'light' && systemDark)) {
    document.documentElement.classList.add('dark');
  }
} catch {
  // No storage: the page stays light.
}
