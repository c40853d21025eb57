-- GET /job/{id} over a pre-created set of job ids (one per line in BENCH_IDS_FILE),
-- round-robin, each wrk thread starting at its own offset.
local threads = 0
function setup(thread)
  thread:set("offset", threads)
  threads = threads + 1
end

local ids = {}
local next_index = 1
local authorization = "Bearer " .. os.getenv("BENCH_TOKEN")

function init(args)
  for line in io.lines(os.getenv("BENCH_IDS_FILE")) do
    if #line > 0 then ids[#ids + 1] = line end
  end
  next_index = ((offset or 0) * 97) % #ids + 1
end

function request()
  local id = ids[next_index]
  next_index = next_index % #ids + 1
  return wrk.format("GET", "/job/" .. id, { ["Authorization"] = authorization })
end
