import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import type { AppClients } from './app/app-clients';
import { preloadOpeningScreen } from './app/router';
import { createToaster } from './components/toast';
import './index.css';

async function start() {
  // Demo mode answers every API call in the browser with the real server code over an
  // in-memory store (docs/architecture.md, Decisions "Demo mode"); the production bundle never loads it.
  if (import.meta.env.MODE === 'demo') {
    const { startDemoWorker } = await import('../mocks/browser');
    await startDemoWorker();
  }
  // The first render waits for the opening chunks (index.html's spinner shows meanwhile), so
  // that it draws the shell and the screen in one pass rather than suspending on each.
  await preloadOpeningScreen(window.location.pathname);
  // In a transition React renders in slices of ~5 ms, yielding to the browser between them:
  // the shell's and screen's first render (214 ms in one task at 4× CPU on /fitness) no longer
  // blocks input. Nothing in it suspends (the chunks are there), so the first commit is not
  // held back the way a transition holds one that waits for a lazy screen.
  const root = createRoot(document.getElementById('root')!);
  // The query client comes with the signed-in shell (app-clients.ts).
  const clients: AppClients = { toaster: createToaster() };
  startTransition(() =>
    root.render(
      <StrictMode>
        <App clients={clients} />
      </StrictMode>,
    ),
  );
}

void start();
