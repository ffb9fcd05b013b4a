/** The site's router: every public route, wrapped in the fatal-error boundary. */
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ErrorBoundary } from '../features/errors/ErrorBoundary.tsx';
import { siteRoutes } from './routes.tsx';

export function App() {
  return (
    <ErrorBoundary>
      <BrowserRouter>
        <Routes>
          {siteRoutes.map((r) => (
            <Route key={r.path} path={r.path} element={r.element} />
          ))}
        </Routes>
      </BrowserRouter>
    </ErrorBoundary>
  );
}
