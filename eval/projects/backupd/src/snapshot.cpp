// Snapshot: see snapshot.h.
#include "backupd/snapshot.h"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

#include "backupd/fd_utils.h"
#include "backupd/scope_guard.h"

namespace backupd {

Snapshot::Snapshot(std::string dir)
    : dir_(std::move(dir)), lock_(std::make_unique<LockFile>(dir_ + "/backupd.lock")) {
  // Stamp our pid into the lock file so operators can see who holds it.
  if (!writeAndClose(lock_->fd(), std::to_string(::getpid()) + "\n"))
    std::fprintf(stderr, "backupd: cannot write pid into %s/backupd.lock\n", dir_.c_str());
}

Snapshot::~Snapshot() { close(); }

void Snapshot::writeState(const RunResult &result) {
  const std::string tmp = statePath() + ".tmp";
  bool written = false;
  {
    std::FILE *f = std::fopen(tmp.c_str(), "w");
    if (f == nullptr)
      throw std::system_error(errno, std::generic_category(), "fopen " + tmp);
    ScopeGuard closeOnExit([f] { std::fclose(f); }); // SAME: state_guard
    std::fprintf(f, "run=%s\nfiles=%zu\nskipped=%zu\nuploaded=%zu\nfailed=%zu\nbytes=%llu\n",
                 result.runId.c_str(), result.files, result.skipped, result.uploaded, result.failed,
                 static_cast<unsigned long long>(result.bytes));
    std::fprintf(f, "cancelled=%d\nmanifest=%s\n", result.cancelled ? 1 : 0,
                 result.manifestPath.c_str());
    const bool flushed = std::fflush(f) == 0 && ::fsync(::fileno(f)) == 0;
    // Close before the rename so that the renamed file is complete on disk.
    written = std::fclose(f) == 0 && flushed;
  } // BUG: double-close #state_guard
  if (!written || std::rename(tmp.c_str(), statePath().c_str()) != 0)
    throw std::system_error(errno, std::generic_category(), "cannot save state " + tmp);
}

void Snapshot::saveCursor(const std::string &cursor) {
  const std::string tmp = cursorPath() + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "open " + tmp);
  const bool written = writeAndClose(fd, cursor + "\n"); // hands fd over: closed even on failure
  if (!written || std::rename(tmp.c_str(), cursorPath().c_str()) != 0) {
    ::unlink(tmp.c_str());
    throw std::system_error(EIO, std::generic_category(), "cannot save cursor " + tmp);
  }
}

void Snapshot::close() {
  if (!lock_)
    return;
  struct stat st {};
  if (::stat(statePath().c_str(), &st) == 0 && !copyFile(statePath(), statePath() + ".bak"))
    std::fprintf(stderr, "backupd: cannot back up %s\n", statePath().c_str());
  lock_.reset(); // BUG: double-close #pid_lock
}

} // namespace backupd
