/**
 * The pay flow's entry (its own chunk, loaded by the element when it is needed): mounts React into
 * the element's shadow root and re-renders on every attribute change.
 */
import { createRoot } from 'react-dom/client';
import type { FlowHandle, FlowOptions } from '../element/props.ts';
import { App } from './App.tsx';

export function mountFlow({ host, root, props, onRendered }: FlowOptions): FlowHandle {
  const container = document.createElement('div');
  container.className = 'flow-root';
  root.append(container);
  const reactRoot = createRoot(container);
  const render = (p: typeof props) => reactRoot.render(<App host={host} props={p} onRendered={onRendered} />);
  render(props);
  return {
    update: render,
    unmount() {
      reactRoot.unmount();
      container.remove();
    },
  };
}
