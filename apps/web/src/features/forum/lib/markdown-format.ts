/** What the composer's toolbar can do to the selected text. */
export type FormatAction = 'bold' | 'italic' | 'link' | 'list' | 'quote' | 'code';

/** A textarea's text and selection (start ≤ end). */
export interface TextEdit {
  text: string;
  start: number;
  end: number;
}

/** What each action writes when nothing is selected. */
const PLACEHOLDER: Record<FormatAction, string> = {
  bold: 'bold text',
  italic: 'italic text',
  link: 'link text',
  list: 'List item',
  quote: 'Quoted text',
  code: 'code',
};

function wrap(edit: TextEdit, before: string, after: string, placeholder: string): TextEdit {
  const selected = edit.text.slice(edit.start, edit.end);
  // Already wrapped (the markers sit just outside the selection): the same action undoes it.
  if (
    selected &&
    edit.text.slice(edit.start - before.length, edit.start) === before &&
    edit.text.slice(edit.end, edit.end + after.length) === after
  ) {
    return {
      text:
        edit.text.slice(0, edit.start - before.length) + selected + edit.text.slice(edit.end + after.length),
      start: edit.start - before.length,
      end: edit.end - before.length,
    };
  }
  const inner = selected || placeholder;
  const text = edit.text.slice(0, edit.start) + before + inner + after + edit.text.slice(edit.end);
  return { text, start: edit.start + before.length, end: edit.start + before.length + inner.length };
}

/** The selection widened to whole lines. */
function lineRange(text: string, start: number, end: number): [number, number] {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const next = text.indexOf('\n', end > start && text[end - 1] === '\n' ? end - 1 : end);
  return [from, next === -1 ? text.length : next];
}

/** Puts `prefix` before every selected line (or takes it away when every line has it). */
function prefixLines(edit: TextEdit, prefix: string, placeholder: string): TextEdit {
  if (edit.start === edit.end && !lineOf(edit.text, edit.start).trim()) {
    // An empty line: start a new block with placeholder text to type over.
    const lead = edit.start > 0 && edit.text[edit.start - 1] !== '\n' ? '\n' : '';
    const text = edit.text.slice(0, edit.start) + lead + prefix + placeholder + edit.text.slice(edit.end);
    const at = edit.start + lead.length + prefix.length;
    return { text, start: at, end: at + placeholder.length };
  }
  const [from, to] = lineRange(edit.text, edit.start, edit.end);
  const lines = edit.text.slice(from, to).split('\n');
  const undo = lines.every((line) => line.startsWith(prefix));
  const changed = lines.map((line) => (undo ? line.slice(prefix.length) : prefix + line)).join('\n');
  const text = edit.text.slice(0, from) + changed + edit.text.slice(to);
  return { text, start: from, end: from + changed.length };
}

function lineOf(text: string, at: number): string {
  const [from, to] = lineRange(text, at, at);
  return text.slice(from, to);
}

/**
 * The text after a toolbar action on the selection, and what to select next (the text to type
 * over, or the formatted text). Bold, italic and inline code wrap the selection; a selection over
 * several lines becomes a fenced code block; list and quote prefix each selected line; a link
 * wraps the selection and selects its address to type over.
 */
export function applyFormat(edit: TextEdit, action: FormatAction): TextEdit {
  const placeholder = PLACEHOLDER[action];
  switch (action) {
    case 'bold':
      return wrap(edit, '**', '**', placeholder);
    case 'italic':
      return wrap(edit, '_', '_', placeholder);
    case 'code': {
      const selected = edit.text.slice(edit.start, edit.end);
      if (!selected.includes('\n')) return wrap(edit, '`', '`', placeholder);
      const lead = edit.start > 0 && edit.text[edit.start - 1] !== '\n' ? '\n' : '';
      return wrap(edit, `${lead}\`\`\`\n`, '\n```\n', placeholder);
    }
    case 'link': {
      const selected = edit.text.slice(edit.start, edit.end) || placeholder;
      const address = 'https://';
      const text = `${edit.text.slice(0, edit.start)}[${selected}](${address})${edit.text.slice(edit.end)}`;
      const at = edit.start + selected.length + 3;
      return { text, start: at, end: at + address.length };
    }
    case 'list':
      return prefixLines(edit, '- ', placeholder);
    case 'quote':
      return prefixLines(edit, '> ', placeholder);
  }
}

/** `snippet` in place of the selection, on a line of its own; the caret goes after it. */
export function insertBlock(edit: TextEdit, snippet: string): TextEdit {
  const before = edit.text.slice(0, edit.start);
  const after = edit.text.slice(edit.end);
  const lead = before && !before.endsWith('\n') ? '\n' : '';
  const trail = after.startsWith('\n') ? '' : '\n';
  const text = before + lead + snippet + trail + after;
  const at = before.length + lead.length + snippet.length + trail.length;
  return { text, start: at, end: at };
}

/** The Markdown of an uploaded image. */
export function imageMarkdown(url: string, description = 'Photo'): string {
  return `![${description.replace(/[[\]\\]/g, '')}](${url})`;
}

/** How many of Castline's own images the text shows. */
export function countOwnImages(text: string): number {
  return (text.match(/!\[[^\]]*\]\(\/files\//g) ?? []).length;
}
