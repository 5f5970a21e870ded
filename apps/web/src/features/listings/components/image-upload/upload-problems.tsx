import type { ImageProblem } from '../../lib/file-checks';

/**
 * Why chosen photos were not added (too large, not a photo, too many…), named by file where one
 * is to blame; announced as an alert. The compact list of the forum and message composers; the
 * listing form shows its own, with resizing help.
 */
export function UploadProblems({ problems }: { problems: readonly ImageProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul
      role="alert"
      className="flex flex-col gap-1 rounded-lg border border-danger/35 bg-danger-soft px-3 py-2 text-sm"
    >
      {problems.map((problem, index) => (
        <li key={`${problem.message}-${index}`}>
          {problem.kind === 'file' && problem.name && (
            <span className="font-semibold">{`${problem.name}: `}</span>
          )}
          {problem.message}
        </li>
      ))}
    </ul>
  );
}
