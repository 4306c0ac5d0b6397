import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { getDefaultConfig } from 'tailwind-merge';
import { createClassGroupUtils, createParseClassName } from 'tailwind-merge/unstable-do-not-import';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every built script, stylesheet and page, so the server
 * sends them compressed without compressing on each request (@fastify/static `preCompressed`).
 */
export function precompress(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      // The prerender build (scripts/prerender.mjs) runs at build time only: nothing to send.
      ssr = Boolean(config.build.ssr);
    },
    async writeBundle(_options, bundle) {
      if (ssr) return;
      const files = Object.keys(bundle).filter((file) => /\.(js|css|html|svg|json)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const body = await readFile(full);
          if (body.length < 1024) return;
          const [br, gzipped] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gz(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/**
 * @portal/shared is plain declarations (constants, rules, zod schemas): a module none of whose
 * exports is used can be left out. Without this, importing one constant from the package would
 * bring every schema, and zod, into the first load.
 */
function sharedWithoutSideEffects(): Plugin {
  const shared = `${path.resolve(import.meta.dirname, '../../packages/shared/src')}${path.sep}`;
  return {
    name: 'portal:shared-without-side-effects',
    apply: 'build',
    transform(code, id) {
      if (id.startsWith(shared)) return { code, map: null, moduleSideEffects: false };
    },
  };
}

/**
 * What tailwind-merge needs to know about each class the portal's source names, worked out at
 * build time so that the browser does not build tailwind-merge's class map (its whole Tailwind
 * configuration, tens of milliseconds of one task on a phone) to draw the first page:
 * src/app/class-merge.ts merges with this table and asks tailwind-merge itself only for a class
 * the table does not know (ADR 61).
 *
 * The entry of a class is what tailwind-merge's merge (`mergeClassList`) derives from it: its
 * class id (variant modifiers, important modifier, class group) followed by the class ids it
 * overrides in classes before it; 0 for a class that is not Tailwind's, kept as it is. The
 * derivation follows tailwind-merge's own steps with its classification functions;
 * src/app/class-merge.test.ts compares the result with tailwind-merge's.
 */
export type ClassGroupEntry = 0 | string[];

/** A string literal or a template literal's text, on one line for quotes, any number for backticks. */
const LITERAL = /"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // Tests and their helpers are not shipped: their classes need no entry.
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The table: an entry for each word of every string literal under `sourceDir` (tests aside) that
 * names at least one Tailwind class, a class list; its other words (`group`, the stylesheet's own
 * classes) are classes tailwind-merge keeps as they are.
 */
export function classGroupTable(sourceDir: string): Map<string, ClassGroupEntry> {
  const config = getDefaultConfig();
  const parseClassName = createParseClassName(config);
  const { getClassGroupId, getConflictingClassGroupIds } = createClassGroupUtils(config);
  const postfixLookup = new Set<string>(config.postfixLookupClassGroups ?? []);
  const orderSensitive = new Set<string>(config.orderSensitiveModifiers);

  // tailwind-merge's sortModifiers: plain modifiers sorted, arbitrary and order-sensitive ones
  // kept where they are.
  const sortModifiers = (modifiers: readonly string[]) => {
    const sorted: string[] = [];
    let segment: string[] = [];
    for (const modifier of modifiers) {
      if (modifier.startsWith('[') || orderSensitive.has(modifier)) {
        sorted.push(...segment.sort(), modifier);
        segment = [];
      } else segment.push(modifier);
    }
    return [...sorted, ...segment.sort()];
  };

  // tailwind-merge's mergeClassList, for one class.
  const entryOf = (className: string): ClassGroupEntry => {
    const parsed = parseClassName(className);
    if (parsed.isExternal) return 0;
    const { modifiers, hasImportantModifier, baseClassName, maybePostfixModifierPosition } = parsed;
    let hasPostfixModifier = Boolean(maybePostfixModifierPosition);
    let classGroupId: string | undefined;
    if (hasPostfixModifier) {
      classGroupId = getClassGroupId(baseClassName.substring(0, maybePostfixModifierPosition));
      const withPostfix =
        classGroupId && postfixLookup.has(classGroupId) ? getClassGroupId(baseClassName) : undefined;
      if (withPostfix && withPostfix !== classGroupId) {
        classGroupId = withPostfix;
        hasPostfixModifier = false;
      }
    } else {
      classGroupId = getClassGroupId(baseClassName);
    }
    if (!classGroupId) {
      if (!hasPostfixModifier) return 0;
      classGroupId = getClassGroupId(baseClassName);
      if (!classGroupId) return 0;
      hasPostfixModifier = false;
    }
    const variant = modifiers.length < 2 ? (modifiers[0] ?? '') : sortModifiers(modifiers).join(':');
    const modifierId = hasImportantModifier ? `${variant}!` : variant;
    return [
      modifierId + classGroupId,
      ...getConflictingClassGroupIds(classGroupId, hasPostfixModifier).map((group) => modifierId + group),
    ];
  };

  const table = new Map<string, ClassGroupEntry>();
  for (const file of sourceFiles(sourceDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(LITERAL)) {
      // A template literal's placeholders separate words; what they insert is not known here.
      const text = (match[1] ?? match[2] ?? match[3] ?? '').replace(/\$\{[^}]*\}/g, ' ');
      const words = text.split(/\s+/).filter(Boolean);
      const entries = words.map((word) => table.get(word) ?? entryOf(word));
      if (!entries.some((entry) => entry !== 0)) continue;
      for (const [index, word] of words.entries()) table.set(word, entries[index] ?? 0);
    }
  }
  return table;
}

/** The module the class merge reads its table from (src/app/class-merge.ts). */
const CLASS_GROUPS = 'virtual:portal-class-groups';

/**
 * Hands src/app/class-merge.ts to every import of 'tailwind-merge' but its own, and builds its
 * table from the source (classGroupTable, ADR 61): the first page merges its classes
 * without building tailwind-merge's class map. The dev server builds the table once: a class
 * added meanwhile is merged by tailwind-merge itself, with the same result.
 */
export function classMerge(): Plugin {
  const runtime = path.resolve(import.meta.dirname, 'src/app/class-merge.ts');
  const source = path.resolve(import.meta.dirname, 'src');
  return {
    name: 'portal:class-merge',
    enforce: 'pre',
    resolveId(id, importer) {
      if (id === CLASS_GROUPS) return `\0${CLASS_GROUPS}`;
      if (id === 'tailwind-merge' && importer && path.resolve(importer.split('?')[0] ?? '') !== runtime) {
        return runtime;
      }
    },
    load(id) {
      if (id !== `\0${CLASS_GROUPS}`) return;
      const entries = JSON.stringify([...classGroupTable(source)]);
      // JSON.parse of a string: faster to parse and run than the same data as code.
      return `export default new Map(JSON.parse(${JSON.stringify(entries)}));\n`;
    },
  };
}

/** What the browser build writes in place of `__BUILD_ID__` until it knows the id (buildId). */
const BUILD_ID_PLACEHOLDER = 'portal-build-id-0000000000';

/**
 * Gives each browser build an id and publishes it (SPEC.md section 7): `__BUILD_ID__` in the
 * client (src/config/build.ts), `builds/latest.json` (`{ id, timestamp }`, which open pages poll to
 * notice a deploy) and `builds/meta/<id>.json`. The id is a hash of everything the build wrote,
 * so two builds of the same code agree (two servers built apart, behind one address). As that
 * content is known only at the end, the client gets a placeholder, replaced once the id is known;
 * the hashed file names are those of the content with the placeholder, as stable as the id.
 * Not for the prerender build (--ssr): it only runs at build time.
 */
export function buildId(): Plugin {
  let ssr = false;
  return {
    name: 'portal:build-id',
    config: (_config, { command }) => ({
      define: { __BUILD_ID__: JSON.stringify(command === 'build' ? BUILD_ID_PLACEHOLDER : 'dev') },
    }),
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle: {
      // After the other plugins' output (index.html among it): the id covers all of it.
      order: 'post',
      handler(_options, bundle) {
        if (ssr) return;
        const hash = createHash('sha256');
        for (const name of Object.keys(bundle).sort()) {
          const output = bundle[name];
          if (!output) continue;
          hash.update(name).update(output.type === 'chunk' ? output.code : output.source);
        }
        const id = hash.digest('hex').slice(0, 12);
        let replaced = false;
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !output.code.includes(BUILD_ID_PLACEHOLDER)) continue;
          output.code = output.code.replaceAll(BUILD_ID_PLACEHOLDER, id);
          replaced = true;
        }
        if (!replaced) this.warn('no chunk uses __BUILD_ID__: the client cannot tell its build');
        const meta = `${JSON.stringify({ id, timestamp: Date.now() })}\n`;
        this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: meta });
        this.emitFile({ type: 'asset', fileName: `builds/meta/${id}.json`, source: meta });
      },
    },
  };
}

/** Where scripts/prerender.mjs finds which file each module went into (removed once read). */
export const MODULE_MAP = '.vite/modules.json';

/**
 * Writes MODULE_MAP: for each module (its path from apps/web), the file it went into, and for
 * each file the files it imports statically. Vite's manifest names only the files that start
 * with a module of their own; a module that went into a group's file (build.rolldownOptions
 * below) is not in it. Not for the prerender build (--ssr).
 */
export function moduleMap(): Plugin {
  let root = '';
  let ssr = false;
  return {
    name: 'portal:module-map',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const modules: Record<string, string> = {};
      const imports: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        imports[output.fileName] = output.imports;
        for (const id of output.moduleIds) {
          // path.relative takes either separator on Windows; a module outside apps/web (a
          // package, a virtual module) is not named.
          const relative = path.relative(root, id);
          if (relative.startsWith('..') || path.isAbsolute(relative) || id.startsWith('\0')) continue;
          modules[relative.split(path.sep).join('/')] = output.fileName;
        }
      }
      this.emitFile({ type: 'asset', fileName: MODULE_MAP, source: JSON.stringify({ modules, imports }) });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    tailwindcss(),
    classMerge(),
    sharedWithoutSideEffects(),
    buildId(),
    moduleMap(),
    precompress(),
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  // No source maps: the production server would hand out the app's source.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The browsers the portal supports preload modules themselves: no polyfill running in the
    // entry's first task.
    modulePreload: { polyfill: false },
    // Fewer, larger files on a page's first load (ADR 52): on HTTP/1.1 a
    // browser fetches six at a time, and each costs a round trip. By priority (a group takes
    // its modules' static imports with it, unless a group before it took them):
    // - `index`: everything the entry imports statically, in the entry's one file;
    // - `icons`: the icons of the lazily loaded pages, in one file rather than one per icon;
    // - `ui`: the UI kit the pages share (src/components/ui and Radix), but not the rich-text
    //   editor (it stays with the one dialog that uses it) nor the menu and tooltip parts that
    //   only the signed-in frame uses;
    // - `dashboard`: the signed-in frame (the layout, the shell, its account menu and tooltips);
    // - `leads` and `onboarding`: the pages people land on.
    // The shared groups come first so that no other page has to load the landing pages' files:
    // without them, the public signing page loaded the leads' and the onboarding's.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 6 },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 5 },
            {
              name: 'ui',
              test: /node_modules[\\/](@radix-ui[\\/](?!react-(menu|dropdown-menu|tooltip|popper|arrow)[\\/])|radix-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|aria-hidden|get-nonce|tslib)[\\/]?|src[\\/]components[\\/]ui[\\/](?!rich-text-editor\.|dropdown-menu\.|tooltip\.)/,
              priority: 4,
            },
            { name: 'dashboard', test: /src[\\/]app[\\/]layouts[\\/]dashboard-layout\./, priority: 3 },
            {
              name: 'leads',
              test: /src[\\/](app[\\/]routes[\\/]leads-route|features[\\/]leads[\\/](pages[\\/]leads-page|api[\\/]prefetch-leads))\./,
              priority: 2,
            },
            {
              name: 'onboarding',
              test: /src[\\/]features[\\/]onboarding[\\/]pages[\\/]onboarding-page\./,
              priority: 2,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Each file in a VM context of its own (a fresh jsdom window and module graph) inside a worker
    // that stays: no new Node process, vitest runtime and jsdom load per file. As in a browser,
    // `window.location` cannot be replaced there (src/lib/reload-page.ts). Two workers at least:
    // with one, vitest hands a VM pool every file at once, in one context, and a file would see
    // the modules and mocks of those before it.
    pool: 'vmForks',
    maxWorkers: 2,
    // A group of its own: projects of one group share one worker count.
    sequence: { groupOrder: 1 },
    // VM contexts leak memory: a worker past this is replaced between two files.
    vmMemoryLimit: '1GB',
    // Pages load lazily (route-level code splitting): the first visit of a page in a test file
    // transforms its modules, which on a busy 2-core machine takes seconds, not milliseconds.
    testTimeout: 20_000,
  },
});
