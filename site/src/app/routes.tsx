/** The site's route table. Features add their pages here. */
import type { ReactNode } from 'react';
import { HomePage } from '../features/home/HomePage.tsx';
import { NotFoundPage } from '../features/home/NotFoundPage.tsx';

export interface SiteRoute {
  path: string;
  element: ReactNode;
}

export const siteRoutes: SiteRoute[] = [
  { path: '/', element: <HomePage /> },
  { path: '*', element: <NotFoundPage /> },
];
