# Stand-in for the official redis:7-alpine image, for machines that cannot pull it:
# Debian 12's Redis 7 with the official image's conventions: `redis-server` as the
# command (arguments passed through), data in /data, redis-cli on PATH, run as redis.
ARG BASE
FROM ${BASE}
RUN apt-get update && apt-get install -y --no-install-recommends redis-server \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir /data && chown redis:redis /data
VOLUME /data
WORKDIR /data
COPY redis-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENTRYPOINT ["docker-entrypoint.sh"]
EXPOSE 6379
LABEL org.docformat.stand-in="redis: built by tools/compose-smoke.sh from Debian packages"
CMD ["redis-server"]
