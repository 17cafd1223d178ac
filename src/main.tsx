import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadOpeningScreen } from './app/router';
import './index.css';

async function start() {
  // Demo mode answers every API call in the browser with the real server code over an
  // in-memory store (DESIGN.md §1); the production bundle never loads it.
  if (import.meta.env.MODE === 'demo') {
    const { startDemoWorker } = await import('../mocks/browser');
    await startDemoWorker();
  }
  preloadOpeningScreen(window.location.pathname);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
