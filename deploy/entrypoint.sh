#!/bin/sh
# Starts one Seatside process chosen by SERVICE: `gateway` or a service name (identity, catalog, tags,
# orders, chat, notifications, webhooks, ai-voice, media). exec keeps node as PID 1 so SIGTERM reaches
# its graceful shutdown.
set -eu
service="${SERVICE:-gateway}"
case "$service" in
  ''|*[!a-z0-9-]*) echo "seatside: invalid SERVICE '$service'" >&2; exit 64 ;;
  gateway) dir=/app/gateway ;;
  *) dir="/app/services/$service" ;;
esac
for main in "$dir/dist/main.cjs" "$dir/dist/main.mjs" "$dir/dist/main.js"; do
  if [ -f "$main" ]; then
    exec node --enable-source-maps "$main" "$@"
  fi
done
echo "seatside: no build for SERVICE=$service (looked for $dir/dist/main.{cjs,mjs,js})" >&2
exit 64
