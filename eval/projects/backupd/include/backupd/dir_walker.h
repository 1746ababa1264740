// DirWalker: depth-first walk of the configured roots; next() yields regular
// files. A directory is read completely when it is reached (open +
// fdopendir + readdir), so at most one directory descriptor is open at a time.
#pragma once
#include <deque>
#include <string>
#include <vector>

namespace backupd {

class DirWalker {
public:
  explicit DirWalker(std::vector<std::string> roots);
  bool next(std::string &path);

private:
  void scanDir(const std::string &dir);

  std::vector<std::string> pendingDirs_;
  std::deque<std::string> files_;
};

} // namespace backupd
