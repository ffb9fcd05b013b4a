/** Console entry: react-admin inside a router rooted at /admin. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ConsoleApp } from './ConsoleApp.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter basename="/admin">
      <ConsoleApp />
    </BrowserRouter>
  </StrictMode>,
);
