-- Comment counts show only what readers can see: a post's and a member's comments_count count
-- published comments alone (forum.comment-counts.ts keeps them so from now on). Rows counted
-- before, when hidden or flagged comments still counted, are set right once here.
UPDATE "posts" AS p SET "comments_count" = c.n
FROM (
  SELECT p2."id", (SELECT count(*) FROM "post_comments" pc WHERE pc."post_id" = p2."id" AND pc."status" = 'published')::int AS n
  FROM "posts" p2
) AS c
WHERE c."id" = p."id" AND p."comments_count" <> c.n;--> statement-breakpoint
UPDATE "profiles" AS pr SET "comments_count" = c.n
FROM (
  SELECT pr2."id", (SELECT count(*) FROM "post_comments" pc WHERE pc."author_id" = pr2."id" AND pc."status" = 'published')::int AS n
  FROM "profiles" pr2
) AS c
WHERE c."id" = pr."id" AND pr."comments_count" <> c.n;
