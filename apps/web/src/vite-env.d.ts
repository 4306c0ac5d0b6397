/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_APP_NAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The id of this build of the web app (vite.config.ts, buildId); "dev" outside `vite build`. */
declare const __BUILD_ID__: string;
