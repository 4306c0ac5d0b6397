-- Custom migration (ADR 54): messages ride on the outbox alone. pg-boss's queues that carried them
-- (a job per message, the outbox sweep) go with their jobs and schedule. A new database has no
-- pg-boss schema yet: pg-boss makes it after the migrations.
DO $$
DECLARE
  retired text;
BEGIN
  IF to_regclass('pgboss.queue') IS NOT NULL THEN
    FOR retired IN SELECT name FROM pgboss.queue WHERE name IN ('deliver-message', 'outbox-sweep') LOOP
      DELETE FROM pgboss.job WHERE name = retired;
      PERFORM pgboss.delete_queue(retired);
    END LOOP;
  END IF;
END
$$;
