#!/bin/sh
# Prisma's CLI wants a native schema engine it cannot download here. `prisma
# generate` only asks for its version; anything else must fail loudly (a stub that
# succeeds would let `prisma migrate` report success having done nothing). Use the
# project's own migrate command (tools/migrate) instead.
if [ "$1" = "--version" ]; then echo "schema-engine-cli 0edf323efd1d98336f3f0a68684b56f689b900d3"; exit 0; fi
echo "schema-engine stub: the native Prisma schema engine is not available; use npm run db:migrate:*" >&2
exit 1
