import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { refreshProductRating } from '../review-aggregates';
import { reviews, reviewVotes, users } from '../schema/index';

/**
 * The demo shop's reviewers. Their password is a random one nobody kept (an argon2id hash of
 * 32 random bytes), so the accounts exist to author reviews and can never be signed into.
 */
const UNUSABLE_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$67RHkZVwzeJ1SlIMAQPLNg$NE2SjQY0cADIr2enm9ZTwU7NjQ/a0TmF2zmcfZNMC2E';

const REVIEWERS = [
  'Amara Okafor',
  'Ben Hughes',
  'Chloé Martin',
  'Dev Patel',
  'Elena Rossi',
  'Finn Larsen',
  'Grace Kim',
  'Hiro Tanaka',
  'Isla Murphy',
  'Jonas Weber',
  'Kofi Mensah',
  'Lucía García',
];

const OPINIONS: Record<number, { title: string; comment: string }[]> = {
  5: [
    {
      title: 'Exactly what I wanted',
      comment: 'Arrived quickly and works perfectly. Would buy again.',
    },
    { title: 'Excellent quality', comment: 'Better made than I expected for the price.' },
  ],
  4: [
    { title: 'Very good', comment: 'Does the job well; the finish could be a little better.' },
    {
      title: 'Happy with it',
      comment: 'Good value. Took a day to get used to, now I use it daily.',
    },
  ],
  3: [{ title: 'It is fine', comment: 'Does what it says, nothing more. Packaging was damaged.' }],
  2: [{ title: 'Not for me', comment: 'Smaller than the pictures suggest. Returned it.' }],
  1: [
    { title: 'Disappointed', comment: 'Stopped working after a week; support was helpful though.' },
  ],
};

/**
 * Reviews and helpful votes for the demo products, written like real ones, then every
 * aggregate recomputed from them with the same formulas the review service uses: a product's
 * rating is the average rounded to one decimal and `reviews_count` its number of reviews; a
 * review's `helpful_count` its number of helpful votes (docs/contract.md §6).
 */
export async function seedDemoReviews(
  db: Executor,
  productIds: number[],
  now: Date,
): Promise<void> {
  const reviewers = await db
    .insert(users)
    .values(
      REVIEWERS.map((name, i) => ({
        name,
        email: `reviewer${String(i + 1).padStart(2, '0')}@demo.storefront.local`,
        phone: `+44 20 7946 ${String(100 + i).padStart(4, '0')}`,
        passwordHash: UNUSABLE_PASSWORD_HASH,
        emailVerifiedAt: now,
        createdAt: new Date(now.getTime() - 400 * 86_400_000),
      })),
    )
    .returning({ id: users.id });

  const rows: (typeof reviews.$inferInsert)[] = [];
  for (const [p, productId] of productIds.entries()) {
    // 0 to 7 reviews a product, mostly favourable, each by a different reviewer.
    const count = (p * 5) % 8;
    for (let k = 0; k < count; k += 1) {
      const reviewer = reviewers[(p + k * 5) % reviewers.length];
      if (!reviewer) continue;
      const rating = [5, 4, 5, 3, 4, 5, 2, 4, 1][(p * 7 + k * 3) % 9] ?? 5;
      const opinion = OPINIONS[rating]?.[(p + k) % (OPINIONS[rating]?.length ?? 1)];
      if (!opinion) continue;
      const createdAt = new Date(now.getTime() - ((p * 11 + k * 29) % 300) * 86_400_000 - k);
      rows.push({
        productId,
        userId: reviewer.id,
        rating,
        title: opinion.title,
        comment: opinion.comment,
        verifiedPurchase: (p + k) % 3 !== 0,
        createdAt,
        updatedAt: createdAt,
      });
    }
  }
  if (rows.length === 0) return;
  const written = await db
    .insert(reviews)
    .values(rows)
    .returning({ id: reviews.id, userId: reviews.userId });

  // A few other reviewers found each review helpful, or not; never its author.
  const votes: (typeof reviewVotes.$inferInsert)[] = [];
  for (const [r, review] of written.entries()) {
    for (let v = 1; v <= r % 4; v += 1) {
      const voter = reviewers[(r + v * 7) % reviewers.length];
      if (!voter || voter.id === review.userId) continue;
      votes.push({ reviewId: review.id, userId: voter.id, helpful: (r + v) % 4 !== 0 });
    }
  }
  if (votes.length > 0) await db.insert(reviewVotes).values(votes);

  await db.execute(sql`
    update ${reviews} r set helpful_count =
      (select count(*) from ${reviewVotes} v where v.review_id = r.id and v.helpful)`);
  for (const productId of productIds) await refreshProductRating(db, productId);
}
