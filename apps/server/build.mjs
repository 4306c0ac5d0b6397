import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * `npm run build -w apps/server`: the server, the worker and the CLI as plain JavaScript in
 * dist/ (ADR 21), each one self-contained file. The server's own code and @portal/shared
 * (TypeScript source) are bundled; npm packages stay external and load from node_modules.
 *
 * Files read at run time relative to the code keep the same place beside it: the bundles sit in
 * dist/ as src/server.ts sits in src/ (config.ts's `import.meta.dirname/../../..`, the repository
 * root, holds from both), and the migrations src/db/client.ts reads from the folder of the code
 * are copied to dist/migrations.
 *
 * `node build.mjs --if-stale` (what `npm start`, `npm run worker` and `npm run admin` run first)
 * builds only when dist/ is missing or one of the files the last build read (the bundled
 * sources, the migrations, this script, the package manifests and the lock file) has changed
 * since.
 */
const root = import.meta.dirname;
const outdir = path.join(root, 'dist');
const record = path.join(outdir, 'build.json');
const manifest = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const log = (line) => process.stderr.write(`${line}\n`);

/** Files that are not bundled sources but change what a build produces. */
const EXTRA_INPUTS = [
  'build.mjs',
  'package.json',
  '../../packages/shared/package.json',
  '../../package-lock.json',
];
const MIGRATIONS = 'src/db/migrations';

function isStale() {
  if (!existsSync(record)) return true;
  const { builtAt, inputs } = JSON.parse(readFileSync(record, 'utf8'));
  return inputs.some((input) => {
    const file = path.resolve(root, input);
    return !existsSync(file) || statSync(file).mtimeMs > builtAt;
  });
}

if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);

/**
 * The packages the server and @portal/shared depend on stay external, with two exceptions:
 * the workspace package (TypeScript source) and React Email's components, a barrel of twenty
 * packages (a code highlighter, a Markdown parser, Tailwind...) of which the e-mails use ten
 * small ones: bundled, the rest is tree-shaken away and the start does not load it (~0.7 s of CPU).
 */
const BUNDLED = new Set(['@portal/shared', '@react-email/components']);
const external = [manifest('package.json'), manifest('../../packages/shared/package.json')]
  .flatMap((pkg) => [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})])
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

/**
 * @react-email/components also re-exports its own copy of @react-email/render; the e-mails
 * import the server's (a dependency of its own, loaded with the first e-mail). An external module
 * behind `export *` would keep the whole barrel in the bundle (esbuild cannot know what it
 * exports), so that re-export is resolved to an empty module instead.
 */
const dropRenderReexport = {
  name: 'drop-react-email-render-reexport',
  setup(build) {
    build.onResolve({ filter: /^@react-email\/render$/ }, (args) =>
      args.importer.includes(`${path.sep}@react-email${path.sep}components${path.sep}`)
        ? { path: args.path, namespace: 'unused-reexport' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'unused-reexport' }, () => ({ contents: '', loader: 'js' }));
  },
};

const esbuild = await import('esbuild');
const builtAt = Date.now();
const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: { server: 'src/server.ts', worker: 'src/worker.ts', cli: 'src/cli.ts' },
  outdir,
  // Kept in memory until the build has passed its checks: a failed build leaves the last one.
  write: false,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  plugins: [dropRenderReexport],
  // The e-mail templates (.tsx, React Email) use React's automatic runtime.
  jsx: 'automatic',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});

// A package that is not a dependency of the server must not end up in the bundle unnoticed.
const strays = Object.values(result.metafile.outputs)
  .flatMap((output) => Object.entries(output.inputs))
  .filter(([input, { bytesInOutput }]) => bytesInOutput > 0 && input.includes('node_modules/'))
  .map(([input]) => input)
  .filter((input) => !input.includes('node_modules/@react-email/'));
if (strays.length > 0)
  throw new Error(`Bundled by mistake (add them to package.json):\n${strays.join('\n')}`);

/** Each file written whole under another name, then renamed: a process starting now reads either build. */
const put = (file, contents) => {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
};
mkdirSync(outdir, { recursive: true });
rmSync(record, { force: true });
for (const output of result.outputFiles) put(output.path, output.contents);
rmSync(path.join(outdir, 'migrations'), { recursive: true, force: true });
cpSync(path.join(root, MIGRATIONS), path.join(outdir, 'migrations'), { recursive: true });

const inputs = [
  ...Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/')),
  ...readdirSync(path.join(root, MIGRATIONS), { recursive: true }).map((file) => path.join(MIGRATIONS, file)),
  ...EXTRA_INPUTS,
].filter((input) => !input.includes(':'));
put(record, JSON.stringify({ builtAt, inputs }, null, 1));
log(`Server built to ${path.relative(process.cwd(), outdir) || '.'} in ${Date.now() - builtAt} ms`);
