import { parseMarkdown } from '@castline/shared/markdown';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '../../../lib/router';
import { describe, expect, it, vi } from 'vitest';
import { markdownUrlTransform, safeLinkHref } from '../lib/markdown-urls';
import { EXTERNAL_LINK_REL, Markdown } from './markdown';

function renderMarkdown(source: string) {
  return render(
    <MemoryRouter>
      <Markdown tree={parseMarkdown(source)} />
    </MemoryRouter>,
  );
}

/** Every attribute name in the rendered output. */
function attributeNames(container: HTMLElement): string[] {
  return [...container.querySelectorAll('*')].flatMap((element) =>
    [...element.attributes].map((attribute) => attribute.name.toLowerCase()),
  );
}

describe('Markdown', () => {
  it('renders GitHub-flavoured Markdown: emphasis, lists, tables, strikethrough', () => {
    const { container } = renderMarkdown(
      [
        'Caught a **big** pike on a *spinner*, ~~not~~ a jig.',
        '',
        '- 20 lb braid',
        '- wire leader',
        '',
        '| Lure | Fish |',
        '| --- | --- |',
        '| Spinner | 3 |',
      ].join('\n'),
    );

    expect(screen.getByText('big').tagName).toBe('STRONG');
    expect(screen.getByText('spinner').tagName).toBe('EM');
    expect(screen.getByText('not').tagName).toBe('DEL');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '20 lb braid',
      'wire leader',
    ]);
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Spinner' })).toBeInTheDocument();
    expect(container.querySelector('h1, h2')).toBeNull();
  });

  it('moves headings down so the page keeps one h1', () => {
    renderMarkdown('# Trip report\n\n## The rig\n\n### Knots');

    expect(screen.getByRole('heading', { level: 3, name: 'Trip report' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'The rig' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 5, name: 'Knots' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });

  it('opens external links in a new tab without referrer or ranking credit', () => {
    renderMarkdown('See [the tide tables](https://tides.example.org/today) first.');

    const link = screen.getByRole('link', { name: 'the tide tables' });
    expect(link).toHaveAttribute('href', 'https://tides.example.org/today');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', EXTERNAL_LINK_REL);
    expect(EXTERNAL_LINK_REL).toBe('noopener noreferrer nofollow ugc');
  });

  it('keeps links to this site in the app and mail links as they are', () => {
    renderMarkdown('[My reel](/marketplace/abc) or [write me](mailto:river@castline.test)');

    const internal = screen.getByRole('link', { name: 'My reel' });
    expect(internal).toHaveAttribute('href', '/marketplace/abc');
    expect(internal).not.toHaveAttribute('target');
    const mail = screen.getByRole('link', { name: 'write me' });
    expect(mail).toHaveAttribute('href', 'mailto:river@castline.test');
    expect(mail).not.toHaveAttribute('target');
  });

  it('shows photos stored by Castline', () => {
    renderMarkdown('![My catch](/files/forum-images/pike.webp)');

    const image = screen.getByRole('img', { name: 'My catch' });
    expect(image.getAttribute('src')).toMatch(/^\/files\/forum-images\/pike\.webp\?w=1200/);
  });

  it('draws task lists, character references, code blocks and aligned table columns', () => {
    const { container } = renderMarkdown(
      [
        '- [x] spool the reel',
        '- [ ] tie the leader',
        '',
        'Rods &amp; reels &copy; 2026',
        '',
        '```ts',
        'cast(20);',
        '```',
        '',
        '| Lure | Fish |',
        '| :--- | ---: |',
        '| Spinner | 3 |',
      ].join('\n'),
    );

    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, false]);
    expect(boxes.every((box) => (box as HTMLInputElement).disabled)).toBe(true);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'spool the reel',
      'tie the leader',
    ]);
    expect(container).toHaveTextContent('Rods & reels © 2026');
    expect(container.querySelector('pre code')?.textContent).toBe('cast(20);\n');
    expect(container.querySelector('pre code')).toHaveClass('language-ts');
    expect(screen.getByRole('cell', { name: '3' })).toHaveStyle({ textAlign: 'right' });
  });

  it('numbers footnotes in order of citation, each linked both ways, with ids no other post shares', () => {
    const source = 'Pike[^pike] and perch[^perch].\n\n[^perch]: Striped.\n[^pike]: Toothy.';
    const { container } = render(
      <MemoryRouter>
        <Markdown tree={parseMarkdown(source)} />
        <Markdown tree={parseMarkdown(source)} />
      </MemoryRouter>,
    );

    const [first] = container.querySelectorAll<HTMLElement>(':scope > div');
    const references = [...first!.querySelectorAll('sup a')];
    expect(references.map((link) => link.textContent)).toEqual(['1', '2']);
    const notes = [...first!.querySelectorAll('section ol > li')];
    expect(notes.map((note) => note.textContent)).toEqual(['Toothy. ↩', 'Striped. ↩']);
    expect(references[0]!.getAttribute('href')).toBe(`#${notes[0]!.id}`);
    expect(notes[0]!.querySelector('a')!.getAttribute('href')).toBe(`#${references[0]!.id}`);
    const ids = [...container.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('links @mentions of known members, but not inside a link', () => {
    render(
      <MemoryRouter>
        <Markdown
          mentions={new Map([['troutbum', 'member-1']])}
          tree={parseMarkdown('Ask @troutbum or [@troutbum on tides](https://tides.example.org).')}
        />
      </MemoryRouter>,
    );

    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['@troutbum', '/profile/member-1'],
      ['@troutbum on tides', 'https://tides.example.org'],
    ]);
  });

  describe('hostile input', () => {
    it.each([
      ['a link', '[click me][evil]\n\n[evil]: javascript:alert(1)', 'a'],
      ['an image', '![pic][evil]\n\n[evil]: https://evil.example/track.png', 'img'],
    ])('holds %s by reference to the same address rules', (_kind, source, tag) => {
      const { container } = renderMarkdown(source);

      expect(container.querySelector(tag)).toBeNull();
      expect(container.textContent).not.toBe('');
    });

    it('shows <script> blocks and inline scripts as the text typed, never as script', () => {
      const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
      const { container } = renderMarkdown(
        'Before\n\n<script>alert("xss")</script>\n\nAfter <script>alert(2)</script> the end',
      );

      expect(container.querySelector('script')).toBeNull();
      expect(container.innerHTML).not.toContain('<script');
      expect(screen.getByText('Before')).toBeInTheDocument();
      expect(container).toHaveTextContent('After <script>alert(2)</script> the end');
      expect(container).toHaveTextContent('<script>alert("xss")</script>');
      expect(alert).not.toHaveBeenCalled();
    });

    it('shows raw HTML with event handlers as text, with no element or handler made', () => {
      const { container } = renderMarkdown(
        'Nice <img src=x onerror="alert(1)"> fish\n\n<div onmouseover="alert(2)">hover</div>\n\n<a href="https://x.example" onclick="alert(3)">raw</a>',
      );

      expect(container.querySelector('img')).toBeNull();
      expect(container.firstElementChild?.querySelector('div')).toBeNull();
      expect(attributeNames(container).filter((name) => name.startsWith('on'))).toEqual([]);
      expect(container).toHaveTextContent('Nice <img src=x onerror="alert(1)"> fish');
      expect(container).toHaveTextContent('<div onmouseover="alert(2)">hover</div>');
    });

    it.each([
      ['javascript:', '[click me](javascript:alert(1))'],
      ['mixed-case javascript:', '[click me](JaVaScRiPt:alert(1))'],
      ['entity-encoded javascript:', '[click me](&#106;avascript:alert(1))'],
      ['an autolink', '<javascript:alert(1)>'],
      ['vbscript:', '[click me](vbscript:msgbox(1))'],
      ['data:', '[click me](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
      ['protocol-relative', '[click me](//evil.example/phish)'],
    ])('renders a %s link as text', (_kind, source) => {
      const { container } = renderMarkdown(source);

      expect(screen.queryByRole('link')).not.toBeInTheDocument();
      expect(container.querySelector('a')).toBeNull();
      expect(container.textContent).not.toBe('');
    });

    it.each([
      ['data:', '![pic](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
      ['another host', '![pic](https://evil.example/track.png)'],
      ['javascript:', '![pic](javascript:alert(1))'],
      ['a path outside the file store', '![pic](/api/auth/sign-out)'],
      ['a path that climbs out of the file store', '![pic](/files/../api/auth/sign-out)'],
    ])('shows the description instead of an image from %s', (_kind, source) => {
      const { container } = renderMarkdown(source);

      expect(container.querySelector('img')).toBeNull();
      expect(container).toHaveTextContent('[pic]');
    });

    it('shows HTML typed in code as text', () => {
      const { container } = renderMarkdown('Use `<script>alert(1)</script>` carefully');

      expect(container.querySelector('script')).toBeNull();
      expect(screen.getByText('<script>alert(1)</script>').tagName).toBe('CODE');
    });
  });
});

describe('markdown URL rules', () => {
  it.each([
    ['https://castline.test/a', 'external'],
    ['http://castline.test', 'external'],
    ['mailto:a@b.test', 'mail'],
    ['/forum/post/1', 'internal'],
    ['#section', 'relative'],
    ['guides/knots', 'relative'],
  ])('allows %s', (href, kind) => {
    expect(safeLinkHref(href)?.kind).toBe(kind);
  });

  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'https:',
    'http:/x',
    'ftp://x',
    'file:///etc',
    '//x',
    '/\\x.example',
  ])('refuses %s', (href) => {
    expect(safeLinkHref(href)).toBeNull();
  });

  it('keeps only stored images as sources', () => {
    expect(markdownUrlTransform('/files/forum-images/a.webp', 'src')).toBe('/files/forum-images/a.webp');
    expect(markdownUrlTransform('https://x.example/a.png', 'src')).toBe('');
    expect(markdownUrlTransform('javascript:alert(1)', 'href')).toBe('');
  });
});
