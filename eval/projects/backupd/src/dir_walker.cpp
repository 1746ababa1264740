// DirWalker: see dir_walker.h.
#include "backupd/dir_walker.h"

#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace backupd {

DirWalker::DirWalker(std::vector<std::string> roots) : pendingDirs_(std::move(roots)) {}

bool DirWalker::next(std::string &path) {
  while (files_.empty()) {
    if (pendingDirs_.empty())
      return false;
    const std::string dir = pendingDirs_.back();
    pendingDirs_.pop_back();
    scanDir(dir);
  }
  path = std::move(files_.front());
  files_.pop_front();
  return true;
}

void DirWalker::scanDir(const std::string &dir) {
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd < 0)
    return; // vanished or unreadable: skip it
  DIR *d = ::fdopendir(dfd);
  if (d == nullptr) {
    ::close(dfd); // OK: fdopendir() failed, so the descriptor is still ours and is closed once
    return;
  }
  while (dirent *ent = ::readdir(d)) {
    if (std::strcmp(ent->d_name, ".") == 0 || std::strcmp(ent->d_name, "..") == 0)
      continue;
    struct stat st {};
    if (::fstatat(dfd, ent->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) // OK: dfd belongs to d and stays valid until closedir()
      continue;
    const std::string child = dir + "/" + ent->d_name;
    if (S_ISDIR(st.st_mode))
      pendingDirs_.push_back(child);
    else if (S_ISREG(st.st_mode))
      files_.push_back(child);
  }
  ::closedir(d);
  ::close(dfd); // BUG: double-close
}

} // namespace backupd
