import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import supertest from 'supertest';

/** The text of every page of a PDF, joined: proves an invoice is a real, readable PDF. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocument({
    data: bytes,
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n');
}

/** GET of a binary answer (an invoice) with the customer's token, its body as bytes. */
export function getBinary(app: Parameters<typeof supertest>[0], path: string, token: string) {
  return supertest(app)
    .get(path)
    .set('Authorization', `Bearer ${token}`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}
