#include "buildfarm/process_runner.h"
#include "buildfarm/io_helpers.h"
#include "buildfarm/line_splitter.h"
#include "buildfarm/unique_fd.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

namespace buildfarm {

RunResult ProcessRunner::run(const CommandSpec &spec, const LineSink &sink) {
  RunResult result;
  ChildProcess child;
  UniqueFd input;
  if (!spec.stdinPath.empty()) {
    input.reset(::open(spec.stdinPath.c_str(), O_RDONLY | O_CLOEXEC));
    if (!input.valid()) {
      result.error = "cannot open " + spec.stdinPath + ": " + std::strerror(errno);
      return result;
    }
    child.adoptStdin(input.get());
  }

  if (child.spawn(spec)) {
    result.spawned = true;
    pump(child, spec, sink, result);
  } else {
    result.error = "cannot start " + (spec.argv.empty() ? std::string("<empty>")
                                                         : spec.argv.front());
  }
  return result;
} // BUG: double-close #stdin_owner

void ProcessRunner::cancel() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (activePid_ > 0)
    ::kill(activePid_, SIGTERM);
}

void ProcessRunner::pump(ChildProcess &child, const CommandSpec &spec,
                         const LineSink &sink, RunResult &result) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    activePid_ = child.pid();
  }
  const int outFd = child.stdoutFd();
  const int errFd = child.stderrFd();
  LineSplitter outLines, errLines;
  const LineSplitter::LineFn emitOut = [&sink](const std::string &l) {
    sink(StreamKind::Stdout, l);
  };
  const LineSplitter::LineFn emitErr = [&sink](const std::string &l) {
    sink(StreamKind::Stderr, l);
  };

  bool outOpen = true;
  bool errOpen = true;
  bool timedOut = false;
  const auto deadline = std::chrono::steady_clock::now() + spec.timeout;
  char buf[16 * 1024];

  while (outOpen || errOpen) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      timedOut = true;
      break;
    }
    pollfd fds[2] = {{outOpen ? outFd : -1, POLLIN, 0},
                     {errOpen ? errFd : -1, POLLIN, 0}};
    const int ready =
        ::poll(fds, 2, static_cast<int>(std::min<long long>(left.count(), 500)));
    if (ready < 0) {
      if (errno == EINTR)
        continue;
      result.error = std::string("poll: ") + std::strerror(errno);
      break;
    }
    if (ready == 0)
      continue;

    if (outOpen && (fds[0].revents & (POLLIN | POLLHUP | POLLERR))) {
      const ssize_t n = ::read(outFd, buf, sizeof buf);
      if (n > 0) {
        outLines.feed(buf, static_cast<std::size_t>(n), emitOut);
      } else if (n == 0 || errno != EINTR) {
        child.closeStdout();
        outOpen = false;
      }
    }
    if (errOpen && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) {
      const ssize_t n = ::read(errFd, buf, sizeof buf); // OK: closing stdout above leaves stderr open
      if (n > 0) {
        errLines.feed(buf, static_cast<std::size_t>(n), emitErr);
      } else if (n == 0 || errno != EINTR) {
        child.closeStderr();
        errOpen = false;
      }
    }
  }

  if (timedOut) {
    child.terminate();
    result.timedOut = true;
  }
  // Collect what the child wrote after the last poll.
  if (outOpen)
    drainFd(outFd, [&](const char *p, std::size_t n) { outLines.feed(p, n, emitOut); }); // BUG: use-after-close #runner_drain
  outLines.finish(emitOut);
  errLines.finish(emitErr);

  {
    std::lock_guard<std::mutex> lock(mutex_);
    activePid_ = -1;
  }
  result.exitStatus = child.wait();
}

} // namespace buildfarm
