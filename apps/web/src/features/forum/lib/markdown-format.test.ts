import { describe, expect, it } from 'vitest';
import { applyFormat, countOwnImages, imageMarkdown, insertBlock, type TextEdit } from './markdown-format';

/** Writes a selection as [brackets] to read the cases at a glance. */
function show({ text, start, end }: TextEdit): string {
  return `${text.slice(0, start)}[${text.slice(start, end)}]${text.slice(end)}`;
}
function edit(marked: string): TextEdit {
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return { text: marked.replace('[', '').replace(']', ''), start, end };
}

describe('applyFormat', () => {
  it('wraps the selection, or placeholder text to type over, and unwraps what it wrapped', () => {
    expect(show(applyFormat(edit('A [great] reel'), 'bold'))).toBe('A **[great]** reel');
    expect(show(applyFormat(edit('A **[great]** reel'), 'bold'))).toBe('A [great] reel');
    expect(show(applyFormat(edit('A []'), 'italic'))).toBe('A _[italic text]_');
    expect(show(applyFormat(edit('Use [npm ci] here'), 'code'))).toBe('Use `[npm ci]` here');
  });

  it('fences a selection of several lines as a code block', () => {
    expect(show(applyFormat(edit('Rig:[\nhook\nsinker]'), 'code'))).toBe(
      'Rig:\n```\n[\nhook\nsinker]\n```\n',
    );
    expect(applyFormat(edit('Rig: [hook\nsinker]'), 'code').text).toBe('Rig: \n```\nhook\nsinker\n```\n');
  });

  it('makes a link of the selection and selects its address', () => {
    expect(show(applyFormat(edit('See [the guide] now'), 'link'))).toBe('See [the guide]([https://]) now');
    expect(show(applyFormat(edit('[]'), 'link'))).toBe('[link text]([https://])');
  });

  it('prefixes each selected line for lists and quotes, and takes the prefix away again', () => {
    expect(show(applyFormat(edit('Pack:\n[rod\nreel]'), 'list'))).toBe('Pack:\n[- rod\n- reel]');
    expect(show(applyFormat(edit('Pack:\n[- rod\n- reel]'), 'list'))).toBe('Pack:\n[rod\nreel]');
    expect(show(applyFormat(edit('He said [tight lines]'), 'quote'))).toBe('[> He said tight lines]');
    expect(show(applyFormat(edit('Intro\n[]'), 'list'))).toBe('Intro\n- [List item]');
    expect(show(applyFormat(edit('Intro[]'), 'quote'))).toBe('[> Intro]');
  });
});

describe('images', () => {
  it('inserts an image on a line of its own and counts Castline’s own images', () => {
    const url = '/files/forum-images/abc.webp';
    const next = insertBlock(edit('Look at this[] catch'), imageMarkdown(url, 'Spool [close-up]'));
    expect(next.text).toBe(`Look at this\n![Spool close-up](${url})\n catch`);
    expect(next.start).toBe(next.text.indexOf(' catch'));
    expect(countOwnImages(`${next.text} ![x](https://example.com/a.png) ![y](${url})`)).toBe(2);
  });
});
