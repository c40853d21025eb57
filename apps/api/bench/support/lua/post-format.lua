-- POST /format with one fixed body: every request creates a new job. A static
-- request (no request() function) lets wrk build it once, so the load generator
-- spends its CPU on sockets, not on Lua.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("BENCH_TOKEN")
wrk.body = os.getenv("BENCH_BODY")
