// `npm start`: builds Castline and starts it on its embedded defaults, as fast as a fresh clone
// allows. The server is built first (under a second); then the web app is built while the server
// opens its database, migrates it and fills an empty one with demo data, and the server builds its
// app and listens once the web app is ready. Stops the server on Ctrl+C, and exits with its code.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The build running now, stopped if the server exits first. */
let building;

/** Runs `npm run build -w <workspace>`; resolves on success, rejects with its exit code. */
function build(workspace) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    building = child;
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`building ${workspace} failed (${signal ?? code})`)),
    );
  });
}

// The server's own build script (esbuild, a fraction of a second), without npm around it.
await new Promise((resolve, reject) => {
  const child = spawn(process.execPath, ['build.mjs'], {
    cwd: path.join(root, 'apps/server'),
    stdio: 'inherit',
  });
  child.on('error', reject);
  child.on('exit', (code) =>
    code === 0 ? resolve() : reject(new Error(`building the server failed (${code})`)),
  );
});
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js'), '--after-web-build'], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
const forward = (signal) => server.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
server.on('exit', (code, signal) => {
  if (building?.exitCode === null) building.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});

try {
  await build('@castline/web');
  if (server.connected) server.send('web-built', () => server.disconnect());
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  server.kill('SIGTERM');
  process.exitCode = 1;
}
