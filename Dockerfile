# The production image: Node 24, installed by the very script the suite tests (scripts/install-production.sh:
# install, build, prune to production dependencies), run as the image's unprivileged `node` user.
#   docker build -t noco-network .        then see compose.yaml and .env.example
FROM node:24-bookworm-slim

ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data

WORKDIR /app
RUN mkdir -p /app/data && chown -R node:node /app
USER node

COPY --chown=node:node . .
RUN bash scripts/install-production.sh && npm cache clean --force

# The embedded database (when DATABASE_URL is unset) and uploaded pictures (when S3_BUCKET is unset) live here.
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# The server itself as PID 1, so a container stop's SIGTERM reaches its graceful shutdown directly.
# Migrations run at start; `docker compose run --rm app npm run admin -- grant <email> AGENCY_ADMIN` names the owner.
CMD ["node", "dist/server/main.js"]
