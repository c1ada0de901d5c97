import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router-dom';

/** Renders these routes ({ path: element }) as the router shows them at `entry`, for the route tests. */
export function renderRoutes(entry: InitialEntry, routes: Record<string, ReactElement>) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        {Object.entries(routes).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Routes>
    </MemoryRouter>,
  );
}
