/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives when it is not the page's own origin. */
  readonly VITE_API_BASE?: string;
}

interface Window {
  /**
   * Set by /boot.js (src/boot/boot.js): asks, at low priority, for the chunks the screen at
   * `pathname` loads only on demand. Absent where boot.js did not run (tests).
   */
  pmsFetchLater?: (pathname: string) => void;
}
