import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installChunkErrorRecovery } from './app/chunk-errors';
import { installGlobalErrorReporting, installMonitoring } from './lib/monitoring';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

installChunkErrorRecovery();
// Reports go to the console, the /error-test list and, while signed in, the server.
installMonitoring();
installGlobalErrorReporting();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
