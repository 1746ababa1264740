// File offsets, written atomically (write temp, fsync, rename, fsync dir).
#include "logship/checkpoint.h"
#include "logship/log.h"
#include "logship/util.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace logship {

Checkpoint::Checkpoint(std::string path) : path_(std::move(path)) {}

Checkpoint::~Checkpoint() { close(); } // OK: close() is idempotent (dirFd_ reset to -1)

bool Checkpoint::open() {
  if (dirFd_ >= 0)
    return true;
  const auto slash = path_.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : path_.substr(0, slash);
  dirFd_ = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dirFd_ < 0) {
    log_warn("checkpoint: cannot open %s: %s", dir.c_str(), std::strerror(errno));
    return false;
  }
  return true;
}

std::map<std::string, long> Checkpoint::load() const {
  std::map<std::string, long> offsets;
  std::ifstream in(path_);
  std::string line;
  while (std::getline(in, line)) {
    const auto tab = line.rfind('\t');
    if (tab == std::string::npos)
      continue;
    try {
      offsets[line.substr(0, tab)] = std::stol(line.substr(tab + 1));
    } catch (const std::exception &) {
      log_warn("checkpoint: ignoring bad line in %s", path_.c_str());
    }
  }
  return offsets;
}

bool Checkpoint::save(const std::map<std::string, long> &offsets) {
  std::ostringstream body;
  for (const auto &[file, off] : offsets)
    body << file << '\t' << off << '\n';
  const std::string data = body.str();

  const std::string tmp = path_ + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    log_warn("checkpoint: cannot create %s: %s", tmp.c_str(), std::strerror(errno));
    return false;
  }
  if (!util::writeFully(fd, data.data(), data.size())) {
    log_warn("checkpoint: cannot write %s: %s", tmp.c_str(), std::strerror(errno));
    ::close(fd); // BUG: double-close
    std::remove(tmp.c_str());
    return false;
  }
  if (::fsync(fd) != 0) {
    ::close(fd); // OK: writeFully succeeded, so fd is still open here
    std::remove(tmp.c_str());
    return false;
  }
  if (::close(fd) != 0) // OK: the fsync failure path returned above
    return false;
  if (std::rename(tmp.c_str(), path_.c_str()) != 0) {
    log_warn("checkpoint: rename: %s", std::strerror(errno));
    return false;
  }
  if (dirFd_ >= 0)
    ::fsync(dirFd_); // OK: close() sets dirFd_ to -1
  return true;
}

void Checkpoint::close() noexcept { util::closeQuietly(dirFd_); }

} // namespace logship
