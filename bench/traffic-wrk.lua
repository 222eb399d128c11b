-- The traffic suite's HTTP load (bench/wrk.ts runs it): wrk posts the request bodies of a file, one JSON
-- body per line, cycling. Arguments after `--`: the file and the number of wrk threads.
--
-- Each wrk thread has a Lua state of its own: thread t takes lines t, t + threads, t + 2 * threads, ...
-- The file lists the first event of every session, then the second of every session, and so on, so a
-- session number divisible by the threads keeps all of a session's events on one thread, sent in their order,
-- every body of the file sent once per cycle by exactly one thread.
--
-- done() prints one JSON line for the caller to read, rather than wrk's human summary.

local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  local file, count = args[1], tonumber(args[2])
  local headers = { ["Content-Type"] = "application/json" }
  requests = {}
  local line_number = 0
  for line in io.lines(file) do
    if line_number % count == id then
      requests[#requests + 1] = wrk.format("POST", wrk.path, headers, line)
    end
    line_number = line_number + 1
  end
  if #requests == 0 then
    error("no request bodies for thread " .. id .. " in " .. file)
  end
  -- wrk calls request() once on thread 0, right after its init(), to check that the script's requests
  -- parse (script_verify_request); that request is never sent. Thread 0 starts one body back, so that the
  -- probe takes its last body and its first request sent is its first body.
  next_request = (id == 0) and (#requests - 1) or 0
end

function request()
  next_request = next_request % #requests + 1
  return requests[next_request]
end

function done(summary)
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"durationUs":%d,"requests":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"threads":%d}\n',
    summary.duration, summary.requests, summary.bytes,
    e.connect, e.read, e.write, e.status, e.timeout, #threads))
end
