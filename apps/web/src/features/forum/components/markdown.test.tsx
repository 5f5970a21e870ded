import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { markdownUrlTransform, safeLinkHref } from '../lib/markdown-urls';
import { EXTERNAL_LINK_REL, Markdown } from './markdown';

function renderMarkdown(source: string) {
  return render(
    <MemoryRouter>
      <Markdown>{source}</Markdown>
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

  describe('hostile input', () => {
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
