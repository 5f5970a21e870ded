const PALETTE: [string, string][] = [
  ['#0b4f6c', '#e8f1f5'],
  ['#2f6f4f', '#eaf4ee'],
  ['#8a5a2b', '#f7efe6'],
  ['#e07a1f', '#fff4ea'],
  ['#3d5a80', '#eef2f8'],
  ['#6b4c9a', '#f2eef8'],
];

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A round avatar with the member's initials, in the brand palette. */
export function avatarSvg(fullName: string, index: number): string {
  const initials = fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
  const [background, foreground] = PALETTE[index % PALETTE.length]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${escapeXml(fullName)}">
<rect width="256" height="256" rx="128" fill="${background}"/>
<path d="M40 196c30-18 62-26 88-26s58 8 88 26" fill="none" stroke="${foreground}" stroke-opacity=".25" stroke-width="10" stroke-linecap="round"/>
<text x="128" y="146" text-anchor="middle" font-family="system-ui,sans-serif" font-size="96" font-weight="700" fill="${foreground}">${escapeXml(initials)}</text>
</svg>
`;
}
