-- This database's identity: a random id made once, when the database is migrated.
-- Both apps record it (with the database's name) under QUEUE_PREFIX in Redis and
-- refuse to start when the prefix already belongs to another database, so two
-- deployments on one Redis can never take each other's jobs. Exactly one row.
CREATE TABLE "deployment_identity" (
    "singleton" BOOLEAN NOT NULL DEFAULT true,
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "deployment_identity_pkey" PRIMARY KEY ("singleton"),
    CONSTRAINT "deployment_identity_singleton" CHECK ("singleton")
);

INSERT INTO "deployment_identity" DEFAULT VALUES;
