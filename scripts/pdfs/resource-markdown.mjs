/**
 * The Markdown subset of the resource texts (server/leads/resources/*.md): '# title' (first line),
 * the paragraph after it as subtitle, '## heading', '- bullet', '- [ ] checkbox', paragraphs.
 */

/** Parses the Markdown subset into blocks. */
export function parseResourceMarkdown(markdown) {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const blocks = [];
  let title = '';
  let subtitle = '';
  let paragraph = [];
  const flush = () => {
    if (paragraph.length === 0) return;
    const text = paragraph.join(' ');
    if (title && !subtitle && blocks.length === 0) subtitle = text;
    else blocks.push({ kind: 'paragraph', text });
    paragraph = [];
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    let match;
    if ((match = /^# (.+)$/.exec(line))) {
      flush();
      title = match[1];
    } else if ((match = /^## (.+)$/.exec(line))) {
      flush();
      blocks.push({ kind: 'heading', text: match[1] });
    } else if ((match = /^- \[ \] (.+)$/.exec(line))) {
      flush();
      blocks.push({ kind: 'checkbox', text: match[1] });
    } else if ((match = /^- (.+)$/.exec(line))) {
      flush();
      blocks.push({ kind: 'bullet', text: match[1] });
    } else {
      paragraph.push(line);
    }
  }
  flush();
  if (!title) throw new Error('A resource text must start with "# title"');
  return { title, subtitle, blocks };
}
