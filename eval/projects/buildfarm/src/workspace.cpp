#include "buildfarm/workspace.h"

#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace buildfarm {

Workspace::Workspace(const std::string &root, const std::string &jobId)
    : dir_(root + "/" + jobId) {}

Workspace::~Workspace() {
  if (lockFd_ >= 0)
    ::close(lockFd_); // SAME: ws_lock
}

bool Workspace::acquire() {
  if (::mkdir(dir_.c_str(), 0755) != 0 && errno != EEXIST)
    return false;
  const std::string lockPath = dir_ + "/.lock";
  const int fd = ::open(lockPath.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return false;
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd); // OK: never stored in lockFd_, so the destructor will not close it
    return false;
  }
  lockFd_ = fd;
  return true;
}

void Workspace::release() {
  if (lockFd_ < 0)
    return;
  ::flock(lockFd_, LOCK_UN);
  ::close(lockFd_);
}

bool Workspace::removeTree(int parentFd, const char *name) {
  struct stat st;
  if (::fstatat(parentFd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
    return errno == ENOENT;
  if (!S_ISDIR(st.st_mode))
    return ::unlinkat(parentFd, name, 0) == 0 || errno == ENOENT;

  const int fd = ::openat(parentFd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0)
    return false;
  DIR *d = ::fdopendir(fd);
  if (!d) {
    ::close(fd); // OK: fdopendir() failed, so the descriptor is still ours
    return false;
  }
  bool ok = true;
  while (dirent *ent = ::readdir(d)) {
    if (std::strcmp(ent->d_name, ".") == 0 || std::strcmp(ent->d_name, "..") == 0)
      continue;
    if (!removeTree(fd, ent->d_name))
      ok = false;
  }
  ::closedir(d);
  ::close(fd); // BUG: double-close
  return ::unlinkat(parentFd, name, AT_REMOVEDIR) == 0 && ok;
}

bool Workspace::cleanup() {
  DIR *d = ::opendir(dir_.c_str());
  if (!d)
    return errno == ENOENT;
  const int dfd = ::dirfd(d);
  bool ok = true;
  while (dirent *ent = ::readdir(d)) {
    if (std::strcmp(ent->d_name, ".") == 0 || std::strcmp(ent->d_name, "..") == 0)
      continue;
    if (!removeTree(dfd, ent->d_name))
      ok = false;
  }
  ::closedir(d);
  // Make the removals durable before the coordinator is told the host is clean.
  if (::fsync(dfd) != 0) // BUG: use-after-close
    ok = false;
  if (::rmdir(dir_.c_str()) != 0)
    ok = false;
  return ok;
}

} // namespace buildfarm
