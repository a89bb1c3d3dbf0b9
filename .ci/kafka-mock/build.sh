#!/usr/bin/env bash
# Builds the mock Kafka launcher into bin/ when missing or older than its source.
# Needs gcc and librdkafka-dev (apt-get install -y gcc librdkafka-dev).
set -euo pipefail
dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
src="$dir/launcher.c"
out="$dir/bin/kafka-mock"
if [[ -x "$out" && "$out" -nt "$src" ]]; then
  exit 0
fi
if [[ ! -f /usr/include/librdkafka/rdkafka_mock.h ]]; then
  echo "kafka-mock: librdkafka-dev is missing (apt-get install -y librdkafka-dev)" >&2
  exit 1
fi
mkdir -p "$dir/bin"
# Build to a temp name and rename, so concurrent builds never expose a half-written binary.
tmp="$out.$$"
gcc -O2 -Wall -Wextra -pthread -o "$tmp" "$src" -lrdkafka
mv -f "$tmp" "$out"
echo "kafka-mock: built $out" >&2
