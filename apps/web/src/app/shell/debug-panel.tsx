import type { ComponentType } from 'react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from '../../lib/router';
import { disableDebugMode, isDebugMode, syncDebugMode } from '../../lib/debug-mode';

/** The panel loads on its first use: no visitor without ?debug=true downloads it. */
const DebugPanelBody = lazy<ComponentType<{ onTurnOff: () => void }>>(() =>
  import('./debug-panel-body').catch(() => ({ default: () => null })),
);

/** With ?debug=true (remembered in this browser) a small panel shows the route and session state. */
export function DebugPanel() {
  const location = useLocation();
  const [turnedOff, setTurnedOff] = useState(false);
  const requested = new URLSearchParams(location.search).get('debug');

  // Remember an explicit ?debug=true / ?debug=false in this browser.
  useEffect(() => {
    syncDebugMode(location.search);
  }, [location.search]);

  const enabled = requested === 'true' || (requested !== 'false' && !turnedOff && isDebugMode());
  if (!enabled) return null;
  return (
    <Suspense fallback={null}>
      <DebugPanelBody
        onTurnOff={() => {
          disableDebugMode();
          setTurnedOff(true);
        }}
      />
    </Suspense>
  );
}
