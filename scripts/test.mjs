// `npm test [-- static|unit|e2e ...]`: runs every stage even after a failure,
// so one run shows everything that is broken, and ends with a single
// machine-readable line "N passed, N failed[, N skipped]" built from the
// tools' JSON reports rather than from their console output.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ROOT, binEnv, ensureDeps } from './ensure-deps.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const GROUPS = { static: ['typecheck', 'lint'], unit: ['unit'], e2e: ['build', 'e2e'] };
const ORDER = ['typecheck', 'lint', 'unit', 'build', 'e2e'];

const tally = (passed, failed, skipped = 0, note = '') => ({ passed, failed, skipped, note });
const check = (ok, note = '') => tally(ok ? 1 : 0, ok ? 0 : 1, 0, note);
const finalLine = (p, f, s) => `${p} passed, ${f} failed${s > 0 ? `, ${s} skipped` : ''}`;

function bail(message) {
  console.error(`test: ${message}`);
  console.log(finalLine(0, 1, 0));
  process.exit(1);
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !GROUPS[w]);
if (unknown.length) bail(`unknown stage group(s) ${unknown.join(', ')}; use: ${Object.keys(GROUPS).join(' | ')}`);
const selected = new Set(wanted.length ? wanted.flatMap((w) => GROUPS[w]) : ORDER);

try {
  ensureDeps();
} catch (err) {
  bail(err.message);
}

let chromium = null;
let chromiumError = null;
if (selected.has('e2e')) {
  try {
    chromium = ensureChromium();
  } catch (err) {
    chromiumError = err.message;
  }
}

// Forwarded by hand so a SIGTERM aimed only at us still stops the tool.
let child = null;
let interrupted = null;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    interrupted = sig;
    child?.kill(sig);
  });
}

// stdin is closed: CI has none, and no tool here should ever wait for input.
// `keep` receives the tool's output too (still printed live), for a summary to quote.
function run(cmd, args, extraEnv = {}, keep = null) {
  return new Promise((resolve) => {
    const stdio = ['ignore', keep ? 'pipe' : 'inherit', keep ? 'pipe' : 'inherit'];
    child = spawn(cmd, args, { cwd: ROOT, env: binEnv(extraEnv), stdio });
    if (keep) {
      child.stdout.on('data', (chunk) => (process.stdout.write(chunk), keep(chunk)));
      child.stderr.on('data', (chunk) => (process.stderr.write(chunk), keep(chunk)));
    }
    child.on('error', (err) => {
      console.error(`test: cannot run ${cmd}: ${err.message}`);
      resolve(127);
    });
    child.on('close', (code, signal) => resolve(code ?? `signal ${signal}`));
  }).finally(() => (child = null));
}

/**
 * Vitest exits 1 without a failed test when something threw outside any test
 * (an unhandled error or rejection). Its report of that is far above the
 * summary CI shows, so the summary quotes it.
 */
function unhandledErrors(output) {
  const lines = stripVTControlCharacters(output).split('\n');
  const start = lines.findIndex((line) => /Unhandled (Error|Rejection)/i.test(line));
  return start < 0 ? [] : lines.slice(start, start + 40);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** How many of the slowest tests each stage lists (issue 26: CI time is watched, so the suite says what costs it). */
const SLOWEST = 8;
const slowest = [];

/** The slowest entries of a stage, `[seconds, name]`, listed under the summary. */
function listSlowest(stage, entries) {
  const top = entries.sort((a, b) => b[0] - a[0]).slice(0, SLOWEST);
  if (top.length) slowest.push(`${stage}: slowest`, ...top.map(([s, name]) => `  ${s.toFixed(1).padStart(6)} s  ${name}`));
}

/** Vitest's report: the slowest test files (their tests' time, without the file's set-up). */
function unitDurations(report) {
  return (report.testResults ?? []).map((f) => [
    (f.assertionResults ?? []).reduce((sum, a) => sum + (a.duration ?? 0), 0) / 1000,
    f.name.startsWith(ROOT) ? f.name.slice(ROOT.length + 1) : f.name,
  ]);
}

/** Every test of a Playwright report, with its spec and the name it is reported by. */
function e2eTests(report) {
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) out.push({ spec, test: t, project: t.projectName ? ` [${t.projectName}]` : '' });
    }
    (suite.suites ?? []).forEach(walk);
  };
  (report.suites ?? []).forEach(walk);
  return out;
}

/** Each test's own time, the retry's included. */
const e2eDurations = (tests) =>
  tests.map(({ spec, test, project }) => [
    (test.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0) / 1000,
    `${spec.file}:${spec.line} ${spec.title}${project}`.slice(0, 150),
  ]);

/** A package.json script (the same command a developer types), run with Node 22 first on PATH. */
async function runScript(name) {
  const script = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts?.[name];
  if (!script) return check(false, `no "${name}" script in package.json`);
  return check((await run('sh', ['-c', script])) === 0);
}

const tmp = mkdtempSync(join(tmpdir(), 'spot-test-'));
const results = {};
/** Lines a stage wants shown beside the summary (kept short: CI shows the tail). */
const quoted = [];

const stages = {
  typecheck: () => runScript('typecheck'),

  lint: () => runScript('lint'),

  unit: async () => {
    const file = join(tmp, 'vitest.json');
    let output = '';
    const code = await run('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile=${file}`], {}, (chunk) => {
      output += chunk;
    });
    const r = readJson(file);
    if (!r) return check(false, `no JSON report (vitest exit ${code})`);
    // A file that fails to load has no failed tests, only a failed file entry.
    const brokenFiles = (r.testResults ?? []).filter(
      (f) => f.status === 'failed' && !f.assertionResults?.some((a) => a.status === 'failed'),
    ).length;
    let failed = r.numFailedTests + brokenFiles;
    const note = code !== 0 && failed === 0 ? `vitest exit ${code} with no failed test` : '';
    if (note) failed = 1;
    listSlowest('unit', unitDurations(r));
    const outside = unhandledErrors(output);
    if (outside.length) quoted.push('unit: what vitest reported outside the tests', ...outside);
    return tally(r.numPassedTests, failed, r.numPendingTests + r.numTodoTests, note);
  },

  // Both pages: the demo with the in-page exchange, and the remote one the local server runtime serves.
  build: async () => {
    const demo = await runScript('build');
    return demo.failed > 0 ? demo : runScript('build:remote');
  },

  e2e: async () => {
    if (results.build && results.build.failed > 0) return check(false, 'not run: build failed');
    if (chromiumError) return check(false, `not run: ${chromiumError}`);
    const file = join(tmp, 'pw.json');
    const code = await run('playwright', ['test'], { PW_JSON_OUTPUT: file, CHROMIUM_PATH: chromium });
    const r = readJson(file);
    if (!r?.stats) return check(false, `no JSON report (playwright exit ${code})`);
    const tests = e2eTests(r);
    const flaky = tests.filter(({ test }) => test.status === 'flaky').map(({ spec, project }) => `${spec.file} > ${spec.title}${project}`);
    listSlowest('e2e', e2eDurations(tests));
    for (const name of flaky) console.log(`WARNING: flaky e2e test (passed on retry): ${name}`);
    // Errors outside any test (global setup, webServer) leave no failed test behind.
    let failed = r.stats.unexpected + (r.errors?.length ?? 0);
    const note = code !== 0 && failed === 0 ? `playwright exit ${code} with no failed test` : '';
    if (note) failed = 1;
    const flakyNote = r.stats.flaky ? `${r.stats.flaky} flaky` : '';
    return tally(r.stats.expected + r.stats.flaky, failed, r.stats.skipped, [note, flakyNote].filter(Boolean).join('; '));
  },
};

const LABEL = {
  typecheck: 'npm run typecheck',
  lint: 'npm run lint',
  unit: 'vitest run',
  build: 'npm run build && npm run build:remote',
  e2e: 'playwright test',
};

const times = {};
for (const name of ORDER.filter((s) => selected.has(s))) {
  if (interrupted) {
    results[name] = check(false, `not run: ${interrupted}`);
    continue;
  }
  console.log(`\n==> ${name}: ${LABEL[name]}`);
  const start = Date.now();
  results[name] = await stages[name]();
  times[name] = ((Date.now() - start) / 1000).toFixed(1);
}
rmSync(tmp, { recursive: true, force: true });

let passed = 0;
let failed = 0;
let skipped = 0;
if (slowest.length) console.log(`\n${slowest.join('\n')}`);
if (quoted.length) console.log(`\n${quoted.join('\n')}`);
console.log('\nSummary:');
for (const [name, r] of Object.entries(results)) {
  passed += r.passed;
  failed += r.failed;
  skipped += r.skipped;
  const time = times[name] ? ` (${times[name]} s)` : '';
  const note = r.note ? ` - ${r.note}` : '';
  console.log(`  ${name.padEnd(10)} ${finalLine(r.passed, r.failed, r.skipped)}${time}${note}`);
}
console.log(finalLine(passed, failed, skipped));
process.exit(interrupted ? 130 : failed > 0 ? 1 : 0);
