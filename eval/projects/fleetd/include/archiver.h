// Archiver: a background thread that gzips finished trip files into the
// archive directory and records each one in a manifest.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdio>
#include <string>
#include <thread>

#include "bounded_queue.h"

namespace fleetd {

class Diagnostics;

class Archiver {
public:
  Archiver(std::string archiveDir, Diagnostics &diag);
  ~Archiver();
  Archiver(const Archiver &) = delete;
  Archiver &operator=(const Archiver &) = delete;

  void start();
  void enqueue(const std::string &tripPath);
  void stop();
  std::size_t archived() const { return archived_.load(); }

private:
  void run();
  bool compressOne(const std::string &src);

  std::string dir_;
  Diagnostics &diag_;
  BoundedQueue<std::string> queue_{4096};
  FILE *manifest_ = nullptr;
  bool stopped_ = false;
  std::atomic<std::size_t> archived_{0};
  std::thread worker_;
};

} // namespace fleetd
