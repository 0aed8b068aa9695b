import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Icons from one sprite (docs/decisions/020-speed-every-visitor-gets.md). In a build, imports
 * of `lucide-react` resolve to a module made here: each icon the app imports is
 * `spriteIcon(name, sprite)` (src/components/ui/sprite-icon.ts), an `<svg>` holding one `<use>`
 * of its symbol in `/assets/icons-<hash>.svg`, which holds the paths of exactly the icons the
 * source imports. Pages carry a reference per icon instead of its paths (about 100 bytes
 * instead of 400, and one element instead of three to six for the server to render), and the
 * client bundle drops the paths too. The development server keeps lucide-react as it is.
 *
 * Both builds (client and server renderer) read the same sources, so they name the same sprite;
 * only the client build writes it.
 */

const PACKAGE = 'lucide-react';
const VIRTUAL = '\0storyloom:lucide-sprite';
/** `import { A, type B, C as D } from 'lucide-react'` (also `import type {…}`, skipped). */
const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]lucide-react['"]/g;
/** A line of lucide-react's index: `export { default as A, default as AIcon } from './icons/a.mjs';` */
const EXPORT_LINE = /export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs';/g;

type IconNode = [string, Record<string, string | number>][];

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** The icon names the app's sources import from lucide-react (type imports left out). */
async function importedNames(srcDir: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (const file of await sourceFiles(srcDir)) {
    const text = await readFile(file, 'utf8');
    for (const [, typeOnly, list] of text.matchAll(IMPORT)) {
      if (typeOnly) continue;
      for (const part of list!.split(',')) {
        const spec = part.trim();
        if (!spec || spec.startsWith('type ')) continue;
        names.add(spec.split(/\s+as\s+/)[0]!.trim());
      }
    }
  }
  return names;
}

const escapeAttribute = (value: string | number) =>
  String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function symbol(id: string, node: IconNode): string {
  const children = node
    .map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([name]) => name !== 'key')
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
        .join('');
      return `<${tag}${attrs}/>`;
    })
    .join('');
  return `<symbol id="${id}" viewBox="0 0 24 24">${children}</symbol>`;
}

interface Sprite {
  /** Icon name (as imported) → symbol id. */
  ids: Map<string, string>;
  svg: string;
  fileName: string;
}

async function buildSprite(srcDir: string, root: string): Promise<Sprite> {
  const require = createRequire(join(root, 'package.json'));
  const esmDir = join(dirname(require.resolve(`${PACKAGE}/package.json`)), 'dist', 'esm');
  const index = await readFile(join(esmDir, 'lucide-react.mjs'), 'utf8');
  const files = new Map<string, string>();
  for (const [, list, file] of index.matchAll(EXPORT_LINE)) {
    for (const part of list!.split(',')) {
      const alias = /default as (\w+)/.exec(part.trim())?.[1];
      if (alias) files.set(alias, file!);
    }
  }
  const ids = new Map<string, string>();
  const symbols = new Map<string, string>();
  for (const name of [...(await importedNames(srcDir))].sort()) {
    const file = files.get(name);
    if (!file) {
      throw new Error(
        `lucide-sprite: '${name}' imported from ${PACKAGE} is not one of its icons; import it from elsewhere`,
      );
    }
    ids.set(name, file);
    if (symbols.has(file)) continue;
    const module = (await import(pathToFileURL(join(esmDir, 'icons', `${file}.mjs`)).href)) as {
      __iconData: { node: IconNode };
    };
    symbols.set(file, symbol(file, module.__iconData.node));
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${[...symbols.values()].join('')}</svg>`;
  const hash = createHash('sha256').update(svg).digest('base64url').slice(0, 10);
  return { ids, svg, fileName: `assets/icons-${hash}.svg` };
}

export function lucideSprite(): Plugin {
  let sprite: Promise<Sprite> | undefined;
  let base = '/';
  let root = '';
  let ssr = false;
  return {
    name: 'storyloom:lucide-sprite',
    enforce: 'pre',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
      ssr = Boolean(config.build.ssr);
    },
    buildStart() {
      sprite = buildSprite(join(root, 'src'), root);
    },
    resolveId(id) {
      return id === PACKAGE ? VIRTUAL : null;
    },
    async load(id) {
      if (id !== VIRTUAL || !sprite) return null;
      const { ids, fileName } = await sprite;
      const url = JSON.stringify(`${base}${fileName}`);
      const exports = [...ids].map(
        ([name, file]) =>
          `export const ${name} = /* @__PURE__ */ spriteIcon(${JSON.stringify(file)}, url);`,
      );
      return [
        `import { spriteIcon } from ${JSON.stringify(join(root, 'src/components/ui/sprite-icon.ts'))};`,
        `const url = ${url};`,
        ...exports,
      ].join('\n');
    },
    async generateBundle() {
      if (ssr || !sprite) return;
      const { svg, fileName } = await sprite;
      this.emitFile({ type: 'asset', fileName, source: svg });
    },
  };
}
