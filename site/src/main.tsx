/** Site entry: mounts the router-driven app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import './styles/base.css';
import { hasPayLinkParams } from '../../core/link-params.ts';

// A payment link on `/` belongs to the pay page (the server redirects too; this covers static hosting).
if (location.pathname === '/' && hasPayLinkParams(new URLSearchParams(location.search))) {
  location.replace(`/pay${location.search}`);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
