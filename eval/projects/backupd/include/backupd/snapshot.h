// Snapshot: the agent's state directory. The constructor takes the daemon
// lock (LockFile) and stamps our pid into it. writeState() saves the result
// of the last run atomically (tmp file + rename); saveCursor() saves the walk
// cursor the same way; close() backs up the state file and releases the
// lock; close() is idempotent and the destructor calls it.
#pragma once
#include <memory>
#include <string>

#include "backupd/chunk.h"
#include "backupd/lock_file.h"

namespace backupd {

class Snapshot {
public:
  explicit Snapshot(std::string dir);
  ~Snapshot();
  Snapshot(const Snapshot &) = delete;
  Snapshot &operator=(const Snapshot &) = delete;

  void writeState(const RunResult &result);
  void saveCursor(const std::string &cursor);
  void close();

private:
  std::string statePath() const { return dir_ + "/state"; }
  std::string cursorPath() const { return dir_ + "/cursor"; }

  std::string dir_;
  std::unique_ptr<LockFile> lock_;
};

} // namespace backupd
