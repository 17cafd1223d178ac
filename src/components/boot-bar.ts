// For a stored session, index.html draws the navigation bar's title before any script has run
// (src/boot/boot.js shows it): the page's first paint then already holds its largest text,
// instead of waiting for the shell's code (Lighthouse's LCP). It stays over the
// loading spinner until the page's own top arrives: the navigation bar, whose title takes its
// place at the same spot and size, or a screen that has no bar (login, a failed start).

/** Takes the title drawn before any script off the page. */
export function dropBootBar(): void {
  document.documentElement.classList.remove('boot-bar');
  document.getElementById('boot-bar')?.remove();
}
