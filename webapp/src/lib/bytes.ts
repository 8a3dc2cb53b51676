/** A size in bytes for people: "512 B", "2.0 KB", "3.00 MB", "1.25 GB". */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  if (size < 1024 ** 3) return `${(size / 1024 / 1024).toFixed(2)} MB`;
  return `${(size / 1024 ** 3).toFixed(2)} GB`;
}
