// picomatch ships no types. Plainpad uses its POSIX build (no platform check, "/" separators
// everywhere, the same in the page and in Node) and only the matcher it returns.
declare module "picomatch/posix" {
  interface PicomatchOptions {
    /** Match names that start with a dot with `*` and `**` too. */
    dot?: boolean;
    /** Upper and lower case alike. */
    nocase?: boolean;
    /** A glob without a slash matches a name in any folder ("*.md" matches "a/b.md"). */
    basename?: boolean;
  }
  function picomatch(
    glob: string | string[],
    options?: PicomatchOptions,
  ): (path: string) => boolean;
  export default picomatch;
}
