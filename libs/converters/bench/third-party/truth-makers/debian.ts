import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * Files taken from Debian packages without installing them: `apt-get download` puts the
 * .deb in a cache folder and one file is read out of its data archive. Installing every
 * documentation package (TeX Live's alone are hundreds of MB) would only be needed to
 * read a handful of files. The package version is whatever the machine's apt lists
 * offer, and is recorded beside each document.
 */

/** Where downloaded .deb files are kept between runs; override with THIRD_PARTY_DEB_CACHE. */
export const DEB_CACHE = process.env.THIRD_PARTY_DEB_CACHE ?? join(tmpdir(), 'docformat-third-party-debs');

export interface DebianFile {
  /** The file's bytes, gunzipped when its path in the package ends in `.gz` (Debian compresses large docs). */
  data: Buffer;
  version: string;
}

const debs = new Map<string, string>();

/** The cached .deb of a package, downloaded on first use. */
export function debOf(pkg: string): string {
  const known = debs.get(pkg);
  if (known) return known;
  mkdirSync(DEB_CACHE, { recursive: true });
  const find = () => readdirSync(DEB_CACHE).find((name) => name.startsWith(`${pkg}_`) && name.endsWith('.deb'));
  if (!find()) execFileSync('apt-get', ['download', pkg], { cwd: DEB_CACHE, stdio: ['ignore', 'ignore', 'inherit'] });
  const name = find();
  if (!name) throw new Error(`apt-get download ${pkg} left no .deb in ${DEB_CACHE}`);
  const path = join(DEB_CACHE, name);
  debs.set(pkg, path);
  return path;
}

export function debVersion(pkg: string): string {
  return execFileSync('dpkg-deb', ['-f', debOf(pkg), 'Version'], { encoding: 'utf8' }).trim();
}

/** One file of a package, by its absolute installed path (`/usr/share/doc/...`). */
export function readDebianFile(pkg: string, path: string): DebianFile {
  const deb = debOf(pkg);
  // The data archive names members `./usr/...`; tar -O writes just that member.
  const raw = execFileSync('sh', ['-c', 'dpkg-deb --fsys-tarfile "$1" | tar -xO "$2"', 'sh', deb, `.${path}`], {
    maxBuffer: 256 * 1024 * 1024,
  });
  if (raw.length === 0) throw new Error(`${pkg}: ${path} is empty or a link; name the file it points to`);
  return { data: path.endsWith('.gz') ? gunzipSync(raw) : raw, version: debVersion(pkg) };
}

/** A path's file name as the corpus keeps it: without Debian's `.gz`. */
export function plainName(path: string): string {
  return path.replace(/^.*\//, '').replace(/\.gz$/, '');
}

/** Fails early, with the install line, when a tool the makers shell out to is missing. */
export function requireTools(tools: Record<string, string>): void {
  const missing = Object.entries(tools).filter(([tool]) => !['/usr/bin', '/bin'].some((dir) => existsSync(join(dir, tool))));
  if (missing.length > 0) {
    throw new Error(
      `missing ${missing.map(([t]) => t).join(', ')}: apt-get install -y ${[...new Set(missing.map(([, p]) => p))].join(' ')}`,
    );
  }
}
