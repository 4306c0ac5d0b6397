import { ERROR, type RatingRequest, ratingTrend } from '@portal/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agents, ratings } from '../../db/schema';
import { audit } from '../../lib/audit';
import { forbidden } from '../../lib/errors';
import { readSettings } from '../../lib/settings';

/** Records a rating and recomputes the agent's rating figures in the same transaction. */
export async function rateLeads(database: Database, options: { userId: string; rating: RatingRequest }) {
  return database.db.transaction(async (tx) => {
    const [agent] = await tx.select().from(agents).where(eq(agents.userId, options.userId)).for('update');
    if (!agent) throw forbidden(ERROR.agentProfileNotAvailable);
    await tx
      .insert(ratings)
      .values({ agentId: agent.id, score: options.rating.score, comment: options.rating.comment });
    const scores = (
      await tx
        .select({ score: ratings.score })
        .from(ratings)
        .where(eq(ratings.agentId, agent.id))
        .orderBy(asc(ratings.createdAt))
    ).map((r) => r.score);
    const average = scores.reduce((sum, s) => sum + s, 0) / scores.length;
    await tx
      .update(agents)
      .set({
        lastRatingDate: sql`now()`,
        ratingCount: scores.length,
        latestRating: options.rating.score,
        averageRating: Math.round(average * 100) / 100,
        ratingTrend: ratingTrend(scores, (await readSettings(tx)).rating_trend_threshold),
        updatedAt: sql`now()`,
      })
      .where(eq(agents.id, agent.id));
    await audit(tx, {
      action: 'rating',
      actorId: options.userId,
      targetType: 'agent',
      targetId: agent.id,
      details: { score: options.rating.score },
    });
  });
}
