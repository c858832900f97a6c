/** A multipart body as a browser sends a form with files (the photo forms of the server's pages). */
export function multipartBody(field: string, files: { name: string; type: string; body: Buffer }[]) {
  const boundary = '----formular' + Math.random().toString(16).slice(2);
  const parts = files.map((file) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.body,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
