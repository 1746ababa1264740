//===- Isolate.h - Runs work items in child processes -----------*- C++ -*-===//
//
// Each translation unit is analyzed in a child process of its own, so that
// a crash or a hang costs only that file. No clang header here.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_ISOLATE_H
#define ERRLINT_ISOLATE_H

#include <cstddef>
#include <functional>
#include <string>

namespace errlint {

/// How a child process ended.
struct ChildOutcome {
  bool Ok = false;     ///< It exited normally, after writing Output.
  std::string Output;  ///< What it wrote.
  std::string Failure; ///< Why it did not finish, when !Ok.
};

struct IsolateOptions {
  unsigned Jobs = 1;        ///< Children running at once.
  unsigned TimeoutSeconds = 0; ///< Per child; 0: no limit.
};

/// Runs Work(I) for every I < Count, each in a forked child process, at most
/// Options.Jobs at a time, and calls Done(I, Outcome) in this process as each
/// ends (in the order they end). A child running longer than the timeout is
/// killed. Call it while this process runs no other thread.
///
/// With Ready, an item starts only once Ready(I) holds (the lowest ready
/// index first); when nothing runs and nothing is ready, the lowest item
/// left starts anyway, so that a wrong Ready slows the run but never stops it.
void runIsolated(size_t Count, const IsolateOptions &Options,
                 const std::function<std::string(size_t)> &Work,
                 const std::function<void(size_t, ChildOutcome)> &Done,
                 const std::function<bool(size_t)> &Ready = nullptr);

} // namespace errlint

#endif
