/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives when it is not the page's own origin. */
  readonly VITE_API_BASE?: string;
}
