/** Offers `text` to the browser as a file download named `fileName`. */
export function saveTextFile(fileName: string, text: string, type: string): void {
  // A Blob of a string is its UTF-8 bytes, BOM included when the text starts with one.
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; revoking on the next task is safe.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Offers `data` to the browser as a JSON file download named `fileName`. */
export function saveJsonFile(fileName: string, data: unknown): void {
  saveTextFile(fileName, JSON.stringify(data, null, 2), 'application/json');
}
