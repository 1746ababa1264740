// CompactionWorker: verifies compaction outputs and publishes them, fed through
// a pipe (see compaction_worker.h).
#include "kvlog/compaction_worker.h"
#include "kvlog/fd_util.h"
#include "kvlog/log.h"
#include "kvlog/sstable_writer.h"
#include "kvlog/wal_record.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace kvlog {
namespace {

bool verifyFooter(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0 || st.st_size < kSSTableFooterSize)
    return false;
  char footer[kSSTableFooterSize];
  if (!preadExact(fd, footer, sizeof footer, st.st_size - kSSTableFooterSize))
    return false;
  return WalCodec::getU32(footer + 16) == kSSTableMagic;
}

} // namespace

CompactionWorker::~CompactionWorker() { stop(); }

bool CompactionWorker::start(Publish publish) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    logError("compaction: pipe failed: %s", std::strerror(errno));
    return false;
  }
  readFd_ = fds[0];
  writeFd_ = fds[1];
  publish_ = std::move(publish);
  started_ = true;
  thread_ = std::thread([this] { run(); });
  return true;
}

void CompactionWorker::submit(CompactionJob job) {
  std::lock_guard<std::mutex> lock(mu_);
  if (stopped_ || !started_)
    throw std::runtime_error("compaction worker stopped");
  const std::uint64_t id = nextId_++;
  jobs_.emplace(id, std::move(job));
  std::string msg(reinterpret_cast<const char *>(&id), sizeof id);
  if (!writeAll(writeFd_, msg)) // OK: stop() sets stopped_ under mu_ before it closes the pipe
    logError("compaction: cannot queue job %llu", static_cast<unsigned long long>(id));
}

void CompactionWorker::run() {
  for (;;) {
    std::uint64_t id = 0;
    const ssize_t n = ::read(readFd_, &id, sizeof id); // BUG: use-after-close #pipe_race
    if (n == 0)
      break;
    if (n < 0) {
      if (errno == EINTR)
        continue;
      logError("compaction: pipe read failed: %s", std::strerror(errno));
      break;
    }
    if (n != static_cast<ssize_t>(sizeof id)) {
      logError("compaction: short read on job pipe");
      break;
    }
    CompactionJob job;
    {
      std::lock_guard<std::mutex> lock(mu_);
      auto it = jobs_.find(id);
      if (it == jobs_.end())
        continue;
      job = std::move(it->second);
      jobs_.erase(it);
    }
    const bool durable = verifyFooter(job.fd) && ::fsync(job.fd) == 0;
    if (!durable) {
      logWarn("compaction: output %s failed verification", job.outputPath.c_str());
      closeQuietly(job.fd);
    }
    ::close(job.fd); // BUG: double-close
    if (durable)
      publish_(job); // OK: install() uses the job's paths, not its descriptor
    else
      ::unlink(job.outputPath.c_str());
  }
}

void CompactionWorker::stop() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopped_ || !started_)
      return;
    stopped_ = true;
  }
  ::close(writeFd_); // OK: the stopped_ check above lets this run only once
  ::close(readFd_); // SAME: pipe_race
  if (thread_.joinable())
    thread_.join();
  for (auto &kv : jobs_)
    closeQuietly(kv.second.fd); // OK: these jobs were never taken by the worker thread
  jobs_.clear();
}

} // namespace kvlog
