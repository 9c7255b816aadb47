# One image for the api and the worker (the command picks which). Node 24, TypeScript run by tsx.
FROM node:24-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY api/package.json api/
COPY worker/package.json worker/
COPY web/package.json web/
# Exactly the lock file (every platform's optional packages are in it); fails if it is out of date.
RUN npm ci --no-audit --no-fund
COPY . .
# The GraphQL types are generated, not committed: the root build writes them, then builds the web app.
RUN npm run build
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
CMD ["node", "--import", "tsx", "api/src/main.ts"]
