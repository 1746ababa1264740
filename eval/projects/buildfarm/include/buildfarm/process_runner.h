// Runs one build command to completion and streams its output lines.
#pragma once
#include "buildfarm/child_process.h"

#include <functional>
#include <mutex>
#include <string>
#include <sys/types.h>

namespace buildfarm {

enum class StreamKind { Stdout, Stderr };
using LineSink = std::function<void(StreamKind, const std::string &)>;

struct RunResult {
  bool spawned = false;
  bool timedOut = false;
  int exitStatus = -1;
  std::string error;
};

// run() starts the command, feeds every output line to the sink and returns
// when the child has exited or its timeout expired (the child is then
// killed). cancel() asks the running child to stop with SIGTERM; run() then
// returns once it has exited. One run() at a time.
class ProcessRunner {
public:
  RunResult run(const CommandSpec &spec, const LineSink &sink);
  void cancel();

private:
  void pump(ChildProcess &child, const CommandSpec &spec, const LineSink &sink,
            RunResult &result);

  std::mutex mutex_;
  pid_t activePid_ = -1;
};

} // namespace buildfarm
