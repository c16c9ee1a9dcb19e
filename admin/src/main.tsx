import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAdmin, opensAdmin, Shell } from './Shell.tsx';

const root = createRoot(document.getElementById('root')!);
const draw = () =>
  root.render(
    <StrictMode>
      <Shell />
    </StrictMode>,
  );

// An address of the admin is drawn once the admin's code is in (Shell.tsx); should that load
// fail, the admin's route asks for it again when drawn. (Not an await at the top: the admin's
// code imports this entry's chunk, and would wait for it.)
if (opensAdmin()) void loadAdmin().then(draw, draw);
else draw();
