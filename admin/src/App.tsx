import { RESOURCES } from '@conveyor/shared';

/** Placeholder until the react-admin console lands: lists what it will manage. */
export function App() {
  return (
    <main>
      <h1>Back office</h1>
      <p>Resources: {RESOURCES.join(', ')}</p>
    </main>
  );
}
