import { Outlet } from '../../lib/router';

/** Account pages: a centered card over calm water. */
export function AuthLayout() {
  return (
    <div className="relative isolate flex flex-1 flex-col items-center overflow-hidden bg-linear-to-b from-wash-top to-wash-bottom px-4 py-10 sm:py-16">
      <Waves />
      <div className="w-full max-w-md">
        <Outlet />
      </div>
    </div>
  );
}

function Waves() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 1440 240"
      preserveAspectRatio="none"
      className="pointer-events-none absolute inset-x-0 bottom-0 -z-10 h-40 w-full text-brand sm:h-56"
    >
      <path
        d="M0 120c120-30 240-30 360 0s240 30 360 0 240-30 360 0 240 30 360 0v120H0z"
        fill="currentColor"
        opacity="0.06"
      />
      <path
        d="M0 170c120-24 240-24 360 0s240 24 360 0 240-24 360 0 240 24 360 0v70H0z"
        fill="currentColor"
        opacity="0.08"
      />
    </svg>
  );
}
