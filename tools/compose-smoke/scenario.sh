# shellcheck shell=bash
# Sourced by tools/compose-smoke.sh: what the smoke run does with the running stack,
# through the published API port (loopback) and the Docker CLI. Every wait has a limit.
# Needs: compose (the wrapper for this project), say, fail, wait_until, SMOKE_API_PORT.

ORIGIN=http://origin:8080
TOKEN=

# A call to the API on its published loopback port; prints the body, fails on 4xx/5xx.
api() { # method, path, [JSON body]
  local args=(-sS --fail-with-body -m 15 -X "$1" "http://127.0.0.1:$SMOKE_API_PORT$2" -H "Authorization: Bearer $TOKEN")
  [ $# -lt 3 ] || args+=(-H 'Content-Type: application/json' -d "$3")
  curl "${args[@]}"
}

submit() { # fixture path (or slow/<seconds>/<path>), format type(s) as JSON → job id
  api POST /format "{\"file\":\"$ORIGIN/$1\",\"format\":{\"type\":$2}}" | jq -er .id
}

job_status() { api GET "/job/$1" | jq -r .status; }

# Waits until every job is COMPLETED or FAILED (at most $1 seconds); fails unless all completed.
wait_jobs() { # seconds, ids...
  local limit=$1 id status pending; shift
  local end=$((SECONDS + limit))
  while :; do
    pending=0
    for id in "$@"; do
      status=$(job_status "$id")
      case $status in
        COMPLETED) ;;
        FAILED) fail "job $id FAILED: $(api GET "/job/$id" | jq -c .error)" ;;
        *) pending=$((pending + 1)) ;;
      esac
    done
    [ "$pending" -eq 0 ] && return 0
    [ $SECONDS -lt $end ] || fail "$pending of $# jobs unfinished after ${limit}s"
    sleep 1
  done
}

# The output of a completed job contains the expected text (case-sensitive).
expect_output() { # id, format, text
  api GET "/job/$1" | jq -e --arg f "$2" --arg t "$3" '.formats[$f] | contains($t)' >/dev/null \
    || fail "job $1: $2 output lacks \"$3\": $(api GET "/job/$1" | jq -c --arg f "$2" '.formats[$f][0:300]')"
}

worker_containers() { compose ps -q worker; }

# The container's log has a line holding both texts. (awk reads the whole log: a `grep -q`
# that stops early would make `docker logs` fail on a closed pipe, and pipefail with it.)
log_has() { # container, text, [second text]
  docker logs "$1" 2>&1 | awk -v a="$2" -v b="${3:-$2}" 'index($0, a) && index($0, b) { found = 1 } END { exit !found }'
}

# The worker container whose log has job.started for the job (waits up to $2 seconds).
worker_running() { # job id, seconds
  local end=$((SECONDS + $2)) c
  while [ $SECONDS -lt $end ]; do
    for c in $(worker_containers); do
      if log_has "$c" "\"jobId\":\"$1\"" '"job.started"'; then echo "$c"; return 0; fi
    done
    sleep 0.5
  done
  fail "no worker started job $1 within $2s"
}

container_name() { docker inspect -f '{{.Name}}' "$1" | sed 's#^/##'; }

create_token() {
  # The token CLI of docs/api.md, inside the api container; it prints the token on a line of its own.
  TOKEN=$(compose exec -T api npm run token -- create smoke | grep -E '^dft_' | tail -1)
  [ -n "$TOKEN" ] || fail "npm run token -- create smoke printed no token"
  # Accepted: an unknown job is a 404 to its client, where a refused token is a 401.
  local code
  code=$(curl -s -o /dev/null -w '%{http_code}' -m 15 -H "Authorization: Bearer $TOKEN" \
    "http://127.0.0.1:$SMOKE_API_PORT/job/00000000-0000-4000-8000-000000000000")
  [ "$code" = 404 ] || fail "the new token got $code for an unknown job (expected 404)"
}

check_first_document() {
  local id
  id=$(submit sample.pdf '["markdown","text","html","chunks"]')
  wait_jobs 120 "$id"
  expect_output "$id" markdown '# Document Conversion Handbook'
  expect_output "$id" text 'Document Conversion Handbook'
  expect_output "$id" html '<th scope="col">Format</th>'
  # Chunks count tokens with the tokenizer the image's pruning kept.
  api GET "/job/$id" | jq -e '(.formats.chunks | length) > 0 and .formats.chunks[0].tokens > 0' >/dev/null \
    || fail "job $id: no chunks with tokens: $(api GET "/job/$id" | jq -c '.formats.chunks[0]')"
  # A format the job did not ask for, rendered by the API container from the stored tree.
  api GET "/job/$id/formats/json" | jq -e '.schemaVersion and (.blocks | length) > 0' >/dev/null \
    || fail "GET /job/$id/formats/json did not answer the document tree"
  proved "a PDF fetched from the origin container converted: COMPLETED, markdown, text, html and chunks hold its heading, json rendered on demand by the API (job $id)"
}

workers_running() { [ "$(compose ps -q --status running worker | wc -l)" -eq "$1" ]; }
worker_ready() { log_has "$1" '"worker.started"'; }

scale_workers() {
  compose up -d --no-build --scale worker=3 >/dev/null 2>&1 || fail "docker compose up --scale worker=3 failed"
  wait_until 90 "3 workers running" workers_running 3
  local c
  for c in $(worker_containers); do wait_until 60 "$(container_name "$c") ready" worker_ready "$c"; done
  proved "scaled to 3 workers (docker compose up -d --scale worker=3)"
}

# fixture | format | text its output must contain. OCR: the scanned PDF and the PNG.
BATCH=(
  'sample.pdf|markdown|# Document Conversion Handbook'
  'sample.html|markdown|Document Conversion Handbook'
  'sample.md|text|Document Conversion Handbook'
  'notes.txt|text|Meeting notes'
  'windows-1252.txt|text|Café au lait'
  'office-docs/source.docx|markdown|Key Points'
  'office-docs/source.odt|markdown|Key Points'
  'office-docs/source.epub|markdown|Key Points'
  'office-docs/source.rtf|text|Key Points'
  'office-data/comma.csv|markdown|Lisbon'
  'office-data/deck.pptx|text|Quarterly Review'
  'misc/data.json|text|docformat'
  'misc/message.eml|text|Quarterly report'
  'misc/archive.zip|text|Plain text entry'
  'pdf-structure/tables.pdf|markdown|Workshop Inventory'
  'pdf-structure/headings.pdf|markdown|# Rainwater Harvesting at Home'
  'scanned/scanned-report.pdf|markdown|Handbook'
  'scanned/scanned-report.pdf|text|Conversion'
  'scanned/mixed-text-and-scan.pdf|text|Handbook'
  'ocr/report.png|text|northern warehouse'
)

check_batch() {
  local entry ids=() path format text id i c counts=()
  local began=$SECONDS
  for entry in "${BATCH[@]}"; do
    IFS='|' read -r path format text <<<"$entry"
    ids+=("$(submit "$path" "[\"$format\"]")")
  done
  wait_jobs 300 "${ids[@]}"
  i=0
  for entry in "${BATCH[@]}"; do
    IFS='|' read -r path format text <<<"$entry"
    expect_output "${ids[$i]}" "$format" "$text"
    i=$((i + 1))
  done
  # OCR ran in the container: the scanned report's job says how many pages it read.
  id=${ids[16]}
  api GET "/job/$id" | jq -e '(.result.ocr.pages | length) == 3' >/dev/null || fail "job $id (scanned-report.pdf) was not read by OCR: $(api GET "/job/$id" | jq -c .result.ocr)"
  for c in $(worker_containers); do
    counts+=("$(container_name "$c"): $(docker logs "$c" 2>&1 | grep -c '"job.completed"' || true)")
  done
  proved "a batch of ${#ids[@]} mixed documents COMPLETED in $((SECONDS - began)) s, OCR included (3 scanned pages read, mean confidence $(api GET "/job/$id" | jq .result.ocr.meanConfidence)); jobs completed per worker: ${counts[*]}"
}

# docker stop (SIGTERM, then the compose stop_grace_period) of the worker running a job:
# the signal reaches node through init, the job finishes, the process exits 0.
check_graceful_stop() {
  local id c name code
  id=$(submit slow/8/sample.pdf '["text"]')
  c=$(worker_running "$id" 30)
  name=$(container_name "$c")
  docker stop "$c" >/dev/null
  code=$(docker inspect -f '{{.State.ExitCode}}' "$c")
  [ "$code" = 0 ] || fail "$name exited with $code after docker stop (expected 0: a graceful stop)"
  log_has "$c" '"worker.stopped"' || fail "$name did not log worker.stopped"
  log_has "$c" "\"jobId\":\"$id\"" '"job.completed"' || fail "$name stopped without completing job $id"
  wait_jobs 10 "$id"
  expect_output "$id" text 'Document Conversion Handbook'
  docker start "$c" >/dev/null
  proved "docker stop of $name mid-job: SIGTERM reached node, the job completed on that worker, exit code 0"
}

# docker kill (SIGKILL) of the worker running a job, then docker start: the job is taken
# over once its lock lapses (JOB_LOCK_MS) and completes on its next attempt.
check_killed_worker() {
  local id c name attempts
  id=$(submit slow/10/scanned/scanned-report.pdf '["markdown"]')
  c=$(worker_running "$id" 30)
  name=$(container_name "$c")
  docker kill "$c" >/dev/null
  [ "$(job_status "$id")" = IN_PROGRESS ] || fail "job $id was not in progress when $name was killed"
  docker start "$c" >/dev/null
  wait_jobs 180 "$id"
  expect_output "$id" markdown 'Handbook'
  attempts=$(api GET "/job/$id" | jq -r .attempts)
  [ "$attempts" -ge 2 ] || fail "job $id completed with attempts=$attempts after its worker was killed (expected a second attempt)"
  proved "docker kill of $name mid-job, then docker start: the job completed on attempt $attempts"
}

# docker compose stop: every process stops on SIGTERM within its grace period, exit 0.
check_stack_stops() {
  local c codes=() bad=()
  compose stop >/dev/null 2>&1 || fail "docker compose stop"
  for c in $(compose ps -aq api worker); do
    codes+=("$(container_name "$c")=$(docker inspect -f '{{.State.ExitCode}}' "$c")")
  done
  for c in "${codes[@]}"; do [ "${c##*=}" = 0 ] || bad+=("$c"); done
  [ ${#bad[@]} -eq 0 ] || fail "docker compose stop: not every app container exited 0: ${codes[*]}"
  proved "docker compose stop: api and the $((${#codes[@]} - 1)) workers exited 0 (${codes[*]})"
}

# The CA bundle the build trusted is in no layer of the image, and nothing points at it.
check_ca_not_in_image() {
  [ -s "${BUILD_CA_CERTS:-}" ] || return 0
  local line found
  # A full base64 line of the bundle's last certificate (a local one, where a proxy's is).
  line=$(grep -v -- '-----' "$BUILD_CA_CERTS" | awk 'length($0) == 64' | tail -1)
  found=$(docker save docformat-smoke:local | grep -caF "$line" || true)
  [ "$found" = 0 ] || fail "a line of $BUILD_CA_CERTS is in docformat-smoke:local"
  docker run --rm --entrypoint sh docformat-smoke:local -c '[ ! -e /run/secrets/ca ] && [ -z "${NODE_EXTRA_CA_CERTS:-}" ]' \
    || fail "docformat-smoke:local has /run/secrets/ca or NODE_EXTRA_CA_CERTS"
  proved "the build trusted $BUILD_CA_CERTS as the secret ca; no layer of the image holds it"
}
