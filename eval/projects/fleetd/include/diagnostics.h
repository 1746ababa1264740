// Diagnostics: the daemon's human-readable log. The destination is chosen at
// startup: stderr when no path is configured, otherwise a file opened for
// appending and reopened on SIGHUP so logrotate can move it away.
#pragma once
#include <cstdio>
#include <mutex>
#include <string>

namespace fleetd {

class Diagnostics {
public:
  explicit Diagnostics(const std::string &path);
  ~Diagnostics();
  Diagnostics(const Diagnostics &) = delete;
  Diagnostics &operator=(const Diagnostics &) = delete;

  void printf(const char *fmt, ...) __attribute__((format(printf, 2, 3)));
  // Reopens the configured file after a rotation; false if it had to fall
  // back to stderr.
  bool reopen();
  // Closes the file (stderr is left alone); later output goes to stderr.
  void close();
  bool toStderr() const;
  const std::string &path() const { return path_; }

private:
  mutable std::mutex mu_;
  std::string path_;
  FILE *out_ = stderr;
};

} // namespace fleetd
