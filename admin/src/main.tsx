/** Console entry: react-admin inside a router rooted at /admin, under the fatal-error boundary. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ConsoleApp } from './ConsoleApp.tsx';
import { FatalErrorBoundary } from './layout/FatalError.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FatalErrorBoundary>
      <BrowserRouter basename="/admin">
        <ConsoleApp />
      </BrowserRouter>
    </FatalErrorBoundary>
  </StrictMode>,
);
