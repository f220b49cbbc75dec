// `npm run dev`: the Vite dev server (web, hot reload) in front of the API (tsx watch, restarts on change).
// Open the Vite address; /api and /sandbox are proxied to the API, so the browser sees one origin.
//   PORT          API port (default 3000)
//   DEV_WEB_PORT  Vite port (default 5173)
// BASE_URL defaults to the Vite address: sign-in origins, e-mail links and checkout returns must point at
// the page the browser has open, not at the API behind the proxy.
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const apiPort = Number(process.env.PORT ?? 3000);
const webPort = Number(process.env.DEV_WEB_PORT ?? 5173);
const webOrigin = `http://localhost:${webPort}`;
const apiOrigin = `http://localhost:${apiPort}`;

const api = spawn(process.execPath, ['--enable-source-maps', 'node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: String(apiPort), BASE_URL: process.env.BASE_URL ?? webOrigin },
});

const web = await createServer({
  configFile: 'vite.config.ts',
  server: { port: webPort, strictPort: true, proxy: { '/api': apiOrigin, '/sandbox': apiOrigin } },
});
await web.listen();
web.printUrls();
console.log(`  ➜  API:     ${apiOrigin} (tsx watch; /api and /sandbox proxied)\n`);

// tsx watch stops the server cleanly on SIGTERM; send it on every way out (Vite exits on SIGTERM by itself).
const stopApi = () => {
  if (api.exitCode === null && api.signalCode === null) api.kill('SIGTERM');
};
process.on('exit', stopApi);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopApi();
    void web.close().finally(() => process.exit(0));
  });
}
// tsx watch survives a crashing server (it waits for the next change); if tsx itself ends, so does dev.
api.on('exit', (code) => void web.close().finally(() => process.exit(code ?? 1)));
