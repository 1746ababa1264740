// A job's workspace directory.
#pragma once
#include <string>

namespace buildfarm {

// <root>/<jobId>. acquire() creates the directory and takes an exclusive
// flock on "<dir>/.lock" so that no second agent on the host uses it.
// release() drops the lock by closing the lock descriptor. The destructor
// closes the lock descriptor when release() was not called. cleanup()
// removes the directory tree.
class Workspace {
public:
  Workspace(const std::string &root, const std::string &jobId);
  ~Workspace();
  Workspace(const Workspace &) = delete;
  Workspace &operator=(const Workspace &) = delete;

  bool acquire();
  void release();
  bool cleanup();
  const std::string &path() const { return dir_; }

private:
  static bool removeTree(int parentFd, const char *name);

  std::string dir_;
  int lockFd_ = -1;
};

} // namespace buildfarm
