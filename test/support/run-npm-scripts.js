#!/usr/bin/env node
// `node test/support/run-npm-scripts.js NAME...`: runs the npm scripts NAME... at the same time, as `npm test`
// does with the build and the checks before jest (on 2 cores, one after the other they leave a core idle:
// tsc, eslint and prettier each keep about 1.4 cores busy). Each script's output is held back and printed
// whole once it ends, so outputs never interleave. Exits 1 when any script failed, after all have ended:
// every problem of the run is reported at once.
const { spawn } = require('node:child_process');

const npm = process.env.npm_execpath; // set when run by npm: the npm that runs us, not another on PATH
const names = process.argv.slice(2);

function runScript(name) {
  const started = Date.now();
  const [command, args] = npm === undefined ? ['npm', ['run', name]] : [process.execPath, [npm, 'run', name]];
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) =>
      resolve({ name, code: 1, output: [Buffer.from(`${error.message}\n`)], started }),
    );
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output, started }));
  });
}

function report({ name, code, output, started }) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(Buffer.concat(output));
  process.stdout.write(`[${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`}, ${seconds} s]\n`);
  return code === 0;
}

Promise.all(names.map((name) => runScript(name).then(report))).then((ok) => {
  process.exitCode = ok.every(Boolean) ? 0 : 1;
});
