import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

/**
 * Text in any script a person may type, for every PDF the portal makes (agreements, their audit
 * page, invoices). Each character is drawn with a font that has it: DejaVu for Latin with every
 * accent, Greek and Cyrillic; Noto Naskh Arabic, Noto Sans Hebrew, and Noto Sans CJK for Chinese,
 * Japanese and Korean (docs/decisions: PDF fonts). A font's file is read the first time a
 * document needs it, and only the glyphs a document uses are embedded (subset), so a PDF stays
 * small. Arabic and Hebrew runs are shaped by fontkit with the font's own tables and laid out
 * right to left within the left-to-right line, so they read as typed.
 */

export type TextStyle = 'regular' | 'bold' | 'script';

type Family = 'latin' | 'arabic' | 'hebrew' | 'sc' | 'jp' | 'kr';

/** Package, and the file in its folder, per family and style ("script" is the typed signature). */
const FONT_FILES: Record<Family, { package: string; files: Record<TextStyle, string> }> = {
  latin: {
    package: 'dejavu-fonts-ttf',
    files: {
      regular: 'ttf/DejaVuSans.ttf',
      bold: 'ttf/DejaVuSans-Bold.ttf',
      script: 'ttf/DejaVuSerif-BoldItalic.ttf',
    },
  },
  arabic: {
    package: '@embedpdf/fonts-arabic',
    files: {
      regular: 'fonts/NotoNaskhArabic-Regular.ttf',
      bold: 'fonts/NotoNaskhArabic-Bold.ttf',
      script: 'fonts/NotoNaskhArabic-Bold.ttf',
    },
  },
  hebrew: {
    package: '@embedpdf/fonts-hebrew',
    files: {
      regular: 'fonts/NotoSansHebrew-Regular.ttf',
      bold: 'fonts/NotoSansHebrew-Bold.ttf',
      script: 'fonts/NotoSansHebrew-Bold.ttf',
    },
  },
  sc: {
    package: '@embedpdf/fonts-sc',
    files: {
      regular: 'fonts/NotoSansHans-Regular.otf',
      bold: 'fonts/NotoSansHans-Bold.otf',
      script: 'fonts/NotoSansHans-Medium.otf',
    },
  },
  jp: {
    package: '@embedpdf/fonts-jp',
    files: {
      regular: 'fonts/NotoSansJP-Regular.otf',
      bold: 'fonts/NotoSansJP-Bold.otf',
      script: 'fonts/NotoSansJP-Medium.otf',
    },
  },
  kr: {
    package: '@embedpdf/fonts-kr',
    files: {
      regular: 'fonts/NotoSansKR-Regular.otf',
      bold: 'fonts/NotoSansKR-Bold.otf',
      script: 'fonts/NotoSansKR-Medium.otf',
    },
  },
};

const require = createRequire(import.meta.url);

/** Where a font package's files are: dejavu-fonts-ttf has no entry point, the others do. */
function packageFolder(name: string): string {
  try {
    return dirname(require.resolve(`${name}/package.json`));
  } catch {
    // Packages whose "exports" hide package.json: their entry is in dist/.
    return join(dirname(require.resolve(name)), '..');
  }
}

/** Font files read once per process, on first use. */
const fileCache = new Map<string, Promise<Buffer>>();
function fontFile(family: Family, style: TextStyle): Promise<Buffer> {
  const { package: name, files } = FONT_FILES[family];
  const path = join(packageFolder(name), files[style]);
  let bytes = fileCache.get(path);
  if (!bytes) {
    bytes = readFile(path);
    fileCache.set(path, bytes);
    bytes.catch(() => fileCache.delete(path));
  }
  return bytes;
}

type Fontkit = { create(buffer: Uint8Array): unknown };

/**
 * @pdf-lib/fontkit subsets a CID-keyed CFF font (Noto Sans CJK) wrongly: its FDSelect lookup
 * returns the neighbouring font dict at a range boundary, and the subset gives each glyph the
 * last font dict added rather than its own (glyphs drawn with another dict's hints and subrs),
 * and it writes the CFF header's offset size as the font's length, so readers (poppler, Acrobat)
 * reject the embedded font and print boxes. All three are put right, once, on the classes
 * fontkit uses.
 */
interface CffFont {
  topDict: {
    FDSelect?: { version: number; fds?: number[]; ranges?: { first: number; fd: number }[] };
    FDArray: Record<string, unknown>[];
  };
}
interface CffSubset {
  cff: CffFont & { fdForGlyph(gid: number): number | null };
  font: { getGlyph(gid: number): { path: unknown; _usedSubrs?: Record<string, boolean> } };
  glyphs: number[];
  subsetSubrs(subrs: unknown, used: Record<string, boolean>): unknown;
}
let cffPatched = false;
function patchCffSubsetting(fontkit: Fontkit, otf: Buffer) {
  if (cffPatched) return;
  const font = fontkit.create(otf) as unknown as { 'CFF '?: object; createSubset(): object };
  const cff = font['CFF '];
  if (!cff) return;
  cffPatched = true;
  Object.assign(Object.getPrototypeOf(cff), {
    fdForGlyph(this: CffFont, gid: number): number | null {
      const select = this.topDict.FDSelect;
      if (!select) return null;
      if (select.version === 0) return select.fds?.[gid] ?? null;
      let found: number | null = null;
      let low = 0;
      let high = (select.ranges?.length ?? 0) - 1;
      while (low <= high) {
        const mid = (low + high) >> 1;
        const range = select.ranges![mid]!;
        if (range.first <= gid) {
          found = range.fd;
          low = mid + 1;
        } else high = mid - 1;
      }
      return found;
    },
  });
  const subsetClass = Object.getPrototypeOf(font.createSubset()) as {
    encodeStream(this: unknown): NodeJS.EventEmitter;
  };
  const encodeStream = subsetClass.encodeStream;
  Object.assign(subsetClass, {
    encodeStream(this: unknown) {
      const stream = encodeStream.call(this);
      const emit = stream.emit;
      let first = true;
      stream.emit = function (this: unknown, event: string | symbol, ...args: unknown[]) {
        if (event === 'data' && first && args[0] instanceof Uint8Array && args[0].length > 3) {
          first = false;
          // Offsets in this CFF are at most 4 bytes long (its header's offSize, 1 to 4).
          const chunk = Buffer.from(args[0]);
          chunk[3] = 4;
          args[0] = chunk;
        }
        return emit.call(this, event, ...args);
      } as typeof stream.emit;
      return stream;
    },
    subsetFontdict(this: CffSubset, topDict: CffFont['topDict']) {
      topDict.FDArray = [];
      const fds: number[] = [];
      topDict.FDSelect = { version: 0, fds };
      const index = new Map<number, number>();
      const usedSubrs: Record<string, boolean>[] = [];
      for (const gid of this.glyphs) {
        const fd = this.cff.fdForGlyph(gid) ?? 0;
        let at = index.get(fd);
        if (at === undefined) {
          at = topDict.FDArray.length;
          topDict.FDArray.push({ ...this.cff.topDict.FDArray[fd] });
          usedSubrs.push({});
          index.set(fd, at);
        }
        fds.push(at);
        const glyph = this.font.getGlyph(gid);
        void glyph.path; // parses the glyph, noting the subroutines it uses
        Object.assign(usedSubrs[at]!, glyph._usedSubrs);
      }
      topDict.FDArray.forEach((dict, i) => {
        delete dict.FontName;
        const priv = dict.Private as { Subrs?: unknown } | undefined;
        if (priv?.Subrs) dict.Private = { ...priv, Subrs: this.subsetSubrs(priv.Subrs, usedSubrs[i]!) };
      });
    },
  });
}

const RTL_FAMILIES = new Set<Family>(['arabic', 'hebrew']);

const inRanges = (code: number, ranges: readonly (readonly [number, number])[]) =>
  ranges.some(([from, to]) => code >= from && code <= to);

/** The family a character belongs to, or null for one any font draws (spaces, digits, punctuation). */
function familyOf(code: number): Family | 'han' | 'kana' | null {
  if (code < 0x80) return /[A-Za-z]/.test(String.fromCharCode(code)) ? 'latin' : null;
  if (inRanges(code, [[0x2000, 0x206f]])) return null;
  if (
    inRanges(code, [
      [0x0590, 0x05ff],
      [0xfb1d, 0xfb4f],
    ])
  )
    return 'hebrew';
  if (
    inRanges(code, [
      [0x0600, 0x06ff],
      [0x0750, 0x077f],
      [0x08a0, 0x08ff],
      [0xfb50, 0xfdff],
      [0xfe70, 0xfeff],
    ])
  )
    return 'arabic';
  if (
    inRanges(code, [
      [0x1100, 0x11ff],
      [0x3130, 0x318f],
      [0xac00, 0xd7af],
    ])
  )
    return 'kr';
  if (
    inRanges(code, [
      [0x3040, 0x30ff],
      [0x31f0, 0x31ff],
      [0xff66, 0xff9f],
    ])
  )
    return 'kana';
  if (
    inRanges(code, [
      [0x2e80, 0x2fdf],
      [0x3000, 0x303f],
      [0x3400, 0x9fff],
      [0xf900, 0xfaff],
      [0xff00, 0xff65],
      [0x20000, 0x3ffff],
    ])
  )
    return 'han';
  return 'latin';
}

/** The characters each font file has, read once per process: where to look for a stray one. */
const coverage = new Map<Family, Promise<Set<number>>>();
function covers(family: Family, code: number): Promise<boolean> {
  let set = coverage.get(family);
  if (!set) {
    set = Promise.all([import('@pdf-lib/fontkit'), fontFile(family, 'regular')]).then(
      ([{ default: fontkit }, bytes]) => {
        if (family === 'sc' || family === 'jp' || family === 'kr') patchCffSubsetting(fontkit, bytes);
        return new Set(fontkit.create(bytes).characterSet);
      },
    );
    coverage.set(family, set);
  }
  return set.then((codes) => codes.has(code));
}

/** Han characters are drawn with the Japanese font when the text has kana, else the Chinese one. */
const hanFamily = (text: string): Family =>
  /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/.test(text) ? 'jp' : 'sc';

interface Run {
  font: PDFFont;
  text: string;
  rtl: boolean;
}

/**
 * Fonts of one PDF document. Text is measured, wrapped and drawn through it; each call embeds the
 * fonts its text needs, once per document.
 */
export class PdfText {
  private readonly embedded = new Map<string, Promise<PDFFont>>();
  private readonly charsets = new WeakMap<PDFFont, Set<number>>();
  /** Lines cut from a longer text keep the Chinese or Japanese font that text chose. */
  private readonly hanOf = new Map<string, Family>();

  private constructor(private readonly pdf: PDFDocument) {}

  static async for(pdf: PDFDocument): Promise<PdfText> {
    const { default: fontkit } = await import('@pdf-lib/fontkit');
    pdf.registerFontkit(fontkit);
    return new PdfText(pdf);
  }

  private font(family: Family, style: TextStyle): Promise<PDFFont> {
    const key = `${family}/${style}`;
    let font = this.embedded.get(key);
    if (!font) {
      font = Promise.all([import('@pdf-lib/fontkit'), fontFile(family, style)]).then(
        ([{ default: fontkit }, bytes]) => {
          if (family === 'sc' || family === 'jp' || family === 'kr') patchCffSubsetting(fontkit, bytes);
          return this.pdf.embedFont(bytes, { subset: true }).then((embedded) => {
            // A font measured but never drawn with still goes into the PDF, and fontkit cannot
            // write a subset of no glyph at all: the space keeps it valid.
            embedded.encodeText(' ');
            return embedded;
          });
        },
      );
      this.embedded.set(key, font);
    }
    return font;
  }

  private has(font: PDFFont, code: number): boolean {
    let set = this.charsets.get(font);
    if (!set) {
      set = new Set(font.getCharacterSet());
      this.charsets.set(font, set);
    }
    return set.has(code);
  }

  /** The text split into runs of one font each, in reading (logical) order. */
  private async runs(
    text: string,
    style: TextStyle,
    han = this.hanOf.get(text) ?? hanFamily(text),
  ): Promise<Run[]> {
    const chars = Array.from(text.replace(/\s+/g, ' '));
    const families = chars.map((char) => {
      const family = familyOf(char.codePointAt(0)!);
      return family === 'han' || family === 'kana' ? han : family;
    });
    // A neutral character (space, digit, punctuation) joins the run before it, or the next one.
    let previous: Family = families.find((family) => family !== null) ?? 'latin';
    const resolved = families.map((family) => {
      if (family) previous = family;
      return family ?? previous;
    });
    // Neutrals after the last letter of a right-to-left run stay outside it ("محمد, Dana").
    for (let i = resolved.length - 1; i >= 0 && families[i] === null; i--) resolved[i] = 'latin';
    for (let i = 0; i < chars.length; i++) {
      if (families[i] === null && RTL_FAMILIES.has(resolved[i]!)) {
        let next = i;
        while (next < chars.length && families[next] === null) next++;
        if (resolved[next] !== resolved[i]) for (let j = i; j < next; j++) resolved[j] = 'latin';
        i = next - 1;
      }
    }

    const runs: Run[] = [];
    for (let i = 0; i < chars.length; i++) {
      const code = chars[i]!.codePointAt(0)!;
      let family = resolved[i]!;
      let font = await this.font(family, style);
      if (!this.has(font, code)) {
        // Another family's font may have it (a symbol only Noto CJK has, say).
        let found = false;
        for (const other of ['latin', 'sc', 'kr', 'jp', 'arabic', 'hebrew'] as Family[]) {
          if (other === family || !(await covers(other, code))) continue;
          family = other;
          font = await this.font(other, style);
          found = true;
          break;
        }
        if (!found) {
          // No embedded font has it (an emoji, say): a "?" in the line's font, as before.
          family = 'latin';
          font = await this.font('latin', style);
          chars[i] = '?';
        }
      }
      const last = runs.at(-1);
      if (last && last.font === font) last.text += chars[i];
      else runs.push({ font, text: chars[i]!, rtl: RTL_FAMILIES.has(family) });
    }
    return runs;
  }

  /** Width of the text at a size, in points. */
  async width(text: string, size: number, style: TextStyle = 'regular', han?: Family): Promise<number> {
    let width = 0;
    for (const run of await this.runs(text, style, han)) width += run.font.widthOfTextAtSize(run.text, size);
    return width;
  }

  /** The text broken into lines no wider than width; a word wider than a line is cut. */
  async wrap(text: string, size: number, width: number, style: TextStyle = 'regular'): Promise<string[]> {
    const han = hanFamily(text);
    const fits = async (candidate: string) => (await this.width(candidate, size, style, han)) <= width;
    const lines: string[] = [];
    let line = '';
    for (const word of text.replace(/\s+/g, ' ').trim().split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (await fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      // A word longer than the line (a user agent, a hash, a name in Chinese) is cut where it must be.
      let rest = Array.from(word);
      while (rest.length > 1 && !(await fits(rest.join('')))) {
        let cut = rest.length - 1;
        while (cut > 1 && !(await fits(rest.slice(0, cut).join('')))) cut--;
        lines.push(rest.slice(0, cut).join(''));
        rest = rest.slice(cut);
      }
      line = rest.join('');
    }
    if (line) lines.push(line);
    for (const cut of lines) this.hanOf.set(cut, han);
    return lines;
  }

  /** Draws one line from (x, y). Right-to-left runs read right to left within it. */
  async draw(
    page: PDFPage,
    text: string,
    options: { x: number; y: number; size: number; style?: TextStyle; color?: Color },
  ): Promise<void> {
    const runs = await this.runs(text, options.style ?? 'regular');
    // Consecutive right-to-left runs in different fonts (Arabic then Hebrew) swap places.
    const ordered: Run[] = [];
    for (let i = 0; i < runs.length; i++) {
      if (!runs[i]!.rtl) {
        ordered.push(runs[i]!);
        continue;
      }
      let end = i;
      while (end + 1 < runs.length && runs[end + 1]!.rtl) end++;
      ordered.push(...runs.slice(i, end + 1).reverse());
      i = end;
    }
    let x = options.x;
    for (const run of ordered) {
      page.drawText(run.text, { x, y: options.y, size: options.size, font: run.font, color: options.color });
      x += run.font.widthOfTextAtSize(run.text, options.size);
    }
  }
}
