# Stand-in for the official postgres:15-alpine image, for machines that cannot pull it:
# Debian 12's PostgreSQL 15 behind an entrypoint that honours the official image's
# variables (POSTGRES_PASSWORD, POSTGRES_USER, POSTGRES_DB, POSTGRES_INITDB_ARGS), data
# directory and client tools on PATH (pg_isready for the compose health check).
ARG BASE
FROM ${BASE}
# The Debian package would create a "main" cluster of its own; the entrypoint makes one in PGDATA.
RUN mkdir -p /etc/postgresql-common/createcluster.d \
    && echo 'create_main_cluster = false' >/etc/postgresql-common/createcluster.d/stand-in.conf \
    && apt-get update && apt-get install -y --no-install-recommends postgresql-15 \
    && rm -rf /var/lib/apt/lists/*
ENV PATH=/usr/lib/postgresql/15/bin:$PATH \
    PGDATA=/var/lib/postgresql/data
RUN mkdir -p "$PGDATA" /var/run/postgresql && chown -R postgres:postgres /var/lib/postgresql /var/run/postgresql
VOLUME /var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENTRYPOINT ["docker-entrypoint.sh"]
# As the official image: SIGINT is PostgreSQL's fast shutdown.
STOPSIGNAL SIGINT
EXPOSE 5432
LABEL org.docformat.stand-in="postgres: built by tools/compose-smoke.sh from Debian packages"
CMD ["postgres"]
