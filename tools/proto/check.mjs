#!/usr/bin/env node
// Contract check for proto/ (run by `npm run proto:check`, also the CI gate for the contracts):
//   1. buf lint                        (STANDARD rules, see proto/buf.yaml)
//   2. generated code is current       (regenerate into a temp dir, compare with proto/gen byte for byte)
//   3. buf breaking against main       (FILE rules; skipped, with the reason, when there is no main to compare)
// Works offline: buf and protoc-gen-es come from node_modules. Exits non-zero on any failure and
// always ends with one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const protoDir = path.join(repoRoot, 'proto');
const genDir = path.join(protoDir, 'gen');
// Hand-written files that live beside the generated code in proto/gen.
const HAND_WRITTEN = new Set(['index.ts']);
const STALE = 'proto/gen is stale: run npm run proto:generate';

function bufCommand() {
  const local = path.join(repoRoot, 'node_modules', '.bin', process.platform === 'win32' ? 'buf.cmd' : 'buf');
  return fs.existsSync(local) ? local : 'buf';
}
const BUF = bufCommand();

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: protoDir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...opts });
  if (res.error) return { ok: false, status: -1, out: String(res.error.message ?? res.error) };
  return { ok: res.status === 0, status: res.status, out: `${res.stdout ?? ''}${res.stderr ?? ''}`.trim() };
}

function git(args) {
  const res = spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' });
  if (res.error || res.status !== 0) return null;
  return res.stdout.trim();
}

function listFiles(dir, base = dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, base, out);
    else out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out.sort();
}

function indent(text) {
  return text.split('\n').map((line) => `    ${line}`).join('\n');
}

const results = []; // { step, ok, note }

// 1. lint ---------------------------------------------------------------------------------------
{
  const res = run(BUF, ['lint']);
  if (res.ok) {
    console.log('proto: buf lint: clean');
    results.push({ step: 'lint', ok: true, note: 'lint clean' });
  } else {
    console.error(`proto: buf lint failed (exit ${res.status}):\n${indent(res.out)}`);
    results.push({ step: 'lint', ok: false, note: 'lint failed' });
  }
}

// 2. generated code -----------------------------------------------------------------------------
{
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'seatside-proto-gen-'));
  try {
    // -o prefixes the template's `out: gen`, so the fresh output lands in <tmp>/gen.
    const res = run(BUF, ['generate', '--output', tmp]);
    if (!res.ok) {
      console.error(`proto: buf generate failed (exit ${res.status}):\n${indent(res.out)}`);
      results.push({ step: 'generate', ok: false, note: 'generate failed' });
    } else {
      const freshDir = path.join(tmp, 'gen');
      const fresh = listFiles(freshDir);
      const committed = listFiles(genDir).filter((f) => !HAND_WRITTEN.has(f));
      const problems = [];
      for (const f of fresh) {
        if (!committed.includes(f)) problems.push(`missing: proto/gen/${f}`);
        else if (!fs.readFileSync(path.join(freshDir, f)).equals(fs.readFileSync(path.join(genDir, f)))) {
          problems.push(`differs: proto/gen/${f}`);
        }
      }
      for (const f of committed) if (!fresh.includes(f)) problems.push(`not generated (remove it): proto/gen/${f}`);

      // The hand-written index must expose every generated module.
      const indexPath = path.join(genDir, 'index.ts');
      const index = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : null;
      const unexported = index === null ? [] : fresh.filter((f) => !index.includes(`'./${f.replace(/\.ts$/, '')}'`));

      if (problems.length > 0) {
        console.error(`${STALE}\n${indent(problems.join('\n'))}`);
        results.push({ step: 'generate', ok: false, note: 'gen stale' });
      } else if (index === null) {
        console.error('proto: proto/gen/index.ts is missing');
        results.push({ step: 'generate', ok: false, note: 'gen/index.ts missing' });
      } else if (unexported.length > 0) {
        console.error(`proto: proto/gen/index.ts does not re-export:\n${indent(unexported.join('\n'))}`);
        results.push({ step: 'generate', ok: false, note: 'gen/index.ts incomplete' });
      } else {
        console.log(`proto: generated code up to date (${fresh.length} files)`);
        results.push({ step: 'generate', ok: true, note: `gen up to date (${fresh.length} files)` });
      }
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// 3. breaking -----------------------------------------------------------------------------------
{
  const skip = (why) => {
    console.log(`proto: breaking check skipped: ${why}`);
    results.push({ step: 'breaking', ok: true, note: 'breaking skipped' });
  };
  const gitRoot = git(['rev-parse', '--show-toplevel']);
  const commonDir = gitRoot && git(['rev-parse', '--git-common-dir']);
  if (!gitRoot || !commonDir) {
    skip('not a git checkout');
  } else {
    // Prefer the local main branch; a clone checked out on another branch may only have origin/main.
    const candidates = [
      { ref: 'refs/heads/main', input: 'branch=main', label: 'main' },
      { ref: 'refs/remotes/origin/main', input: 'ref=refs/remotes/origin/main', label: 'origin/main' },
    ];
    const found = candidates.find((c) => git(['rev-parse', '--verify', '--quiet', `${c.ref}^{commit}`]) !== null);
    const subdir = path.relative(gitRoot, protoDir).split(path.sep).join('/');
    if (!found) {
      skip('no main branch in this repository');
    } else if (git(['cat-file', '-e', `${found.ref}:${subdir}/buf.yaml`]) === null) {
      skip(`${found.label} has no ${subdir}/buf.yaml yet (nothing published to compare with)`);
    } else {
      const gitDir = path.resolve(gitRoot, commonDir);
      const against = `${gitDir}#${found.input},subdir=${subdir}`;
      const res = run(BUF, ['breaking', '--against', against]);
      if (res.ok) {
        console.log(`proto: buf breaking: no breaking changes against ${found.label}`);
        results.push({ step: 'breaking', ok: true, note: `no breaking changes vs ${found.label}` });
      } else {
        console.error(`proto: buf breaking against ${found.label} failed (exit ${res.status}):\n${indent(res.out)}`);
        results.push({ step: 'breaking', ok: false, note: `breaking changes vs ${found.label}` });
      }
    }
  }
}

const failed = results.filter((r) => !r.ok);
const summary = results.map((r) => r.note).join('; ');
if (failed.length > 0) {
  console.error(`proto:check FAILED (${failed.map((r) => r.step).join(', ')}): ${summary}`);
  process.exit(1);
}
console.log(`proto:check OK: ${summary}`);
